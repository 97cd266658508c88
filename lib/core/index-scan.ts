import { contentEnd, countNewlines, fenceScan, hasFence, lineStart } from "./index-bytes.js";
import { type IndexEntry, parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";

// findIndexLine and hasFenceMark (index-find.ts), and a title's entries, over MEMORY.md fed a piece at a time, so a
// save never holds the 19 MB index of a 100,000-card store in one Buffer: 8 MB or more of live ArrayBuffers makes V8
// run a full mark-compact on the next old-space allocation (10-20 ms of a save, issue 32). Same answers as those
// functions and parseIndex on the whole bytes (test/lib/core/index-scan.test.ts): entries on lines no fence encloses,
// among the lines holding a needle (the card's name as written or a percent-escape; a title or a backslash).

/** One line's entry: offsets in the whole index, its 1-based line number (0: not counted) and its bytes (no line break). */
export interface ScanHit {
  start: number;
  end: number;
  at: number;
  entry: IndexEntry;
  bytes: Buffer;
}

/** What a scan has found so far; `feedIndexScan` moves it forward one run of whole lines at a time. */
export interface IndexScan {
  readonly needles: readonly (Buffer | number)[];
  readonly accept: (entry: IndexEntry) => boolean;
  /** Stop looking at the first entry (a card's line) or collect every one (a title's). */
  readonly first: boolean;
  /**
   * Whether line breaks are counted (`newlines`, each hit's `at`): an edit's write journal needs them; a look-up
   * does not, and counting 100,000 of them is most of what a scan of the whole index costs.
   */
  readonly count: boolean;
  hits: ScanHit[];
  /** Fence lines (an odd count: inside a fenced block) and line breaks (if counted) in the runs fed (before a first hit). */
  fences: number;
  newlines: number;
  /** Whether a fence mark (``` or ~~~, fence line or not) or a "\r\n" is in any run fed, and the last byte fed. */
  marks: boolean;
  crlf: boolean;
  last?: number;
}

const CRLF = Buffer.from("\r\n");
const PERCENT = 0x25;
const BACKSLASH = 0x5c;

/** A scan for the first line linking `file` (`./file` too): findIndexLine; `count` for an edit's line numbers. */
export function cardLineScan(file: string, count = false): IndexScan {
  return newScan([Buffer.from(file, "utf8"), PERCENT], (e) => linkKey(e.file) === file, true, count);
}

/**
 * A new card's one pass over the index: every entry titled `name` and every line linking one of
 * `files`, its `<type>_<name>.md` names, which all hold `name` (so one needle finds both kinds of line), the scan
 * run to the end, with line numbers counted unless `count` is false (a look-up that edits nothing). A save of a new card looked the title up, then the card's line, in
 * two passes over 19 MB at 100,000 cards; cardLineOf gives each file's card-line scan from this one (issue 32).
 */
export function newCardScan(name: string, files: readonly string[], count = true): IndexScan {
  const linked = new Set(files);
  // A line linking a subfolder card whose file is `name` (decisions/<name>.md) is that card's too: a save finds it.
  const stem = `/${name}.md`;
  return newScan([Buffer.from(name, "utf8"), PERCENT, BACKSLASH], (e) => e.title === name || linked.has(linkKey(e.file)) || e.file.endsWith(stem), false, count);
}

/**
 * What cardLineScan(file, true) finds fed the same runs, from a finished newCardScan that looked for `file`: the
 * first line linking it (its number counted), the fence marks, CRLF and last byte of the whole index, and all its
 * line breaks (an append's line number; a replace needs only the hit's).
 */
export function cardLineOf(scan: IndexScan, file: string): IndexScan {
  const hit = scan.hits.find((h) => linkKey(h.entry.file) === file);
  return { ...scan, accept: (e) => linkKey(e.file) === file, first: true, hits: hit ? [hit] : [] };
}

function newScan(needles: (Buffer | number)[], accept: (entry: IndexEntry) => boolean, first: boolean, count: boolean): IndexScan {
  const kept = needles.filter((n) => typeof n === "number" || n.length > 0);
  return { needles: kept, accept, first, count, hits: [], fences: 0, newlines: 0, marks: false, crlf: false };
}

/**
 * Feeds `run`, the index's bytes from offset `base`: whole lines only (it ends just after a line break, or at the
 * end of the index), each run following the last. After a first scan's hit only fence marks are looked for.
 */
export function feedIndexScan(scan: IndexScan, run: Buffer, base: number): void {
  if (run.length > 0) scan.last = run[run.length - 1];
  scan.crlf ||= run.includes(CRLF);
  if (scan.first && scan.hits.length > 0) {
    scan.marks ||= hasFence(run);
    return;
  }
  const { marks, lines: fenceLines } = fenceScan(run);
  scan.marks ||= marks;
  const starts = new Set<number>();
  for (const needle of scan.needles) for (let at = run.indexOf(needle); at !== -1; at = run.indexOf(needle, at + 1)) starts.add(lineStart(run, at));
  for (const start of [...starts].sort((a, b) => a - b)) {
    if ((scan.fences + fenceLines.filter((f) => f <= start).length) % 2 === 1) continue; // inside a fenced block
    const end = contentEnd(run, start);
    const entry = parseIndexLine(run.toString("utf8", start, end), 0);
    if (entry === undefined || "reason" in entry || !scan.accept(entry)) continue;
    const at = scan.count ? scan.newlines + countNewlines(run, start) + 1 : 0;
    scan.hits.push({ start: base + start, end: base + end, at, entry, bytes: Buffer.from(run.subarray(start, end)) });
    if (scan.first) return;
  }
  scan.fences += fenceLines.length;
  if (scan.count) scan.newlines += countNewlines(run, run.length);
}
