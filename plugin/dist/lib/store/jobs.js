// lib/store/jobs.ts
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
var JOBS_RELPATH = `${STATE_DIR}/jobs.jsonl`;
var DEFAULT_LEASE_MS = 5 * 6e4;
var DEFAULT_MAX_ATTEMPTS = 3;
var MAX_LEASE_MS = 60 * 6e4;
var CLOCK_SKEW_MS = 24 * 60 * 6e4;
function jobsPath(memoryDir) {
  return path.join(memoryDir, ...JOBS_RELPATH.split("/"));
}
function defaultHolder() {
  return `${process.pid}@${os.hostname()}`;
}
function readJobs(memoryDir, now) {
  let text;
  try {
    const tail = readRegularTail(jobsPath(memoryDir), LOG_MAX_BYTES);
    text = utf8Text(tail.bytes);
    if (tail.cut) text = text.slice(text.indexOf("\n") + 1);
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { jobs: [], malformed: 0 };
    return { jobs: [], malformed: 0, error: `cannot read ${JOBS_RELPATH}: ${err.message}` };
  }
  const events = [];
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    try {
      const e = JSON.parse(line);
      if (typeof e.job !== "string" || typeof e.event !== "string" || typeof e.at !== "string") throw new Error("not a job event");
      events.push(e);
    } catch {
      malformed++;
    }
  }
  return { jobs: foldJobs(events, now, localHolderGone), malformed };
}
function localHolderGone(holder) {
  const m = /^(\d+)@(.+)$/.exec(holder);
  return m !== null && m[2] === os.hostname() && !processAlive(Number(m[1]));
}
function foldJobs(events, now, gone = () => false) {
  const jobs = /* @__PURE__ */ new Map();
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
        command: typeof e.command === "string" ? e.command : null
      };
      jobs.set(e.job, job);
    }
    job.updated_at = e.at;
    if (e.event === "leased") {
      job.status = "running";
      job.attempts = e.attempt ?? job.attempts + 1;
      job.holder = e.holder ?? null;
      job.lease_until = boundedLease(e, now);
    } else if (e.event === "renewed") job.lease_until = e.lease_until === void 0 ? job.lease_until : boundedLease(e, now);
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
function boundedLease(e, now) {
  if (e.lease_until === void 0) return null;
  const at = Date.parse(e.at);
  const until = Date.parse(e.lease_until);
  if (Number.isNaN(at) || Number.isNaN(until) || at > now.getTime() + CLOCK_SKEW_MS) return now.toISOString();
  return until > at + MAX_LEASE_MS ? new Date(at + MAX_LEASE_MS).toISOString() : e.lease_until;
}
async function createJob(ctx, kind, options = {}) {
  const at = ctx.now();
  const id = `j-${at.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z")}-${randomBytes(3).toString("hex")}`;
  await locked(
    ctx,
    () => append(ctx.memoryDir, {
      job: id,
      event: "queued",
      at: at.toISOString(),
      kind,
      max_attempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      ...options.command ? { command: options.command } : {}
    })
  );
  return stateOf(ctx, id);
}
async function claimJob(ctx, id, leaseMs = DEFAULT_LEASE_MS) {
  return locked(ctx, () => {
    const at = ctx.now();
    const job = requireJob(ctx.memoryDir, id, at);
    if (job.status === "running")
      throw new MemctlError(ERROR_CODES.E_JOB_LEASED, `job ${id} (${job.kind}) is running: ${job.holder} holds its lease until ${job.lease_until}`, {
        job: id,
        holder: job.holder,
        lease_until: job.lease_until
      });
    if (job.status === "done") throw usageError(`job ${id} is already done`);
    if (job.attempts >= job.max_attempts) throw usageError(`job ${id} has used all ${job.max_attempts} attempts (last error: ${job.last_error ?? "lease expired"})`);
    append(ctx.memoryDir, {
      job: id,
      event: "leased",
      at: at.toISOString(),
      attempt: job.attempts + 1,
      holder: holderOf(ctx),
      lease_until: new Date(at.getTime() + leaseMs).toISOString()
    });
    return stateOf(ctx, id);
  });
}
async function renewLease(ctx, id, leaseMs = DEFAULT_LEASE_MS) {
  return locked(ctx, () => {
    const at = ctx.now();
    const job = requireHeld(ctx, id, at);
    append(ctx.memoryDir, { job: job.id, event: "renewed", at: at.toISOString(), holder: holderOf(ctx), lease_until: new Date(at.getTime() + leaseMs).toISOString() });
    return stateOf(ctx, id);
  });
}
async function completeJob(ctx, id, result) {
  return locked(ctx, () => {
    requireHeld(ctx, id, ctx.now());
    append(ctx.memoryDir, { job: id, event: "done", at: ctx.now().toISOString(), holder: holderOf(ctx), result });
    return stateOf(ctx, id);
  });
}
async function failJob(ctx, id, error) {
  return locked(ctx, () => {
    append(ctx.memoryDir, { job: id, event: "failed", at: ctx.now().toISOString(), holder: holderOf(ctx), error });
    return stateOf(ctx, id);
  });
}
function requireJob(memoryDir, id, now) {
  const job = readJobs(memoryDir, now).jobs.find((j) => j.id === id);
  if (!job) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no job ${id} in ${JOBS_RELPATH}`, { job: id });
  return job;
}
function requireHeld(ctx, id, now) {
  const job = requireJob(ctx.memoryDir, id, now);
  if (job.status !== "running" || job.holder !== holderOf(ctx)) {
    throw new MemctlError(
      ERROR_CODES.E_JOB_LEASED,
      `job ${id} is ${job.status}${job.holder ? ` (lease of ${job.holder})` : ""}; ${holderOf(ctx)} does not hold a live lease on it`,
      { job: id, status: job.status, holder: job.holder }
    );
  }
  return job;
}
function stateOf(ctx, id) {
  return requireJob(ctx.memoryDir, id, ctx.now());
}
function holderOf(ctx) {
  return ctx.holder ?? defaultHolder();
}
function append(memoryDir, event) {
  ensureStateDir(memoryDir);
  appendLine(jobsPath(memoryDir), JSON.stringify(event) + "\n");
}
function locked(ctx, fn) {
  return withStoreLock(ctx.memoryDir, fn, { timeoutMs: ctx.lockTimeoutMs });
}
export {
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  JOBS_RELPATH,
  MAX_LEASE_MS,
  claimJob,
  completeJob,
  createJob,
  defaultHolder,
  failJob,
  foldJobs,
  jobsPath,
  localHolderGone,
  readJobs,
  renewLease
};
