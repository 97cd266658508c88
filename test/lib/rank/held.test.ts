// Held cards (a teammate's push awaiting review) are ranked out of the result and out of every statistic a prompt
// computes: with the held ids given, the owner's cards score exactly as in an index without the held cards. Every
// card here has fields of one length, so the field averages (taken at build, over every line) are the same both ways.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { memoryIndex, type RankEntry } from "../../../lib/rank/postings.js";
import { rank } from "../../../lib/rank/score.js";
import { queryTerms, tokenize } from "../../../lib/rank/tokenize.js";

const WORDS = ["deploys", "staging", "rollback", "database", "canary", "gate", "lint", "vault", "cache", "runs"];

function entry(file: string, words: string[], priority = "normal"): RankEntry {
  const title = words.slice(0, 2).join(" ");
  const hook = words.slice(2, 5).join(" ");
  return { line: 1, raw: `- [${title}](${file}) — ${hook}`, file, title, hook, priority, topics: [], terms: { title: tokenize(title), topics: [], hook: tokenize(hook) } };
}

const card = fc.tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 5, maxLength: 5 }), fc.boolean(), fc.constantFrom("normal", "always", "low"));

test("with the held ids given, the owner's cards rank as in an index without the held cards", () => {
  fc.assert(
    fc.property(fc.array(card, { minLength: 1, maxLength: 12 }), fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }), fc.boolean(), (cards, prompt, all) => {
      const entries = cards.map(([words, , priority], i) => entry(`c${i}.md`, words, priority));
      const own = entries.filter((_, i) => !cards[i]![1]);
      const mask = Uint8Array.from(cards, ([, held]) => (held ? 1 : 0));
      const count = mask.reduce((a, b) => a + b, 0);
      const q = queryTerms(prompt.join(" "));
      const options = { today: "2026-12-02", ...(all ? { all } : { top: 64 }) };
      const shown = (r: ReturnType<typeof rank>) => r.map((x) => [x.entry.file, x.tier, x.relevance.toFixed(9)].join(" "));
      assert.deepEqual(shown(rank(memoryIndex(entries), q, { ...options, held: { mask, count } })), shown(rank(memoryIndex(own), q, options)));
    }),
    { numRuns: 300 },
  );
});
