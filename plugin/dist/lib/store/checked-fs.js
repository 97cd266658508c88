// lib/store/checked-fs.ts
import fs from "node:fs";
import nodePath from "node:path";
import { utf8Text, bufferView } from "../core/bytes.js";
var S_IFMT = 61440;
var S_IFREG = 32768;
var S_IFDIR = 16384;
var S_IFIFO = 4096;
var S_IFCHR = 8192;
var S_IFBLK = 24576;
var S_IFSOCK = 49152;
function statIfExists(path) {
  return fs.statSync(path, { throwIfNoEntry: false });
}
function isDirectory(path) {
  try {
    return statIfExists(path)?.isDirectory() ?? false;
  } catch {
    return false;
  }
}
function stat(path) {
  return fs.statSync(path);
}
function lstatIfExists(path) {
  return fs.lstatSync(path, { throwIfNoEntry: false });
}
function fstat(fd) {
  return fs.fstatSync(fd);
}
function futimes(fd, ms) {
  fs.futimesSync(fd, ms / 1e3, ms / 1e3);
}
function utimes(path, ms) {
  fs.utimesSync(path, ms / 1e3, ms / 1e3);
}
function readAt(fd, buffer, offset, length, position) {
  return fs.readSync(fd, buffer, offset, length, position === -1 ? null : position);
}
function readFullyAt(fd, position, length, buf = Buffer.allocUnsafe(length)) {
  for (let got = 0; got < length; ) {
    const n = readAt(fd, buf, got, length - got, position + got);
    if (n === 0) throw new Error(`the file ended ${length - got} bytes early at ${position + got}`);
    got += n;
  }
  return buf;
}
function openForAppend(path, extraFlags = 0, readable = false) {
  const c = fs.constants;
  return fs.openSync(path, c.O_APPEND | c.O_CREAT | (readable ? c.O_RDWR : c.O_WRONLY) | (c.O_NONBLOCK ?? 0) | extraFlags, 438);
}
function writeBytes(fd, buffer, offset, length) {
  return fs.writeSync(fd, buffer, offset, length);
}
function writeAll(fd, data) {
  let written = 0;
  while (written < data.length) written += writeBytes(fd, data, written, data.length - written);
}
function readdirNames(path) {
  return fs.readdirSync(path);
}
function close(fd) {
  fs.closeSync(fd);
}
function exists(path) {
  return fs.existsSync(path);
}
function readUtf8(path) {
  return fs.readFileSync(path, "utf8");
}
function readBytes(path) {
  return fs.readFileSync(path);
}
function realpath(path) {
  return fs.realpathSync.native(path);
}
function realpathOr(path) {
  try {
    return fs.realpathSync.native(path);
  } catch {
    return nodePath.resolve(path);
  }
}
var R_OK = fs.constants.R_OK;
function access(path, mode) {
  fs.accessSync(path, mode);
}
var NOT_REGULAR = "E_NOT_REGULAR";
var TOO_LARGE = "E_TOO_LARGE";
function refusedRead(err) {
  const code = err?.code;
  return code === "ELOOP" || code === NOT_REGULAR || code === TOO_LARGE;
}
var DEFAULT_READ_CAP = 64 * 1024 * 1024;
var LOG_MAX_BYTES = DEFAULT_READ_CAP;
function fileKind(mode) {
  const t = mode & S_IFMT;
  return t === S_IFIFO ? "a FIFO" : t === S_IFCHR ? "a character device" : t === S_IFBLK ? "a block device" : t === S_IFSOCK ? "a socket" : t === S_IFDIR ? "a directory" : t === S_IFREG ? "a regular file" : "not a regular file";
}
function notRegularError(path, mode) {
  return Object.assign(new Error(`${path} is not a regular file (it is ${fileKind(mode)})`), { code: NOT_REGULAR, path, mode });
}
function tooLargeError(path, size, cap) {
  return Object.assign(new Error(`${path} is ${size} bytes, over the ${cap}-byte read limit`), { code: TOO_LARGE, path });
}
function openRegular(path, options = {}) {
  const c = fs.constants;
  const flags = c.O_RDONLY | (c.O_NONBLOCK ?? 0) | (c.O_NOCTTY ?? 0) | (options.nofollow ? c.O_NOFOLLOW ?? 0 : 0);
  const fd = fs.openSync(path, flags);
  let st;
  try {
    st = fstat(fd);
  } catch (err) {
    close(fd);
    throw err;
  }
  if ((st.mode & S_IFMT) !== S_IFREG) {
    close(fd);
    throw notRegularError(path, st.mode);
  }
  return { fd, stat: st };
}
function readRegular(path, cap = DEFAULT_READ_CAP, options = {}) {
  const { fd, stat: st } = openRegular(path, options);
  try {
    if (st.size > cap) throw tooLargeError(path, st.size, cap);
    const buf = new Uint8Array(st.size);
    let length = 0;
    while (length < st.size) {
      const n = readAt(fd, buf, length, st.size - length, -1);
      if (n === 0) break;
      length += n;
    }
    return { bytes: length === st.size ? buf : buf.subarray(0, length), stat: st };
  } finally {
    close(fd);
  }
}
var readByFile = /* @__PURE__ */ new Map();
var READ_MEMO_FILES = 4;
function fileStamp(st) {
  return st ? `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}` : "";
}
function readRegularMemo(path, cap = DEFAULT_READ_CAP, options = {}) {
  const now = fs.statSync(path, { bigint: true, throwIfNoEntry: false });
  const stamp = fileStamp(now);
  const seen = readByFile.get(path);
  if (seen && now?.isFile() && seen.stamp === stamp) return seen.bytes;
  const { bytes } = readRegular(path, cap, options);
  const buffer = bufferView(bytes);
  readByFile.delete(path);
  if (now?.isFile()) readByFile.set(path, { stamp, bytes: buffer });
  if (readByFile.size > READ_MEMO_FILES) readByFile.delete(readByFile.keys().next().value);
  return buffer;
}
function forgetReads() {
  readByFile.clear();
}
function readRegularTail(path, cap, options = {}) {
  const { fd, stat: st } = openRegular(path, options);
  try {
    const length = Math.min(st.size, cap);
    return { bytes: readFullyAt(fd, st.size - length, length), cut: length < st.size };
  } finally {
    close(fd);
  }
}
function readRegularBytes(path, cap = DEFAULT_READ_CAP, options = {}) {
  return readRegular(path, cap, options).bytes;
}
function readRegularBuffer(path, cap = DEFAULT_READ_CAP, options = {}) {
  const bytes = readRegularBytes(path, cap, options);
  return bufferView(bytes);
}
function readRegularUtf8(path, cap = DEFAULT_READ_CAP, options = {}) {
  return utf8Text(readRegularBytes(path, cap, options));
}
export {
  DEFAULT_READ_CAP,
  LOG_MAX_BYTES,
  NOT_REGULAR,
  R_OK,
  TOO_LARGE,
  access,
  close,
  exists,
  fileKind,
  fileStamp,
  forgetReads,
  fstat,
  futimes,
  isDirectory,
  lstatIfExists,
  notRegularError,
  openForAppend,
  openRegular,
  readAt,
  readBytes,
  readFullyAt,
  readRegular,
  readRegularBuffer,
  readRegularBytes,
  readRegularMemo,
  readRegularTail,
  readRegularUtf8,
  readUtf8,
  readdirNames,
  realpath,
  realpathOr,
  refusedRead,
  stat,
  statIfExists,
  tooLargeError,
  utimes,
  writeAll,
  writeBytes
};
