// Checks the paraphrase set's claim: the share of prompts needing memory that share no term with any card
// answering them, by the product's own tokenizer and stop words (lib/rank/tokenize.ts), per language.
// Run: node --import tsx bench/relevance/paraphrase-overlap.ts [--list]
import { paraphraseGroups, paraphrasePrompts, sharedTerms } from "./paraphrase.js";

const cards = new Map(paraphraseGroups().flatMap((g) => g.cards.map((c) => [`${g.name}/${c.file}`, c] as const)));
const rows = new Map<string, { n: number; none: number; disjoint: number }>();
const list = process.argv.includes("--list");
for (const p of paraphrasePrompts()) {
  const row = rows.get(p.lang) ?? { n: 0, none: 0, disjoint: 0 };
  rows.set(p.lang, row);
  if (p.relevant.length === 0) {
    row.none++;
    continue;
  }
  row.n++;
  const shared = sharedTerms(
    p.prompt,
    p.relevant.map((f) => cards.get(`${p.group}/${f}`)!),
  );
  if (shared.length === 0) row.disjoint++;
  if (list) process.stdout.write(`${p.id}\t${shared.length === 0 ? "none shared" : shared.join(",")}\t${p.prompt}\n`);
}
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
let n = 0;
let disjoint = 0;
let none = 0;
process.stdout.write("| language | need memory | share no term with the answer | need none |\n|---|---:|---:|---:|\n");
for (const [lang, r] of rows) {
  n += r.n;
  disjoint += r.disjoint;
  none += r.none;
  process.stdout.write(`| ${lang} | ${r.n} | ${r.disjoint} (${pct(r.disjoint, r.n)}) | ${r.none} (${pct(r.none, r.n + r.none)}) |\n`);
}
process.stdout.write(`| all | ${n} | ${disjoint} (${pct(disjoint, n)}) | ${none} (${pct(none, n + none)}) |\n`);
