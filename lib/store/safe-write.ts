// Writes under a memory store that never go through a symlink: a link planted anywhere under the store
// (.memctl/ itself, a usage file, the lock, history, the proposals or trash directory) is refused, or replaced
// by a rename, never followed to a file outside. Every appender and every temp file under the store uses these.
// Light on purpose (no parser, no node:crypto): the per-prompt hook appends its usage line through here.
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { close, fstat, lstatIfExists, openForAppend, readAt, realpathOr, writeAll, writeBytes } from "./checked-fs.js";
import { INDEX_FILE, joinPath } from "./paths.js";

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/** E_PATH_ESCAPE for a path under the store that is a symlink, or not the regular file or directory expected. */
export function notRealError(file: string, expected: "file" | "directory", mode?: number): MemctlError {
  const what = mode !== undefined && (mode & S_IFMT) === S_IFLNK ? "a symlink" : expected === "file" ? "not a regular file" : "not a directory";
  return new MemctlError(
    ERROR_CODES.E_PATH_ESCAPE,
    `${file} is ${what}; memctl writes its state only to real files and directories inside the store, never through a link — remove it and retry (nothing was written)`,
    { file },
  );
}

/**
 * MEMORY.md, when present, is a regular file, or a link to one inside the store (replaced by the rename): never a
 * FIFO or a device, nor a link out of the store (to /proc/self/pagemap, whose size reads 0 and whose read does not
 * end, or to a file of the user's), whose bytes a write would copy into the store and a sync would commit as a link.
 * Every writer of cards (one, a batch) and sync check it before writing anything.
 */
export function assertIndexRegular(memoryDir: string): void {
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
    { file, target },
  );
}

/**
 * Each directory realDir made in this process, with its parent's mtime read just after: while the parent still has
 * it, the parent's last change is that mkdir, memctl's own (the rank cache's build, lib/rank-cache/build.ts). Not
 * .memctl/'s birth time: it and the parent's mtime are separate clock reads, which a tick or a fine-grained
 * timestamp (Linux 6.13+, after a stat) part.
 */
const madeHere = new Map<string, number>();

/** The mtime `dir`'s parent had just after this process made `dir` with realDir, or undefined (not made here). */
export function parentMtimeAfterMade(dir: string): number | undefined {
  return madeHere.get(dir);
}

/**
 * `root/<segments…>` as real directories, each made when missing ("a/b" walks both). `root`, the store itself, is
 * the user's choice and may be a link; nothing below it may be. Throws E_PATH_ESCAPE for a link or a non-directory.
 */
export function realDir(root: string, ...segments: string[]): string {
  let dir = root;
  for (const segment of segments.flatMap((s) => s.split("/"))) {
    const parent = dir;
    dir = joinPath(dir, segment);
    let stat = lstatIfExists(dir);
    if (stat === undefined) {
      try {
        fs.mkdirSync(dir);
        const after = lstatIfExists(parent)?.mtimeMs;
        if (after !== undefined) madeHere.set(dir, after);
      } catch (err) {
        if (systemCode(err) !== "EEXIST") throw err;
      }
      stat = lstatIfExists(dir);
    }
    if (!stat?.isDirectory()) throw notRealError(dir, "directory", stat?.mode);
  }
  return dir;
}

/**
 * `file` opened for appending, created when missing: never through a symlink (O_NOFOLLOW), never blocking on a
 * FIFO (O_NONBLOCK), and refused unless the descriptor itself is a regular file. Its directory is the caller's
 * to check (realDir). Returns the descriptor.
 */
export function openAppend(file: string, readable = false): number {
  const c = fs.constants;
  let fd: number;
  try {
    fd = openForAppend(file, c.O_NOFOLLOW | c.O_NONBLOCK, readable);
  } catch (err) {
    const code = systemCode(err);
    // ELOOP: the last component is a link. ENXIO: a FIFO nobody reads.
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

export interface AppendOptions {
  /** fsync before returning (history, ledgers, episodes; the hook's usage line does without). */
  fsync?: boolean;
  /**
   * On a failed write (a full disk), cut the file back to its size before, so no torn line stays. Only for callers
   * holding the store lock: nobody else appends to that file meanwhile.
   */
  rollback?: boolean;
  /**
   * Before writing, cut back a last line a killed writer left without its newline, so this append starts a line
   * of its own instead of gluing onto the fragment (which would make both unreadable). Lock holders only, as above.
   */
  dropTornTail?: boolean;
  /**
   * Given the opened descriptor before anything is written: false writes nothing (appendBytes returns undefined).
   * For an append planned from a read of the file (a save's MEMORY.md line): the file must still be what was read.
   */
  expect?: (fd: number) => boolean;
}

/**
 * Appends `data` through openAppend in one write (looping only on a short one); returns the file's size after, or
 * undefined when `expect` refused the file.
 */
export function appendBytes<O extends AppendOptions>(file: string, data: Uint8Array, options?: O): O extends { expect: unknown } ? number | undefined : number;
export function appendBytes(file: string, data: Uint8Array, options: AppendOptions = {}): number | undefined {
  const fd = openAppend(file, options.dropTornTail === true);
  try {
    if (options.expect && !options.expect(fd)) return undefined;
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
          /* the error below says what failed */
        }
      }
      throw err;
    }
    return fstat(fd).size;
  } finally {
    close(fd);
  }
}

/**
 * appendBytes for a bounded log: past `cap` bytes the file written to becomes `previous` (replacing the one before),
 * so the two never hold much more than twice the cap. Only the file this write reached is renamed: a concurrent
 * writer that rotated first leaves a fresh log in place.
 */
export function appendRotating(file: string, data: Uint8Array, cap: number, previous: string): void {
  const fd = openAppend(file);
  let size: number;
  let ino: number;
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

/**
 * Cuts a torn last line: truncates `fd` to just after its last newline when its last byte is not one (an empty
 * file is left alone). A last line that is whole JSON but for its newline (a kill between the two) is a record
 * readers already count, so it gets its newline instead of being cut.
 */
function cutTornTail(fd: number): void {
  const size = fstat(fd).size;
  const last = Buffer.alloc(1);
  if (size === 0 || (readAt(fd, last, 0, 1, size - 1) === 1 && last[0] === 10)) return;
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

/** Past this, a last line without newline is torn whatever it holds (records are far smaller). */
const WHOLE_TAIL_MAX = 1024 * 1024;

/** The offset just after the last newline in the first `size` bytes (0 when there is none), read back a chunk at a time. */
function lastLineStart(fd: number, size: number): number {
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

function isJsonRecord(text: string): boolean {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null;
  } catch {
    return false;
  }
}

/**
 * Creates `file` with `data`: never an existing name and never through a link (O_CREAT|O_EXCL|O_NOFOLLOW). On any
 * failure (a full disk) the partial file is removed, so no temp is left behind. `data` may be pieces written one
 * after another (a 19 MB MEMORY.md with one line replaced is its head, the line and its tail: no copy joins them),
 * or an iterable making each piece once the one before is written (lib/store/index-stream.ts reuses one Buffer).
 */
export function writeNewFile(file: string, data: string | Uint8Array | Iterable<Uint8Array>, options: { mode?: number; fsync?: boolean } = {}): void {
  const c = fs.constants;
  const fd = fs.openSync(file, c.O_WRONLY | c.O_CREAT | c.O_EXCL | c.O_NOFOLLOW, options.mode ?? 0o666);
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

/**
 * Replaces `file` with `data` (pieces, as writeNewFile takes them) by a temp beside it and a rename: a link at
 * `file` is replaced, never written through, and the temp never outlives a failure. For derived state (caches, indexes) that needs no fsync;
 * records go through commitFile (lib/store/write.ts), which adds fsync and the pause point.
 */
export function replaceFile(file: string, data: string | Uint8Array | Iterable<Uint8Array>, temp: string): void {
  writeNewFile(temp, data);
  try {
    fs.renameSync(temp, file);
  } catch (err) {
    fs.rmSync(temp, { force: true });
    throw err;
  }
}
