import { contentEnd, fenceScan, lineStart } from "./index-bytes.js";
import { type IndexEntry, parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";

// The lines of MEMORY.md that link one card, found in its bytes without parsing every line: a write edits one
// line of an index that may hold 100,000 (issue 32: a save's cost follows the change, not the store). Exactly the
// entries parseIndex finds for that card: a line can link `file` only if its bytes hold the name as written or a
// percent-escape (a decoded target); each such line is parsed by parseIndex's own rule, after the fences
// before it are counted (a line inside a fenced block is no entry). A save's title look-up reads the file a run at
// a time instead (index-scan.ts, lib/records/card-find.ts).

/** One line linking the card: its byte range without the line break, and its entry (`line` left 0: not counted). */
export interface IndexHit {
  start: number;
  end: number;
  entry: IndexEntry;
}

const PERCENT = 0x25;
const NL = 0x0a;

/** Every line linking `file` (`./file` too), in file order. */
export function findIndexLines(index: Buffer, file: string): IndexHit[] {
  // A save looks its card up in the same bytes twice (its title, then the edit): one search of 19 MB at 100,000 cards.
  const memo = linesFound.get(index) ?? new Map<string, readonly IndexHit[]>();
  linesFound.set(index, memo);
  let hits = memo.get(file);
  if (!hits) memo.set(file, (hits = findEntries(index, [Buffer.from(file, "utf8"), PERCENT], (e) => linkKey(e.file) === file)));
  return [...hits];
}

/** findIndexLines' answers per index Buffer; the caller's Buffer is never written into (a change is a new Buffer). */
const linesFound = new WeakMap<Buffer, Map<string, readonly IndexHit[]>>();

/**
 * The first line linking `file`: the one a save replaces and whose title it keeps. Searched only as far as that
 * line, so a save's look-up in an index of 100,000 cards costs what lies before its card's line, not the whole
 * 19 MB (issue 32); the same answer as findIndexLines(index, file)[0], which it uses when that already has the lines.
 */
export function findIndexLine(index: Buffer, file: string): IndexHit | undefined {
  const known = linesFound.get(index)?.get(file);
  if (known) return known[0];
  const needle = Buffer.from(file, "utf8");
  if (needle.length === 0) return findIndexLines(index, file)[0];
  let memo = firstFound.get(index);
  if (!memo) firstFound.set(index, (memo = new Map()));
  if (memo.has(file)) return memo.get(file);
  const accept = (e: IndexEntry) => linkKey(e.file) === file;
  // The lines that can link the card, in order: those holding its name as written, and those with a percent-escape.
  let raw = index.indexOf(needle);
  let escaped = index.indexOf(PERCENT);
  let hit: IndexHit | undefined;
  while (raw !== -1 || escaped !== -1) {
    const start = lineStart(index, raw === -1 ? escaped : escaped === -1 ? raw : Math.min(raw, escaped));
    hit = entryAt(index, start, accept);
    if (hit) break;
    const next = lineEnd(index, start) + 1;
    if (raw !== -1 && raw < next) raw = index.indexOf(needle, next);
    if (escaped !== -1 && escaped < next) escaped = index.indexOf(PERCENT, next);
  }
  memo.set(file, hit);
  return hit;
}

/** findIndexLine's answers per index Buffer. */
const firstFound = new WeakMap<Buffer, Map<string, IndexHit | undefined>>();

/** The entries `accept` takes among the lines that hold one of `needles`, fenced lines left out, in file order. */
function findEntries(index: Buffer, needles: readonly (Buffer | number)[], accept: (entry: IndexEntry) => boolean): IndexHit[] {
  const starts = new Set<number>();
  for (const needle of needles) {
    if (typeof needle !== "number" && needle.length === 0) continue;
    for (let at = index.indexOf(needle); at !== -1; at = index.indexOf(needle, at + 1)) starts.add(lineStart(index, at));
  }
  if (starts.size === 0) return [];
  const hits: IndexHit[] = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const hit = entryAt(index, start, accept);
    if (hit) hits.push(hit);
  }
  return hits;
}

/** The entry on the line starting at `start` when it is one (not inside a fence) and `accept` takes it. */
function entryAt(index: Buffer, start: number, accept: (entry: IndexEntry) => boolean): IndexHit | undefined {
  if (fencesUpTo(fenceLines(index), start) % 2 === 1) return undefined;
  const end = contentEnd(index, start);
  const parsed = parseIndexLine(index.toString("utf8", start, end), 0);
  if (parsed === undefined || "reason" in parsed || !accept(parsed)) return undefined;
  return { start, end, entry: parsed };
}

function lineEnd(index: Buffer, start: number): number {
  const nl = index.indexOf(NL, start);
  return nl === -1 ? index.length : nl;
}

/** The starts of the lines that open or close a fence, in order. */
function fenceLines(index: Buffer): number[] {
  return fencesOf(index).lines;
}

/**
 * Whether the bytes hold a fence mark (``` or ~~~) anywhere, fence line or not: the write journal's test for an
 * index edit it cannot express (index-edit.ts indexLineEdit), answered from the scan findIndexLines made of the
 * same Buffer when there was one.
 */
export function hasFenceMark(index: Buffer): boolean {
  return fencesOf(index).marks;
}

const fenceScans = new WeakMap<Buffer, { marks: boolean; lines: number[] }>();

/** fenceScan's answer for an index Buffer, made once per Buffer. */
function fencesOf(index: Buffer): { marks: boolean; lines: number[] } {
  let scan = fenceScans.get(index);
  if (!scan) fenceScans.set(index, (scan = fenceScan(index)));
  return scan;
}

/** How many fence lines start at or before `start` (the line at `start` itself included, as parseIndex toggles). */
function fencesUpTo(fences: readonly number[], start: number): number {
  let lo = 0;
  let hi = fences.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (fences[mid]! <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
