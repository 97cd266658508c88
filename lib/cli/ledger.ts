// Background work as ledger jobs (seed 002: one ledger with leases and retries). import, distill --llm,
// compact and shard run through here: queued → leased (renewed while working) → done or failed, so `memctl jobs`
// lists them, a killed run shows as stuck (doctor says so, with the command), and the next run of that kind
// picks the stuck job up as its next attempt. Every such command is safe to run again: that is the resume.
import type { Io } from "../store/io.js";
import { runJob } from "../store/job-run.js";
import type { JobState } from "../store/jobs.js";

export interface AsJob<T> {
  value: T;
  job: JobState;
  retried: boolean;
}

/**
 * Runs `work` as one job of `kind`, refusing (E_JOB_LEASED) while another job of that kind holds a live lease
 * (unless `regenerated`).
 * The ledger keeps `summary(value)` as the job's result, not the whole value (it may list thousands of cards).
 */
export async function asJob<T>(
  io: Io,
  memoryDir: string,
  kind: string,
  command: string,
  work: () => Promise<T>,
  summary: (value: T) => unknown,
  /** Derived state (compact): concurrent runs allowed, each a job of its own, none resumed (the next run regenerates). */
  options: { regenerated?: boolean } = {},
): Promise<AsJob<T>> {
  let value: T | undefined;
  const run = await runJob(
    { memoryDir, now: () => io.now() },
    kind,
    async () => {
      value = await work();
      return summary(value);
    },
    options.regenerated ? { exclusive: false, retry: false, command } : { exclusive: true, command },
  );
  return { value: value as T, job: run.job, retried: run.retried };
}
