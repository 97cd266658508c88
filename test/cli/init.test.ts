import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitInit, runCli, tempDir, testIo } from "../helpers.js";

function setup(env: Record<string, string> = {}) {
  const home = tempDir();
  const repo = gitInit(path.join(home, "repo"));
  return { home, repo, io: testIo({ cwd: repo, home, env }) };
}

test("init creates the legacy store with a minimal MEMORY.md, then refuses to overwrite it", async () => {
  const s = setup();
  const first = await runCli(["init", "--json"], s.io);
  assert.equal(first.code, 0);
  const dir = JSON.parse(first.stdout).memory_dir;
  assert.match(fs.readFileSync(path.join(dir, "MEMORY.md"), "utf8"), /^# Memory\n/);
  fs.writeFileSync(path.join(dir, "MEMORY.md"), "# Memory\n- [Mine](user_me.md) — precious\n");
  const second = await runCli(["init"], s.io);
  assert.equal(second.code, 1);
  assert.match(second.stderr, /already exists/);
  assert.match(fs.readFileSync(path.join(dir, "MEMORY.md"), "utf8"), /precious/);
  assert.equal((await runCli(["resolve", "--json"], s.io)).code, 0);
});

test("init creates an explicitly selected directory that does not exist yet", async () => {
  const home = tempDir();
  const target = path.join(home, "notes", "mem");
  const s = setup({ MEMCTL_MEMORY_DIR: target });
  const r = await runCli(["init"], s.io);
  assert.equal(r.code, 0);
  assert.ok(fs.existsSync(path.join(target, "MEMORY.md")));
});

test("init refuses a directory holding cards but no index", async () => {
  const home = tempDir();
  const target = path.join(home, "mem");
  fs.mkdirSync(target);
  fs.writeFileSync(path.join(target, "feedback_x.md"), "x");
  const s = setup({ MEMCTL_MEMORY_DIR: target });
  assert.equal((await runCli(["init"], s.io)).code, 1);
  assert.ok(!fs.existsSync(path.join(target, "MEMORY.md")));
});

test("init refuses an explicit selection that is a file (exit 3)", async () => {
  const home = tempDir();
  const target = path.join(home, "file");
  fs.writeFileSync(target, "");
  const s = setup({ MEMCTL_MEMORY_DIR: target });
  assert.equal((await runCli(["init"], s.io)).code, 3);
});
