// The paraphrase set: committed coding-agent memory of five public projects in four languages (English, French,
// Chinese, Japanese), one store per project, with prompts written as a developer describes a problem: many
// share no content word with the card that answers them, ~15% need no memory (paraphrase/README.md).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CARD_TYPES } from "../../lib/core/card-types.js";
import { queryTerms, tokenize } from "../../lib/rank/tokenize.js";
import type { BenchCard, BenchGroup } from "./harness.js";
import type { LabelledPrompt } from "./types.js";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "paraphrase");

export interface ParaphrasePrompt extends LabelledPrompt {
  group: string;
  lang: string;
}

function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(path.join(DIR, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

export function paraphrasePrompts(): ParaphrasePrompt[] {
  return readJsonl<ParaphrasePrompt>("prompts.jsonl");
}

/** One group per project, in the order the cards file names them. */
export function paraphraseGroups(): BenchGroup[] {
  const cards = readJsonl<BenchCard & { group: string }>("cards.jsonl");
  const prompts = paraphrasePrompts();
  const names = [...new Set(cards.map((c) => c.group))];
  return names.map((name) => ({
    name,
    cards: cards.filter((c) => c.group === name).map(({ group: _g, ...card }) => card),
    prompts: prompts.filter((p) => p.group === name).map(({ group: _g, lang: _l, ...p }) => p),
  }));
}

const TYPE_PREFIX = new RegExp(`^(${CARD_TYPES.join("|")})_`);

/** The terms the ranker indexes for a card: title, hook, topics and file-name words (as lib/rank-cache/build.ts). */
export function cardTerms(card: BenchCard): Set<string> {
  const name = card.file.replace(/\.md$/i, "").replace(TYPE_PREFIX, "");
  return new Set([...tokenize(card.title), ...tokenize(card.hook), ...tokenize([...card.topics, name].join(" "))]);
}

/** The prompt terms, with the stop words and joined pairs the product's query uses, shared with any answering card. */
export function sharedTerms(prompt: string, cards: readonly BenchCard[]): string[] {
  const query = [...queryTerms(prompt).keys()];
  const terms = new Set(cards.flatMap((c) => [...cardTerms(c)]));
  return query.filter((t) => terms.has(t));
}

/** Prompt outcomes as the harness reports them (RankerReport's outcomes), without importing the harness's runtime. */
interface Outcome {
  id: string;
  kind: string;
  needsMemory: boolean;
  hit: Record<string, boolean>;
  allHit: Record<string, boolean>;
  bytes: Record<string, number>;
}

/**
 * The set's own breakdown beside the harness table: prompts sharing no term with their answer (today's tokenizer,
 * as paraphrase-overlap.ts counts them), prompts needing two cards (any / all shown), no-memory bytes per language.
 */
export function paraphraseTable(reports: readonly { ranker: string; outcomes: readonly Outcome[] }[], labels = ["1500/10", "3000/20"]): string {
  const prompts = new Map(paraphrasePrompts().map((p) => [p.id, p]));
  const cards = new Map(paraphraseGroups().flatMap((g) => g.cards.map((c) => [`${g.name}/${c.file}`, c] as const)));
  const disjoint = new Set(
    [...prompts.values()]
      .filter(
        (p) =>
          p.relevant.length > 0 &&
          sharedTerms(
            p.prompt,
            p.relevant.map((f) => cards.get(`${p.group}/${f}`)!),
          ).length === 0,
      )
      .map((p) => p.id),
  );
  const multi = new Set([...prompts.values()].filter((p) => p.relevant.length > 1).map((p) => p.id));
  const langs = [...new Set([...prompts.values()].map((p) => p.lang))];
  // The prompt kinds the targets name: a developer describing a symptom, or asking in other words.
  const kinds = ["symptom", "paraphrase"].map((kind) => ({ kind, n: [...prompts.values()].filter((p) => p.kind === kind && p.relevant.length > 0).length }));
  const rate = (os: readonly Outcome[], f: (o: Outcome) => boolean) => `${((100 * os.filter(f).length) / Math.max(1, os.length)).toFixed(1)}%`;
  const mean = (xs: readonly number[]) => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(0);
  const head = [
    "ranker",
    ...kinds.map(({ kind, n }) => `${kind} (${n}) ${labels.join(" / ")}`),
    ...labels.map((l) => `no shared term (${disjoint.size}) ${l}`),
    ...labels.map((l) => `two cards (${multi.size}): any / all ${l}`),
    ...langs.map((lang) => `hit ${lang} ${labels.join(" / ")}`),
    ...langs.map((lang) => `no-memory B (blocks) ${lang} ${labels.join(" / ")}`),
  ];
  const rows = reports.map((r) => {
    const of = (ids: Set<string>) => r.outcomes.filter((o) => ids.has(o.id));
    return [
      r.ranker,
      ...kinds.map(({ kind }) =>
        labels
          .map((l) =>
            rate(
              r.outcomes.filter((o) => o.needsMemory && o.kind === kind),
              (o) => o.hit[l]!,
            ),
          )
          .join(" / "),
      ),
      ...labels.map((l) => rate(of(disjoint), (o) => o.hit[l]!)),
      ...labels.map((l) => `${rate(of(multi), (o) => o.hit[l]!)} / ${rate(of(multi), (o) => o.allHit[l]!)}`),
      ...langs.map((lang) =>
        labels
          .map((l) =>
            rate(
              r.outcomes.filter((o) => o.needsMemory && prompts.get(o.id)?.lang === lang),
              (o) => o.hit[l]!,
            ),
          )
          .join(" / "),
      ),
      // A language has few such prompts, so one block moves its mean a lot: how many got one is printed beside it.
      ...langs.map((lang) => {
        const none = r.outcomes.filter((o) => !o.needsMemory && prompts.get(o.id)?.lang === lang);
        return labels.map((l) => `${mean(none.map((o) => o.bytes[l]!))} (${none.filter((o) => o.bytes[l]! > 0).length}/${none.length})`).join(" / ");
      }),
    ].join(" | ");
  });
  return [
    `| ${head.join(" | ")} |`,
    `|---|${head
      .slice(1)
      .map(() => "---:")
      .join("|")}|`,
    ...rows.map((r) => `| ${r} |`),
    "",
  ].join("\n");
}
