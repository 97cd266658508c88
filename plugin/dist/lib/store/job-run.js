// lib/store/job-run.ts
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { claimJob, completeJob, createJob, DEFAULT_LEASE_MS, failJob, readJobs, renewLease } from "./jobs.js";
async function runJob(ctx, kind, work, options = {}) {
  const jobs = readJobs(ctx.memoryDir, ctx.now()).jobs.filter((j) => j.kind === kind);
  const running = jobs.find((j) => j.status === "running");
  if (options.exclusive && running)
    throw new MemctlError(
      ERROR_CODES.E_JOB_LEASED,
      `a ${kind} job is already running (${running.id}, held by ${running.holder} until ${running.lease_until}); wait for it, or let its lease expire if its holder died`,
      { job: running.id, holder: running.holder, lease_until: running.lease_until }
    );
  const retry = options.retry === false ? void 0 : jobs.find((j) => j.retryable);
  const id = retry?.id ?? (await createJob(ctx, kind, { maxAttempts: options.maxAttempts, command: options.command })).id;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const job = await claimJob(ctx, id, leaseMs);
  const heartbeat = setInterval(() => void renewLease(ctx, id, leaseMs).catch(() => void 0), Math.max(1e3, leaseMs / 3));
  heartbeat.unref();
  let result;
  try {
    result = await work(job);
  } catch (err) {
    clearInterval(heartbeat);
    await failJob(ctx, id, err instanceof Error ? err.message : String(err));
    throw err;
  }
  clearInterval(heartbeat);
  const done = await completeJob(ctx, id, result);
  return { job: done, result, retried: retry !== void 0 };
}
export {
  runJob
};
