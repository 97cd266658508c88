// The byte helpers every MEMORY.md look-up and edit shares (lib/core/index-bytes.ts) must cut lines and find fences
// exactly as parseIndex does on the decoded text: CRLF and LF, a last line without its break, fence marks on
// fence lines and inside other lines, multi-byte characters.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { indexArb } from "../../support/index-pieces.js";
import { contentEnd, countNewlines, fenceScan, hasFence, lineStart } from "../../../lib/core/index-bytes.js";
import { FENCE } from "../../../lib/core/index-file.js";

/** Each line as parseIndex splits the text: its start offset in the bytes and its text without the break. */
function linesOf(text: string): { start: number; raw: string }[] {
  const out: { start: number; raw: string }[] = [];
  let start = 0;
  for (const piece of text.split("\n")) {
    const raw = piece.endsWith("\r") ? piece.slice(0, -1) : piece;
    out.push({ start, raw });
    start += Buffer.byteLength(piece, "utf8") + 1;
  }
  return out;
}

test("lines cut from the bytes are parseIndex's lines, and the fence lines are those FENCE matches", () => {
  fc.assert(
    fc.property(indexArb, (text) => {
      const buf = Buffer.from(text, "utf8");
      const lines = linesOf(text);
      for (const [n, { start, raw }] of lines.entries()) {
        assert.equal(buf.toString("utf8", start, contentEnd(buf, start)), raw);
        assert.equal(countNewlines(buf, start), n, "the breaks before a line are its index");
        for (let at = start; at < start + Buffer.byteLength(raw, "utf8"); at++) assert.equal(lineStart(buf, at), start);
      }
      assert.equal(countNewlines(buf, buf.length), lines.length - 1);
      const marked = text.includes("```") || text.includes("~~~");
      assert.equal(hasFence(buf), marked);
      assert.deepEqual(fenceScan(buf), {
        marks: marked,
        lines: lines.filter((l) => FENCE.test(l.raw)).map((l) => l.start),
      });
    }),
    { numRuns: 2000 },
  );
});
