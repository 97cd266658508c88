// memctl's per-user state home ($XDG_STATE_HOME/memctl, else ~/.local/state/memctl) holds the secret that keys session
// state, and the hook log. One that cannot be written (a read-only or sandboxed HOME) must never fail a prompt and
// never drop a line: the hook injects as without deduplication, and `memctl doctor` says so, with the fix.
import assert from "node:assert/strict";
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { initRepo, REPO_ROOT, writeStore } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" }];

// chmod does not bind root: as root the processes under test run as `nobody` (a real user for whom it binds), in a
// directory under /tmp that user can reach; as anyone else they run as that user.
const NOBODY = 65534;
const asRoot = process.getuid?.() === 0;

function canRunAsNobody(): boolean {
  const r = spawnSync(process.execPath, ["-e", "0"], { uid: NOBODY, gid: NOBODY });
  return r.status === 0;
}

function world(t: { after: (fn: () => void) => void }) {
  const root = fs.mkdtempSync(path.join(asRoot ? "/tmp" : os.tmpdir(), "memctl-statehome-"));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, "home");
  const repo = path.join(root, "repo");
  const memory = path.join(root, "memory");
  fs.mkdirSync(home);
  initRepo(repo);
  fs.mkdirSync(memory);
  writeStore(memory, CARDS);
  const state = path.join(home, ".local", "state", "memctl");
  fs.mkdirSync(state, { recursive: true });
  if (asRoot) spawnSync("chown", ["-R", `${NOBODY}:${NOBODY}`, root]);
  fs.chmodSync(state, 0o500);
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(home, "c.toml"), NO_COLOR: "1" };
  const opts = (input?: string): SpawnSyncOptions => ({ env, input, encoding: "utf8", timeout: 20_000, ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) });
  const hook = (prompt: string) =>
    spawnSync(process.execPath, [HOOK, "--host", "claude"], opts(JSON.stringify({ session_id: "s-1", cwd: repo, hook_event_name: "UserPromptSubmit", prompt })));
  const doctor = () => spawnSync(process.execPath, [CLI, "doctor", "--json"], { ...opts(), cwd: repo });
  return { state, hook, doctor };
}

test("an unwritable state home: every prompt still gets its lines (no dedupe, never a lost line), and doctor names the directory and the fix", {
  skip: asRoot && !canRunAsNobody() ? "running as root, and no other user to run as: chmod does not bind root" : false,
}, (t) => {
  const { state, hook, doctor } = world(t);
  for (const prompt of ["how do we deploy with argo to prod?", "argo deploy to staging, and prod"]) {
    const r = hook(prompt);
    assert.equal(r.status, 0, String(r.stderr));
    assert.match(String(r.stdout), /argo syncs staging/, prompt);
  }
  assert.deepEqual(fs.readdirSync(state), [], "nothing written there");
  const d = doctor();
  const report = JSON.parse(String(d.stdout));
  assert.equal(report.state_home?.dir, state, String(d.stdout).slice(0, 600));
  assert.match(report.state_home.problem, /dedupl/i);
  assert.match(report.state_home.fix, /XDG_STATE_HOME/);
});
