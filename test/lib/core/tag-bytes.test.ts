import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { hiddenTextProblem, withoutTagBytes } from "../../../lib/core/card-rules.js";

// withoutTagBytes works on bytes (an imported card is stored byte for byte): it must drop exactly the code points
// hiddenTextProblem refuses, and leave every other byte, invalid UTF-8 included, where it was.

const piece = fc.oneof(
  fc.string(),
  fc.integer({ min: 0xe0000, max: 0xe007f }).map((c) => String.fromCodePoint(c)),
  fc.integer({ min: 0xe0080, max: 0xe01ef }).map((c) => String.fromCodePoint(c)), // variation selectors: kept
);

test("withoutTagBytes removes the tag characters of any text and nothing else", () => {
  fc.assert(
    fc.property(fc.array(piece), (parts) => {
      const text = parts.join("");
      const out = withoutTagBytes(Buffer.from(text, "utf8"));
      const expected = text.replace(/[\u{e0000}-\u{e007f}]/gu, "");
      assert.equal(Buffer.from(out.bytes).toString("utf8"), expected);
      assert.equal(out.removed, [...text].length - [...expected].length);
      assert.equal(hiddenTextProblem(Buffer.from(out.bytes).toString("utf8")), undefined);
    }),
  );
});

test("withoutTagBytes leaves bytes that are not UTF-8 as they are", () => {
  const odd = Buffer.from([0xf3, 0xa0, 0x80, 0x41, 0xff, 0xf3, 0xa0]);
  assert.deepEqual(Buffer.from(withoutTagBytes(odd).bytes), odd);
  assert.equal(withoutTagBytes(odd).removed, 0);
});
