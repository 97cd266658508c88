import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { MemctlError } from "../../../lib/core/errors.js";
import { resolveMemoryPath } from "../../../lib/store/safe-path.js";
import { scratchDir } from "../../support/scratch.js";

function store(): { outer: string; mem: string } {
  const outer = fs.realpathSync(scratchDir("memctl-safe-"));
  const mem = path.join(outer, "mem");
  fs.mkdirSync(path.join(mem, "notes", "deep"), { recursive: true });
  fs.writeFileSync(path.join(mem, "notes", "a.md"), "a");
  fs.writeFileSync(path.join(outer, "secret.md"), "secret");
  fs.symlinkSync(outer, path.join(mem, "escape")); // a planted symlink out of the store
  fs.symlinkSync(path.join(mem, "notes"), path.join(mem, "inner")); // even one that stays inside is refused
  return { outer, mem };
}

const segment = fc.oneof(
  fc.constantFrom("..", ".", "", "notes", "deep", "a.md", "escape", "inner", "secret.md", ".memctl", "memories", "%2e%2e", "..."),
  fc.string({ unit: fc.constantFrom("a", ".", "/", "\\", "\0", "-", "é", "\n"), maxLength: 6 }),
);
const requested = fc.tuple(fc.constantFrom("", "/", "/memories/", "./", "C:", "~/"), fc.array(segment, { maxLength: 6 })).map(([prefix, segs]) => prefix + segs.join("/"));

test("property: whatever the input, an accepted path is inside the store's real path and has no symlink on the way", () => {
  const { mem } = store();
  const base = fs.realpathSync(mem);
  fc.assert(
    fc.property(requested, (p) => {
      let resolved;
      try {
        resolved = resolveMemoryPath(mem, p);
      } catch (err) {
        assert.ok(err instanceof MemctlError, `only MemctlError may escape, got ${err}`);
        return;
      }
      assert.ok(resolved.abs === base || resolved.abs.startsWith(base + path.sep), `${p} → ${resolved.abs}`);
      assert.ok(!resolved.segments.includes(".."));
      assert.notEqual(resolved.segments[0], ".memctl");
      let cur = base;
      for (const s of resolved.segments) {
        cur = path.join(cur, s);
        if (!fs.existsSync(cur)) break;
        assert.equal(fs.lstatSync(cur).isSymbolicLink(), false, `${p} passes the symlink ${cur}`);
      }
    }),
    { numRuns: 2000 },
  );
});

test("lexical refusals: .., NUL, absolute, backslash, .memctl", () => {
  const { mem } = store();
  for (const [p, code] of [
    ["../secret.md", "E_PATH_ESCAPE"],
    ["notes/../../secret.md", "E_PATH_ESCAPE"],
    ["a\0b", "E_PATH_ESCAPE"],
    ["/etc/passwd", "E_PATH_ESCAPE"],
    ["C:\\x", "E_PATH_ESCAPE"],
    ["notes\\a.md", "E_PATH_ESCAPE"],
    [".memctl/history.jsonl", "E_PATH_RESERVED"],
    ["/memories/../x", "E_PATH_ESCAPE"],
  ] as const) {
    assert.throws(
      () => resolveMemoryPath(mem, p),
      (e: MemctlError) => e.code === code,
      p,
    );
  }
  assert.equal(resolveMemoryPath(mem, "/memories/notes/a.md").rel, "notes/a.md");
  assert.equal(resolveMemoryPath(mem, "notes//./a.md").kind, "file");
  assert.equal(resolveMemoryPath(mem, "notes/new/file.md").kind, "missing");
});

test("a directory swapped for a symlink between two calls is caught on the second call", () => {
  const { outer, mem } = store();
  assert.equal(resolveMemoryPath(mem, "notes/a.md").kind, "file");
  fs.renameSync(path.join(mem, "notes"), path.join(outer, "moved"));
  fs.symlinkSync(path.join(outer, "moved"), path.join(mem, "notes"));
  assert.throws(
    () => resolveMemoryPath(mem, "notes/a.md"),
    (e: MemctlError) => e.code === "E_PATH_ESCAPE" && /symlink/.test(e.message),
  );
  assert.throws(
    () => resolveMemoryPath(mem, "notes/new.md"),
    (e: MemctlError) => e.code === "E_PATH_ESCAPE",
  );
});

test("a store that is itself reached through a symlink still works (private-repo symlink pattern)", () => {
  const { outer, mem } = store();
  const link = path.join(outer, "mem-link");
  fs.symlinkSync(mem, link);
  assert.equal(resolveMemoryPath(link, "notes/a.md").abs, path.join(fs.realpathSync(mem), "notes", "a.md"));
});
