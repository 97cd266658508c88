import { FENCE } from "./index-file.js";

// Lines and fences in MEMORY.md's raw bytes, cut as parseIndex cuts the decoded text: shared by the whole-Buffer
// look-ups (index-find.ts), the streamed scan (index-scan.ts, which feeds it whole lines a run at a time), the byte
// edits (index-edit.ts) and the streamed copy (lib/store/index-stream.ts), so they cannot drift apart.

/** The two code-fence marks; a line opening or closing a fence starts with one of them (FENCE). */
const MARKS: readonly Buffer[] = [Buffer.from("```"), Buffer.from("~~~")];
const NL = 0x0a;
const CR = 0x0d;

/** The start of the line holding byte `at`. */
export function lineStart(bytes: Buffer, at: number): number {
  return at === 0 ? 0 : bytes.lastIndexOf(NL, at - 1) + 1;
}

/** Where the line starting at `start` ends, its break ("\n" or "\r\n") left out, as parseIndex splits. */
export function contentEnd(bytes: Buffer, start: number): number {
  const nl = bytes.indexOf(NL, start);
  if (nl === -1) return bytes.length;
  return nl > start && bytes[nl - 1] === CR ? nl - 1 : nl;
}

/** The line breaks ("\n") before offset `end`. */
export function countNewlines(bytes: Buffer, end: number): number {
  let n = 0;
  for (let at = bytes.indexOf(NL); at !== -1 && at < end; at = bytes.indexOf(NL, at + 1)) n++;
  return n;
}

/** Whether the bytes hold a fence mark anywhere, on a fence line or not. */
export function hasFence(bytes: Buffer): boolean {
  return MARKS.some((mark) => bytes.includes(mark));
}

/** Whether the bytes hold a fence mark (`marks`), and the starts of the lines that open or close a fence, in order. */
export function fenceScan(bytes: Buffer): { marks: boolean; lines: number[] } {
  const starts = new Set<number>();
  let marks = false;
  for (const mark of MARKS) {
    for (let at = bytes.indexOf(mark); at !== -1; at = bytes.indexOf(mark, at + 1)) {
      marks = true;
      const start = lineStart(bytes, at);
      if (!starts.has(start) && FENCE.test(bytes.toString("utf8", start, contentEnd(bytes, start)))) starts.add(start);
    }
  }
  return { marks, lines: [...starts].sort((a, b) => a - b) };
}
