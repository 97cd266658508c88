import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { MemctlError } from "../../../lib/core/errors.js";
import { runMemoryCommand, type MemoryCommand } from "../../../lib/records/file-tools.js";
import { readHistory } from "../../../lib/store/history.js";
import type { WriteContext } from "../../../lib/records/save.js";
import { scratchDir } from "../../support/scratch.js";

function ctx(actor = "human"): WriteContext {
  const memoryDir = fs.realpathSync(scratchDir("memctl-ft-"));
  return { memoryDir, actor, now: new Date("2026-12-02T09:40:00.000Z") };
}
const run = (c: WriteContext, cmd: MemoryCommand) => runMemoryCommand(c, cmd);
const rejects = (p: Promise<unknown>, code: string, message?: RegExp) => assert.rejects(p, (e: MemctlError) => e.code === code && (!message || message.test(e.message)));

test("create, view (file and range), str_replace, insert, rename, delete with the memory tool's texts", async () => {
  const c = ctx("host:claude");
  assert.equal(await run(c, { command: "create", path: "/memories/people/alex.md", file_text: "one\ntwo\nthree" }), "File created successfully at: /memories/people/alex.md");
  await rejects(run(c, { command: "create", path: "people/alex.md", file_text: "x" }), "E_EXISTS", /^Error: File people\/alex.md already exists$/);
  assert.equal(
    await run(c, { command: "view", path: "people/alex.md", view_range: [2, -1] }),
    "Here's the content of people/alex.md with line numbers:\n     2\ttwo\n     3\tthree",
  );
  await rejects(run(c, { command: "view", path: "people/alex.md", view_range: [4, 5] }), "E_INVALID_LINE");
  assert.match(await run(c, { command: "str_replace", path: "people/alex.md", old_str: "two", new_str: "TWO" }), /^The memory file has been edited\./);
  assert.equal(await run(c, { command: "insert", path: "people/alex.md", insert_line: 3, insert_text: "four\n" }), "The file people/alex.md has been edited.");
  assert.equal(fs.readFileSync(path.join(c.memoryDir, "people/alex.md"), "utf8"), "one\nTWO\nthree\nfour");
  await rejects(
    run(c, { command: "insert", path: "people/alex.md", insert_line: 5, insert_text: "x" }),
    "E_INVALID_LINE",
    /Invalid `insert_line` parameter: 5\. It should be within the range of lines of the file: \[0, 4\]/,
  );
  await rejects(run(c, { command: "insert", path: "people/alex.md", insert_line: -1, insert_text: "x" }), "E_INVALID_LINE");
  assert.match(
    await run(c, { command: "view", path: "/memories" }),
    /^Here're the files and directories up to 2 levels deep in \/memories, excluding hidden items and node_modules:\n.*\t\/memories\n.*\t\/memories\/people\n.*\t\/memories\/people\/alex\.md$/,
  );
  await run(c, { command: "create", path: "people/bo.md", file_text: "b" });
  await rejects(run(c, { command: "rename", old_path: "people/alex.md", new_path: "people/bo.md" }), "E_EXISTS", /^Error: The destination people\/bo.md already exists$/);
  assert.equal(fs.readFileSync(path.join(c.memoryDir, "people/bo.md"), "utf8"), "b", "rename never overwrites");
  assert.equal(await run(c, { command: "rename", old_path: "people/alex.md", new_path: "team/alex.md" }), "Successfully renamed people/alex.md to team/alex.md");
  await rejects(run(c, { command: "view", path: "people/alex.md" }), "E_NOT_FOUND", /^The path people\/alex.md does not exist\. Please provide a valid path\.$/);
  await rejects(run(c, { command: "delete", path: "/memories" }), "E_PATH_RESERVED");
  assert.equal(await run(c, { command: "delete", path: "team" }), "Successfully deleted team");
  assert.equal(fs.existsSync(path.join(c.memoryDir, "team")), false);
  const ops = readHistory(c.memoryDir).entries.map((e) => `${e.op}:${e.card}@${e.rev}:${e.actor}`);
  assert.deepEqual(ops, [
    "create:people/alex.md@1:host:claude",
    "update:people/alex.md@2:host:claude",
    "update:people/alex.md@3:host:claude",
    "create:people/bo.md@1:host:claude",
    "delete:people/alex.md@4:host:claude",
    "create:team/alex.md@1:host:claude",
    "delete:team/alex.md@2:host:claude",
  ]);
});

test("str_replace needs exactly one match and reports every matching line", async () => {
  const c = ctx();
  await run(c, { command: "create", path: "f.md", file_text: "cat\ndog\ncat and cat\n" });
  await rejects(
    run(c, { command: "str_replace", path: "f.md", old_str: "cat", new_str: "x" }),
    "E_MULTIPLE_MATCHES",
    /Multiple occurrences of old_str `cat` in lines: 1, 3\. Please ensure it is unique$/,
  );
  await rejects(
    run(c, { command: "str_replace", path: "f.md", old_str: "bird", new_str: "x" }),
    "E_NO_MATCH",
    /^No replacement was performed, old_str `bird` did not appear verbatim in f\.md\.$/,
  );
  assert.equal(fs.readFileSync(path.join(c.memoryDir, "f.md"), "utf8"), "cat\ndog\ncat and cat\n");
  assert.equal(readHistory(c.memoryDir).entries.length, 1, "refusals write no history");
});

test("agents are read-only: every mutation is refused with E_READ_ONLY; view still works", async () => {
  const c = ctx();
  await run(c, { command: "create", path: "f.md", file_text: "x" });
  const agent = { ...c, actor: "agent:task-9" };
  for (const cmd of [
    { command: "create", path: "g.md", file_text: "x" },
    { command: "str_replace", path: "f.md", old_str: "x", new_str: "y" },
    { command: "insert", path: "f.md", insert_line: 0, insert_text: "y" },
    { command: "delete", path: "f.md" },
    { command: "rename", old_path: "f.md", new_path: "h.md" },
  ] as MemoryCommand[])
    await rejects(run(agent, cmd), "E_READ_ONLY", /propose/i);
  assert.match(await run(agent, { command: "view", path: "f.md" }), /1\tx/);
  assert.deepEqual(fs.readdirSync(c.memoryDir).sort(), [".memctl", "f.md"]);
});

test("symlinks anywhere in the chain are refused for reads and writes", async () => {
  const c = ctx();
  const outside = scratchDir("memctl-out-");
  fs.writeFileSync(path.join(outside, "x.md"), "outside");
  fs.symlinkSync(outside, path.join(c.memoryDir, "link"));
  fs.symlinkSync(path.join(outside, "x.md"), path.join(c.memoryDir, "file-link.md"));
  await rejects(run(c, { command: "view", path: "link/x.md" }), "E_PATH_ESCAPE");
  await rejects(run(c, { command: "str_replace", path: "file-link.md", old_str: "outside", new_str: "pwned" }), "E_PATH_ESCAPE");
  await rejects(run(c, { command: "create", path: "link/new.md", file_text: "x" }), "E_PATH_ESCAPE");
  await rejects(run(c, { command: "delete", path: "file-link.md" }), "E_PATH_ESCAPE");
  assert.equal(fs.readFileSync(path.join(outside, "x.md"), "utf8"), "outside");
  assert.deepEqual(fs.readdirSync(outside), ["x.md"]);
});

test("a directory swapped for a symlink after a successful write is caught on the next call", async () => {
  const c = ctx();
  await run(c, { command: "create", path: "notes/a.md", file_text: "mine" });
  const outside = scratchDir("memctl-swap-");
  fs.renameSync(path.join(c.memoryDir, "notes"), path.join(outside, "notes"));
  fs.symlinkSync(path.join(outside, "notes"), path.join(c.memoryDir, "notes"));
  await rejects(run(c, { command: "str_replace", path: "notes/a.md", old_str: "mine", new_str: "theirs" }), "E_PATH_ESCAPE", /symlink/);
  await rejects(run(c, { command: "create", path: "notes/b.md", file_text: "x" }), "E_PATH_ESCAPE");
  assert.equal(fs.readFileSync(path.join(outside, "notes/a.md"), "utf8"), "mine");
  assert.deepEqual(fs.readdirSync(path.join(outside, "notes")), ["a.md"]);
});

test("property: create with any generated path writes only inside the store", async () => {
  const fc = (await import("fast-check")).default;
  const outer = fs.realpathSync(scratchDir("memctl-prop-"));
  const memoryDir = path.join(outer, "mem");
  fs.mkdirSync(memoryDir);
  fs.symlinkSync(outer, path.join(memoryDir, "up"));
  const c: WriteContext = { memoryDir, actor: "human", now: new Date("2026-12-02T09:40:00.000Z") };
  const outsideBefore = fs.readdirSync(outer).sort();
  const segment = fc.constantFrom("..", ".", "", "a", "b.md", "up", ".memctl", "/", "x\0", "\\..", "%2e%2e");
  await fc.assert(
    fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.constantFrom("", "/", "/memories/"), async (segs, prefix) => {
      try {
        await run(c, { command: "create", path: prefix + segs.join("/"), file_text: "x" });
      } catch (err) {
        assert.ok(err instanceof MemctlError, String(err));
      }
      assert.deepEqual(fs.readdirSync(outer).sort(), outsideBefore);
    }),
    { numRuns: 300 },
  );
});

test("a hard-linked file is refused like a symlink, for reads and writes; the outside file is never shown or changed", async (t) => {
  const c = ctx();
  const outside = scratchDir("memctl-ft-out-");
  t.after(() => fs.rmSync(outside, { recursive: true, force: true }));
  t.after(() => fs.rmSync(c.memoryDir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(outside, "secret.txt"), "OUTSIDE-SECRET\n");
  fs.mkdirSync(path.join(c.memoryDir, "notes"));
  fs.linkSync(path.join(outside, "secret.txt"), path.join(c.memoryDir, "notes", "leak.md"));
  for (const cmd of [
    { command: "view", path: "notes/leak.md" },
    { command: "str_replace", path: "notes/leak.md", old_str: "OUTSIDE", new_str: "x" },
    { command: "insert", path: "notes/leak.md", insert_line: 0, insert_text: "x" },
    { command: "rename", old_path: "notes/leak.md", new_path: "notes/moved.md" },
    { command: "rename", old_path: "notes", new_path: "elsewhere" },
  ] as MemoryCommand[]) {
    await rejects(run(c, cmd), "E_PATH_ESCAPE", /hard link/);
  }
  assert.equal(fs.readFileSync(path.join(outside, "secret.txt"), "utf8"), "OUTSIDE-SECRET\n");
  assert.ok(fs.existsSync(path.join(c.memoryDir, "notes", "leak.md")), "nothing moved");
  assert.equal(readHistory(c.memoryDir).entries.length, 0, "history never holds the outside content");
});

test("the store's MEMORY.md cannot be deleted or renamed away (every prompt would lose the index); it stays editable", async () => {
  const c = ctx("human");
  const index = "# Memory\n\n- [A](project_a.md) — a\n";
  fs.writeFileSync(path.join(c.memoryDir, "MEMORY.md"), index);
  await rejects(run(c, { command: "delete", path: "/memories/MEMORY.md" }), "E_PATH_RESERVED", /MEMORY\.md is this store's index/);
  await rejects(run(c, { command: "rename", old_path: "MEMORY.md", new_path: "old-index.md" }), "E_PATH_RESERVED", /MEMORY\.md is this store's index/);
  assert.equal(fs.readFileSync(path.join(c.memoryDir, "MEMORY.md"), "utf8"), index);
  assert.equal(fs.existsSync(path.join(c.memoryDir, "old-index.md")), false);
  assert.match(await run(c, { command: "str_replace", path: "MEMORY.md", old_str: "— a", new_str: "— b" }), /^The memory file has been edited\./);
  // A MEMORY.md below the root is an ordinary note.
  await run(c, { command: "create", path: "notes/MEMORY.md", file_text: "n" });
  assert.equal(await run(c, { command: "delete", path: "notes/MEMORY.md" }), "Successfully deleted notes/MEMORY.md");
});
