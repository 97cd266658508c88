import fs from "node:fs";
import { replacedLineEdit, type LineEdit } from "../core/index-edit.js";
import { feedIndexScan, startIndexScan, type IndexScan } from "../core/index-scan.js";
import { close, DEFAULT_READ_CAP, openRegular, readAt } from "./checked-fs.js";
import { commitFile, type CommitOptions } from "./write.js";

// A save's look-up and edit of its card's MEMORY.md line, read a run at a time through one reused 1 MiB Buffer
// instead of the whole 19 MB index of a 100,000-card store: 8 MB or more of live ArrayBuffers made V8 run a full
// mark-compact in every save (10-20 ms), and the fresh 19 MB cost its page faults (issue 32). The edit is still
// one new file through commitFile (temp, fsync, rename): the head and tail are copied from the old index around
// the new line, and the copy is used only if the index kept its stamp from the scan to the end of the copy.
// Anything else (no line to replace, a change meanwhile) is left to the whole-Buffer edit (lib/records/commit.ts).

const RUN = 1 << 20;
const NL = 0x0a;

/** The index's identity and version: device, inode, size, nanosecond mtime and ctime (as readRegularMemo's). */
function stampOf(st: fs.BigIntStats): string {
  return `${st.dev}:${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
}

/**
 * Scans `file` (MEMORY.md) for the first line linking `card` and for fence marks; `toHit` stops at that line (a
 * title look-up). Undefined when a single line is longer than the read cap. Errors are openRegular's.
 */
export function scanIndexFile(file: string, card: string, options: { toHit?: boolean; run?: number } = {}): { scan: IndexScan; size: number; stamp: string } | undefined {
  const { fd } = openRegular(file);
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    const scan = startIndexScan(card);
    let buf = Buffer.allocUnsafe(options.run ?? RUN);
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
      if (n === 0 || (scan.hit && (options.toHit || scan.marks))) break; // nothing more to learn
      buf.copy(buf, 0, end, filled);
      held = filled - end;
      base += end;
    }
    return { scan, size: Number(st.size), stamp: stampOf(st) };
  } finally {
    close(fd);
  }
}

/**
 * Replaces the first MEMORY.md line linking `card` with `line`, streamed: `changed` false when it already is that
 * line, with the write journal's edit when it can express one. Undefined when there is no such line (an append) or
 * the index changed during the copy: the caller then edits the whole Buffer. The caller holds the store lock.
 */
export async function replaceIndexLineStreamed(file: string, card: string, line: string, commit?: CommitOptions): Promise<{ changed: boolean; edit?: LineEdit } | undefined> {
  return replaceScannedLine(file, scanIndexFile(file, card), line, commit);
}

/** replaceIndexLineStreamed's write, given the whole scan of `file` it makes (its own function for the tests). */
export async function replaceScannedLine(
  file: string,
  scanned: ReturnType<typeof scanIndexFile>,
  line: string,
  commit?: CommitOptions,
): Promise<{ changed: boolean; edit?: LineEdit } | undefined> {
  const hit = scanned?.scan.hit;
  if (!scanned || !hit) return undefined;
  const bytes = Buffer.from(line, "utf8");
  if (bytes.equals(hit.bytes)) return { changed: false };
  try {
    await commitFile(file, copyAround(file, hit, bytes, scanned.size, scanned.stamp), { ...commit, sweep: false });
  } catch (err) {
    if (err === CHANGED) return undefined;
    throw err;
  }
  const edit = replacedLineEdit(hit.at, line, hit.bytes, scanned.scan.marks);
  return { changed: true, ...(edit ? { edit } : {}) };
}

/** Thrown inside the copy when the index is not what was scanned (a hand edit outside the lock): never renamed. */
const CHANGED = new Error("MEMORY.md changed while it was copied");

/** The new index as pieces for writeNewFile: the old bytes before the line, the line, the old bytes after it. */
function* copyAround(file: string, hit: { start: number; end: number }, bytes: Buffer, size: number, stamp: string): Generator<Uint8Array> {
  const { fd } = openRegular(file);
  try {
    if (stampOf(fs.fstatSync(fd, { bigint: true })) !== stamp) throw CHANGED;
    const buf = Buffer.allocUnsafe(RUN); // each piece is written before the next is read into it
    yield* copyRange(fd, buf, 0, hit.start);
    yield bytes;
    yield* copyRange(fd, buf, hit.end, size);
    const now = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    if (stampOf(fs.fstatSync(fd, { bigint: true })) !== stamp || !now || stampOf(now) !== stamp) throw CHANGED;
  } finally {
    close(fd);
  }
}

function* copyRange(fd: number, buf: Buffer, from: number, to: number): Generator<Uint8Array> {
  for (let at = from; at < to; ) {
    const n = readAt(fd, buf, 0, Math.min(buf.length, to - at), at);
    if (n === 0) throw CHANGED; // shorter than scanned
    yield buf.subarray(0, n);
    at += n;
  }
}
