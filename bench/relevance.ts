// Relevance benchmark: memctl's block (the hook's own, wrapper included) against BM25 and the seed's substring
// counting (their lines alone, no wrapper) under Claude's 1500 B / 10 lines and the default 3000 B / 20.
// Run: npm run bench:relevance [-- --set hand,heldout,coding,paraphrase,locomo] [--locomo PATH|URL] [--conversations 0-2]
//      [--json] [--misses] [--no-usage] [--keys]  (--no-usage: the hand-written sets without their usage sidecar;
//      --keys: each set also with every card's recorded recall keys, keys/answers.jsonl or $MEMCTL_BENCH_ANSWERS,
//      replayed through the model-command interface; memctl and BM25 then both see them; --key-prompt v2|v4|v5: the
//      answers to a frozen key-writing prompt instead of the product's, relevance/keys.ts)
//      [--vectors]  (memctl fused with static English word vectors, relevance/vectors.ts: a measurement, not product)
// LoCoMo is fetched at bench time (CC BY-NC 4.0, evaluation only) and cached outside the repository; its
// conversations 3–9 are the held-out check and are read only when --conversations names them.
import { BUDGETS, evaluateSet, RANKERS, type BenchGroup, type RankerReport } from "./relevance/harness.js";
import { codingGroups } from "./relevance/coding.js";
import { paraphraseGroups, paraphraseTable } from "./relevance/paraphrase.js";
import { DEFAULT_CONVERSATIONS, loadLocomo } from "./relevance/locomo.js";
import { handCards, loadPrompts } from "./relevance/store.js";
import { type KeyPromptVersion, keyPromptVersion, ownerPromptsOf, REPLAY_COMMAND, withRecordedKeys } from "./relevance/keys.js";

const SETS = ["hand", "heldout", "coding", "paraphrase", "locomo"] as const;
type SetName = (typeof SETS)[number];

function flag(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
}

/** "0-2" or "0,1,2" → [0, 1, 2]. */
export function parseRange(text: string): number[] {
  return text.split(",").flatMap((part) => {
    const [a, b] = part.split("-").map((x) => Number(x.trim()));
    if (!Number.isInteger(a) || (b !== undefined && !Number.isInteger(b))) throw new Error(`bad --conversations: ${text}`);
    return b === undefined ? [a!] : Array.from({ length: b - a! + 1 }, (_, i) => a! + i);
  });
}

async function groupsOf(set: SetName, argv: readonly string[]): Promise<{ groups: BenchGroup[]; note: string }> {
  switch (set) {
    case "hand":
      return {
        groups: [{ name: "hand", cards: handCards(), prompts: loadPrompts(), usage: !argv.includes("--no-usage") }],
        note: `hand-written store (165 cards) ${argv.includes("--no-usage") ? "without" : "with"} a usage sidecar, 98 prompts`,
      };
    case "heldout":
      return {
        groups: [{ name: "heldout", cards: handCards(), prompts: loadPrompts("bench/relevance/prompts-heldout.jsonl"), usage: !argv.includes("--no-usage") }],
        note: "hand-written store, 30 held-out prompts",
      };
    case "coding": {
      const groups = codingGroups();
      return { groups, note: `real committed memory of ${groups.length} projects (${groups.reduce((n, g) => n + g.cards.length, 0)} cards)` };
    }
    case "paraphrase": {
      const groups = paraphraseGroups();
      return { groups, note: `committed coding-agent memory of ${groups.length} projects in 4 languages (${groups.reduce((n, g) => n + g.cards.length, 0)} cards)` };
    }
    case "locomo": {
      const conversations = flag(argv, "--conversations") ? parseRange(flag(argv, "--conversations")!) : [...DEFAULT_CONVERSATIONS];
      const groups = await loadLocomo({ ...(flag(argv, "--locomo") ? { source: flag(argv, "--locomo")! } : {}), conversations });
      const dropped = groups.reduce((n, g) => n + g.dropped, 0);
      return {
        groups,
        note: `LoCoMo conversations ${conversations.join(",")}: ${groups.reduce((n, g) => n + g.cards.length, 0)} observation cards; categories 1–4 (${dropped} questions whose evidence has no observation left out)`,
      };
    }
  }
}

/** The groups with every card's recorded recall keys (cards without a recorded answer keep none). */
async function keyedGroups(groups: readonly BenchGroup[], version: KeyPromptVersion): Promise<{ groups: BenchGroup[]; cards: number; keyed: number; failed: number }> {
  const out: BenchGroup[] = [];
  let cards = 0;
  let failed = 0;
  for (const g of groups) {
    const k = await withRecordedKeys(g.cards, ownerPromptsOf(g), REPLAY_COMMAND, version);
    cards += g.cards.length;
    failed += k.failed;
    out.push({ ...g, cards: k.cards });
  }
  return { groups: out, cards, keyed: cards - failed, failed };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

function table(set: string, note: string, reports: readonly RankerReport[]): string {
  const labels = BUDGETS.map((b) => b.label);
  const first = reports[0]!;
  const noMemory = first.noMemoryPrompts > 0;
  const head = ["ranker", ...labels.map((l) => `hit ${l}`), "MRR", ...labels.map((l) => `mean B ${l}`), ...(noMemory ? labels.map((l) => `no-memory B ${l}`) : [])];
  const rows = reports.map((r) =>
    [
      r.ranker,
      ...labels.map((l) => pct(r.hit[l]!)),
      r.mrr.toFixed(3),
      ...labels.map((l) => r.meanBytes[l]!.toFixed(0)),
      ...(noMemory ? labels.map((l) => r.noMemoryBytes[l]!.toFixed(0)) : []),
    ].join(" | "),
  );
  return [
    `### ${set}: ${note}; ${first.prompts} prompts need memory${noMemory ? `, ${first.noMemoryPrompts} need none` : ""}`,
    "",
    `| ${head.join(" | ")} |`,
    `|---|${head
      .slice(1)
      .map(() => "---:")
      .join("|")}|`,
    ...rows.map((r) => `| ${r} |`),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const sets = (flag(argv, "--set")?.split(",") ?? [...SETS]) as SetName[];
  for (const s of sets) if (!SETS.includes(s)) throw new Error(`unknown --set ${s} (one of ${SETS.join(", ")})`);
  const json: Record<string, unknown> = {};
  const vectors = argv.includes("--vectors") ? await import("./relevance/vectors.js") : undefined;
  const extra = vectors ? vectors.chosenRankers() : [];
  for (const set of sets) {
    const { groups, note: plainNote } = await groupsOf(set, argv);
    let reports = await evaluateSet(groups, [...RANKERS, ...extra]);
    let note = plainNote;
    if (argv.includes("--keys")) {
      const keyed = await keyedGroups(groups, keyPromptVersion(argv));
      const keyedReports = await evaluateSet(keyed.groups, [...RANKERS.filter((r) => !r.name.startsWith("substring")), ...extra]);
      reports = [...reports, ...keyedReports.map((r) => ({ ...r, ranker: `${r.ranker} + keys` }))];
      note += `; keys for ${keyed.keyed} of ${keyed.cards} cards (${keyed.failed} without a recorded answer)`;
    }
    if (argv.includes("--json")) json[set] = reports.map(({ outcomes: _o, ...rest }) => rest);
    else process.stdout.write(table(set, note, reports) + "\n" + (set === "paraphrase" ? paraphraseTable(reports) + "\n" : ""));
    if (argv.includes("--misses")) {
      const text = new Map(groups.flatMap((g) => g.prompts.map((p) => [p.id, p.prompt] as const)));
      for (const r of reports) {
        for (const { label } of BUDGETS) {
          const missed = r.outcomes.filter((o) => o.needsMemory && !o.hit[label]);
          process.stdout.write(`misses of ${r.ranker} at ${label} (${missed.length}): ${missed.map((o) => `${o.id} "${text.get(o.id)}"`).join("; ")}\n\n`);
          const given = r.outcomes.filter((o) => !o.needsMemory && o.bytes[label]! > 0);
          if (given.length > 0)
            process.stdout.write(
              `no-memory prompts given a block by ${r.ranker} at ${label} (${given.length}): ${given.map((o) => `${o.id} "${text.get(o.id)}" ${o.bytes[label]} B`).join("; ")}\n\n`,
            );
        }
      }
    }
  }
  if (argv.includes("--json")) process.stdout.write(JSON.stringify({ node: process.version, sets: json }, null, 2) + "\n");
  else if (vectors) process.stdout.write(vectors.costNote());
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
