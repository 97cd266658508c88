// Pseudo-relevance feedback: the best few cards for a prompt lend their rarest other words to the query at a
// low weight, so a card that says the same thing in the words of the top cards rises (LoCoMo 0–2: +0.6 points
// at 1500 B / 10 lines, +2.2 at 3000 / 20; bench/README.md). Costs one more walk of the postings.
import { isHit, rank, type RankIndex } from "./score.js";
import { tokenize } from "./tokenize.js";

/** Cards the feedback is read from, terms it adds, and the weight of each (a prompt word weighs 1–3). */
export const FEEDBACK_CARDS = 3;
export const FEEDBACK_TERMS = 5;
export const FEEDBACK_WEIGHT = 0.3;

/** The query plus the rarest terms of its best FEEDBACK_CARDS hits (more hits sharing a term weigh more). */
export function expandQuery(index: RankIndex, query: ReadonlyMap<string, number>, today: string): Map<string, number> {
  const out = new Map(query);
  if (query.size === 0 || index.size === 0) return out;
  const best = rank(index, query, { today, top: FEEDBACK_CARDS }).filter(isHit).slice(0, FEEDBACK_CARDS);
  const counts = new Map<string, number>();
  for (const r of best) {
    for (const t of new Set(tokenize(`${r.entry.title} ${r.entry.hook}`))) if (!query.has(t)) counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  const scored = [...counts].map(([t, c]) => [t, c * Math.log(1 + index.size / ((index.postings(t)?.length ?? index.size) + 0.5))] as const);
  scored.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [t] of scored.slice(0, FEEDBACK_TERMS)) out.set(t, FEEDBACK_WEIGHT);
  return out;
}
