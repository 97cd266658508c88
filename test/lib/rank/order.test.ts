import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { kthLargest } from "../../../lib/rank/order.js";

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
