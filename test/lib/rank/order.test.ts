import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { compareRanked, firstPlaces, kthLargest, type Orderable, type Tier } from "../../../lib/rank/order.js";

test("kthLargest is the k-th value of a sorted copy from the top, ties and all", () => {
  // Small value ranges make runs of equal relevances, as a generated store's templated cards do.
  const values = fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.double({ min: 0, max: 1e6, noNaN: true })), { minLength: 1, maxLength: 300 });
  fc.assert(
    fc.property(values, fc.nat(), (list, pick) => {
      const k = 1 + (pick % list.length);
      const sorted = Float64Array.from(list).sort();
      assert.equal(kthLargest(Float64Array.from(list), k), sorted[list.length - k]);
    }),
    { numRuns: 2_000 },
  );
  assert.equal(kthLargest(new Float64Array(50_000).fill(2.5), 30), 2.5);
  assert.throws(() => kthLargest(new Float64Array(3), 4), RangeError);
  assert.throws(() => kthLargest(new Float64Array(3), 0), RangeError);
});

test("firstPlaces returns every pinned entry in compareRanked order, most of them without score or relevance", () => {
  const tiers: Tier[] = ["always", "always", "always", "relevant", "irrelevant", "sunk-relevant", "sunk"];
  // Mostly zeros (a pinned card nobody used and the prompt does not match), some ties, now and then a value a
  // damaged usage sidecar could give (negative, NaN), in any input order.
  const num = fc.oneof(
    { weight: 8, arbitrary: fc.constant(0) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }) },
    { weight: 2, arbitrary: fc.double({ min: 0, max: 100, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(-1, Number.NaN) },
  );
  const entry = fc.record({ tier: fc.constantFrom(...tiers), score: num, relevance: num });
  const shuffled = fc
    .array(entry, { maxLength: 80 })
    .chain((list) => fc.shuffledSubarray(list.map((e, index): Orderable => ({ ...e, index })), { minLength: list.length }));
  fc.assert(
    fc.property(shuffled, fc.nat({ max: 10 }), (ranked, k) => {
      // With a NaN the comparator is inconsistent: the order is then whatever one sort of them gives, as before.
      const expected = ranked.filter((r) => r.tier === "always").sort(compareRanked);
      const got = firstPlaces([...ranked], k).slice(0, expected.length);
      assert.deepEqual(
        got.map((r) => r.index),
        expected.map((r) => r.index),
      );
    }),
    { numRuns: 2_000 },
  );
});
