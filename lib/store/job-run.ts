// Work run as a job of the ledger (jobs.ts): a stuck or failed job of its kind is resumed rather than started
// again, a heartbeat keeps the lease fresh while the work runs, and the outcome is recorded either way.
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import { claimJob, completeJob, createJob, DEFAULT_LEASE_MS, failJob, readJobs, renewLease, type JobState, type LedgerContext } from "./jobs.js";

/**
 * Runs `work` as a job of `kind`: retries the oldest stuck or failed job of that kind when there is one
 * (attempt + 1), otherwise creates one. With `exclusive`, refuses while another job of the kind is running.
 * With `retry: false` every run is a new job (work that is regenerated, never resumed: concurrent runs allowed).
 * A thrown error is recorded as the attempt's failure and rethrown.
 */
export async function runJob<T>(
  ctx: LedgerContext,
  kind: string,
  work: (job: JobState) => Promise<T>,
  options: { exclusive?: boolean; leaseMs?: number; maxAttempts?: number; command?: string; retry?: boolean } = {},
): Promise<{ job: JobState; result: T; retried: boolean }> {
  const jobs = readJobs(ctx.memoryDir, ctx.now()).jobs.filter((j) => j.kind === kind);
  const running = jobs.find((j) => j.status === "running");
  if (options.exclusive && running)
    throw new MemctlError(
      ERROR_CODES.E_JOB_LEASED,
      `a ${kind} job is already running (${running.id}, held by ${running.holder} until ${running.lease_until}); wait for it, or let its lease expire if its holder died`,
      { job: running.id, holder: running.holder, lease_until: running.lease_until },
    );
  const retry = options.retry === false ? undefined : jobs.find((j) => j.retryable);
  const id = retry?.id ?? (await createJob(ctx, kind, { maxAttempts: options.maxAttempts, command: options.command })).id;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const job = await claimJob(ctx, id, leaseMs);
  // A long pass keeps its lease fresh; a killed process stops renewing and its lease runs out.
  const heartbeat = setInterval(() => void renewLease(ctx, id, leaseMs).catch(() => undefined), Math.max(1000, leaseMs / 3));
  heartbeat.unref();
  let result: T;
  try {
    result = await work(job);
  } catch (err) {
    clearInterval(heartbeat);
    await failJob(ctx, id, err instanceof Error ? err.message : String(err));
    throw err;
  }
  clearInterval(heartbeat);
  const done = await completeJob(ctx, id, result);
  return { job: done, result, retried: retry !== undefined };
}
