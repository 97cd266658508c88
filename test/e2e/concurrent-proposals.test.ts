import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readPending } from "../../lib/proposals/propose.js";
import { CLI, makeWorld, memctl, spawnEnv, type World } from "../support/fixture.js";

// Process-level claims for the proposal boundary: real concurrent `node dist/cli.js propose` processes
// (build first: npm run build), then the owner's consolidate pass over what they staged.

function propose(world: World, argv: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, "propose", ...argv, "--json"], { cwd: world.repo, env: spawnEnv(world), stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

test("two concurrent `memctl propose` processes for one card both land, each in its own file, and consolidate then sees the conflict", { timeout: 600_000 }, async () => {
  const w = makeWorld();
  const [a, b] = await Promise.all([
    propose(w, ["deploy", "-t", "project", "-d", "Deploys go out on Tuesdays", "--source", "standup notes", "--kind", "fact", "--task-id", "agent-a"]),
    propose(w, ["deploy", "-t", "project", "-d", "Deploys go out on Thursdays", "--source", "release calendar", "--kind", "fact", "--task-id", "agent-b"]),
  ]);
  assert.equal(a.code, 0, a.stderr);
  assert.equal(b.code, 0, b.stderr);
  const ids = [JSON.parse(a.stdout).proposal.id, JSON.parse(b.stdout).proposal.id];
  const pending = readPending(w.mem);
  assert.deepEqual(pending.unreadable, []);
  assert.deepEqual(pending.proposals.map((p) => p.id).sort(), [...ids].sort());
  assert.deepEqual(pending.proposals.map((p) => p.seq).sort(), [1, 2], "the lock serialised them: distinct staging order");
  assert.deepEqual(pending.proposals.map((p) => p.proposer).sort(), ["agent:agent-a", "agent:agent-b"]);
  const log = fs
    .readFileSync(path.join(w.mem, ".memctl", "proposals-log.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  assert.deepEqual(log.map((e) => e.id).sort(), [...ids].sort());

  const pass = await memctl(w, ["consolidate", "--accept-facts", "--json"]);
  assert.equal(pass.code, 0, pass.stderr);
  const report = JSON.parse(pass.stdout);
  assert.equal(report.conflicts.length, 1);
  assert.deepEqual([...report.conflicts[0].ids].sort(), [...ids].sort());
  assert.deepEqual(report.accepted, [], "a conflicting fact is never auto-accepted");
  assert.equal(fs.existsSync(path.join(w.mem, "project_deploy.md")), false);
});

test("12 concurrent proposers: every proposal lands intact, no temp file is left behind", { timeout: 600_000 }, async () => {
  const w = makeWorld();
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) => propose(w, [`card-${i}`, "-t", "reference", "-d", `fact number ${i}`, "--source", `run ${i}`, "--task-id", `t-${i}`])),
  );
  assert.deepEqual(
    results.filter((r) => r.code !== 0).map((r) => r.stderr),
    [],
  );
  const pending = readPending(w.mem);
  assert.deepEqual(pending.unreadable, []);
  assert.deepEqual(pending.proposals.map((p) => p.card.name).sort(), Array.from({ length: 12 }, (_, i) => `card-${i}`).sort());
  assert.deepEqual(
    pending.proposals.map((p) => p.seq).sort((x, y) => x - y),
    Array.from({ length: 12 }, (_, i) => i + 1),
  );
  assert.deepEqual(
    fs.readdirSync(path.join(w.mem, ".memctl", "proposals")).filter((f) => f.startsWith(".")),
    [],
  );
});

test("SIGKILL in the middle of a propose leaves no proposal, no log line and no stuck lock; the next propose lands", { timeout: 600_000 }, async () => {
  const w = makeWorld();
  const child = spawn(process.execPath, [CLI, "propose", "x", "-t", "user", "-d", "killed mid-write", "--source", "s", "--task-id", "t-1"], {
    cwd: w.repo,
    env: { ...spawnEnv(w), MEMCTL_PAUSE_BEFORE_COMMIT_MS: "30000" },
    stdio: "ignore",
  });
  const closed = new Promise<NodeJS.Signals | null>((resolve) => child.on("close", (_code, signal) => resolve(signal)));
  const dir = path.join(w.mem, ".memctl", "proposals");
  const deadline = Date.now() + 20_000;
  while (!(fs.existsSync(dir) && fs.readdirSync(dir).some((f) => f.endsWith(".tmp")))) {
    assert.ok(Date.now() < deadline, "the proposer never reached the pause point");
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill("SIGKILL");
  assert.equal(await closed, "SIGKILL");
  assert.deepEqual(readPending(w.mem), { proposals: [], unreadable: [] }, "the half-written proposal is invisible");
  assert.equal(fs.existsSync(path.join(w.mem, ".memctl", "proposals-log.jsonl")), false);

  const next = await propose(w, ["y", "-t", "user", "-d", "after the crash", "--source", "s", "--task-id", "t-2"]);
  assert.equal(next.code, 0, next.stderr);
  assert.deepEqual(
    readPending(w.mem).proposals.map((p) => p.card.name),
    ["y"],
  );
  assert.deepEqual(
    fs.readdirSync(dir).filter((f) => f.endsWith(".tmp")),
    [],
    "the dead proposer's temp file is swept",
  );
});
