// scripts/run-tests.mjs removes its own temp dir after the run. A test process killed outright (a timeout) skips
// its exit-time sweep, so whatever it started there would outlive the run unless the runner sweeps too.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";
import { processesNaming, removeScratch, scratchDir } from "../support/scratch.js";

// Starts a process working in, and naming, a dir under the runner's temp dir, records it, then dies by SIGKILL.
const CHILD = `import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
test("starts a long-lived process, then is killed", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kept-"));
  const kept = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", dir], { cwd: dir, stdio: "ignore", detached: true });
  kept.unref();
  fs.writeFileSync(process.env.SWEEP_RECORD, JSON.stringify({ pid: kept.pid, runnerTmp: os.tmpdir() }));
  process.kill(process.pid, "SIGKILL");
});
`;

test("run-tests.mjs stops a process a killed test left in its temp dir before removing it", { timeout: 120_000 }, (t) => {
  const outer = scratchDir("memctl-runner-");
  t.after(() => removeScratch(outer));
  const file = path.join(outer, "killed.test.ts");
  fs.writeFileSync(file, CHILD);
  const record = path.join(outer, "record.json");
  // Without NODE_TEST_CONTEXT: inherited, it makes the inner node --test skip its files as a nested run.
  const { NODE_TEST_CONTEXT: _, ...parent } = process.env;
  const env = { ...parent, TMPDIR: outer, MEMCTL_E2E_CACHE: path.join(outer, "e2e-cache"), SWEEP_RECORD: record };
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, "scripts", "run-tests.mjs"), file], { cwd: REPO_ROOT, env, encoding: "utf8", timeout: 90_000 });
  assert.notEqual(r.status, 0, `the killed test file fails the run: ${r.stdout}${r.stderr}`);
  const { pid, runnerTmp } = JSON.parse(fs.readFileSync(record, "utf8")) as { pid: number; runnerTmp: string };
  assert.ok(runnerTmp.startsWith(outer + path.sep), runnerTmp);
  assert.equal(fs.existsSync(runnerTmp), false, "the runner removed its temp dir");
  assert.deepEqual(processesNaming(runnerTmp), [], `the process ${pid} outlived the run`);
  assert.match(r.stderr, /run-tests: stopping 1 process\(es\) still naming/);
});
