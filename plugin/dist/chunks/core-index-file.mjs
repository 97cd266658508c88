import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  STATE_DIR,
  joinPath
} from "./store-paths.mjs";
import {
  close,
  fstat,
  lstatIfExists,
  openForAppend,
  readAt,
  writeBytes
} from "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  environmentFault,
  systemCode
} from "./core-errors.mjs";

// lib/store/safe-write.ts
import fs from "node:fs";
var S_IFMT = 61440;
var S_IFLNK = 40960;
function notRealError(file, expected, mode) {
  const what = mode !== void 0 && (mode & S_IFMT) === S_IFLNK ? "a symlink" : expected === "file" ? "not a regular file" : "not a directory";
  return new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `${file} is ${what}; memctl writes its state only to real files and directories inside the store, never through a link \u2014 remove it and retry (nothing was written)`,
    { file }
  );
}
function realDir(root, ...segments) {
  let dir = root;
  for (const segment of segments.flatMap((s) => s.split("/"))) {
    dir = joinPath(dir, segment);
    let stat = lstatIfExists(dir);
    if (stat === void 0) {
      try {
        fs.mkdirSync(dir);
      } catch (err) {
        if (systemCode(err) !== "EEXIST") throw err;
      }
      stat = lstatIfExists(dir);
    }
    if (!stat?.isDirectory()) throw notRealError(dir, "directory", stat?.mode);
  }
  return dir;
}
function openAppend(file, readable = false) {
  const c = fs.constants;
  let fd;
  try {
    fd = openForAppend(file, c.O_NOFOLLOW | c.O_NONBLOCK, readable);
  } catch (err) {
    const code = systemCode(err);
    if (code === "ELOOP" || code === "EMLINK") throw notRealError(file, "file", S_IFLNK);
    if (code === "ENXIO") throw notRealError(file, "file");
    throw err;
  }
  let ok = false;
  try {
    const stat = fstat(fd);
    if (!stat.isFile()) throw notRealError(file, "file", stat.mode);
    ok = true;
    return fd;
  } finally {
    if (!ok) close(fd);
  }
}
function appendBytes(file, data, options = {}) {
  const fd = openAppend(file, options.dropTornTail === true);
  try {
    if (options.dropTornTail) cutTornTail(fd);
    const start = options.rollback ? fstat(fd).size : 0;
    try {
      let written = 0;
      while (written < data.length) written += writeBytes(fd, data, written, data.length - written);
      if (options.fsync) fs.fsyncSync(fd);
    } catch (err) {
      if (options.rollback) {
        try {
          fs.ftruncateSync(fd, start);
        } catch {
        }
      }
      throw err;
    }
    return fstat(fd).size;
  } finally {
    close(fd);
  }
}
function cutTornTail(fd) {
  const size = fstat(fd).size;
  const last = Buffer.alloc(1);
  if (size === 0 || readAt(fd, last, 0, 1, size - 1) === 1 && last[0] === 10) return;
  const from = lastLineStart(fd, size);
  if (size - from <= WHOLE_TAIL_MAX) {
    const tail = Buffer.alloc(size - from);
    readAt(fd, tail, 0, tail.length, from);
    if (isJsonRecord(tail.toString("utf8"))) {
      writeBytes(fd, Buffer.from("\n"), 0, 1);
      return;
    }
  }
  fs.ftruncateSync(fd, from);
}
var WHOLE_TAIL_MAX = 1024 * 1024;
function lastLineStart(fd, size) {
  const chunk = Buffer.alloc(Math.min(size, 64 * 1024));
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - chunk.length);
    const n = readAt(fd, chunk, 0, end - start, start);
    const newline = chunk.subarray(0, n).lastIndexOf(10);
    if (newline >= 0) return start + newline + 1;
    end = start;
  }
  return 0;
}
function isJsonRecord(text) {
  try {
    const v = JSON.parse(text);
    return typeof v === "object" && v !== null;
  } catch {
    return false;
  }
}
function writeNewFile(file, data, options = {}) {
  const c = fs.constants;
  const fd = fs.openSync(file, c.O_WRONLY | c.O_CREAT | c.O_EXCL | c.O_NOFOLLOW, options.mode ?? 438);
  let open = true;
  try {
    const pieces = typeof data === "string" ? [Buffer.from(data, "utf8")] : data instanceof Uint8Array ? [data] : data;
    for (const bytes of pieces) {
      let written = 0;
      while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
    }
    if (options.fsync) fs.fsyncSync(fd);
    open = false;
    fs.closeSync(fd);
  } catch (err) {
    if (open) fs.closeSync(fd);
    fs.rmSync(file, { force: true });
    throw err;
  }
}
function replaceFile(file, data, temp) {
  writeNewFile(temp, data);
  try {
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}

// lib/store/lock.ts
import fs2 from "node:fs";
import path from "node:path";
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
  const deadline = performance.now() + timeoutMs;
  let delay = 1;
  for (; ; ) {
    const held = tryStoreLock(memoryDir, options);
    if (held) return held.release;
    if (performance.now() >= deadline) {
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
        fs2.rmSync(lockDir, { recursive: true, force: true });
        throw err;
      }
      const heartbeat = setInterval(() => touch(lockDir), Math.max(1e3, staleMs / 3));
      heartbeat.unref();
      return {
        release: () => {
          clearInterval(heartbeat);
          release(lockDir, owner.token);
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
    const stat = fs2.lstatSync(lockDir, { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return void 0;
    const owner = readOwner(lockDir);
    return owner ? { pid: owner.pid, host: String(owner.host), ownerFile: path.join(lockDir, "owner"), heartbeatMs: stat.mtimeMs } : void 0;
  } catch {
    return void 0;
  }
}
function tryMkdir(dir) {
  try {
    fs2.mkdirSync(dir);
    return true;
  } catch (err) {
    if (systemCode(err) === "EEXIST") return false;
    throw ioError(`cannot create the lock ${dir}`, err);
  }
}
function readOwner(lockDir) {
  try {
    const o = JSON.parse(fs2.readFileSync(path.join(lockDir, "owner"), "utf8"));
    return typeof o.pid === "number" && typeof o.token === "string" ? o : void 0;
  } catch {
    return void 0;
  }
}
function isAbandoned(lockDir, staleMs) {
  let ageMs;
  try {
    const stat = fs2.lstatSync(lockDir);
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
      if (Date.now() - fs2.lstatSync(breaker).mtimeMs > OWNERLESS_GRACE_MS) fs2.rmSync(breaker, { recursive: true, force: true });
    } catch {
    }
    return;
  }
  try {
    if (isAbandoned(lockDir, staleMs)) fs2.rmSync(lockDir, { recursive: true, force: true });
  } finally {
    fs2.rmSync(breaker, { recursive: true, force: true });
  }
}
function release(lockDir, token) {
  if (readOwner(lockDir)?.token !== token) return;
  fs2.rmSync(path.join(lockDir, "owner"), { force: true });
  try {
    fs2.rmdirSync(lockDir);
  } catch {
  }
}
function touch(dir) {
  try {
    const now = /* @__PURE__ */ new Date();
    fs2.lutimesSync(dir, now, now);
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
    const stat = fs2.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false;
  }
}
function ioError(message, err) {
  return environmentFault(err) ?? new MemctlError(ERROR_CODES.E_IO, `${message}: ${err.message}`);
}

// lib/store/write.ts
import { randomBytes } from "node:crypto";
import fs3 from "node:fs";
import path2 from "node:path";
async function commitFile(file, content, options = {}) {
  const staged = stageOne(file, content, options);
  if (options.pauseBeforeCommitMs && options.pauseBeforeCommitMs > 0) await new Promise((r) => setTimeout(r, options.pauseBeforeCommitMs));
  renameOne(staged, options);
}
function commitFileSync(file, content, options = {}) {
  renameOne(stageOne(file, content, options), options);
}
function stageOne(file, content, options) {
  if (options.followLink) {
    file = realTarget(file);
    fs3.mkdirSync(path2.dirname(file), { recursive: true });
  }
  const dir = path2.dirname(file);
  if (options.sweep !== false) sweepDeadTemps(dir);
  const temp = path2.join(dir, `.${path2.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  let mode = 420;
  try {
    const stat = fs3.lstatSync(file);
    if (stat.isFile()) mode = stat.mode & 511;
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  writeNewFile(temp, typeof content === "string" ? Buffer.from(content, "utf8") : content, { mode, fsync: options.durable !== false });
  return { file, temp };
}
function renameOne({ file, temp }, options) {
  try {
    if (options.exclusive) {
      fs3.linkSync(temp, file);
      fs3.rmSync(temp, { force: true });
    } else fs3.renameSync(temp, file);
  } catch (err) {
    fs3.rmSync(temp, { force: true });
    throw err;
  }
  if (options.durable !== false) syncDirectory(path2.dirname(file));
}
function realTarget(file) {
  try {
    return fs3.realpathSync(file);
  } catch {
    return file;
  }
}
var TEMP = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;
function sweepDeadTemps(dir) {
  let names;
  try {
    names = fs3.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = TEMP.exec(name)?.[1];
    if (pid !== void 0 && !processAlive(Number(pid))) fs3.rmSync(path2.join(dir, name), { force: true });
  }
}
function syncDirectory(dir) {
  try {
    const fd = fs3.openSync(dir, "r");
    try {
      fs3.fsyncSync(fd);
    } finally {
      fs3.closeSync(fd);
    }
  } catch {
  }
}
function pauseFromEnv(env) {
  const ms = Number(env.MEMCTL_PAUSE_BEFORE_COMMIT_MS);
  return Number.isFinite(ms) && ms > 0 ? { pauseBeforeCommitMs: ms } : {};
}
async function stageFiles(files, onStaged, concurrency = 8) {
  const random = randomBytes(4 * files.length).toString("hex");
  const temps = files.map(({ file }, i) => path2.join(path2.dirname(file), `.${path2.basename(file)}.${process.pid}.${random.slice(8 * i, 8 * i + 8)}.tmp`));
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < files.length) {
      const i = next++;
      const handle = await fs3.promises.open(temps[i], fs3.constants.O_WRONLY | fs3.constants.O_CREAT | fs3.constants.O_EXCL | fs3.constants.O_NOFOLLOW, 420);
      try {
        await handle.writeFile(files[i].content);
        await handle.datasync();
      } finally {
        await handle.close();
      }
      onStaged?.(++done);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));
  } catch (err) {
    for (const temp of temps) fs3.rmSync(temp, { force: true });
    throw err;
  }
  return temps;
}
function commitStaged(pairs) {
  const dirs = /* @__PURE__ */ new Set();
  for (const { temp, file } of pairs) {
    fs3.renameSync(temp, file);
    dirs.add(path2.dirname(file));
  }
  for (const dir of dirs) syncDirectory(dir);
}

// lib/core/index-file.ts
var BULLET = /^\s*[-*+]\s+/;
var ENTRY = /^\s*[-*+]\s+\[((?:[^\]\\]|\\.)*)\]\((<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\)\s*(.*)$/;
var HOOK_SEPARATOR = /^(?:—|–|--|-|:)\s*/;
var FENCE = /^\s*(```|~~~)/;
function parseIndex(text) {
  const entries = [];
  const unparsed = [];
  indexLines(text, (raw, line) => {
    const parsed = parseIndexLine(raw, line);
    if (parsed === void 0) return;
    if ("reason" in parsed) unparsed.push(parsed);
    else entries.push(parsed);
  });
  return { entries, unparsed };
}
function indexLines(text, each) {
  const lines = text.split(/\r?\n/);
  let fenced = false;
  lines.forEach((raw, i) => {
    if (FENCE.test(raw)) fenced = !fenced;
    if (fenced) return;
    each(raw, i + 1);
  });
}
function parseIndexLine(raw, line) {
  if (!BULLET.test(raw)) return void 0;
  const m = ENTRY.exec(raw);
  if (!m) return { line, raw, reason: "bullet line without a [Title](file.md) link" };
  const target = m[2].startsWith("<") ? m[2].slice(1, -1) : m[2];
  const file = safeDecode(target);
  if (!/\.md$/i.test(file.split("#")[0])) return { line, raw, reason: `link target "${target}" is not a .md card` };
  return { line, raw, title: m[1].replace(/\\(.)/g, "$1"), file: file.split("#")[0], hook: m[3].replace(HOOK_SEPARATOR, "").trim() };
}
function renderIndexLine(entry) {
  const title = entry.title.replace(/\s+/g, " ").replace(/([\\[\]])/g, "\\$1");
  const target = /[\s()<>]/.test(entry.file) ? `<${entry.file}>` : entry.file;
  const hook = entry.hook.replace(/\s+/g, " ").trim();
  return `- [${title}](${target})${hook ? ` \u2014 ${hook}` : ""}`;
}
function safeDecode(s) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

// lib/store/arrivals.ts
import fs4 from "node:fs";
import path3 from "node:path";
var ARRIVALS_RELPATH = `${STATE_DIR}/arrivals.json`;
function arrivalsPath(memoryDir) {
  return path3.join(memoryDir, ARRIVALS_RELPATH);
}
function readArrivals(memoryDir) {
  let text;
  try {
    text = fs4.readFileSync(arrivalsPath(memoryDir), "utf8");
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { version: 1, items: [] };
    throw err;
  }
  const v = JSON.parse(text);
  return { version: 1, items: Array.isArray(v?.items) ? v.items.filter((i) => typeof i?.path === "string" && typeof i?.id === "string") : [] };
}
async function writeArrivals(memoryDir, file) {
  realDir(memoryDir, STATE_DIR);
  await commitFile(arrivalsPath(memoryDir), JSON.stringify(file, null, 2) + "\n");
}
function currentSha(memoryDir, rel) {
  const abs = path3.join(memoryDir, rel);
  try {
    const st = fs4.lstatSync(abs);
    if (st.isSymbolicLink()) return sha256Hex(`symlink:${fs4.readlinkSync(abs)}`);
    if (!st.isFile()) return sha256Hex(`not-a-file:${st.mode}`);
    return sha256Hex(fs4.readFileSync(abs));
  } catch (err) {
    if (systemCode(err) === "ENOENT" || systemCode(err) === "ENOTDIR") return null;
    throw err;
  }
}
function readHold(memoryDir) {
  let items;
  try {
    items = readArrivals(memoryDir).items;
  } catch {
    return void 0;
  }
  if (items.length === 0) return void 0;
  const byPath = /* @__PURE__ */ new Map();
  for (const item of items) byPath.set(normalise(item.path), [...byPath.get(normalise(item.path)) ?? [], item]);
  const shas = /* @__PURE__ */ new Map();
  return {
    size: byPath.size,
    held(rel) {
      const key = normalise(rel);
      const list = byPath.get(key);
      if (!list) return void 0;
      const stamp = stampOf(memoryDir, key);
      const same = list.find((i) => i.stamp && stamp && i.stamp[0] === stamp[0] && i.stamp[1] === stamp[1]);
      if (same) return same;
      if (!shas.has(key)) shas.set(key, safeSha(memoryDir, key));
      const now = shas.get(key);
      return now === void 0 ? list[0] : list.find((i) => i.sha256 === now);
    }
  };
}
function stampOf(memoryDir, rel) {
  try {
    const st = fs4.lstatSync(path3.join(memoryDir, rel));
    return [st.mtimeMs, st.size];
  } catch {
    return void 0;
  }
}
function safeSha(memoryDir, rel) {
  try {
    return currentSha(memoryDir, rel);
  } catch {
    return void 0;
  }
}
function normalise(rel) {
  return path3.posix.normalize(rel.replace(/\\/g, "/")).replace(/^\.\//, "");
}

export {
  notRealError,
  realDir,
  openAppend,
  appendBytes,
  writeNewFile,
  replaceFile,
  hostname,
  withStoreLock,
  ensureStateDir,
  tryStoreLock,
  lockHolder,
  processAlive,
  commitFile,
  commitFileSync,
  sweepDeadTemps,
  syncDirectory,
  pauseFromEnv,
  stageFiles,
  commitStaged,
  FENCE,
  parseIndex,
  indexLines,
  parseIndexLine,
  renderIndexLine,
  readArrivals,
  writeArrivals,
  currentSha,
  readHold,
  stampOf,
  normalise
};
