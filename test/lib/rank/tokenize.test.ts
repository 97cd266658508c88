import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { queryTerms, tokenize, tokenizeWith } from "../../../lib/rank/tokenize.js";

test("ASCII text gives the same terms on the fast ASCII path as on the Unicode path", () => {
  const ascii = fc.string({ unit: fc.constantFrom(..."aZ09 _-./:;,'\"\t\nHTTPServer readUsage x1 42 testing deployed API".split("")), maxLength: 80 });
  const anyAscii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 80 });
  for (const arb of [ascii, anyAscii]) {
    fc.assert(
      fc.property(arb, (text) => assert.deepEqual(tokenizeWith(text, false), tokenizeWith(text, true))),
      { numRuns: 2000 },
    );
  }
});

test("tokenize: camelCase and acronyms split, stop words dropped, stems shared, CJK as 2-grams", () => {
  assert.deepEqual(tokenize("readUsage HTTPServer"), ["read", "usag", "http", "server"]);
  assert.deepEqual(tokenize("the tests were testing"), ["test", "test"]);
  assert.deepEqual(tokenize("内存管理"), ["内存", "存管", "管理"]);
  assert.deepEqual(tokenize("Ｄｅｐｌｏｙ"), tokenize("Deploy")); // full-width folds under NFKC (Unicode path)
  assert.equal(queryTerms("deploy deploy deploy deploy").get("deploi"), 3); // a repeated word is capped
});
