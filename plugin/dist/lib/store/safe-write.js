// lib/store/safe-write.ts
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { close, fstat, lstatIfExists, openForAppend, readAt, realpathOr, writeAll, writeBytes } from "./checked-fs.js";
import { INDEX_FILE, joinPath } from "./paths.js";
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
function assertIndexRegular(memoryDir) {
  const file = joinPath(memoryDir, INDEX_FILE);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) throw notRealError(file, "file", stat.mode);
  if (!stat || !fs.lstatSync(file).isSymbolicLink()) return;
  const target = realpathOr(file);
  const store = realpathOr(memoryDir);
  if (target.startsWith(store + path.sep)) return;
  throw new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `${file} is a link to ${target}, outside the store; a write replaces MEMORY.md with the store's own file and would copy what the link leads to into it. Replace the link with the index it should be (a copy of the file, or remove it and follow "memctl doctor"), then retry (nothing was written)`,
    { file, target }
  );
}
var madeHere = /* @__PURE__ */ new Map();
function parentMtimeAfterMade(dir) {
  return madeHere.get(dir);
}
function realDir(root, ...segments) {
  let dir = root;
  for (const segment of segments.flatMap((s) => s.split("/"))) {
    const parent = dir;
    dir = joinPath(dir, segment);
    let stat = lstatIfExists(dir);
    if (stat === void 0) {
      try {
        fs.mkdirSync(dir);
        const after = lstatIfExists(parent)?.mtimeMs;
        if (after !== void 0) madeHere.set(dir, after);
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
    if (options.expect && !options.expect(fd)) return void 0;
    if (options.dropTornTail) cutTornTail(fd);
    const start = options.rollback ? fstat(fd).size : 0;
    try {
      writeAll(fd, data);
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
function appendRotating(file, data, cap, previous) {
  const fd = openAppend(file);
  let size;
  let ino;
  try {
    writeAll(fd, data);
    const st = fstat(fd);
    size = st.size;
    ino = st.ino;
  } finally {
    close(fd);
  }
  if (size > cap && lstatIfExists(file)?.ino === ino) fs.renameSync(file, previous);
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
export {
  appendBytes,
  appendRotating,
  assertIndexRegular,
  notRealError,
  openAppend,
  parentMtimeAfterMade,
  realDir,
  replaceFile,
  writeNewFile
};
