// lib/store/lock.ts
import fs from "node:fs";
import path from "node:path";
import { environmentFault, ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { forgetReads, readRegularUtf8 } from "./checked-fs.js";
import { monotonicMs } from "./monotonic.js";
import { STATE_DIR } from "./paths.js";
import { realDir, writeNewFile } from "./safe-write.js";
var LOCK_NAME = "lock";
var DEFAULT_LOCK_TIMEOUT_MS = 3e4;
var DEFAULT_LOCK_STALE_MS = 3e4;
function hostname() {
  return process.getBuiltinModule("node:os").hostname();
}
var OWNERLESS_GRACE_MS = 2e3;
async function withStoreLock(memoryDir, fn, options = {}) {
  const release2 = await acquireStoreLock(memoryDir, options);
  try {
    return await fn();
  } finally {
    release2();
  }
}
function ensureStateDir(memoryDir) {
  return realDir(memoryDir, STATE_DIR);
}
async function acquireStoreLock(memoryDir, options = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS;
  const lockDir = path.join(ensureStateDir(memoryDir), options.name ?? LOCK_NAME);
  const deadline = monotonicMs() + timeoutMs;
  let delay = 1;
  for (; ; ) {
    const held = tryStoreLock(memoryDir, options);
    if (held) return held.release;
    if (monotonicMs() >= deadline) {
      throw new MemctlError(
        ERROR_CODES.E_LOCK_TIMEOUT,
        `the store lock ${lockDir} is held by another memctl process (waited ${timeoutMs} ms); retry, or if no memctl is running remove that directory`,
        { lock: lockDir }
      );
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 40);
  }
}
function tryStoreLock(memoryDir, options = {}) {
  const staleMs = options.staleMs ?? DEFAULT_LOCK_STALE_MS;
  const lockDir = path.join(ensureStateDir(memoryDir), options.name ?? LOCK_NAME);
  const owner = { pid: process.pid, host: hostname(), token: `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}` };
  for (let attempt = 0; attempt < 2; attempt++) {
    if (tryMkdir(lockDir)) {
      try {
        writeNewFile(path.join(lockDir, "owner"), JSON.stringify(owner));
      } catch (err) {
        fs.rmSync(lockDir, { recursive: true, force: true });
        throw err;
      }
      const heartbeat = setInterval(() => touch(lockDir), Math.max(1e3, staleMs / 3));
      heartbeat.unref();
      return {
        release: () => {
          clearInterval(heartbeat);
          release(lockDir, owner.token);
          forgetReads();
        },
        stillHeld: () => readOwner(lockDir)?.token === owner.token
      };
    }
    if (!isAbandoned(lockDir, staleMs)) return void 0;
    breakLock(lockDir, staleMs);
  }
  return void 0;
}
function lockHolder(memoryDir, name) {
  const lockDir = path.join(memoryDir, STATE_DIR, name);
  try {
    const stat = fs.lstatSync(lockDir, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return void 0;
    const owner = readOwner(lockDir);
    return owner ? { pid: owner.pid, host: String(owner.host), ownerFile: path.join(lockDir, "owner"), heartbeatMs: stat.mtimeMs } : void 0;
  } catch {
    return void 0;
  }
}
var OWNER_MAX_BYTES = 4096;
function tryMkdir(dir) {
  try {
    fs.mkdirSync(dir);
    return true;
  } catch (err) {
    if (systemCode(err) === "EEXIST") return false;
    throw ioError(`cannot create the lock ${dir}`, err);
  }
}
function readOwner(lockDir) {
  try {
    const o = JSON.parse(readRegularUtf8(path.join(lockDir, "owner"), OWNER_MAX_BYTES, { nofollow: true }));
    return typeof o.pid === "number" && typeof o.token === "string" ? o : void 0;
  } catch {
    return void 0;
  }
}
function isAbandoned(lockDir, staleMs) {
  let ageMs;
  try {
    const stat = fs.lstatSync(lockDir);
    if (!stat.isDirectory()) return true;
    ageMs = Date.now() - stat.mtimeMs;
  } catch {
    return false;
  }
  const owner = readOwner(lockDir);
  if (!owner) return ageMs > OWNERLESS_GRACE_MS;
  if (owner.host === hostname()) return !processAlive(owner.pid) || ageMs > staleMs * 10;
  return ageMs > staleMs;
}
function breakLock(lockDir, staleMs) {
  const breaker = `${lockDir}.break`;
  if (!tryMkdir(breaker)) {
    try {
      if (Date.now() - fs.lstatSync(breaker).mtimeMs > OWNERLESS_GRACE_MS) fs.rmSync(breaker, { recursive: true, force: true });
    } catch {
    }
    return;
  }
  try {
    if (isAbandoned(lockDir, staleMs)) fs.rmSync(lockDir, { recursive: true, force: true });
  } finally {
    fs.rmSync(breaker, { recursive: true, force: true });
  }
}
function release(lockDir, token) {
  if (readOwner(lockDir)?.token !== token) return;
  fs.rmSync(path.join(lockDir, "owner"), { force: true });
  try {
    fs.rmdirSync(lockDir);
  } catch {
  }
}
function touch(dir) {
  try {
    const now = /* @__PURE__ */ new Date();
    fs.lutimesSync(dir, now, now);
  } catch {
  }
}
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
function processAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return systemCode(err) === "EPERM";
  }
  return !isZombie(pid);
}
function isZombie(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false;
  }
}
function ioError(message, err) {
  return environmentFault(err) ?? new MemctlError(ERROR_CODES.E_IO, `${message}: ${err.message}`);
}
export {
  DEFAULT_LOCK_STALE_MS,
  DEFAULT_LOCK_TIMEOUT_MS,
  LOCK_NAME,
  acquireStoreLock,
  ensureStateDir,
  hostname,
  lockHolder,
  processAlive,
  tryStoreLock,
  withStoreLock
};
