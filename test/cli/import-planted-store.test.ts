import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI, makeWorld } from "../support/fixture.js";

// `memctl import claude` read every .md of the store (to know the names it already has) and its MEMORY.md with plain
// reads. A store kept in a project checkout brings links: one card linked to /dev/zero grew the preview past 2.8 GB
// until it was killed at 20 s, as did .memctl/batch-pending.json linked there (6.2 GB); a FIFO (another local
// process's) hung it. Both read through the checked reader:
// no link followed, no FIFO or device opened, bounded.

function claudeFolder(root: string): string {
  const dir = path.join(root, "claude-memory");
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "MEMORY.md"), "# Memory\n\n- [Alpha](project_alpha.md) — a card\n");
  fs.writeFileSync(path.join(dir, "project_alpha.md"), "---\nname: alpha\ndescription: a card\ntype: project\n---\nbody\n");
  return dir;
}

test("import claude previews and imports past a store card linked to /dev/zero, a FIFO, and a linked MEMORY.md", () => {
  const w = makeWorld();
  try {
    const dir = claudeFolder(w.root);
    fs.symlinkSync("/dev/zero", path.join(w.mem, "project_zero.md"));
    spawnSync("mkfifo", [path.join(w.mem, "project_fifo.md")]);
    // And the record of a killed import (per machine, but a checkout brings what the project committed).
    fs.mkdirSync(path.join(w.mem, ".memctl"), { recursive: true });
    fs.symlinkSync("/dev/zero", path.join(w.mem, ".memctl", "batch-pending.json"));
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["--max-old-space-size=256", CLI, "import", "claude", "--from", dir, ...args], {
        cwd: w.repo,
        env: { PATH: process.env.PATH, HOME: w.home, ...w.env },
        encoding: "utf8",
        timeout: 20_000,
      });
    const preview = run([]);
    assert.equal(preview.status, 0, `${preview.signal ?? ""} ${preview.stderr}`);
    assert.match(preview.stdout, /project_alpha\.md/);
    const done = run(["--yes"]);
    assert.equal(done.status, 0, `${done.signal ?? ""} ${done.stderr}`);
    assert.ok(fs.existsSync(path.join(w.mem, "project_alpha.md")));
    // MEMORY.md itself a link to /dev/zero: refused or read as nothing, never read without end.
    fs.rmSync(path.join(w.mem, "project_alpha.md"));
    fs.renameSync(path.join(w.mem, "MEMORY.md"), path.join(w.root, "index-moved.md"));
    fs.symlinkSync("/dev/zero", path.join(w.mem, "MEMORY.md"));
    const linked = run([]);
    assert.notEqual(linked.signal, "SIGTERM", "the preview ended by itself");
    assert.ok(linked.status === 0 || linked.status === 1, linked.stderr);
  } finally {
    fs.rmSync(w.root, { recursive: true, force: true });
  }
});
