import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode, usageError } from "../core/errors.js";
import { appendLine } from "./history.js";
import { ensureStateDir, withStoreLock } from "./lock.js";
import { STATE_DIR } from "./paths.js";
import { processAlive } from "./lock.js";
import { LOG_MAX_BYTES, readRegularTail } from "./checked-fs.js";
import { utf8Text } from "../core/bytes.js";

// The job ledger (seed 002: "one ledger with leases and retries, not a scattering of progress keys").
// `.memctl/jobs.jsonl` is append-only: every state change of a job is one event line, and a job's state is
// the fold of its events. A holder takes a lease with an expiry; a holder that crashes stops renewing, its
// lease runs out, and the job shows as stuck and may be claimed again (attempt + 1) up to max_attempts.
// Every append happens under the store lock, so two claimants can never both hold one job.
// The ledger is per machine (never synced, lib/sync/layout.ts): `memctl sync` is one of its jobs, so shared it
// would commit its own lease events, and a lease would be judged on machines whose clocks and processes are not
// its holder's. (A store on a disk two hosts mount is still one ledger: another host's lease runs to its expiry.)

export const JOBS_RELPATH = `${STATE_DIR}/jobs.jsonl`;
export const DEFAULT_LEASE_MS = 5 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 3;
/**
 * The longest a lease runs past the event that took or renewed it (memctl's run 5 minutes, renewed every 100 s). A
 * ledger a project checkout brought could claim one until 9999 for another host, whose process nothing here can ask.
 */
export const MAX_LEASE_MS = 60 * 60_000;
/** How far ahead of this clock an event may be dated (another host's clock) and still take a live lease. */
const CLOCK_SKEW_MS = 24 * 60 * 60_000;

export type JobEventKind = "queued" | "leased" | "renewed" | "done" | "failed";
export type JobStatus = "queued" | "running" | "stuck" | "failed" | "done";

export interface JobEvent {
  job: string;
  event: JobEventKind;
  at: string;
  kind?: string;
  max_attempts?: number;
  attempt?: number;
  holder?: string;
  lease_until?: string;
  error?: string;
  result?: unknown;
  /** On "queued": the command that runs (and so resumes) the job, for doctor and `memctl jobs` to print. */
  command?: string;
}

export interface JobState {
  id: string;
  kind: string;
  status: JobStatus;
  /** A stuck job, or a failed one with attempts left, may be claimed again. */
  retryable: boolean;
  attempts: number;
  max_attempts: number;
  holder: string | null;
  lease_until: string | null;
  last_error: string | null;
  result: unknown;
  created_at: string;
  updated_at: string;
  /** The command that resumes the job (null for jobs recorded before commands were kept). */
  command: string | null;
}

export interface LedgerContext {
  memoryDir: string;
  /** The injected clock: every lease and expiry is judged by it. */
  now: () => Date;
  /** Who holds leases taken through this context (default pid@host). */
  holder?: string;
  lockTimeoutMs?: number;
}

export interface JobsRead {
  jobs: JobState[];
  malformed: number;
  error?: string;
}

export function jobsPath(memoryDir: string): string {
  return path.join(memoryDir, ...JOBS_RELPATH.split("/"));
}

export function defaultHolder(): string {
  return `${process.pid}@${os.hostname()}`;
}

/** Every job folded from the ledger, oldest first, judged at `now`. Never throws. */
export function readJobs(memoryDir: string, now: Date): JobsRead {
  let text: string;
  try {
    // Append-only, so its newest events are at the end: memctl writes a few hundred bytes a job, and a larger file (a
    // ledger a project checkout brought: 1.5 GB of packed zeros cost each job-running command 1.6 GB) is read by its tail.
    const tail = readRegularTail(jobsPath(memoryDir), LOG_MAX_BYTES);
    text = utf8Text(tail.bytes);
    if (tail.cut) text = text.slice(text.indexOf("\n") + 1); // the window's first line may be cut
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { jobs: [], malformed: 0 };
    return { jobs: [], malformed: 0, error: `cannot read ${JOBS_RELPATH}: ${(err as Error).message}` };
  }
  const events: JobEvent[] = [];
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const e = JSON.parse(line) as JobEvent;
      if (typeof e.job !== "string" || typeof e.event !== "string" || typeof e.at !== "string") throw new Error("not a job event");
      events.push(e);
    } catch {
      malformed++;
    }
  }
  return { jobs: foldJobs(events, now, localHolderGone), malformed };
}

/** True for a holder `<pid>@<this host>` whose process is gone: its lease is dead now, not when it expires. */
export function localHolderGone(holder: string): boolean {
  const m = /^(\d+)@(.+)$/.exec(holder);
  return m !== null && m[2] === os.hostname() && !processAlive(Number(m[1]));
}

/** The state of every job after its events, at `now`; a running job whose holder is `gone` is stuck at once. */
export function foldJobs(events: readonly JobEvent[], now: Date, gone: (holder: string) => boolean = () => false): JobState[] {
  const jobs = new Map<string, JobState>();
  for (const e of events) {
    let job = jobs.get(e.job);
    if (!job) {
      job = {
        id: e.job,
        kind: e.kind ?? "unknown",
        status: "queued",
        retryable: false,
        attempts: 0,
        max_attempts: e.max_attempts ?? DEFAULT_MAX_ATTEMPTS,
        holder: null,
        lease_until: null,
        last_error: null,
        result: null,
        created_at: e.at,
        updated_at: e.at,
        command: typeof e.command === "string" ? e.command : null,
      };
      jobs.set(e.job, job);
    }
    job.updated_at = e.at;
    if (e.event === "leased") {
      job.status = "running";
      job.attempts = e.attempt ?? job.attempts + 1;
      job.holder = e.holder ?? null;
      job.lease_until = boundedLease(e, now);
    } else if (e.event === "renewed") job.lease_until = e.lease_until === undefined ? job.lease_until : boundedLease(e, now);
    else if (e.event === "done") {
      job.status = "done";
      job.result = e.result ?? null;
      job.lease_until = null;
    } else if (e.event === "failed") {
      job.status = "failed";
      job.last_error = e.error ?? "unknown error";
      job.lease_until = null;
    }
  }
  for (const job of jobs.values()) {
    if (job.status === "running" && job.lease_until !== null && Date.parse(job.lease_until) <= now.getTime()) job.status = "stuck";
    else if (job.status === "running" && job.holder !== null && gone(job.holder)) job.status = "stuck";
    job.retryable = (job.status === "stuck" || job.status === "failed") && job.attempts < job.max_attempts;
  }
  return [...jobs.values()];
}

/**
 * An event's lease_until, no later than MAX_LEASE_MS after the event. One whose times do not parse, or dated further
 * ahead than clocks drift, has run out now (the job shows stuck and may be claimed again).
 */
function boundedLease(e: JobEvent, now: Date): string | null {
  if (e.lease_until === undefined) return null;
  const at = Date.parse(e.at);
  const until = Date.parse(e.lease_until);
  if (Number.isNaN(at) || Number.isNaN(until) || at > now.getTime() + CLOCK_SKEW_MS) return now.toISOString();
  return until > at + MAX_LEASE_MS ? new Date(at + MAX_LEASE_MS).toISOString() : e.lease_until;
}

/** Records a new job, not yet leased. */
export async function createJob(ctx: LedgerContext, kind: string, options: { maxAttempts?: number; command?: string } = {}): Promise<JobState> {
  const at = ctx.now();
  const id = `j-${at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z")}-${randomBytes(3).toString("hex")}`;
  await locked(ctx, () =>
    append(ctx.memoryDir, {
      job: id,
      event: "queued",
      at: at.toISOString(),
      kind,
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      ...(options.command ? { command: options.command } : {}),
    }),
  );
  return stateOf(ctx, id);
}

/**
 * Takes the job's lease for `leaseMs` as attempt N+1. Refused (E_JOB_LEASED) while another holder's lease is
 * live; refused (E_USAGE) for a done job or one out of attempts.
 */
export async function claimJob(ctx: LedgerContext, id: string, leaseMs = DEFAULT_LEASE_MS): Promise<JobState> {
  return locked(ctx, () => {
    const at = ctx.now();
    const job = requireJob(ctx.memoryDir, id, at);
    if (job.status === "running")
      throw new MemctlError(ERROR_CODES.E_JOB_LEASED, `job ${id} (${job.kind}) is running: ${job.holder} holds its lease until ${job.lease_until}`, {
        job: id,
        holder: job.holder,
        lease_until: job.lease_until,
      });
    if (job.status === "done") throw usageError(`job ${id} is already done`);
    if (job.attempts >= job.max_attempts) throw usageError(`job ${id} has used all ${job.max_attempts} attempts (last error: ${job.last_error ?? "lease expired"})`);
    append(ctx.memoryDir, {
      job: id,
      event: "leased",
      at: at.toISOString(),
      attempt: job.attempts + 1,
      holder: holderOf(ctx),
      lease_until: new Date(at.getTime() + leaseMs).toISOString(),
    });
    return stateOf(ctx, id);
  });
}

/** Extends a held lease; refused when the lease is someone else's or already expired (the job may be re-claimed). */
export async function renewLease(ctx: LedgerContext, id: string, leaseMs = DEFAULT_LEASE_MS): Promise<JobState> {
  return locked(ctx, () => {
    const at = ctx.now();
    const job = requireHeld(ctx, id, at);
    append(ctx.memoryDir, { job: job.id, event: "renewed", at: at.toISOString(), holder: holderOf(ctx), lease_until: new Date(at.getTime() + leaseMs).toISOString() });
    return stateOf(ctx, id);
  });
}

export async function completeJob(ctx: LedgerContext, id: string, result: unknown): Promise<JobState> {
  return locked(ctx, () => {
    requireHeld(ctx, id, ctx.now());
    append(ctx.memoryDir, { job: id, event: "done", at: ctx.now().toISOString(), holder: holderOf(ctx), result });
    return stateOf(ctx, id);
  });
}

export async function failJob(ctx: LedgerContext, id: string, error: string): Promise<JobState> {
  return locked(ctx, () => {
    append(ctx.memoryDir, { job: id, event: "failed", at: ctx.now().toISOString(), holder: holderOf(ctx), error });
    return stateOf(ctx, id);
  });
}

function requireJob(memoryDir: string, id: string, now: Date): JobState {
  const job = readJobs(memoryDir, now).jobs.find((j) => j.id === id);
  if (!job) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no job ${id} in ${JOBS_RELPATH}`, { job: id });
  return job;
}

function requireHeld(ctx: LedgerContext, id: string, now: Date): JobState {
  const job = requireJob(ctx.memoryDir, id, now);
  if (job.status !== "running" || job.holder !== holderOf(ctx)) {
    throw new MemctlError(
      ERROR_CODES.E_JOB_LEASED,
      `job ${id} is ${job.status}${job.holder ? ` (lease of ${job.holder})` : ""}; ${holderOf(ctx)} does not hold a live lease on it`,
      { job: id, status: job.status, holder: job.holder },
    );
  }
  return job;
}

function stateOf(ctx: LedgerContext, id: string): JobState {
  return requireJob(ctx.memoryDir, id, ctx.now());
}

function holderOf(ctx: LedgerContext): string {
  return ctx.holder ?? defaultHolder();
}

function append(memoryDir: string, event: JobEvent): void {
  ensureStateDir(memoryDir);
  appendLine(jobsPath(memoryDir), JSON.stringify(event) + "\n");
}

function locked<T>(ctx: LedgerContext, fn: () => T | Promise<T>): Promise<T> {
  return withStoreLock(ctx.memoryDir, fn, { timeoutMs: ctx.lockTimeoutMs });
}
