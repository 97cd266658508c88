import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runJob } from "../../../lib/store/job-run.js";
import { claimJob, completeJob, createJob, failJob, foldJobs, jobsPath, readJobs, renewLease, type LedgerContext } from "../../../lib/store/jobs.js";
import { main } from "../../../lib/cli/main.js";
import { BufferSink } from "../../../lib/store/io.js";
import { sandbox, tempDir } from "../../helpers.js";

// The job ledger with an injected clock: leases expire by the clock the caller passes, never the wall clock.

const T0 = Date.parse("2026-12-02T10:00:00Z");

function ledger(holder: string, at: { ms: number }, memoryDir: string): LedgerContext {
  return { memoryDir, holder, now: () => new Date(at.ms) };
}

test("a lease that expired without done or failed shows the job stuck and retryable; another holder may then claim it", async () => {
  const dir = tempDir();
  const clock = { ms: T0 };
  const crashed = ledger("111@host-a", clock, dir);
  const job = await createJob(crashed, "consolidate");
  assert.equal(job.status, "queued");
  const held = await claimJob(crashed, job.id, 60_000);
  assert.deepEqual([held.status, held.attempts, held.holder, held.lease_until], ["running", 1, "111@host-a", "2026-12-02T10:01:00.000Z"]);

  // The holder dies here: no renew, no done. Thirty seconds later the lease is still live.
  clock.ms = T0 + 30_000;
  const rescuer = ledger("222@host-b", clock, dir);
  assert.equal(readJobs(dir, new Date(clock.ms)).jobs[0]!.status, "running");
  await assert.rejects(claimJob(rescuer, job.id), (e: { code?: string }) => e.code === "E_JOB_LEASED");

  clock.ms = T0 + 61_000;
  const seen = readJobs(dir, new Date(clock.ms)).jobs[0]!;
  assert.deepEqual([seen.status, seen.retryable, seen.attempts], ["stuck", true, 1]);
  // The dead holder cannot renew or complete an expired lease.
  await assert.rejects(renewLease(crashed, job.id), (e: { code?: string }) => e.code === "E_JOB_LEASED");
  await assert.rejects(completeJob(crashed, job.id, {}), (e: { code?: string }) => e.code === "E_JOB_LEASED");

  const retried = await claimJob(rescuer, job.id, 60_000);
  assert.deepEqual([retried.status, retried.attempts, retried.holder], ["running", 2, "222@host-b"]);
  const done = await completeJob(rescuer, job.id, { merged: 1 });
  assert.deepEqual([done.status, done.retryable, done.result], ["done", false, { merged: 1 }]);
  const events = fs
    .readFileSync(jobsPath(dir), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l).event);
  assert.deepEqual(events, ["queued", "leased", "leased", "done"], "append-only: every state change is one line");
});

test("a renewed lease stays live past its first expiry", async () => {
  const dir = tempDir();
  const clock = { ms: T0 };
  const ctx = ledger("1@h", clock, dir);
  const job = await createJob(ctx, "expiry");
  await claimJob(ctx, job.id, 60_000);
  clock.ms = T0 + 50_000;
  await renewLease(ctx, job.id, 60_000);
  clock.ms = T0 + 90_000;
  assert.equal(readJobs(dir, new Date(clock.ms)).jobs[0]!.status, "running");
});

test("failures are recorded with the last error; attempts run out at max_attempts", async () => {
  const dir = tempDir();
  const clock = { ms: T0 };
  const ctx = ledger("1@h", clock, dir);
  const job = await createJob(ctx, "ingest", { maxAttempts: 2 });
  await claimJob(ctx, job.id);
  let state = await failJob(ctx, job.id, "disk full");
  assert.deepEqual([state.status, state.retryable, state.last_error, state.attempts], ["failed", true, "disk full", 1]);
  await claimJob(ctx, job.id);
  state = await failJob(ctx, job.id, "still full");
  assert.deepEqual([state.status, state.retryable, state.last_error, state.attempts], ["failed", false, "still full", 2]);
  await assert.rejects(claimJob(ctx, job.id), /used all 2 attempts/);
});

test("runJob retries the stuck job of its kind instead of starting another, and records a thrown error as a failure", async () => {
  const dir = tempDir();
  const clock = { ms: T0 };
  const first = ledger("1@h", clock, dir);
  const job = await createJob(first, "consolidate");
  await claimJob(first, job.id, 60_000);
  await assert.rejects(
    runJob(ledger("2@h", clock, dir), "consolidate", async () => 1, { exclusive: true }),
    (e: { code?: string }) => e.code === "E_JOB_LEASED",
  );
  clock.ms = T0 + 120_000;
  const run = await runJob(ledger("2@h", clock, dir), "consolidate", async (j) => j.attempts);
  assert.deepEqual([run.job.id, run.retried, run.result, run.job.status], [job.id, true, 2, "done"]);
  await assert.rejects(
    runJob(ledger("3@h", clock, dir), "consolidate", async () => {
      throw new Error("boom");
    }),
    /boom/,
  );
  const jobs = readJobs(dir, new Date(clock.ms)).jobs;
  assert.equal(jobs.length, 2);
  assert.deepEqual([jobs[1]!.status, jobs[1]!.last_error, jobs[1]!.retryable], ["failed", "boom", true]);
});

test("malformed ledger lines are counted, never fatal, and the fold is pure", () => {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, ".memctl"));
  fs.writeFileSync(
    jobsPath(dir),
    '{"job":"j-1","event":"queued","at":"2026-12-02T10:00:00.000Z","kind":"x"}\nnot json\n{"job":"j-1","event":"leased","at":"2026-12-02T10:00:01.000Z","attempt":1,"holder":"h","lease_until":"2026-12-02T10:01:00.000Z"}\n',
  );
  const read = readJobs(dir, new Date("2026-12-02T10:00:30Z"));
  assert.equal(read.malformed, 1);
  assert.equal(read.jobs[0]!.status, "running");
  assert.equal(foldJobs([], new Date()).length, 0);
  assert.deepEqual(readJobs(tempDir(), new Date()), { jobs: [], malformed: 0 });
});

test("memctl jobs reports a job whose holder's lease ran out as stuck (retryable), judged by the injected clock", async () => {
  const w = sandbox([], { now: new Date(T0 + 10 * 60_000) });
  const clock = { ms: T0 };
  const ctx = ledger("999@gone", clock, w.memory);
  const job = await createJob(ctx, "consolidate");
  await claimJob(ctx, job.id, 60_000);
  const done = await createJob(ctx, "consolidate");
  await claimJob(ctx, done.id, 60_000);
  await completeJob(ctx, done.id, { ok: true });
  const out = new BufferSink();
  assert.equal(await main(["jobs", "--json"], { ...w.io, stdout: out }), 0);
  const report = JSON.parse(out.text);
  assert.deepEqual(report.counts, { queued: 0, running: 0, stuck: 1, failed: 0, done: 1 });
  const stuck = report.jobs.find((j: { id: string }) => j.id === job.id);
  assert.deepEqual([stuck.status, stuck.retryable, stuck.holder, stuck.lease_until], ["stuck", true, "999@gone", "2026-12-02T10:01:00.000Z"]);
  const human = new BufferSink();
  await main(["jobs"], { ...w.io, stdout: human });
  assert.match(human.text, new RegExp(`^${job.id}\\s+consolidate\\s+stuck \\(retryable\\)\\s+1/3\\s+until 2026-12-02T10:01:00.000Z`, "m"));

  // The next consolidate pass is the retry: same job, attempt 2, done.
  const pass = new BufferSink();
  assert.equal(await main(["consolidate", "--json"], { ...w.io, stdout: pass }), 0);
  const r = JSON.parse(pass.text);
  assert.deepEqual([r.job.id, r.job.attempts, r.job.status, r.retried], [job.id, 2, "done", true]);
  w.cleanup();
});

test("a lease whose holder died on this host (its pid is gone) is taken over at once, not after the lease runs out", async () => {
  const dir = tempDir();
  const clock = { ms: T0 };
  const dead = spawnSync(process.execPath, ["-e", "0"]).pid!; // a pid that has exited
  const gone = ledger(`${dead}@${os.hostname()}`, clock, dir);
  const job = await createJob(gone, "consolidate");
  await claimJob(gone, job.id); // five-minute lease
  const alive = ledger(`${process.pid}@${os.hostname()}`, clock, dir);
  assert.equal(readJobs(dir, new Date(clock.ms)).jobs[0]!.status, "stuck");
  const run = await runJob(alive, "consolidate", async () => "finished", { exclusive: true });
  assert.deepEqual([run.job.id, run.job.attempts, run.job.status, run.retried], [job.id, 2, "done", true]);
  // A live holder's lease still blocks, and one on another host is judged by its expiry only.
  const other = ledger(`${dead}@another-host`, clock, dir);
  const held = await createJob(other, "compact");
  await claimJob(other, held.id);
  await assert.rejects(claimJob(alive, held.id), (e: { code: string }) => e.code === "E_JOB_LEASED");
  fs.rmSync(dir, { recursive: true, force: true });
});
