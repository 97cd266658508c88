// The write journal (.memctl/writes.jsonl, per machine, never synced): one JSON line per card change memctl's
// records commit makes (lib/records/commit.ts), so the hook can bring its rank cache up to date from what memctl
// itself changed instead of re-reading the 19 MB MEMORY.md of a 100,000-card store and stat-ing every card
// (lib/rank-cache/journal.ts reads it). A record says which cards were written, MEMORY.md's stat before and after
// the change with the edit of its lines between (lib/core/index-edit.ts indexLineEdit), and the mtime of the
// store directory and the card's directory after it. It is a hint, never trusted alone: a reader uses it only
// when the stats chain from what its cache recorded to what is on disk now; anything else (a hand edit, a sync, a
// torn or rotated journal) falls back to reading the files. Past JOURNAL_MAX_BYTES the next write starts a new
// file (a new inode: readers of the old one fall back once).
import path from "node:path";
import { readAt, close, openRegular, statIfExists } from "./checked-fs.js";
import { appendBytes, realDir, replaceFile } from "./safe-write.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";

export const WRITE_JOURNAL = "writes.jsonl";
export const JOURNAL_MAX_BYTES = 256 * 1024;

/** MEMORY.md's size, mtime and inode (null: absent). */
export type IndexStamp = [size: number, mtimeMs: number, ino: number] | null;

export interface JournalRecord {
  /** MEMORY.md before and after the change. */
  i: IndexStamp;
  o: IndexStamp;
  /** The edit of MEMORY.md's lines between i and o: [at, removed, inserted]; absent when none or not expressible (x). */
  e?: [at: number, removed: number, inserted: string[]];
  /** 1 when MEMORY.md changed in a way `e` cannot say (a reader re-reads it). */
  x?: 1;
  /** The cards written (created, changed, removed, or renamed from / to), store-relative. */
  c: string[];
  /** The store directory ("") and each card's directory, their mtimes after the change. */
  d: [rel: string, mtimeMs: number][];
}

/** A reader's position: the journal's inode and size when it last looked; [-1, 0] when there was none (all is new). */
export type JournalMark = [ino: number, size: number];

export function journalPath(memoryDir: string): string {
  return joinPath(memoryDir, STATE_DIR, WRITE_JOURNAL);
}

export function indexStamp(memoryDir: string): IndexStamp {
  const s = statIfExists(joinPath(memoryDir, INDEX_FILE));
  return s ? [s.size, s.mtimeMs, s.ino] : null;
}

/** The mtime of the store directory and of each card's directory, now. */
export function dirStamps(memoryDir: string, cards: readonly string[]): [string, number][] {
  const rels = new Set([""]);
  for (const card of cards) {
    const dir = path.posix.dirname(card);
    if (dir !== ".") rels.add(dir);
  }
  return [...rels].map((rel) => [rel, statIfExists(rel === "" ? memoryDir : path.join(memoryDir, rel))?.mtimeMs ?? -1]);
}

/** Appends `records` (starting a new file past JOURNAL_MAX_BYTES). Best effort: a failure only costs the hook a re-read. */
export function appendJournal(memoryDir: string, records: readonly JournalRecord[]): void {
  if (records.length === 0) return;
  try {
    const dir = realDir(memoryDir, STATE_DIR);
    const file = path.join(dir, WRITE_JOURNAL);
    const text = records.map((r) => `${JSON.stringify(r)}\n`).join("");
    if ((statIfExists(file)?.size ?? 0) > JOURNAL_MAX_BYTES) replaceFile(file, text, `${file}.${process.pid}.tmp`);
    else appendBytes(file, Buffer.from(text, "utf8"));
  } catch {
    // the journal is a hint: without this record the hook reads the files
  }
}

/** Where the journal ends now: [-1, 0] when there is none yet, undefined when it is not a file. */
export function journalMark(memoryDir: string): JournalMark | undefined {
  try {
    const s = statIfExists(journalPath(memoryDir));
    return s === undefined ? [-1, 0] : s.isFile() ? [s.ino, s.size] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The records appended since `mark` (none when there was no journal then and is none now), undefined when that
 * cannot be told (no mark, another file, shorter than the mark, over JOURNAL_MAX_BYTES to read, a torn or
 * malformed line). Never throws.
 */
export function journalSince(memoryDir: string, mark: JournalMark | undefined): JournalRecord[] | undefined {
  if (!mark) return undefined;
  let fd: number | undefined;
  try {
    // No journal then and none now: nothing was journaled since.
    if (mark[0] === -1 && statIfExists(journalPath(memoryDir)) === undefined) return [];
    const opened = openRegular(journalPath(memoryDir), { nofollow: true });
    fd = opened.fd;
    const { ino, size } = opened.stat;
    if ((mark[0] !== -1 && ino !== mark[0]) || size < mark[1] || size - mark[1] > JOURNAL_MAX_BYTES * 2) return undefined;
    const buf = new Uint8Array(size - mark[1]);
    if (readAt(fd, buf, 0, buf.length, mark[1]) !== buf.length) return undefined;
    const text = Buffer.from(buf.buffer, 0, buf.length).toString("utf8");
    if (text !== "" && !text.endsWith("\n")) return undefined; // a writer mid-append: next time
    return text
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => {
        const r = JSON.parse(l) as JournalRecord;
        if (!validRecord(r)) throw new RangeError("malformed journal record");
        return r;
      });
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) close(fd);
  }
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStamp = (v: unknown) => v === null || (Array.isArray(v) && v.length === 3 && v.every(isNum));

function validRecord(r: JournalRecord): boolean {
  if (typeof r !== "object" || r === null || !isStamp(r.i) || !isStamp(r.o)) return false;
  if (!Array.isArray(r.c) || !r.c.every((c) => typeof c === "string")) return false;
  if (!Array.isArray(r.d) || !r.d.every((d) => Array.isArray(d) && typeof d[0] === "string" && isNum(d[1]))) return false;
  if (r.x !== undefined && r.x !== 1) return false;
  const e = r.e;
  return (
    e === undefined ||
    (Array.isArray(e) &&
      e.length === 3 &&
      Number.isInteger(e[0]) &&
      e[0] > 1 &&
      Number.isInteger(e[1]) &&
      e[1] >= 0 &&
      Array.isArray(e[2]) &&
      e[2].every((l) => typeof l === "string" && !/[\r\n]/.test(l)))
  );
}
