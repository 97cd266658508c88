// The write journal (.memctl/writes.jsonl, per machine, never synced): one JSON line per card change memctl's
// records commit makes (lib/records/commit.ts), so the hook can bring its rank cache up to date from what memctl
// itself changed instead of re-reading the 19 MB MEMORY.md of a 100,000-card store and stat-ing every card
// (lib/rank-cache/journal.ts reads it). A record says which cards were written, MEMORY.md's stat before and after
// the change with the edit of its lines between (lib/core/index-edit.ts indexLineEdit), and the mtime of the
// store directory and the card's directory after it. Writes that do not go through that commit (a sync's merge,
// an import's batch, a batch rewrite) record theirs with journalChange: the files they wrote, and MEMORY.md's edit
// computed from its bytes before and after. It is a hint, never trusted alone: a reader uses it only when the stats
// chain from what its cache recorded to what is on disk now; anything else (a hand edit, a change no record could
// state exactly, a torn or rotated journal) falls back to reading the files. Past JOURNAL_MAX_BYTES the next write
// starts a new file (a new inode: readers of the old one fall back once).
import path from "node:path";
import { indexLineEdit } from "../core/index-edit.js";
import { readAt, close, openRegular, readRegularMemo, statIfExists } from "./checked-fs.js";
import { appendBytes, realDir, replaceFile } from "./safe-write.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";

export const WRITE_JOURNAL = "writes.jsonl";
export const JOURNAL_MAX_BYTES = 256 * 1024;

/**
 * MEMORY.md's size, mtime, inode and ctime (null: absent). The ctime shows an edit in place that kept the size and put
 * the mtime back before a write's record; records written before it was kept have three numbers.
 */
export type IndexStamp = [size: number, mtimeMs: number, ino: number, ctimeMs?: number] | null;

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
  return s ? [s.size, s.mtimeMs, s.ino, s.ctimeMs] : null;
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

/** MEMORY.md as a writer found it before a change: its stamp, and its bytes when they were read at that stamp. */
export interface IndexSnapshot {
  stamp: IndexStamp;
  bytes?: Buffer;
}

/**
 * Past this many inserted lines a computed edit is recorded as "re-read MEMORY.md" instead: indexLineEdit reports one
 * span from the first changed line to the last, so two far-apart changes would have a reader parse and read every
 * card between them, where re-reading the index matches the unchanged lines by their hash.
 */
export const JOURNAL_EDIT_MAX_LINES = 64;
/** Past this many files a change is recorded as "read the files": a delta that large is folded into a rebuild anyway. */
export const JOURNAL_CHANGE_MAX_FILES = 1024;

/**
 * MEMORY.md's stamp and bytes, read together; undefined when it moved during the read or cannot be read. The bytes
 * are readRegularMemo's, shared with the writer's own read of the unchanged file (an import's batch appends to the
 * index it snapshots: one read of 19 MB at 100,000 cards, not two); never written into.
 */
export function snapshotIndex(memoryDir: string): IndexSnapshot | undefined {
  try {
    const stamp = indexStamp(memoryDir);
    if (stamp === null) return { stamp };
    const bytes = readRegularMemo(joinPath(memoryDir, INDEX_FILE));
    return sameIndexStamp(stamp, indexStamp(memoryDir)) ? { stamp, bytes } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Journals a change made other than through lib/records/commit.ts: `files` (store-relative) are every file it may
 * have created, changed or removed, `before` MEMORY.md as it was (see snapshotIndex). An edit of MEMORY.md it cannot
 * state — no bytes to compare, created, removed, one indexLineEdit cannot express or longer than
 * JOURNAL_EDIT_MAX_LINES — is recorded as x with the files (a reader reads MEMORY.md, and re-checks only those);
 * files unknown or too many as x with none (a reader reads everything). Call it after the change, under the store
 * lock, before anything else writes. Best effort, like appendJournal.
 */
export function journalChange(memoryDir: string, before: IndexSnapshot | undefined, files: readonly string[] | undefined): void {
  const cards = files?.filter((f) => f !== "" && !f.startsWith(`${STATE_DIR}/`));
  let record: JournalRecord = { i: null, o: null, x: 1, c: [], d: [] };
  try {
    const after = before?.bytes ? snapshotIndex(memoryDir) : { stamp: indexStamp(memoryDir) };
    const [i, o] = [before?.stamp ?? null, after?.stamp ?? null];
    if (cards === undefined || cards.length > JOURNAL_CHANGE_MAX_FILES) record = { i, o, x: 1, c: [], d: [] };
    else if (before && after && sameIndexStamp(before.stamp, after.stamp)) record = { i, o, c: cards, d: dirStamps(memoryDir, cards) };
    else {
      const edit = before?.bytes && after?.bytes ? indexLineEdit(before.bytes, after.bytes) : undefined;
      const lines: Pick<JournalRecord, "e" | "x"> = edit && edit.inserted.length <= JOURNAL_EDIT_MAX_LINES ? { e: [edit.at, edit.removed, edit.inserted] } : { x: 1 };
      record = { i, o, ...lines, c: cards, d: dirStamps(memoryDir, cards) };
    }
  } catch {
    // the record says "read everything"
  }
  appendJournal(memoryDir, [record]);
}

/**
 * Runs `change`, a write made other than through lib/records/commit.ts (the caller holds the store lock), and
 * journals it with journalChange: MEMORY.md as it was before, and the files `touched` names from its result (every
 * file it may have created, changed or removed; undefined when it cannot say). A change that throws is recorded as
 * "read the files"; one that names no file, not at all. Returns or throws what `change` does.
 */
export async function journalAround<T>(memoryDir: string, change: () => Promise<T>, touched: (result: T) => readonly string[] | undefined): Promise<T> {
  const before = snapshotIndex(memoryDir);
  let files: readonly string[] | undefined;
  try {
    const result = await change();
    files = touched(result);
    return result;
  } finally {
    if (files === undefined || files.length > 0) journalChange(memoryDir, before, files);
  }
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

/**
 * Whether MEMORY.md, at `ctimeMs`, changed no later than the journal's last append. The journal keeps no ctime: a
 * change after the last record that kept MEMORY.md's size and put its mtime back shows only as a later ctime
 * (memctl appends its record after its write lands).
 */
export function journalCoversIndex(memoryDir: string, ctimeMs: number): boolean {
  const appended = statIfExists(journalPath(memoryDir))?.mtimeMs;
  return appended !== undefined && ctimeMs <= appended;
}

/** Whether two stamps of MEMORY.md are the same (both absent, or the same size, mtime, inode and, where both have it, ctime). */
export function sameIndexStamp(a: IndexStamp, b: IndexStamp): boolean {
  return a === null || b === null ? a === b : a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && (a[3] === undefined || b[3] === undefined || a[3] === b[3]);
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStamp = (v: unknown) => v === null || (Array.isArray(v) && (v.length === 3 || v.length === 4) && v.every(isNum));

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
