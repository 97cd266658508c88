// Test hygiene: a test that runs the real hook on a large store and forgets stopKeepers must still leave no keeper
// running after its cleanup, nor one that writes into the tree removed (test/support/scratch.ts removeScratch).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { processAlive } from "../../lib/store/lock.js";
import { ageStore, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { keeperHolder, keeperPids, waitFor } from "../support/keepers.js";
import { processesNaming, removeScratch, scratchDir } from "../support/scratch.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const cards = Array.from({ length: 40 }, (_, i) => ({ file: `feedback_c${i}.md`, title: `Card c${i}`, hook: `note c${i} about the build`, topics: ["build"] }));

test("a sandbox's cleanup stops the keeper its hook started, though the test never stopped it", async () => {
  const s = sandbox(cards);
  ageStore(s.memory);
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"), MEMCTL_FULL_CHECK_MAX: "10" };
  const r = await runBounded([HOOK, "--host", "generic"], JSON.stringify({ session_id: "c-1", cwd: s.repo, prompt: "the build" }), env, s.repo, 30_000);
  assert.equal(r.code, 0, r.stdout);
  await waitFor(() => keeperHolder(s.memory) !== undefined && processAlive(keeperHolder(s.memory)!), 10_000, "a keeper holding the lock");
  const pids = keeperPids(s.home);
  assert.equal(pids.length, 1);
  assert.deepEqual(processesNaming(s.root), pids);
  s.cleanup(); // no stopKeepers: what a test that forgets it does
  assert.deepEqual(processesNaming(s.root), []);
  assert.equal(fs.existsSync(s.root), false);
});

test("removeScratch stops a process working in the tree, not only one naming it, before removing it", async () => {
  const root = scratchDir("memctl-cwd-");
  fs.mkdirSync(path.join(root, "work"));
  // Names nothing in the tree: only its working directory is there (a ui server started in a test's home).
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { cwd: path.join(root, "work"), stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await waitFor(() => processesNaming(root).includes(child.pid!), 10_000, "the child working in the tree");
  removeScratch(root);
  assert.equal(await exited, null);
  assert.equal(child.signalCode, "SIGKILL");
  assert.equal(fs.existsSync(root), false);
});
