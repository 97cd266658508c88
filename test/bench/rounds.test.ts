// What the interleaved benches print (bench/rounds.ts): the last full check's age at each start, where a start that
// found no check recorded has no age (it was once printed as the milliseconds since 1970).
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkAges } from "../../bench/rounds.js";

test("a start with no full check recorded reads as no check, never as an age", () => {
  const none = checkAges(Array.from({ length: 9 }, () => undefined));
  assert.equal(none, "no check for 9 of 9");
  assert.doesNotMatch(none, /\d{5,}/);
  assert.equal(checkAges([300, undefined, 2500, 900]), "min 300 / median 900 / max 2500 ms, under 2 s for 2 of 4; no check for 1 of 4");
  assert.equal(checkAges([1200, 400, 3000]), "min 400 / median 1200 / max 3000 ms, under 2 s for 2 of 3");
});
