// The vector bench's pure parts only: the 307 MB package is never loaded here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { fuse, textVector, vectorWords, type WordVectors } from "../../bench/relevance/vectors.js";

const fake = (table: Record<string, { rank: number; at: number }>): WordVectors => ({
  size: 1000,
  loadMs: 0,
  get(word) {
    const t = table[word];
    if (!t) return undefined;
    const vec = new Float32Array(100);
    vec[t.at] = 1;
    return { vec, rank: t.rank };
  },
});

test("vector words: lowercase, camelCase split, English and the text's Latin stop words out", () => {
  assert.deepEqual(vectorWords("The toastSays saved, but the EDIT is gone"), ["toast", "says", "saved", "edit", "gone"]);
  assert.deepEqual(vectorWords("le build est cassé depuis hier"), ["build", "cassé", "hier"]);
});

test("text vector: frequent words weigh less (SIF), unknown words are skipped, no known word gives none", () => {
  const v = fake({ common: { rank: 0, at: 0 }, rare: { rank: 100_000, at: 1 } });
  const out = textVector(v, ["common", "rare", "unknown"])!;
  assert.ok(out[1]! > 0.9 && out[0]! < 0.1);
  assert.equal(textVector(v, ["unknown"]), undefined);
});

test("fusion: no vector candidate leaves memctl's order alone; append adds after it, without repeats", () => {
  assert.deepEqual(fuse(["a.md", "b.md"], [], "append"), ["a.md", "b.md"]);
  assert.deepEqual(fuse(["a.md", "b.md"], [], "rrf"), ["a.md", "b.md"]);
  assert.deepEqual(fuse(["a.md", "b.md"], ["b.md", "c.md"], "append"), ["a.md", "b.md", "c.md"]);
  assert.deepEqual(fuse(["a.md", "b.md"], ["b.md", "c.md"], "rrf"), ["b.md", "a.md", "c.md"]);
});
