import { FENCE, type IndexEntry, parseIndexLine } from "./index-file.js";

// findIndexLine and hasFenceMark (index-find.ts) over MEMORY.md fed a piece at a time, so a save never holds the
// 19 MB index of a 100,000-card store in one Buffer: 8 MB or more of live ArrayBuffers makes V8 run a full
// mark-compact on the next old-space allocation (10-20 ms of a save, issue 32). Same answers as those functions
// on the whole bytes (test/lib/core/index-scan.test.ts): the first line linking the card that is no fenced line
// and parses as its entry (name as written, or a percent-escape), and whether a fence mark is anywhere.

/** What a scan has found so far; `feedIndexScan` moves it forward one run of whole lines at a time. */
export interface IndexScan {
  readonly file: string;
  readonly needle: Buffer;
  /** Fence lines (an odd count: inside a fenced block) and line breaks in the runs fed before the hit. */
  fences: number;
  newlines: number;
  /** Whether a fence mark (``` or ~~~, fence line or not) is in any run fed. */
  marks: boolean;
  /** The first line linking `file`: offsets in the whole index, its 1-based line number and its bytes. */
  hit?: { start: number; end: number; at: number; entry: IndexEntry; bytes: Buffer };
}

const MARKS = [Buffer.from("```"), Buffer.from("~~~")];
const PERCENT = 0x25;
const NL = 0x0a;
const CR = 0x0d;

export function startIndexScan(file: string): IndexScan {
  return { file, needle: Buffer.from(file, "utf8"), fences: 0, newlines: 0, marks: false };
}

/**
 * Feeds `run`, the index's bytes from offset `base`: whole lines only (it ends just after a line break, or at the
 * end of the index), each run following the last. After the hit only fence marks are looked for.
 */
export function feedIndexScan(scan: IndexScan, run: Buffer, base: number): void {
  const fenceLines: number[] = [];
  for (const mark of MARKS) {
    for (let at = run.indexOf(mark); at !== -1; at = run.indexOf(mark, at + 1)) {
      scan.marks = true;
      if (scan.hit) break;
      const start = lineStart(run, at);
      if (!fenceLines.includes(start) && FENCE.test(run.toString("utf8", start, contentEnd(run, start)))) fenceLines.push(start);
    }
  }
  if (scan.hit) return;
  fenceLines.sort((a, b) => a - b);
  if (scan.needle.length > 0) {
    // The lines that can link the card, in order: those holding its name as written, and those with a percent-escape.
    const starts = new Set<number>();
    for (let at = run.indexOf(scan.needle); at !== -1; at = run.indexOf(scan.needle, at + 1)) starts.add(lineStart(run, at));
    for (let at = run.indexOf(PERCENT); at !== -1; at = run.indexOf(PERCENT, at + 1)) starts.add(lineStart(run, at));
    for (const start of [...starts].sort((a, b) => a - b)) {
      if ((scan.fences + fenceLines.filter((f) => f <= start).length) % 2 === 1) continue; // inside a fenced block
      const end = contentEnd(run, start);
      const entry = parseIndexLine(run.toString("utf8", start, end), 0);
      if (entry === undefined || "reason" in entry || entry.file.replace(/^\.\//, "") !== scan.file) continue;
      const at = scan.newlines + countNewlines(run, start) + 1;
      scan.hit = { start: base + start, end: base + end, at, entry, bytes: Buffer.from(run.subarray(start, end)) };
      return;
    }
  }
  scan.fences += fenceLines.length;
  scan.newlines += countNewlines(run, run.length);
}

function lineStart(run: Buffer, at: number): number {
  return at === 0 ? 0 : run.lastIndexOf(NL, at - 1) + 1;
}

/** Where the line starting at `start` ends, its break ("\n" or "\r\n") left out, as parseIndex splits. */
function contentEnd(run: Buffer, start: number): number {
  const nl = run.indexOf(NL, start);
  if (nl === -1) return run.length;
  return nl > start && run[nl - 1] === CR ? nl - 1 : nl;
}

function countNewlines(run: Buffer, end: number): number {
  let n = 0;
  for (let at = run.indexOf(NL); at !== -1 && at < end; at = run.indexOf(NL, at + 1)) n++;
  return n;
}
