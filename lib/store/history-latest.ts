import fs from "node:fs";
import { systemCode } from "../core/errors.js";
import { lowerBound as firstAtOrAbove } from "../core/line-edits.js";
import { contiguousTop, historyPath, parseHistoryLine, readCardHistory, latestByCard, type HistoryEntry, type HistoryRead } from "./history.js";
import { close, fileStamp, openRegular, readAt } from "./checked-fs.js";
import { indexPath, loadIndex, saveIndex, WINDOW, type LatestIndex } from "./history-latest-file.js";

// A write needs its card's latest revision, not the 19 MB history of a 100,000-card store (issue 32). This side
// index (.memctl/history-latest.idx, per machine: never synced) maps each card to the byte offset of its latest
// line. history.jsonl is untrusted (a sync may rewrite it), so the index is used only while the file keeps the
// device and inode it was made from, is at least as long as the bytes it covers, and its first and last
// WINDOW bytes of those are still what they were; lines appended since are read and folded in, and the line an
// offset points to is parsed again and must name the card. Anything else (no index, a rewritten or truncated
// history, an index that does not hold together) reads the whole history again and rebuilds the index.

/** Past this many bytes appended since the index was made, a rebuild costs no more than folding them in. */
const CATCH_UP_MAX = 4 * 1024 * 1024;
/**
 * Up to this many bytes of lines past what the index file covers, a write leaves the file as it is and the next read
 * folds them in (under a hundred lines parsed), instead of each write rewriting it (0.8 MB at 100,000 cards).
 */
const LAG_MAX = 16 * 1024;
/** Offsets are u32: a history past 4 GiB is always read whole. */
const OFFSET_MAX = 0xffff_ffff;

/**
 * The latest entry of each of `cards` (at most one per card, as latestByCard picks it: the highest revision, then
 * the later line), through the side index when history.jsonl still is what it describes. `malformed` is not
 * counted here. Never throws for the history itself. Only reads: the index this makes or brings up to date is
 * kept in this process and written by keepHistoryIndex, after a write's own append, so a refused write changes
 * nothing on disk.
 */
export function readLatestHistory(memoryDir: string, cards: readonly string[]): HistoryRead {
  const file = historyPath(memoryDir);
  let opened: { fd: number };
  try {
    opened = openRegular(file, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { entries: [], malformed: 0 };
    return wholeRead(memoryDir, cards); // reports the error as readHistory does
  }
  const { fd } = opened;
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    const size = Number(st.size);
    const stamp = { dev: String(st.dev), ino: String(st.ino) };
    const disk = indexStamp(memoryDir);
    const mine = held.get(file);
    const ours = mine !== undefined && mine.disk === disk;
    let index = trusted(ours ? mine.index : loadIndex(memoryDir), stamp, size, fd);
    let onDisk = index && (ours ? mine.onDisk : index.covered); // what the file on disk covers
    if (index && index.covered < size && !catchUp(index, fd, size)) index = undefined;
    if (!index) {
      index = rebuild(fd, size, stamp);
      onDisk = undefined;
    }
    let entries = lookUp(index, fd, cards);
    if (!entries) {
      index = rebuild(fd, size, stamp); // an offset that does not hold: the index is wrong, not the history
      onDisk = undefined;
      entries = lookUp(index, fd, cards) ?? [];
    }
    held.set(file, { index, disk, onDisk });
    return { entries, malformed: 0 };
  } catch {
    held.delete(file);
    return wholeRead(memoryDir, cards);
  } finally {
    close(fd);
  }
}

/**
 * Brings the side index up to date with history.jsonl (the lines a write just appended) and writes it, when it
 * changed and lags the file by more than LAG_MAX. Best effort: an index that cannot be written costs the next write
 * a whole read. The caller holds the store lock.
 */
export function keepHistoryIndex(memoryDir: string): void {
  readLatestHistory(memoryDir, []);
  const mine = held.get(historyPath(memoryDir));
  if (!mine || mine.index.onDisk || mine.index.covered > OFFSET_MAX) return;
  if (mine.onDisk !== undefined && mine.index.covered - mine.onDisk <= LAG_MAX) return; // the next read folds the lines in
  saveIndex(memoryDir, mine.index);
  mine.disk = indexStamp(memoryDir);
  mine.onDisk = mine.index.covered;
}

/**
 * This process's index per history file, read or made once and then folded forward (a save looks its card up twice),
 * used while the index file on disk keeps the stamp it had then: another writer's index is read instead.
 */
const held = new Map<string, { index: LatestIndex; disk: string; onDisk: number | undefined }>();

function indexStamp(memoryDir: string): string {
  return fileStamp(fs.statSync(indexPath(memoryDir), { bigint: true, throwIfNoEntry: false }));
}

function wholeRead(memoryDir: string, cards: readonly string[]): HistoryRead {
  const read = readCardHistory(memoryDir, cards);
  return { ...read, entries: [...latestByCard(read.entries).values()] };
}

/** The index when it still describes this history.jsonl (same device and inode, covered bytes' ends unchanged). */
function trusted(index: LatestIndex | undefined, stamp: { dev: string; ino: string }, size: number, fd: number): LatestIndex | undefined {
  if (!index || index.dev !== stamp.dev || index.ino !== stamp.ino || index.covered > size) return undefined;
  if (!bytesAt(fd, 0, index.head) || !bytesAt(fd, index.covered - index.tail.length, index.tail)) return undefined;
  return index;
}

function bytesAt(fd: number, position: number, expected: Buffer): boolean {
  const got = Buffer.alloc(expected.length);
  return readAt(fd, got, 0, got.length, position) === got.length && got.equals(expected);
}

/** Folds the whole lines appended since the index was made into it; false when there are too many to bother. */
function catchUp(index: LatestIndex, fd: number, size: number): boolean {
  if (size - index.covered > CATCH_UP_MAX) return false;
  const bytes = Buffer.alloc(size - index.covered);
  if (readAt(fd, bytes, 0, bytes.length, index.covered) !== bytes.length) return false;
  const end = bytes.lastIndexOf(0x0a) + 1; // a torn last line is not covered: the next append may drop it
  const found = new Map<string, ReturnType<typeof pairOf>>();
  const known = (card: string): number => {
    if (!found.has(card)) found.set(card, pairOf(index, fd, card));
    return found.get(card)?.entry.rev ?? 0;
  };
  const latest = [...latestLines(bytes, end, known)];
  // Indexed cards first: their pairs' positions hold only until a new card's pair is inserted before them.
  for (const [card, l] of latest) {
    const at = found.get(card);
    if (at !== undefined) index.pairs[at.i + 1] = index.covered + l.offset;
  }
  const added = latest.filter(([card]) => found.get(card) === undefined).map(([card, l]) => [hashOf(card), index.covered + l.offset] as const);
  if (added.length > 0) index.pairs = insertPairs(index.pairs, added);
  index.covered += end;
  index.onDisk = false;
  index.tail = readWindowEnding(fd, index.covered);
  if (index.head.length < WINDOW) index.head = readWindow(fd, 0, Math.min(WINDOW, index.covered));
  return true;
}

/**
 * Each card's latest line among the whole lines of bytes[0, end) that moves it past `known` (its indexed revision):
 * its revision and where the line starts. A later line of the same revision wins, as latestByCard picks; a line whose
 * revision skips a number is not one memctl wrote and never becomes the latest (inSequence in history.ts).
 */
function latestLines(bytes: Buffer, end: number, known: (card: string) => number = () => 0): Map<string, { rev: number; offset: number }> {
  // Most cards have one line: a map of revisions is made only for a card's second.
  const lines = new Map<string, { rev: number; offset: number } | Map<number, number>>();
  for (let start = 0; start < end; ) {
    const nl = bytes.indexOf(0x0a, start);
    const entry = parseHistoryLine(bytes.toString("utf8", start, nl));
    if (entry) {
      const had = lines.get(entry.card);
      if (had === undefined) lines.set(entry.card, { rev: entry.rev, offset: start });
      else if (had instanceof Map) had.set(entry.rev, start);
      else
        lines.set(
          entry.card,
          new Map([
            [had.rev, had.offset],
            [entry.rev, start],
          ]),
        );
    }
    start = nl + 1;
  }
  const latest = new Map<string, { rev: number; offset: number }>();
  for (const [card, revs] of lines) {
    const from = known(card);
    const byRev = revs instanceof Map ? revs : new Map([[revs.rev, revs.offset]]);
    const rev = contiguousTop(byRev, from);
    const offset = byRev.get(rev);
    if (offset !== undefined) latest.set(card, { rev, offset });
  }
  return latest;
}

/** Reads the whole history and indexes every card's latest line. */
function rebuild(fd: number, size: number, stamp: { dev: string; ino: string }): LatestIndex {
  const bytes = Buffer.alloc(size);
  let got = 0;
  for (let n = -1; got < size && n !== 0; got += n) n = readAt(fd, bytes, got, size - got, got);
  const end = got === 0 ? 0 : bytes.lastIndexOf(0x0a, got - 1) + 1;
  const pairs = [...latestLines(bytes, end)].map(([card, l]) => [hashOf(card), l.offset] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    ...stamp,
    covered: end,
    head: Buffer.from(bytes.subarray(0, Math.min(WINDOW, end))),
    tail: Buffer.from(bytes.subarray(Math.max(0, end - WINDOW), end)),
    pairs: Uint32Array.from(pairs.flat()),
    onDisk: false,
  };
}

/** Each card's latest entry; undefined when an offset does not point at a whole line naming a card (a bad index). */
function lookUp(index: LatestIndex, fd: number, cards: readonly string[]): HistoryEntry[] | undefined {
  const entries: HistoryEntry[] = [];
  for (const card of new Set(cards)) {
    let found: HistoryEntry | undefined;
    const hash = hashOf(card);
    const first = lowerBound(index.pairs, hash);
    // The index is memctl's own per-machine file, written whole by rename: its order is checked where the search
    // lands, not over 100,000 pairs on every load (what a sync or a hand edit can change is history.jsonl).
    if ((first > 0 && index.pairs[first - 2]! >= hash) || (first < index.pairs.length && index.pairs[first]! < hash)) return undefined;
    for (let i = first; i < index.pairs.length && index.pairs[i] === hash; i += 2) {
      const entry = lineAt(fd, index.pairs[i + 1]!, index.covered);
      if (!entry) return undefined;
      if (entry.card === card) found = entry;
    }
    if (found) entries.push(found);
  }
  return entries;
}

/** The pair (its position) and entry of `card`'s indexed line, when it has one. */
function pairOf(index: LatestIndex, fd: number, card: string): { i: number; entry: HistoryEntry } | undefined {
  const hash = hashOf(card);
  for (let i = lowerBound(index.pairs, hash); i < index.pairs.length && index.pairs[i] === hash; i += 2) {
    const entry = lineAt(fd, index.pairs[i + 1]!, index.covered);
    if (!entry) throw new Error("history index: an offset is not a history line");
    if (entry.card === card) return { i, entry };
  }
  return undefined;
}

/** The entry on the whole line starting at `offset` (after a line break), or undefined. */
function lineAt(fd: number, offset: number, covered: number): HistoryEntry | undefined {
  if (offset >= covered) return undefined;
  const start = offset === 0 ? 0 : offset - 1;
  for (let length = 1024; ; length *= 4) {
    const bytes = Buffer.alloc(Math.min(length, covered - start));
    const got = readAt(fd, bytes, 0, bytes.length, start);
    if (offset > 0 && (got === 0 || bytes[0] !== 0x0a)) return undefined;
    const from = offset === 0 ? 0 : 1;
    const nl = bytes.subarray(0, got).indexOf(0x0a, from);
    if (nl !== -1) return parseHistoryLine(bytes.toString("utf8", from, nl));
    if (got < bytes.length || start + got >= covered) return undefined; // the file ends (or shrank) before the line does
  }
}

/** Where the first pair whose hash is `hash` or more starts (pairs are [hash, offset], sorted by hash). */
function lowerBound(pairs: Uint32Array, hash: number): number {
  return firstAtOrAbove(pairs.length / 2, (i) => pairs[i * 2]!, hash) * 2;
}

/** `pairs` with `added` merged in, in one copy (a copy a pair cost 0.8 MB each at 100,000 cards). */
function insertPairs(pairs: Uint32Array, added: readonly (readonly [number, number])[]): Uint32Array {
  const sorted = [...added].sort((x, y) => x[0] - y[0]);
  const next = new Uint32Array(pairs.length + sorted.length * 2);
  let from = 0;
  let to = 0;
  for (const [hash, offset] of sorted) {
    const at = lowerBound(pairs, hash);
    next.set(pairs.subarray(from, at), to);
    to += at - from;
    from = at;
    next[to++] = hash;
    next[to++] = offset;
  }
  next.set(pairs.subarray(from), to);
  return next;
}

/** FNV-1a over the name's UTF-16 code units: a bucket, never an identity (every hit's line is read and compared). */
function hashOf(card: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < card.length; i++) h = Math.imul(h ^ card.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function readWindow(fd: number, position: number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  return bytes.subarray(0, readAt(fd, bytes, 0, length, position));
}

function readWindowEnding(fd: number, end: number): Buffer {
  return readWindow(fd, Math.max(0, end - WINDOW), Math.min(WINDOW, end));
}
