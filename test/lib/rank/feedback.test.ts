import assert from "node:assert/strict";
import { test } from "node:test";
import { expandQuery, FEEDBACK_TERMS, FEEDBACK_WEIGHT } from "../../../lib/rank/feedback.js";
import { memoryIndex, rank, type RankEntry } from "../../../lib/rank/score.js";
import { queryTerms, tokenize } from "../../../lib/rank/tokenize.js";

function entry(file: string, title: string, hook: string): RankEntry {
  return { line: 1, raw: `- [${title}](${file}) — ${hook}`, file, title, hook, topics: [], terms: { title: tokenize(title), topics: [], hook: tokenize(hook) } };
}
const TODAY = "2026-12-02";
const filler = Array.from({ length: 30 }, (_, i) => entry(`f${i}.md`, `Unrelated note ${i}`, `about topic number ${i} and other matters entirely`));

test("feedback: a card sharing no prompt word but the top card's rare words becomes a hit", () => {
  const index = memoryIndex([
    entry("top.md", "Pottery class", "Melanie signed up for a pottery class; clay and glazing calm her"),
    entry("other.md", "Weekend kiln", "Fired a first clay bowl in the kiln, glazing it blue"),
    ...filler,
  ]);
  const plain = queryTerms("what calms Melanie down");
  const expanded = expandQuery(index, plain, TODAY);
  for (const [t, w] of plain) assert.equal(expanded.get(t), w, "prompt words keep their weight");
  const added = [...expanded].filter(([t]) => !plain.has(t));
  assert.ok(added.length > 0 && added.length <= FEEDBACK_TERMS);
  assert.ok(added.every(([, w]) => w === FEEDBACK_WEIGHT));
  const files = (q: Map<string, number>) =>
    rank(index, q, { today: TODAY })
      .filter((r) => r.tier === "relevant")
      .map((r) => r.entry.file);
  assert.deepEqual(files(plain), ["top.md"]);
  assert.deepEqual(files(expanded), ["top.md", "other.md"]);
});

test("feedback: a prompt with no terms, or no hits, is left as it is", () => {
  const index = memoryIndex(filler);
  assert.equal(expandQuery(index, queryTerms("thanks!"), TODAY).size, 0);
  const q = queryTerms("kubernetes ingress");
  assert.deepEqual([...expandQuery(index, q, TODAY)], [...q]);
});
