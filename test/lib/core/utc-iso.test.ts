// utcIso (lib/core/frecency.ts) is Date#toISOString without loading the local time zone: the same text for every
// date, the same RangeError for an invalid one.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { utcDay, utcIso } from "../../../lib/core/frecency.js";

test("utcIso and utcDay equal toISOString for every representable date", () => {
  fc.assert(
    fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
      const d = new Date(ms);
      assert.equal(utcIso(d), d.toISOString());
      assert.equal(utcDay(d), d.toISOString().slice(0, 10));
    }),
    { numRuns: 2000 },
  );
  for (const ms of [0, -1, 999, 1000, 253402300799999, 253402300800000, -62167219200000, -62167219200001, 8.64e15, -8.64e15])
    assert.equal(utcIso(new Date(ms)), new Date(ms).toISOString());
  assert.throws(() => utcIso(new Date(Number.NaN)), RangeError);
});
