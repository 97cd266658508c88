import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitInit, runCli, tempDir, testIo } from "../helpers.js";

function repoIo(env: Record<string, string> = {}) {
  const home = tempDir();
  const repo = gitInit(path.join(home, "repo"));
  return { home, repo, io: testIo({ cwd: repo, home, env }) };
}

test("exit 0 and every JSON field when resolved", async () => {
  const { home, io } = repoIo();
  const mem = path.join(home, "mem");
  fs.mkdirSync(mem);
  io.env.MEMCTL_MEMORY_DIR = mem;
  const r = await runCli(["resolve", "--json"], io);
  assert.equal(r.code, 0);
  const json = JSON.parse(r.stdout);
  for (const key of ["schema_version", "canonical_repo", "project_key", "memory_dir", "resolution_source", "status", "reason"]) assert.ok(key in json, key);
  assert.equal(json.memory_dir, mem);
});

test("exit 1 when unavailable", async () => {
  const { io } = repoIo();
  const r = await runCli(["resolve"], io);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /status\s+unavailable/);
});

test("exit 3 for an invalid explicit selection", async () => {
  const { home, io } = repoIo();
  io.env.MEMCTL_MEMORY_DIR = path.join(home, "missing");
  const r = await runCli(["resolve", "--json"], io);
  assert.equal(r.code, 3);
  assert.equal(JSON.parse(r.stdout).status, "invalid-explicit");
});

test("exit 2 for a non-git directory; --allow-non-git resolves a key", async () => {
  const home = tempDir();
  const io = testIo({ cwd: home, home });
  assert.equal((await runCli(["resolve"], io)).code, 2);
  const r = await runCli(["resolve", "--allow-non-git", "--json"], io);
  assert.equal(r.code, 1);
  assert.equal(JSON.parse(r.stdout).git, false);
});

test("--repo-root points at another project", async () => {
  const { home, repo } = repoIo();
  const io = testIo({ cwd: home, home });
  const r = await runCli(["resolve", "--repo-root", repo, "--json"], io);
  assert.equal(JSON.parse(r.stdout).canonical_repo, repo);
});

test("human output has no colour off a TTY, colour on a TTY, none with NO_COLOR", async () => {
  const { io } = repoIo();
  assert.doesNotMatch((await runCli(["resolve"], io)).stdout, /\x1b\[/);
  io.out.isTTY = true;
  assert.match((await runCli(["resolve"], io)).stdout, /\x1b\[/);
  io.env.NO_COLOR = "1";
  assert.doesNotMatch((await runCli(["resolve"], io)).stdout, /\x1b\[/);
});

test("a memory path with control characters is printed inert", async () => {
  const { home, io } = repoIo();
  const mem = path.join(home, "evil\x1b]0;pwned\x07dir");
  fs.mkdirSync(mem);
  io.env.MEMCTL_MEMORY_DIR = mem;
  const r = await runCli(["resolve"], io);
  assert.doesNotMatch(r.stdout, /\x1b\]/);
  assert.match(r.stdout, /evil\\x1b\]0;pwned\\x07dir/);
});
