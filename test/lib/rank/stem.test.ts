import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { stem } from "../../../lib/rank/stem.js";
import { referenceStem } from "../../support/porter-reference.js";
import { REPO_ROOT } from "../../helpers.js";

// Porter's own examples, and words that reach every step and rule (y after a vowel, -ied, -eed, doubled and
// cvc endings, each step 2 to 5 suffix).
const WORDS = (
  "caresses ponies ties caress cats feed agreed plastered bled motoring sing conflated troubled sized hopping tanned " +
  "falling hissing fizzed failing filing happy sky relational conditional rational valenci hesitanci digitizer conformabli " +
  "radicalli differentli vileli analogousli vietnamization predication operator feudalism decisiveness hopefulness callousness " +
  "formaliti sensitiviti sensibiliti triplicate formative formalize electriciti electrical hopeful goodness revival allowance " +
  "inference airliner gyroscopic adjustable defensible irritant replacement adjustment dependent adoption homologou communism " +
  "activate angulariti homologous effective bowdlerize probate rate cease controll roll generalizations oscillators yelling " +
  "deployed deploying deployment rollback setup migrations database testing tested tests running stopped hoping syzygy eyeing"
).split(" ");

test("stem gives exactly what the plain Porter transcription gives: listed words, a store's vocabulary, random words", () => {
  for (const w of WORDS) assert.equal(stem(w), referenceStem(w), w);
  const vocabulary = new Set<string>();
  for (const file of ["bench/relevance/cards.jsonl", "bench/relevance/prompts.jsonl", "README.md"].map((f) => path.join(REPO_ROOT, f))) {
    if (!fs.existsSync(file)) continue;
    for (const w of fs
      .readFileSync(file, "utf8")
      .toLowerCase()
      .match(/[a-z]+/g) ?? [])
      vocabulary.add(w);
  }
  assert.ok(vocabulary.size > 500, `a real vocabulary (${vocabulary.size} words)`);
  for (const w of vocabulary) assert.equal(stem(w), referenceStem(w), w);
  // Random words built from the letters and endings the rules look at, and any lower-case or other text.
  const piece = fc.constantFrom(
    ..."a e i o u y s t l z b c d g m n r ss ies sses eed ed ing at bl iz ational tional enci anci izer bli alli entli eli ousli ization ation ator alism iveness fulness ousness aliti iviti biliti logi icate ative alize iciti ical ful ness al ance ence er ic able ible ant ement ment ent ou ism ate iti ous ive ize ion sion tion ll e".split(
      " ",
    ),
  );
  fc.assert(
    fc.property(
      fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
      (w) => assert.equal(stem(w), referenceStem(w), w),
    ),
    { numRuns: 20_000 },
  );
  fc.assert(
    fc.property(fc.string({ maxLength: 12 }), (w) => assert.equal(stem(w), referenceStem(w), w)),
    { numRuns: 5_000 },
  );
});
