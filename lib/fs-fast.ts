// The file system calls the per-prompt hook makes some 150 times a prompt (stats of cards and state files, the
// rank cache's positional reads), made straight through Node's own fs binding when this Node's binding is one
// memctl was checked against, and through node:fs otherwise. In a fresh process every first use of an fs
// function compiles its JavaScript wrapper and validators, and on Node 20 each statSync builds four Date
// objects: together ~2.5M instructions of a hook call at 1,000 cards (bench/README.md). The binding calls are
// the ones node:fs itself makes, so errors (code, syscall, path) and mtimeMs are exactly fs's (tested against
// fs on Node 20.16, 22 and 24 in test/lib/fs-fast.test.ts).
import fs from "node:fs";
import { utf8Text } from "./bytes.js";

/** What callers read of a stat: the fields fs.Stats has under the same names. */
export interface FileStat {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  readonly mode: number;
  isFile(): boolean;
  isDirectory(): boolean;
}

/** The binding functions used, with the signatures node:fs calls them with in Node 20.16 to 24. */
interface FsBinding {
  stat(path: string, bigint: false, req: undefined, throwIfNoEntry: boolean): Float64Array | undefined;
  lstat(path: string, bigint: false, req: undefined, throwIfNoEntry: boolean): Float64Array | undefined;
  fstat(fd: number, bigint: false, req: undefined, shouldNotThrow: false): Float64Array;
  open(path: string, flags: number, mode: number): number;
  close(fd: number): void;
  read(fd: number, buffer: NodeJS.ArrayBufferView, offset: number, length: number, position: number): number;
  existsSync(path: string): boolean;
  readFileUtf8(path: string, flags: number): string;
  realpath(path: string, encoding: "utf8"): string;
  access(path: string, mode: number): void;
  readdir(path: string, encoding: "utf8", withFileTypes: false): string[];
  // The one call here that reports errors in a context object rather than by throwing (Node 20.16 to 24).
  writeBuffer(fd: number, buffer: NodeJS.ArrayBufferView, offset: number, length: number, position: null, req: undefined, ctx: { errno?: number; error?: Error }): number;
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;

/** A stat from the binding's field array (the layout getStatsFromBinding reads: size at 8, mtime at 12-13). */
class BindingStat implements FileStat {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ino: number;
  readonly mode: number;
  constructor(values: Float64Array) {
    this.mode = values[1]!;
    this.ino = values[7]!;
    this.size = values[8]!;
    // fs's msFromTimeSpec: the same expression, so the double is bit for bit the one fs.Stats carries.
    this.mtimeMs = values[12]! * 1_000 + values[13]! / 1_000_000;
  }
  isFile(): boolean {
    return (this.mode & S_IFMT) === S_IFREG;
  }
  isDirectory(): boolean {
    return (this.mode & S_IFMT) === S_IFDIR;
  }
}

let chosen: FsBinding | null | undefined;

/**
 * The binding, or null to use node:fs: only on Node lines whose binding signatures were checked, never when
 * process.binding would warn (--pending-deprecation) or a permission model is active (Node 20 checks some of
 * its permissions in the JavaScript layer the binding skips). Decided on first use, once per process.
 */
function fsBinding(): FsBinding | null {
  if (chosen !== undefined) return chosen;
  chosen = null;
  try {
    const [major, minor] = process.versions.node.split(".").map(Number) as [number, number];
    const checked = (major === 20 && minor >= 16) || major === 22 || major === 24;
    const proc = process as NodeJS.Process & { permission?: unknown; binding?: (name: string) => unknown };
    const pending = process.execArgv.includes("--pending-deprecation") || (process.env.NODE_OPTIONS ?? "").includes("--pending-deprecation") || process.env.NODE_PENDING_DEPRECATION === "1";
    if (!checked || pending || proc.permission !== undefined || typeof proc.binding !== "function") return chosen;
    const b = proc.binding("fs") as Partial<FsBinding>;
    const names = ["stat", "lstat", "fstat", "open", "close", "read", "existsSync", "readFileUtf8", "realpath", "access", "readdir", "writeBuffer"] as const;
    if (names.every((n) => typeof b[n] === "function")) chosen = b as FsBinding;
  } catch {
    chosen = null;
  }
  return chosen;
}

/** A path the binding may be given as it is: a string without NUL (node:fs reports the rest). */
function plain(path: string): boolean {
  return typeof path === "string" && path.indexOf("\u0000") === -1;
}

/** fs.statSync(path, { throwIfNoEntry: false }): undefined when the path or a parent does not exist. */
export function statIfExists(path: string): FileStat | undefined {
  const b = fsBinding();
  if (!b || !plain(path)) return fs.statSync(path, { throwIfNoEntry: false });
  const values = b.stat(path, false, undefined, false);
  return values === undefined ? undefined : new BindingStat(values);
}

/** fs.statSync(path): throws ENOENT like every other error. */
export function stat(path: string): FileStat {
  const b = fsBinding();
  if (!b || !plain(path)) return fs.statSync(path);
  return new BindingStat(b.stat(path, false, undefined, true)!);
}

/** fs.lstatSync(path, { throwIfNoEntry: false }). */
export function lstatIfExists(path: string): FileStat | undefined {
  const b = fsBinding();
  if (!b || !plain(path)) return fs.lstatSync(path, { throwIfNoEntry: false });
  const values = b.lstat(path, false, undefined, false);
  return values === undefined ? undefined : new BindingStat(values);
}

export function fstat(fd: number): FileStat {
  const b = fsBinding();
  return b ? new BindingStat(b.fstat(fd, false, undefined, false)) : fs.fstatSync(fd);
}

/** fs.openSync(path, "r"). */
export function openForReading(path: string): number {
  const b = fsBinding();
  return b && plain(path) ? b.open(path, fs.constants.O_RDONLY, 0o666) : fs.openSync(path, "r");
}

/** fs.readSync(fd, buffer, offset, length, position) with every argument given (position -1: the file position). */
export function readAt(fd: number, buffer: NodeJS.ArrayBufferView, offset: number, length: number, position: number): number {
  const b = fsBinding();
  if (!b || length === 0) return fs.readSync(fd, buffer, offset, length, position === -1 ? null : position);
  if (!(offset >= 0 && length > 0 && offset + length <= buffer.byteLength && Number.isSafeInteger(position) && position >= -1)) {
    return fs.readSync(fd, buffer, offset, length, position === -1 ? null : position); // fs reports what is wrong
  }
  return b.read(fd, buffer, offset, length, position);
}

/**
 * fs.openSync(path, "a"): write-only, appending, created when missing; non-blocking, so a FIFO in the file's
 * place fails at once (ENXIO) instead of waiting for a reader (callers check the descriptor is a regular file).
 * `extraFlags` (e.g. O_NOFOLLOW) are added.
 */
export function openForAppend(path: string, extraFlags = 0): number {
  const b = fsBinding();
  const c = fs.constants;
  const flags = c.O_APPEND | c.O_CREAT | c.O_WRONLY | (c.O_NONBLOCK ?? 0) | extraFlags;
  return b && plain(path) ? b.open(path, flags, 0o666) : fs.openSync(path, flags, 0o666);
}

/**
 * fs.writeSync(fd, buffer, offset, length) at the file position. A failed write(2) writes nothing, so on an
 * error the call is made again through node:fs, which reports it as fs does (or, for EAGAIN, may now succeed).
 */
export function writeBytes(fd: number, buffer: Uint8Array, offset: number, length: number): number {
  const b = fsBinding();
  // The binding asserts on a bad argument (it aborts the process): anything fs would reject goes to fs.
  const valid = Number.isInteger(fd) && fd >= 0 && fd <= 0x7fffffff && ArrayBuffer.isView(buffer) && Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0 && offset + length <= buffer.byteLength;
  if (!b || !valid) return fs.writeSync(fd, buffer, offset, length);
  const ctx: { errno?: number; error?: Error } = {};
  const written = b.writeBuffer(fd, buffer, offset, length, null, undefined, ctx);
  return ctx.errno === undefined && ctx.error === undefined ? written : fs.writeSync(fd, buffer, offset, length);
}

/** fs.readdirSync(path): the entry names, in the order the directory gives them. */
export function readdirNames(path: string): string[] {
  const b = fsBinding();
  return b && plain(path) ? b.readdir(path, "utf8", false) : fs.readdirSync(path);
}

export function close(fd: number): void {
  const b = fsBinding();
  if (b) b.close(fd);
  else fs.closeSync(fd);
}

export function exists(path: string): boolean {
  const b = fsBinding();
  return b && plain(path) ? b.existsSync(path) : fs.existsSync(path);
}

/** fs.readFileSync(path, "utf8"). */
export function readUtf8(path: string): string {
  const b = fsBinding();
  return b && plain(path) ? b.readFileUtf8(path, fs.constants.O_RDONLY) : fs.readFileSync(path, "utf8");
}

/** fs.readFileSync(path): the whole file as bytes (a Uint8Array: see lib/bytes.ts for why not a Buffer). */
export function readBytes(path: string): Uint8Array {
  const b = fsBinding();
  if (!b || !plain(path)) return fs.readFileSync(path);
  const fd = b.open(path, fs.constants.O_RDONLY, 0o666);
  try {
    return readWhole(b, fd);
  } finally {
    b.close(fd);
  }
}

/** fs.readFileSync(fd): the rest of an open file as bytes. */
export function readBytesFromFd(fd: number): Uint8Array {
  const b = fsBinding();
  return b ? readWhole(b, fd) : fs.readFileSync(fd);
}

/** What fs.readFileSync does: the size fstat reports, else (0, as for /proc files) chunks until the end. */
function readWhole(b: FsBinding, fd: number): Uint8Array {
  const size = new BindingStat(b.fstat(fd, false, undefined, false)).size;
  if (size > 0) {
    const buf = new Uint8Array(size);
    let length = 0;
    while (length < size) {
      const n = b.read(fd, buf, length, size - length, -1);
      if (n === 0) break;
      length += n;
    }
    return length === size ? buf : buf.subarray(0, length);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const chunk = new Uint8Array(8192);
    const n = b.read(fd, chunk, 0, chunk.length, -1);
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
    total += n;
  }
  const out = new Uint8Array(total);
  for (let i = 0, at = 0; i < chunks.length; at += chunks[i]!.length, i++) out.set(chunks[i]!, at);
  return out;
}

/** fs.realpathSync.native(path): one realpath(3). */
export function realpath(path: string): string {
  const b = fsBinding();
  return b && plain(path) ? b.realpath(path, "utf8") : fs.realpathSync.native(path);
}

/** fs.accessSync(path, mode). */
export function access(path: string, mode: number): void {
  const b = fsBinding();
  if (b && plain(path)) b.access(path, mode);
  else fs.accessSync(path, mode);
}

/** Whether calls go through the binding in this process (for tests and the benchmark's report). */
export function usesBinding(): boolean {
  return fsBinding() !== null;
}

// Checked reads: a FIFO, a device or a socket where memctl expects a file must never block a read or feed it
// without end (a FIFO card hung the hook; a card linked to /dev/zero grew it to gigabytes). The open cannot
// block (O_NONBLOCK: a FIFO with no writer opens at once), the descriptor itself is checked, and a size cap
// holds before a byte is read. These leave the plain functions above exactly node:fs's.

/** Error codes of the checked reads (on an Error with `path`, like fs's errors). */
export const NOT_REGULAR = "E_NOT_REGULAR";
export const TOO_LARGE = "E_TOO_LARGE";

/** Reads larger than this are refused unless the caller sets its own cap. */
export const DEFAULT_READ_CAP = 64 * 1024 * 1024;

const S_IFIFO = 0o010000;
const S_IFCHR = 0o020000;
const S_IFBLK = 0o060000;
const S_IFSOCK = 0o140000;

/** What a non-regular file is, for messages. */
export function fileKind(mode: number): string {
  const t = mode & S_IFMT;
  return t === S_IFIFO ? "a FIFO" : t === S_IFCHR ? "a character device" : t === S_IFBLK ? "a block device" : t === S_IFSOCK ? "a socket" : t === S_IFDIR ? "a directory" : t === S_IFREG ? "a regular file" : "not a regular file";
}

export function notRegularError(path: string, mode: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`${path} is not a regular file (it is ${fileKind(mode)})`), { code: NOT_REGULAR, path });
}

export function tooLargeError(path: string, size: number, cap: number): NodeJS.ErrnoException {
  return Object.assign(new Error(`${path} is ${size} bytes, over the ${cap}-byte read limit`), { code: TOO_LARGE, path });
}

/** Opens a regular file for reading without ever blocking; E_NOT_REGULAR (descriptor closed) for anything else. */
export function openRegular(path: string, options: { nofollow?: boolean } = {}): { fd: number; stat: FileStat } {
  const c = fs.constants;
  const flags = c.O_RDONLY | (c.O_NONBLOCK ?? 0) | (c.O_NOCTTY ?? 0) | (options.nofollow ? (c.O_NOFOLLOW ?? 0) : 0);
  const b = fsBinding();
  const fd = b && plain(path) ? b.open(path, flags, 0o666) : fs.openSync(path, flags);
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

export function readRegularBytes(path: string, cap = DEFAULT_READ_CAP, options: { nofollow?: boolean } = {}): Uint8Array {
  return readRegular(path, cap, options).bytes;
}

/** The text of a regular file, decoded as fs.readFileSync(path, "utf8") does. */
export function readRegularUtf8(path: string, cap = DEFAULT_READ_CAP, options: { nofollow?: boolean } = {}): string {
  return utf8Text(readRegularBytes(path, cap, options));
}
