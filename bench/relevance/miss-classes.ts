// Why memctl misses a prompt that needs memory, by class, beside whether BM25 (same keys) finds it: the needed card
// shares no term with the prompt (no match), matches but no card is evidence that the prompt needs memory (lone
// word: no block), scores under the relative cutoff, or is relevant but left out of the block (lines or bytes).
// The other side of the no-memory rule beside it: each prompt that needs no memory and meets some card, either kept
// out (no card is evidence: the lone-word prompts a looser rule would let in) or given a block.
//   node --import tsx bench/relevance/miss-classes.ts [--set paraphrase,coding,hand,heldout] [--keys [--key-prompt v2|v4|v5]] [-v]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rankStore } from "../../lib/hook/inject.js";
import { codingGroups } from "./coding.js";
import { BUDGETS, MEMCTL, openGroup, RANKERS, runPrompt, type BenchGroup, type RankContext } from "./harness.js";
import { keyPromptVersion, ownerPromptsOf, REPLAY_COMMAND, withRecordedKeys } from "./keys.js";
import { paraphraseGroups } from "./paraphrase.js";
import { handCards, loadPrompts, TODAY } from "./store.js";

const BM25 = RANKERS.find((r) => r.name === "BM25")!;

function groupsOf(sets: readonly string[]): BenchGroup[] {
  return sets.flatMap((set): BenchGroup[] => {
    if (set === "paraphrase") return paraphraseGroups();
    if (set === "coding") return codingGroups();
    if (set === "hand") return [{ name: "hand", cards: handCards(), prompts: loadPrompts(), usage: true }];
    if (set === "heldout") return [{ name: "heldout", cards: handCards(), prompts: loadPrompts("bench/relevance/prompts-heldout.jsonl"), usage: true }];
    throw new Error(`unknown set ${set}`);
  });
}

/**
 * Every miss of memctl's block, per budget: "<budget> <class>[ (BM25 hits)]" → prompt lines; and every prompt that
 * needs no memory and meets a card, by noMemoryClass.
 */
export async function missClasses(groups: readonly BenchGroup[]): Promise<Map<string, string[]>> {
  const classes = new Map<string, string[]>();
  const now = new Date(`${TODAY}T12:00:00Z`);
  for (const g of groups) {
    const store = openGroup(g);
    try {
      for (const p of g.prompts) {
        const ctx = { memoryDir: store.dir, entries: store.entries, prompt: p.prompt, today: TODAY };
        if (p.relevant.length === 0) {
          const key = await noMemoryClass(ctx, now);
          if (key) classes.set(key.cls, [...(classes.get(key.cls) ?? []), `${g.name}/${p.id} ${JSON.stringify(p.prompt)}${key.detail}`]);
          continue;
        }
        const bm25Order = await BM25.rank(ctx);
        for (const { label, budget } of BUDGETS) {
          const block = await runPrompt(MEMCTL, ctx, budget);
          if (p.relevant.some((r) => block.shown.has(r))) continue;
          const bm25 = await runPrompt(BM25, ctx, budget, bm25Order);
          const { ranked } = await rankStore(store.dir, p.prompt, now, { all: true });
          const needed = ranked.filter((r) => p.relevant.includes(r.entry.file)).sort((a, b) => b.relevance - a.relevance)[0]!;
          const anyRelevant = ranked.some((r) => r.tier === "relevant");
          const cls =
            needed.relevance === 0
              ? "no match"
              : !anyRelevant
                ? "lone word, no block"
                : needed.tier !== "relevant"
                  ? "under the cutoff"
                  : block.lines >= budget.maxEntries
                    ? "out of budget (lines)"
                    : "out of budget (bytes)";
          const key = `${label} ${cls}${p.relevant.some((r) => bm25.shown.has(r)) ? " (BM25 hits)" : ""}`;
          const place = ranked.indexOf(needed) + 1;
          const matches = needed.matches.map((m) => `${m.term}:${m.fields.join("+")}`).join(",");
          classes.set(key, [...(classes.get(key) ?? []), `${g.name}/${p.id} ${JSON.stringify(p.prompt)} place ${place}${matches ? ` (${matches})` : ""}`]);
        }
      }
    } finally {
      store.dispose();
    }
  }
  return classes;
}

/**
 * A prompt that needs no memory and meets some card: "no-memory, kept out" when no card is evidence (the best card's
 * matches, with how many cards hold each term), "no-memory, given a block" with the bytes at each budget. Undefined
 * when it meets no card at all.
 */
async function noMemoryClass(ctx: RankContext, now: Date): Promise<{ cls: string; detail: string } | undefined> {
  const { ranked, store } = await rankStore(ctx.memoryDir, ctx.prompt, now, { all: true });
  const best = ranked.filter((r) => r.relevance > 0).sort((a, b) => b.relevance - a.relevance)[0];
  if (!best) return undefined;
  if (!ranked.some((r) => r.tier === "relevant" || r.tier === "sunk-relevant")) {
    const cards = (term: string) => store.index.postings(term)?.length ?? 0;
    const terms = best.matches.map((m) => `${m.term}:${m.fields.join("+")} of ${cards(m.term)} card${cards(m.term) === 1 ? "" : "s"}`).join(", ");
    return { cls: "no-memory, kept out (no card is evidence; the best card's matches)", detail: ` (${terms})` };
  }
  const bytes: string[] = [];
  for (const { label, budget } of BUDGETS) bytes.push(`${label} ${(await runPrompt(MEMCTL, ctx, budget)).bytes} B`);
  return { cls: "no-memory, given a block", detail: ` ${bytes.join(", ")}` };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf("--set");
  let groups = groupsOf(at === -1 ? ["paraphrase", "coding"] : argv[at + 1]!.split(","));
  if (argv.includes("--keys"))
    groups = await Promise.all(groups.map(async (g) => ({ ...g, cards: (await withRecordedKeys(g.cards, ownerPromptsOf(g), REPLAY_COMMAND, keyPromptVersion(argv))).cards })));
  const classes = await missClasses(groups);
  for (const key of [...classes.keys()].sort()) {
    process.stdout.write(`${key}: ${classes.get(key)!.length}\n`);
    if (argv.includes("-v")) for (const line of classes.get(key)!) process.stdout.write(`  ${line}\n`);
  }
}
