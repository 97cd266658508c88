import fs from "node:fs";
import path from "node:path";
import { environmentFault, ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { forgetReads, readRegularUtf8 } from "./checked-fs.js";
import { monotonicMs } from "./monotonic.js";
import { STATE_DIR } from "./paths.js";
import { realDir, writeNewFile } from "./safe-write.js";

// ONE lock per store, not per file: guardrails (total bytes, file count) need a consistent view of the
// whole tree, and MEMORY.md, history and episodes are shared by every write. The lock is a directory
// (`mkdir` is atomic everywhere, including network filesystems) holding an owner file; a lock whose
// owner process is gone on this host — a writer killed by SIGKILL — is broken at once; another host's
// lock only after `staleMs` without a heartbeat. Light on purpose (no node:crypto): the hook's usage fold
// takes it with tryStoreLock.

export const LOCK_NAME = "lock";
export const DEFAULT_LOCK_TIMEOUT_MS = 30_000;
export const DEFAULT_LOCK_STALE_MS = 30_000;
/** This machine's name for lock owners. node:os is loaded on first use: the per-prompt hook bundles this file
 * (its usage fold takes the lock) and would otherwise load node:os, ~0.3 ms, on every start. */
export function hostname(): string {
  return (process.getBuiltinModule("node:os") as typeof import("node:os")).hostname();
}

/** A lock directory without an owner file is a writer that died between mkdir and writing it. */
const OWNERLESS_GRACE_MS = 2_000;

export interface LockOptions {
  /** How long to wait for the lock before E_LOCK_TIMEOUT. */
  timeoutMs?: number;
  /** Age after which any lock is considered abandoned. */
  staleMs?: number;
  /** The lock's directory name under .memctl/ (default "lock", the store lock; `memctl sync` also takes "sync-lock"). */
  name?: string;
}

interface Owner {
  pid: number;
  host: string;
  token: string;
}

/** Runs `fn` holding the store's lock; the lock is released however `fn` ends. */
export async function withStoreLock<T>(memoryDir: string, fn: () => Promise<T> | T, options: LockOptions = {}): Promise<T> {
  const release = await acquireStoreLock(memoryDir, options);
  try {
    return await fn();
  } finally {
    release();
  }
}

/** `<memory_dir>/.memctl`, created if missing; refused (E_PATH_ESCAPE) when it is a symlink or not a directory. */
export function ensureStateDir(memoryDir: string): string {
  return realDir(memoryDir, STATE_DIR);
}

/** Takes the lock, waiting up to timeoutMs; returns the release function. */
export async function acquireStoreLock(memoryDir: string, options: LockOptions = {}): Promise<() => void> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const lockDir = path.join(ensureStateDir(memoryDir), options.name ?? LOCK_NAME);
  const deadline = monotonicMs() + timeoutMs;
  let delay = 1;
  for (;;) {
    const held = tryStoreLock(memoryDir, options);
    if (held) return held.release;
    if (monotonicMs() >= deadline) {
      throw new MemctlError(
        ERROR_CODES.E_LOCK_TIMEOUT,
        `the store lock ${lockDir} is held by another memctl process (waited ${timeoutMs} ms); retry, or if no memctl is running remove that directory`,
        { lock: lockDir },
      );
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 40);
  }
}

export interface HeldLock {
  release: () => void;
  /** False once the lock was broken (wrongly, as abandoned) and maybe taken by another: check before a final rename. */
  stillHeld: () => boolean;
}

/**
 * Takes the lock if it is free (breaking an abandoned one, serialised as in acquireStoreLock), without waiting:
 * undefined when a live writer holds it. For work that can be skipped and retried later (the usage fold).
 */
export function tryStoreLock(memoryDir: string, options: Omit<LockOptions, "timeoutMs"> = {}): HeldLock | undefined {
  const staleMs = options.staleMs ?? DEFAULT_LOCK_STALE_MS;
  const lockDir = path.join(ensureStateDir(memoryDir), options.name ?? LOCK_NAME);
  // A token tells this holder from a later one; it guards nothing secret, so Math.random does.
  const owner: Owner = { pid: process.pid, host: hostname(), token: `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}` };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryMkdir(lockDir)) {
      try {
        writeNewFile(path.join(lockDir, "owner"), JSON.stringify(owner));
      } catch (err) {
        // A full disk can take the directory but not its owner file: leave no ownerless lock behind.
        fs.rmSync(lockDir, { recursive: true, force: true });
        throw err;
      }
      // Heartbeat: a long write (a big import) keeps the lock's mtime fresh so it never looks abandoned.
      const heartbeat = setInterval(() => touch(lockDir), Math.max(1000, staleMs / 3));
      heartbeat.unref();
      return {
        release: () => {
          clearInterval(heartbeat);
          release(lockDir, owner.token);
          // What the hold read once for all its steps (readRegularMemo) is not kept past it: 19 MB at 100,000 cards.
          forgetReads();
        },
        stillHeld: () => readOwner(lockDir)?.token === owner.token,
      };
    }
    if (!isAbandoned(lockDir, staleMs)) return undefined;
    breakLock(lockDir, staleMs);
  }
  return undefined;
}

/** Who holds a named lock, read without taking it. */
export interface LockHolder {
  pid: number;
  /** The machine it runs on, as its owner file names it. */
  host: string;
  /** The holder's owner file (its mtime is the holder's to use: the keeper reads it as the last prompt's time). */
  ownerFile: string;
  /** The lock directory's mtime: its last heartbeat. */
  heartbeatMs: number;
}

/** The holder of `.memctl/<name>` as its owner file names it, or undefined (free, ownerless, or not a directory). Never throws. */
export function lockHolder(memoryDir: string, name: string): LockHolder | undefined {
  const lockDir = path.join(memoryDir, STATE_DIR, name);
  try {
    const stat = fs.lstatSync(lockDir, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return undefined;
    const owner = readOwner(lockDir);
    return owner ? { pid: owner.pid, host: String(owner.host), ownerFile: path.join(lockDir, "owner"), heartbeatMs: stat.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

const OWNER_MAX_BYTES = 4096;

function tryMkdir(dir: string): boolean {
  try {
    fs.mkdirSync(dir);
    return true;
  } catch (err) {
    if (systemCode(err) === "EEXIST") return false;
    throw ioError(`cannot create the lock ${dir}`, err);
  }
}

/** The owner file memctl wrote (a few hundred bytes), read without following a link or opening a FIFO or device: a store in a project checkout brings links. */
function readOwner(lockDir: string): Owner | undefined {
  try {
    const o = JSON.parse(readRegularUtf8(path.join(lockDir, "owner"), OWNER_MAX_BYTES, { nofollow: true })) as Owner;
    return typeof o.pid === "number" && typeof o.token === "string" ? o : undefined;
  } catch {
    return undefined;
  }
}

/** True when the lock's holder is provably gone (dead pid on this host), or another host's lock is older than staleMs. */
function isAbandoned(lockDir: string, staleMs: number): boolean {
  let ageMs: number;
  try {
    const stat = fs.lstatSync(lockDir);
    // A link or a file is never a lock memctl took (it makes a directory): remove it, never follow it.
    if (!stat.isDirectory()) return true;
    // Wall clock against a file mtime: both come from the same machine's clock.
    ageMs = Date.now() - stat.mtimeMs;
  } catch {
    return false; // released meanwhile: the next mkdir will tell
  }
  const owner = readOwner(lockDir);
  if (!owner) return ageMs > OWNERLESS_GRACE_MS;
  // On this host the owner's liveness decides; age only guards against a reused pid, with a wide margin.
  if (owner.host === hostname()) return !processAlive(owner.pid) || ageMs > staleMs * 10;
  return ageMs > staleMs;
}

/**
 * Removes an abandoned lock. Breaking is itself serialised by a second mkdir so two waiters cannot both
 * break — one of them would otherwise remove the lock the other has just taken.
 */
function breakLock(lockDir: string, staleMs: number): void {
  const breaker = `${lockDir}.break`;
  if (!tryMkdir(breaker)) {
    try {
      if (Date.now() - fs.lstatSync(breaker).mtimeMs > OWNERLESS_GRACE_MS) fs.rmSync(breaker, { recursive: true, force: true });
    } catch {
      /* gone already */
    }
    return;
  }
  try {
    if (isAbandoned(lockDir, staleMs)) fs.rmSync(lockDir, { recursive: true, force: true });
  } finally {
    fs.rmSync(breaker, { recursive: true, force: true });
  }
}

function release(lockDir: string, token: string): void {
  // Only remove a lock that is still ours: after a (wrongly) broken lock another writer may hold it.
  if (readOwner(lockDir)?.token !== token) return;
  fs.rmSync(path.join(lockDir, "owner"), { force: true });
  try {
    fs.rmdirSync(lockDir);
  } catch {
    /* already gone */
  }
}

function touch(dir: string): void {
  try {
    const now = new Date();
    fs.lutimesSync(dir, now, now);
  } catch {
    /* released or broken meanwhile */
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether a process with this pid exists on this host (EPERM means it exists but is not ours). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return systemCode(err) === "EPERM";
  }
  return !isZombie(pid);
}

/** A killed process not yet reaped still answers kill(pid, 0); on Linux its state in /proc says it is gone. */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false;
  }
}

function ioError(message: string, err: unknown): MemctlError {
  return environmentFault(err) ?? new MemctlError(ERROR_CODES.E_IO, `${message}: ${(err as Error).message}`);
}
