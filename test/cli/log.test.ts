import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

test("log appends one JSON object with the contract's keys", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["log", "--host", "claude", "--summary", "Moved parser; next: doctor", "--session-id", "s-1", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const lines = fs.readFileSync(path.join(w.mem, "episodes.jsonl"), "utf8").split("\n").filter(Boolean);
  assert.equal(lines.length, 1);
  const episode = JSON.parse(lines[0]!);
  assert.deepEqual(Object.keys(episode).sort(), ["actor", "host", "project_key", "repo", "session_id", "summary", "ts"]);
  assert.equal(episode.ts, "2026-12-02T09:40:00.000Z");
  assert.equal(episode.host, "claude");
  assert.equal(episode.actor, "human");
  assert.equal(episode.repo, w.repo);
  assert.equal(JSON.parse(r.stdout).episode.summary, "Moved parser; next: doctor");
});

test("--host is required with no default, and the summary must not be empty", async () => {
  const w = makeWorld();
  assert.equal((await memctl(w, ["log", "--summary", "x"])).code, 2);
  assert.equal((await memctl(w, ["log", "--host", "claude", "--summary", "  "])).code, 2);
  assert.equal(fs.existsSync(path.join(w.mem, "episodes.jsonl")), false);
});

test("--host names a host memctl knows: an unknown one is a usage error naming the choices, and nothing is written", async () => {
  const w = makeWorld();
  const r = await memctl(w, ["log", "--host", "bogus", "--summary", "x"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--host "bogus" is not a host memctl knows; use one of claude, codex, .*generic/);
  assert.equal(fs.existsSync(path.join(w.mem, "episodes.jsonl")), false);
  assert.equal((await memctl(w, ["log", "--host", "generic", "--summary", "any other agent"])).code, 0);
});

test("an invalid explicit selection is refused with exit 3 and nothing is written anywhere", async () => {
  const w = makeWorld({ createMemory: false });
  const r = await memctl(w, ["log", "--host", "codex", "--summary", "x", "--json"]);
  assert.equal(r.code, 3);
  assert.match(r.stderr, /invalid explicit/);
  assert.equal(JSON.parse(r.stdout).error.code, "E_INVALID_EXPLICIT");
  assert.equal(fs.existsSync(w.mem), false);
});

test("a symlinked episodes file is refused and its target untouched", async () => {
  const w = makeWorld();
  const target = path.join(w.root, "elsewhere.jsonl");
  fs.writeFileSync(target, "");
  fs.symlinkSync(target, path.join(w.mem, "episodes.jsonl"));
  const r = await memctl(w, ["log", "--host", "claude", "--summary", "x"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /symlink/);
  assert.equal(fs.readFileSync(target, "utf8"), "");
});

test("an unwritable memory directory is refused with a clear error", { skip: process.getuid?.() === 0 ? "root can write anywhere" : false }, async () => {
  const w = makeWorld();
  fs.chmodSync(w.mem, 0o555);
  try {
    const r = await memctl(w, ["log", "--host", "claude", "--summary", "x"]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /not writable/);
  } finally {
    fs.chmodSync(w.mem, 0o755);
  }
});

test("an unwritable episodes file is refused (works for root too: the check is on the file mode)", async () => {
  const w = makeWorld();
  const file = path.join(w.mem, "episodes.jsonl");
  fs.mkdirSync(file); // a directory where the file should be
  const r = await memctl(w, ["log", "--host", "claude", "--summary", "x"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /not a regular file/);
});

test("agents may not log; a previous line without its newline is not glued to the new record", async () => {
  const w = makeWorld();
  assert.equal((await memctl(w, ["log", "--host", "claude", "--summary", "x", "--task-id", "t7"])).code, 1);
  fs.writeFileSync(path.join(w.mem, "episodes.jsonl"), '{"ts":"2026-01-01T00:00:00.000Z","summary":"hand"}');
  assert.equal((await memctl(w, ["log", "--host", "claude", "--summary", "second"])).code, 0);
  const lines = fs.readFileSync(path.join(w.mem, "episodes.jsonl"), "utf8").split("\n").filter(Boolean);
  assert.equal(lines.length, 2);
  for (const l of lines) JSON.parse(l);
});
