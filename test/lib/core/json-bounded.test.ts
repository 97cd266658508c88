import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseJsonBounded } from "../../../lib/core/json-bounded.js";

// A host payload is parsed only when its nesting is within a bound; within it, the answer is JSON.parse's, whatever
// the strings hold (quotes, runs of backslashes, brackets).

test("within the bound, parseJsonBounded answers as JSON.parse for any JSON value", () => {
  fc.assert(
    fc.property(fc.jsonValue({ maxDepth: 8 }), (v) => {
      const text = JSON.stringify(v);
      assert.deepEqual(parseJsonBounded(text), JSON.parse(text));
    }),
  );
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a") }), (s) => {
      const text = JSON.stringify({ prompt: s, n: [[1]] });
      assert.deepEqual(parseJsonBounded(text, 3), JSON.parse(text));
    }),
  );
});

test("brackets nested past the bound outside strings are refused before parsing; invalid JSON is refused as JSON.parse refuses it", () => {
  assert.throws(() => parseJsonBounded(`${"[".repeat(65)}${"]".repeat(65)}`), /nested deeper than 64/);
  assert.deepEqual(parseJsonBounded(`${"[".repeat(64)}${"]".repeat(64)}`) !== undefined, true);
  assert.throws(() => parseJsonBounded('{"a":"\\"[[[['), SyntaxError);
  assert.throws(() => parseJsonBounded("{"), SyntaxError);
});
