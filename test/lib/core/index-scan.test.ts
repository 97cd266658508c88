// The streamed scan of MEMORY.md (lib/core/index-scan.ts) must answer exactly what the whole-Buffer look-ups answer
// (findIndexLine, hasFenceMark, parseIndex's entries of a title, the line numbers upsertIndexLinePieces counts, whether a CRLF is
// anywhere and the last byte, which an append needs), however the index is cut into runs
// of whole lines: fences opened in one run and closed in another, CRLF, ./ and <…> links, percent-escapes.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { FILE, indexArb } from "../../support/index-pieces.js";
import { cardLineOf, cardLineScan, feedIndexScan, newCardScan } from "../../../lib/core/index-scan.js";
import { CARD_TYPES } from "../../../lib/core/card-rules.js";
import { findIndexLine, hasFenceMark } from "../../../lib/core/index-find.js";
import { parseIndex } from "../../../lib/core/index-file.js";

/** The index cut after the line breaks `cuts` picks (each run whole lines; the last may lack its break). */
function runs(buf: Buffer, cuts: readonly number[]): { run: Buffer; base: number }[] {
  const breaks: number[] = [];
  for (let at = buf.indexOf(0x0a); at !== -1; at = buf.indexOf(0x0a, at + 1)) breaks.push(at + 1);
  const ends = [...new Set(cuts.map((c) => breaks[c % Math.max(1, breaks.length)] ?? buf.length))].filter((e) => e < buf.length).sort((a, b) => a - b);
  const out: { run: Buffer; base: number }[] = [];
  let from = 0;
  for (const end of [...ends, buf.length]) {
    out.push({ run: buf.subarray(from, end), base: from });
    from = end;
  }
  return out;
}

test("fed in runs of whole lines, the scan finds findIndexLine's line, its number, and hasFenceMark's answer", () => {
  fc.assert(
    fc.property(indexArb, fc.array(fc.nat(40), { maxLength: 8 }), (text, cuts) => {
      const buf = Buffer.from(text, "utf8");
      const scan = cardLineScan(FILE, true);
      const lookUp = cardLineScan(FILE); // a title look-up's: no line numbers, the same line
      for (const { run, base } of runs(buf, cuts)) {
        feedIndexScan(scan, run, base);
        feedIndexScan(lookUp, run, base);
      }
      const expected = findIndexLine(buf, FILE);
      assert.deepEqual(
        lookUp.hits.map((h) => [h.start, h.end, h.entry]),
        scan.hits.map((h) => [h.start, h.end, h.entry]),
      );
      assert.equal(scan.marks, hasFenceMark(buf));
      assert.equal(scan.crlf, buf.includes("\r\n"));
      assert.equal(scan.last, buf.length === 0 ? undefined : buf[buf.length - 1]);
      const hit = scan.hits[0];
      if (!expected) {
        assert.equal(hit, undefined);
        assert.equal(scan.newlines, text.split("\n").length - 1, "with no hit, every line break is counted (an append's line number)");
        return;
      }
      assert.deepEqual({ start: hit?.start, end: hit?.end, entry: hit?.entry }, { start: expected.start, end: expected.end, entry: expected.entry });
      assert.deepEqual(hit?.bytes, buf.subarray(expected.start, expected.end));
      assert.equal(hit?.at, buf.toString("utf8", 0, expected.start).split("\n").length);
    }),
    { numRuns: 3000 },
  );
});

test("fed in runs of whole lines, a new card's one scan finds parseIndex's entries of that title and each file's findIndexLine line", () => {
  fc.assert(
    fc.property(indexArb, fc.array(fc.nat(40), { maxLength: 8 }), fc.constantFrom("a", "A", "A again", "内存", "B", "Memory", "A [x]", "c"), (text, cuts, name) => {
      const buf = Buffer.from(text, "utf8");
      const files = CARD_TYPES.map((t) => `${t}_${name}.md`);
      const scan = newCardScan(name, files);
      for (const { run, base } of runs(buf, cuts)) feedIndexScan(scan, run, base);
      // parseIndex's entries of that title, placed in the bytes (a hit's entry is not numbered: line 0).
      const starts = [0];
      for (let at = buf.indexOf(0x0a); at !== -1; at = buf.indexOf(0x0a, at + 1)) starts.push(at + 1);
      assert.deepEqual(
        scan.hits.filter((h) => h.entry.title === name).map((h) => [h.start, h.end, { ...h.entry, line: 0 }]),
        parseIndex(text)
          .entries.filter((e) => e.title === name)
          .map((e) => [starts[e.line - 1], starts[e.line - 1]! + Buffer.byteLength(e.raw, "utf8"), { ...e, line: 0 }]),
      );
      for (const file of files) {
        // What a card-line scan of the same runs answers: the edit that appends or replaces the line reuses it.
        const alone = cardLineScan(file, true);
        for (const { run, base } of runs(buf, cuts)) feedIndexScan(alone, run, base);
        const derived = cardLineOf(scan, file);
        const expected = findIndexLine(buf, file);
        assert.deepEqual(
          derived.hits[0] && [derived.hits[0].start, derived.hits[0].end, derived.hits[0].at, derived.hits[0].entry],
          expected && [expected.start, expected.end, alone.hits[0]?.at, expected.entry],
        );
        assert.deepEqual([derived.marks, derived.crlf, derived.last], [alone.marks, alone.crlf, alone.last]);
        if (!expected) assert.equal(derived.newlines, alone.newlines, "no line links it: every line break counted, as an append needs");
      }
    }),
    { numRuns: 2000 },
  );
});

test("a fence opened in one run hides the card's line in the next", () => {
  const text = `# Memory\n\`\`\`\n- [A](${FILE}) — fenced\n\`\`\`\n- [A](${FILE}) — the entry\n`;
  const buf = Buffer.from(text);
  const scan = cardLineScan(FILE, true);
  const split = text.indexOf("- [A]");
  feedIndexScan(scan, buf.subarray(0, split), 0);
  feedIndexScan(scan, buf.subarray(split), split);
  assert.equal(scan.hits[0]?.at, 5);
  assert.equal(scan.hits[0]?.entry.hook, "the entry");
  assert.equal(scan.marks, true);
});
