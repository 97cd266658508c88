// The file system calls memctl makes on a store, through node:fs, in one place: the stats and positional reads
// the per-prompt hook makes, appends that never block, and checked reads. A FIFO, a device or a socket where
// memctl expects a file must never block a read or feed it without end (a FIFO card hung the hook; a card linked
// to /dev/zero grew it to gigabytes): the checked reads open without blocking (O_NONBLOCK: a FIFO with no writer
// opens at once), check the descriptor itself, and hold a size cap before a byte is read.
import fs from "node:fs";
import nodePath from "node:path";
import { utf8Text, bufferView } from "../core/bytes.js";

/** What callers read of a stat: the fields fs.Stats has under the same names. */
export interface FileStat {
  readonly size: number;
  readonly mtimeMs: number;
  /** Changes with every write, and also when a tool puts the mtime back (the rank cache's fingerprint uses both). */
  readonly ctimeMs: number;
  /** When the inode was made; 0, or the ctime, where the filesystem does not record it (Node's fs.Stats). */
  readonly birthtimeMs: number;
  readonly ino: number;
  readonly dev: number;
  /** Hard links to the inode: a card with more than one can be written through a directory nobody watches. */
  readonly nlink: number;
  readonly mode: number;
  isFile(): boolean;
  isDirectory(): boolean;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFIFO = 0o010000;
const S_IFCHR = 0o020000;
const S_IFBLK = 0o060000;
const S_IFSOCK = 0o140000;

/** fs.statSync(path, { throwIfNoEntry: false }): undefined when the path or a parent does not exist. */
export function statIfExists(path: string): FileStat | undefined {
  return fs.statSync(path, { throwIfNoEntry: false });
}

/** Whether `path` is a directory, links followed; false when it is missing or cannot be stat'ed. */
export function isDirectory(path: string): boolean {
  try {
    return statIfExists(path)?.isDirectory() ?? false;
  } catch {
    return false;
  }
}

/** fs.statSync(path): throws ENOENT like every other error. */
export function stat(path: string): FileStat {
  return fs.statSync(path);
}

/** fs.lstatSync(path, { throwIfNoEntry: false }). */
export function lstatIfExists(path: string): FileStat | undefined {
  return fs.lstatSync(path, { throwIfNoEntry: false });
}

export function fstat(fd: number): FileStat {
  return fs.fstatSync(fd);
}

/** fs.futimesSync(fd, ms, ms): sets both times; an owner may, even through a read-only descriptor. */
export function futimes(fd: number, ms: number): void {
  fs.futimesSync(fd, ms / 1000, ms / 1000);
}

/** fs.utimesSync(path, ms, ms). */
export function utimes(path: string, ms: number): void {
  fs.utimesSync(path, ms / 1000, ms / 1000);
}

/** fs.readSync(fd, buffer, offset, length, position); position -1 reads at the file position. */
export function readAt(fd: number, buffer: NodeJS.ArrayBufferView, offset: number, length: number, position: number): number {
  return fs.readSync(fd, buffer, offset, length, position === -1 ? null : position);
}

/** `length` bytes at `position` into `buf` (a new Buffer by default), however many reads it takes; throws when the file ends first. */
export function readFullyAt(fd: number, position: number, length: number, buf: Buffer = Buffer.allocUnsafe(length)): Buffer {
  for (let got = 0; got < length; ) {
    const n = readAt(fd, buf, got, length - got, position + got);
    if (n === 0) throw new Error(`the file ended ${length - got} bytes early at ${position + got}`);
    got += n;
  }
  return buf;
}

/**
 * Write-only, appending, created when missing; non-blocking, so a FIFO in the file's place fails at once (ENXIO)
 * instead of waiting for a reader (callers check the descriptor is a regular file). `extraFlags` (e.g.
 * O_NOFOLLOW) are added.
 */
export function openForAppend(path: string, extraFlags = 0, readable = false): number {
  const c = fs.constants;
  return fs.openSync(path, c.O_APPEND | c.O_CREAT | (readable ? c.O_RDWR : c.O_WRONLY) | (c.O_NONBLOCK ?? 0) | extraFlags, 0o666);
}

/** fs.writeSync(fd, buffer, offset, length) at the file position. */
export function writeBytes(fd: number, buffer: Uint8Array, offset: number, length: number): number {
  return fs.writeSync(fd, buffer, offset, length);
}

/** All of `data` at the file position: a write may take fewer bytes than asked (a full pipe, a signal). */
export function writeAll(fd: number, data: Uint8Array): void {
  let written = 0;
  while (written < data.length) written += writeBytes(fd, data, written, data.length - written);
}

/** fs.readdirSync(path): the entry names, in the order the directory gives them. */
export function readdirNames(path: string): string[] {
  return fs.readdirSync(path);
}

export function close(fd: number): void {
  fs.closeSync(fd);
}

export function exists(path: string): boolean {
  return fs.existsSync(path);
}

/** fs.readFileSync(path, "utf8"). */
export function readUtf8(path: string): string {
  return fs.readFileSync(path, "utf8");
}

/** fs.readFileSync(path): the whole file as bytes (a Uint8Array: see lib/core/bytes.ts for why not a Buffer). */
export function readBytes(path: string): Uint8Array {
  return fs.readFileSync(path);
}

/** fs.realpathSync.native(path): one realpath(3). */
export function realpath(path: string): string {
  return fs.realpathSync.native(path);
}

/** realpath(path), or the path made absolute where it does not resolve (missing, a dangling link, unreadable). */
export function realpathOr(path: string): string {
  try {
    return fs.realpathSync.native(path);
  } catch {
    return nodePath.resolve(path);
  }
}

/** fs.constants.R_OK, for access(). */
export const R_OK = fs.constants.R_OK;

/** fs.accessSync(path, mode). */
export function access(path: string, mode: number): void {
  fs.accessSync(path, mode);
}

/** Error codes of the checked reads (on an Error with `path`, like fs's errors). */
export const NOT_REGULAR = "E_NOT_REGULAR";
export const TOO_LARGE = "E_TOO_LARGE";

/** Whether a checked read refused what is there: a link (ELOOP, under nofollow), not a regular file, or over its cap. */
export function refusedRead(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "ELOOP" || code === NOT_REGULAR || code === TOO_LARGE;
}

/** Reads larger than this are refused unless the caller sets its own cap. */
export const DEFAULT_READ_CAP = 64 * 1024 * 1024;
/**
 * The most a log (history.jsonl, an episodes file, the proposals log) may hold for a sync to merge it and for the
 * reports to read it whole: 3x the history of 100,000 cards. A teammate's pushed log past it is left out of a merge.
 */
export const LOG_MAX_BYTES = DEFAULT_READ_CAP;

/** What a non-regular file is, for messages. */
export function fileKind(mode: number): string {
  const t = mode & S_IFMT;
  return t === S_IFIFO
    ? "a FIFO"
    : t === S_IFCHR
      ? "a character device"
      : t === S_IFBLK
        ? "a block device"
        : t === S_IFSOCK
          ? "a socket"
          : t === S_IFDIR
            ? "a directory"
            : t === S_IFREG
              ? "a regular file"
              : "not a regular file";
}

/** `mode`: the descriptor's, so a caller can say what was there without a second look that may see something else. */
export function notRegularError(path: string, mode: number): NodeJS.ErrnoException & { mode: number } {
  return Object.assign(new Error(`${path} is not a regular file (it is ${fileKind(mode)})`), { code: NOT_REGULAR, path, mode });
}

export function tooLargeError(path: string, size: number, cap: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`${path} is ${size} bytes, over the ${cap}-byte read limit`), { code: TOO_LARGE, path });
}

/** Opens a regular file for reading without ever blocking; E_NOT_REGULAR (descriptor closed) for anything else. */
export function openRegular(path: string, options: { nofollow?: boolean } = {}): { fd: number; stat: FileStat } {
  const c = fs.constants;
  const flags = c.O_RDONLY | (c.O_NONBLOCK ?? 0) | (c.O_NOCTTY ?? 0) | (options.nofollow ? (c.O_NOFOLLOW ?? 0) : 0);
  const fd = fs.openSync(path, flags);
  let st: FileStat;
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

/** A regular file's bytes, at most `cap` of them (E_TOO_LARGE past it), with the stat of the descriptor read. */
export function readRegular(path: string, cap = DEFAULT_READ_CAP, options: { nofollow?: boolean } = {}): { bytes: Uint8Array; stat: FileStat } {
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

/** The bytes readRegularMemo last read for each file, with the stamp the file had just before. */
const readByFile = new Map<string, { stamp: string; bytes: Buffer }>();
const READ_MEMO_FILES = 4;

/** A file's identity and version in one string: device, inode, size, nanosecond mtime and ctime ("" for none). */
export function fileStamp(st: fs.BigIntStats | undefined): string {
  return st ? `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}` : "";
}

/**
 * readRegular's bytes as a Buffer, or the same Buffer again while the file keeps the device, inode, size, mtime and
 * ctime it had before they were read: one write reads MEMORY.md and history.jsonl (19 MB each at 100,000 cards)
 * in several places, under one lock hold. Nanosecond stamps; a change in place moves mtime and ctime, a replace
 * the inode. Errors are readRegular's. The Buffer is shared: callers never write into it. Kept until a store lock
 * is released (forgetReads), so a long-lived server does not hold the last write's 19 MB between calls.
 */
export function readRegularMemo(path: string, cap = DEFAULT_READ_CAP, options: { nofollow?: boolean } = {}): Buffer {
  const now = fs.statSync(path, { bigint: true, throwIfNoEntry: false });
  const stamp = fileStamp(now);
  const seen = readByFile.get(path);
  if (seen && now?.isFile() && seen.stamp === stamp) return seen.bytes;
  const { bytes } = readRegular(path, cap, options);
  const buffer = bufferView(bytes);
  readByFile.delete(path);
  if (now?.isFile()) readByFile.set(path, { stamp, bytes: buffer });
  if (readByFile.size > READ_MEMO_FILES) readByFile.delete(readByFile.keys().next().value!);
  return buffer;
}

/** Lets go of every Buffer readRegularMemo keeps: lock.ts calls it as a lock hold ends. */
export function forgetReads(): void {
  readByFile.clear();
}

/** The last `cap` bytes of a regular file (all of it when smaller): for append-only logs read from their newest end. */
export function readRegularTail(path: string, cap: number, options: { nofollow?: boolean } = {}): { bytes: Uint8Array; cut: boolean } {
  const { fd, stat: st } = openRegular(path, options);
  try {
    const length = Math.min(st.size, cap);
    return { bytes: readFullyAt(fd, st.size - length, length), cut: length < st.size };
  } finally {
    close(fd);
  }
}

export function readRegularBytes(path: string, cap = DEFAULT_READ_CAP, options: { nofollow?: boolean } = {}): Uint8Array {
  return readRegular(path, cap, options).bytes;
}

/** The text of a regular file, decoded as fs.readFileSync(path, "utf8") does. */
/** readRegularBytes as a Buffer over the same memory (no copy: MEMORY.md may be 20 MB at 100,000 cards). */
export function readRegularBuffer(path: string, cap = DEFAULT_READ_CAP, options: { nofollow?: boolean } = {}): Buffer {
  const bytes = readRegularBytes(path, cap, options);
  return bufferView(bytes);
}

export function readRegularUtf8(path: string, cap = DEFAULT_READ_CAP, options: { nofollow?: boolean } = {}): string {
  return utf8Text(readRegularBytes(path, cap, options));
}
