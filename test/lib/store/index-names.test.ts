// A new card's save at scale reads .memctl/index-names.idx instead of MEMORY.md (lib/store/index-names.ts, issue 32),
// and writes what the whole scan would have it write. The built CLI in child processes on two copies of one store:
// one saved as it goes, the other with MEMORY.md's ctime moved before each command (the names then describe no
// index it has, so every save scans it whole, as before the names were kept); the cards, MEMORY.md, history and the
// write journal's edits must come out the same after every step, hand edits between them included.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../../helpers.js";
import { scratchDir } from "../../support/scratch.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

function store(root: string, lines: number): string {
  const memory = path.join(root, "memory");
  fs.mkdirSync(memory);
  const index = ["# Memory", ""];
  for (let i = 0; i < lines; i++) index.push(`- [Card ${i}: the c${i} runner](project_c${i}.md) — card ${i}, names c-x and n2 in its hook`);
  fs.writeFileSync(path.join(memory, "MEMORY.md"), index.join("\n") + "\n");
  return memory;
}

function cli(memory: string, home: string, args: string[], preload?: string): { code: number | null; out: string } {
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), NO_COLOR: "1" };
  const r = spawnSync(process.execPath, [...(preload ? ["--require", preload] : []), CLI, ...args], { env, cwd: home, encoding: "utf8" });
  return { code: r.status, out: r.stdout + r.stderr };
}

/** What a save leaves that must not depend on the names: every card, MEMORY.md, history (less its times), journal edits. */
function outcome(memory: string): Record<string, unknown> {
  const files = Object.fromEntries(
    fs
      .readdirSync(memory)
      .filter((f) => f.endsWith(".md"))
      .sort()
      .map((f) => [f, fs.readFileSync(path.join(memory, f), "utf8")]),
  );
  const jsonl = (rel: string) =>
    fs.existsSync(path.join(memory, rel))
      ? fs
          .readFileSync(path.join(memory, rel), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [];
  const history = jsonl(".memctl/history.jsonl").map(({ at: _at, ...e }) => e);
  const edits = jsonl(".memctl/writes.jsonl").map((r) => [r.e, r.x, r.c]);
  return { files, history, edits };
}

test("a run of saves, hand edits, an update and an rm writes the same with the names as with a whole scan each time", () => {
  const root = fs.realpathSync(scratchDir("memctl-index-names-"));
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const kept = store(root, 300);
  const scanned = path.join(root, "scanned");
  fs.cpSync(kept, scanned, { recursive: true });
  const handEdit = (memory: string) => {
    // Lines a save must find by title, by link, or not at all (inside a fence), and a CRLF the appends then follow.
    fs.appendFileSync(
      path.join(memory, "MEMORY.md"),
      "- [later](feedback_other.md) — by hand\r\n- [later2](notes/later2.md) — a subfolder card\n- [dangling](project_dangling.md) — no card yet\n```\n- [fenced](project_fenced.md) — in a fence\n```\n",
    );
    fs.writeFileSync(path.join(memory, "feedback_other.md"), "---\nname: later\ndescription: by hand\nmetadata:\n  type: feedback\n---\nbody\n");
    fs.mkdirSync(path.join(memory, "notes"));
    fs.writeFileSync(path.join(memory, "notes", "later2.md"), "---\nname: later2\ndescription: a note\nmetadata:\n  type: project\n---\nbody\n");
  };
  const steps: (string[] | ((memory: string) => void))[] = [
    ["save", "n1", "-t", "project", "-d", "the first new card"],
    ["save", "n2", "-t", "feedback", "-d", "the second new card"],
    ["save", "c-x", "-t", "user", "-d", "a name other lines mention"],
    handEdit,
    ["save", "n3", "-t", "reference", "-d", "after the hand edit"],
    ["save", "n4", "-t", "project", "-d", "names again"],
    ["save", "later", "-d", "found by its title"],
    ["save", "n5", "-t", "project", "-d", "after an update"],
    ["save", "dangling", "-t", "project", "-d", "the line was there first"],
    ["save", "fenced", "-t", "project", "-d", "a fenced line is no card's"],
    ["save", "later2", "-t", "project", "-d", "a subfolder card's name"],
    ["rm", "n1"],
    ["save", "n6", "-t", "user", "-d", "after an rm"],
    ["save", "n1", "-t", "project", "-d", "saved again after its rm"],
    ["save", "n7", "-t", "project", "-d", "the last"],
  ];
  for (const [i, step] of steps.entries()) {
    for (const memory of [kept, scanned]) {
      if (memory === scanned) {
        const index = path.join(scanned, "MEMORY.md");
        const st = fs.statSync(index);
        fs.utimesSync(index, st.atime, st.mtime); // moves the ctime: the names describe another index
      }
      if (typeof step === "function") step(memory);
      else {
        const r = cli(memory, home, step);
        assert.ok(r.code === 0 || r.code === 2, `step ${i} ${step.join(" ")}: ${r.out}`);
      }
    }
    assert.deepEqual(outcome(kept), outcome(scanned), `after step ${i}`);
  }
  const index = fs.readFileSync(path.join(kept, "MEMORY.md"), "utf8");
  assert.equal(index.match(/\(project_dangling\.md\)/g)?.length, 1, "the dangling line was edited, not doubled");
  assert.ok(index.endsWith("- [n7](project_n7.md) — the last\r\n"), "appends follow the CRLF a hand edit brought");
  assert.ok(fs.existsSync(path.join(kept, ".memctl", "index-names.idx")));
});

test("a new card's save after another's, an update or an rm does not read MEMORY.md", () => {
  const root = fs.realpathSync(scratchDir("memctl-index-names-"));
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const memory = store(root, 2000);
  // Counts the bytes read through descriptors opened on MEMORY.md, written at exit.
  const preload = path.join(root, "count.cjs");
  const out = path.join(root, "read.txt");
  fs.writeFileSync(
    preload,
    `const fs = require("node:fs"); const fds = new Set(); let read = 0;
const open = fs.openSync; fs.openSync = function (p, ...rest) { const fd = open.call(fs, p, ...rest); if (String(p).endsWith("/MEMORY.md")) fds.add(fd); return fd; };
const close = fs.closeSync; fs.closeSync = function (fd) { fds.delete(fd); return close.call(fs, fd); };
const readSync = fs.readSync; fs.readSync = function (fd, ...rest) { const n = readSync.call(fs, fd, ...rest); if (fds.has(fd)) read += n; return n; };
const readFileSync = fs.readFileSync; fs.readFileSync = function (p, ...rest) { const b = readFileSync.call(fs, p, ...rest); if (String(p).endsWith("/MEMORY.md")) read += b.length; return b; };
process.on("exit", () => fs.writeFileSync(${JSON.stringify(out)}, String(read)));\n`,
  );
  const size = fs.statSync(path.join(memory, "MEMORY.md")).size;
  assert.equal(cli(memory, home, ["save", "first", "-t", "project", "-d", "reads the index once"], preload).code, 0);
  assert.ok(Number(fs.readFileSync(out, "utf8")) >= size, "the first save scans the index");
  assert.equal(cli(memory, home, ["save", "second", "-t", "project", "-d", "reads the names"], preload).code, 0);
  assert.equal(Number(fs.readFileSync(out, "utf8")), 0, "the second save reads none of the index");
  // An update replaces its line by a copy of the index (read, as before) and brings the names forward with it.
  assert.equal(cli(memory, home, ["save", "first", "-d", "an update"], preload).code, 0);
  assert.equal(cli(memory, home, ["save", "third", "-t", "project", "-d", "after an update"], preload).code, 0);
  assert.equal(Number(fs.readFileSync(out, "utf8")), 0, "the save after an update reads none of the index");
  // An rm rewrites the index whole (read, as before) and brings the names forward with its line edit.
  assert.equal(cli(memory, home, ["rm", "second"], preload).code, 0);
  assert.equal(cli(memory, home, ["save", "fourth", "-t", "project", "-d", "after an rm"], preload).code, 0);
  assert.equal(Number(fs.readFileSync(out, "utf8")), 0, "the save after an rm reads none of the index");
  // Saved again, the removed card is found among the names and its line put back where it stood (a whole scan).
  assert.equal(cli(memory, home, ["save", "second", "-t", "project", "-d", "back again"], preload).code, 0);
  assert.ok(Number(fs.readFileSync(out, "utf8")) > 0, "a name the index may hold is scanned for");
  assert.ok(
    fs
      .readFileSync(path.join(memory, "MEMORY.md"), "utf8")
      .endsWith("- [second](project_second.md) — back again\n- [third](project_third.md) — after an update\n- [fourth](project_fourth.md) — after an rm\n"),
  );
});
