import fs from "node:fs";
import { appendedLineEdit, lineInFormOf, replacedLineEdit, type LineEdit } from "../core/index-edit.js";
import { hasFence } from "../core/index-bytes.js";
import { cardLineOf, cardLineScan, feedIndexScan, newCardScan, type IndexScan } from "../core/index-scan.js";
import { addIndexNames, newCardKeys } from "../core/index-names.js";
import { close, DEFAULT_READ_CAP, fileStamp, openRegular, readAt, readFullyAt } from "./checked-fs.js";
import { keepNames, mayName, namesAt, noteEdit } from "./index-names.js";
import { appendBytes } from "./safe-write.js";
import { commitFile, pauseBeforeCommit, type CommitOptions } from "./write.js";

// A save's look-up and edit of its card's MEMORY.md line, read a run at a time through one reused 1 MiB Buffer
// instead of the whole 19 MB index of a 100,000-card store: 8 MB or more of live ArrayBuffers made V8 run a full
// mark-compact in every save (10-20 ms), and the fresh 19 MB cost its page faults (issue 32). The edit is still
// one new file through commitFile (temp, fsync, rename): the old index is copied around the new line (or before the
// appended one), and the copy is used only if the index kept its stamp from the scan to the end of the copy.
// Anything else (a change meanwhile, a last line without its break) is left to the whole-Buffer edit
// (lib/records/commit.ts). A new card's title look-up (lib/records/card-find.ts) scans the same way, in the same
// pass as its card line (scanNewCard).

const RUN = 1 << 20;
const NL = 0x0a;
/**
 * The scan's and the copy's run Buffers, made once a process: a save scans the index and copies it, and each fresh 1 MiB would stay live until a GC (what this file is here to avoid, in small).
 */
const runs: { scan?: Buffer; copy?: Buffer } = {};

/**
 * Feeds `file` (MEMORY.md) to `scan` a run at a time, to its end or, with `toHit`, to a first scan's hit (a title
 * look-up). Undefined when a single line is longer than the read cap. Errors are openRegular's.
 */
export function scanIndexFile(file: string, scan: IndexScan, options: { toHit?: boolean; run?: number; names?: number[] } = {}): Scanned | undefined {
  const { fd } = openRegular(file);
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    let buf = options.run === undefined ? (runs.scan ??= Buffer.allocUnsafe(RUN)) : Buffer.allocUnsafe(options.run);
    let covered = 0;
    let held = 0; // the start of a line not yet whole, kept at buf[0]
    let base = 0; // the file offset of buf[0]
    for (;;) {
      if (held === buf.length) {
        if (buf.length * 2 > DEFAULT_READ_CAP) return undefined;
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, held);
        buf = bigger;
      }
      const n = readAt(fd, buf, held, buf.length - held, base + held);
      const filled = held + n;
      const end = n === 0 ? filled : buf.lastIndexOf(NL, filled - 1) + 1;
      if (end > 0) feedIndexScan(scan, buf.subarray(0, end), base);
      if (end > 0 && options.names) addIndexNames(buf.subarray(0, end), options.names);
      covered = base + end;
      const found = scan.first && scan.hits.length > 0;
      if (n === 0 || (found && (options.toHit || scan.marks))) break; // nothing more to learn
      buf.copy(buf, 0, end, filled);
      held = filled - end;
      base += end;
    }
    return { scan, size: Number(st.size), stamp: fileStamp(st), covered, run: options.run };
  } finally {
    close(fd);
  }
}

export interface Scanned {
  scan: IndexScan;
  size: number;
  stamp: string;
  /** The bytes fed to the scan, [0, covered): whole lines; a toHit scan stops after its hit's run. */
  covered: number;
  /** The run size a test chose (the copy uses it too); undefined: 1 MiB. */
  run?: number;
}

/**
 * Replaces the first MEMORY.md line linking `card` with `line`, or appends `line` when none does, streamed:
 * `changed` false when it already is that line, with the write journal's edit when it can express one. Undefined
 * when the whole-Buffer edit must decide (an index whose last line has no line break) or the index changed during
 * the copy: the caller then edits the whole Buffer. The caller holds the store lock.
 */
export async function upsertIndexLineStreamed(
  file: string,
  card: string,
  line: string,
  commit?: CommitOptions,
  options: { recovering?: boolean } = {},
): Promise<{ changed: boolean; edit?: LineEdit } | undefined> {
  return upsertScannedLine(file, scanCardLine(file, card), line, commit, options);
}

/** The card-line scans of each index file, by card, each with the stamp the file had. */
const scannedByFile = new Map<string, Map<string, Scanned>>();

/**
 * The scan of `file` for the first line linking `card`, to that line (line numbers counted: the edit's journal
 * needs them), or the same scan again while the file keeps the stamp it had: a save looks its card's title up,
 * then edits that line under the same lock hold, and at 100,000 cards the second scan of a late line would read
 * 19 MB again. A change in place moves mtime and ctime, a replace the inode (as readRegularMemo trusts them).
 */
export function scanCardLine(file: string, card: string): Scanned | undefined {
  const now = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  const seen = scannedByFile.get(file)?.get(card);
  if (now && seen && seen.stamp === fileStamp(now)) return seen;
  const scanned = scanIndexFile(file, cardLineScan(card, true), { toHit: true });
  keep(file, scanned ? [[card, scanned]] : []);
  return scanned;
}

/**
 * A new card's look-up in one pass (newCardScan): the entries titled `name` and the lines linking each of `cards`
 * (its possible files). For a save (`forEdit`), line numbers are counted and each card's card-line scan is kept for
 * scanCardLine, so the title look-up and the edit that appends the line read the 19 MB index once, not twice.
 */
export function scanNewCard(file: string, name: string, cards: readonly string[], forEdit: boolean): Scanned | undefined {
  let scanned = forEdit ? knownNewCard(file, name, cards) : undefined;
  if (!scanned) {
    const names = forEdit ? [] : undefined; // the next save's answer, found in the same pass
    scanned = scanIndexFile(file, newCardScan(name, cards, forEdit), { names });
    if (names && scanned && scanned.covered === scanned.size) {
      const { newlines, marks, crlf, last } = scanned.scan;
      keepNames(file, { stamp: scanned.stamp, newlines, marks, crlf, last: last ?? null }, names);
    }
  }
  if (forEdit) keep(file, scanned ? cards.map((card) => [card, { ...scanned, scan: cardLineOf(scanned.scan, card) }]) : []);
  return scanned;
}

/**
 * A save's new card that .memctl/index-names.idx shows on no line of the index as it is now: the whole scan's
 * answer (no hits, the counts the append needs) without reading the index. Undefined: scan it.
 */
function knownNewCard(file: string, name: string, cards: readonly string[]): Scanned | undefined {
  const st = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!st?.isFile()) return undefined;
  const names = namesAt(file, fileStamp(st));
  if (!names || mayName(names, newCardKeys(name, cards))) return undefined;
  const { newlines, marks, crlf, last } = names;
  const scan = { ...newCardScan(name, cards, true), newlines, marks, crlf, ...(last === null ? {} : { last }) };
  return { scan, size: Number(st.size), stamp: names.stamp, covered: Number(st.size) };
}

/** Replaces what is kept for `file`: a scan made now supersedes any made at another stamp. */
function keep(file: string, scans: readonly (readonly [string, Scanned])[]): void {
  scannedByFile.set(file, new Map(scans));
}

/** upsertIndexLineStreamed's write, given the whole scan of `file` it makes (its own function for the tests). */
export async function upsertScannedLine(
  file: string,
  scanned: Scanned | undefined,
  line: string,
  commit?: CommitOptions,
  options: { recovering?: boolean } = {},
): Promise<{ changed: boolean; edit?: LineEdit } | undefined> {
  if (!scanned) return undefined;
  const { scan, size, stamp } = scanned;
  const hit = scan.hits[0];
  const added = Buffer.from(line + (scan.crlf ? "\r\n" : "\n"), "utf8");
  const torn = size > 0 && scan.last !== NL;
  // The append a killed save left part-way (a write cut at a page boundary by SIGKILL) is finished, never doubled.
  if (torn && options.recovering && (!hit || hit.end >= size - 1)) {
    const rest = tornRest(file, size, added);
    if (rest) return (await appendInPlace(file, stamp, rest, commit)) ? { changed: true } : undefined;
  }
  // The owner's form of the line (numbered, marked, bold) is kept: only what the save changes is written.
  if (hit) line = lineInFormOf(hit.bytes, line);
  const bytes = Buffer.from(line, "utf8");
  if (hit && bytes.equals(hit.bytes)) return { changed: false };
  if (!hit && torn) return undefined;
  // A new line at the end (a new card's): appended in place, so a save of one line writes one line, not a copy of
  // the 19 MB index with its fsync and rename (issue 32; docs/internals.md "MEMORY.md streamed by a save").
  if (!hit && scanned.covered === size && (await appendInPlace(file, stamp, added, commit))) {
    noteEdit(file, stamp, added, { lines: 1, last: added[added.length - 1]! }); // after a line break: nothing spans the old end
    const edit = appendedLineEdit(scan.newlines + 1, line, scan.marks);
    return { changed: true, ...(edit ? { edit } : {}) };
  }
  const ranges: Piece[] = hit ? [[0, hit.start], bytes, [hit.end, size]] : [[0, size], added];
  // The journal needs to know whether a fence mark is anywhere: the scan stopped at the hit, and the copy reads the
  // rest anyway, so it looks there (one pass over the 19 MB instead of two).
  const watch = { from: scanned.covered, marks: scan.marks };
  try {
    await commitFile(file, copyAround(file, ranges, stamp, watch, scanned.run), { ...commit, sweep: false });
  } catch (err) {
    if (err === CHANGED) return undefined;
    throw err;
  }
  // A line replaced before its break keeps the count, CRLF and last byte; a fence mark it held may have been the only one.
  if (hit && hit.end < size && !hasFence(hit.bytes)) noteEdit(file, stamp, bytes, { lines: 0 });
  const edit = hit ? replacedLineEdit(hit.at, line, hit.bytes, watch.marks) : appendedLineEdit(scan.newlines + 1, line, scan.marks);
  return { changed: true, ...(edit ? { edit } : {}) };
}

/**
 * Appends `bytes` to `file` (MEMORY.md) through the one appender, fsynced, if it still has the stamp it was scanned
 * at (a hand edit meanwhile, even in place at the same size, makes the caller read it again) and is a writable
 * regular file of one name (a symbolic or hard link or a read-only index is replaced by the copy's rename, as before). A failed write (a full disk) is cut back. Keeps the commit's
 * pause point before the write. False: nothing was written.
 */
async function appendInPlace(file: string, stamp: string, bytes: Buffer, commit?: CommitOptions): Promise<boolean> {
  const st = fs.lstatSync(file, { throwIfNoEntry: false });
  // A read-only index (mode without a write bit) was replaced by the rename, keeping its mode: it still is. A
  // hard-linked one too: an append would write every other name of the file (one outside the store included).
  if (!st?.isFile() || (st.mode & 0o222) === 0 || st.nlink > 1) return false;
  await pauseBeforeCommit(commit);
  const expect = (fd: number) => fileStamp(fs.fstatSync(fd, { bigint: true })) === stamp;
  return appendBytes(file, bytes, { fsync: commit?.durable !== false, rollback: true, expect }) !== undefined;
}

/**
 * What a killed append of `added` (a line and its break) left unwritten, when the index (`size` bytes, its last
 * byte no line break) ends in a non-empty proper prefix of it. Undefined for anything else, which the whole-Buffer
 * edit keeps as a line of its own.
 */
function tornRest(file: string, size: number, added: Buffer): Buffer | undefined {
  const { fd } = openRegular(file);
  try {
    const from = Math.max(0, size - added.length);
    const read = readFullyAt(fd, from, size - from);
    const nl = read.lastIndexOf(NL);
    if (nl === -1 && from > 0) return undefined; // a last line as long as the new one, or longer
    const tail = read.subarray(nl + 1);
    return tail.length > 0 && added.subarray(0, tail.length).equals(tail) ? added.subarray(tail.length) : undefined;
  } finally {
    close(fd);
  }
}

/** A piece of the new index: bytes of its own, or a [from, to) range of the old index. */
type Piece = Buffer | [number, number];

/** Thrown inside the copy when the index is not what was scanned (a hand edit outside the lock): never renamed. */
const CHANGED = new Error("MEMORY.md changed while it was copied");

/**
 * The new index as pieces for writeNewFile, the old index's ranges read as they are written; sets `watch.marks` when
 * the old bytes from `watch.from` on hold a fence mark (`from` is a line start, the ranges past it contiguous).
 */
function* copyAround(file: string, pieces: readonly Piece[], stamp: string, watch: { from: number; marks: boolean }, run?: number): Generator<Uint8Array> {
  const { fd } = openRegular(file);
  try {
    if (fileStamp(fs.fstatSync(fd, { bigint: true })) !== stamp) throw CHANGED;
    // Each piece is written before the next is read into the same Buffer.
    const buf = run === undefined ? (runs.copy ??= Buffer.allocUnsafe(RUN)) : Buffer.allocUnsafe(run);
    let edge = Buffer.alloc(0); // the last two bytes looked at: a mark may straddle two reads
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) {
        yield piece;
        continue;
      }
      for (let at = piece[0]; at < piece[1]; ) {
        const n = readAt(fd, buf, 0, Math.min(buf.length, piece[1] - at), at);
        if (n === 0) throw CHANGED; // shorter than scanned
        const skip = Math.max(0, watch.from - at);
        if (!watch.marks && skip < n) {
          const seen = buf.subarray(skip, n);
          const across = Buffer.concat([edge, seen.subarray(0, 2)]);
          watch.marks = hasFence(seen) || hasFence(across);
          const last = Buffer.concat([edge, seen.subarray(Math.max(0, seen.length - 2))]);
          edge = Buffer.from(last.subarray(Math.max(0, last.length - 2)));
        }
        yield buf.subarray(0, n);
        at += n;
      }
    }
    const now = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    if (fileStamp(fs.fstatSync(fd, { bigint: true })) !== stamp || !now || fileStamp(now) !== stamp) throw CHANGED;
  } finally {
    close(fd);
  }
}
