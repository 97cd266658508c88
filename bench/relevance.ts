// Relevance benchmark: memctl's ranker vs a substring baseline and BM25, all filling the block through the
// hook's own budget and rendering code (lib/config/budget.ts, lib/core/block.ts composeBlock) under the host's hard ceiling.
// Run: npm run bench:relevance [-- --json] [--misses] [--no-usage] [--prompts bench/relevance/prompts-heldout.jsonl]
import fs from "node:fs";
import { DEFAULT_BUDGET, hostBudget, type Budget } from "../lib/config/budget.js";
import { composeBlock, toInjectLine } from "../lib/core/block.js";
import { bm25Ranker, substringRanker } from "./relevance/baselines.js";
import { CEILING_BYTES, hookBlockFiles, memctlRanker } from "./relevance/memctl-ranker.js";
import { loadPrompts, materializeStore, readEntries, TODAY } from "./relevance/store.js";
import type { BenchEntry, LabelledPrompt } from "./relevance/types.js";

/** What every ranker is handed: the store on disk and its entries read back by memctl's parsers. */
export interface RankContext {
  memoryDir: string;
  entries: readonly BenchEntry[];
  prompt: string;
  today: string;
}

export interface RankerSpec {
  name: string;
  /** Card files best first; files left out are never shown. */
  rank(ctx: RankContext): string[] | Promise<string[]>;
}

export const RANKERS: RankerSpec[] = [
  { name: "memctl", rank: (ctx) => memctlRanker(ctx) },
  { name: "substring (len>=4)", rank: (ctx) => substringRanker(ctx.entries, ctx.prompt).map((e) => e.file) },
  { name: "BM25", rank: (ctx) => bm25Ranker(ctx.entries, ctx.prompt).map((e) => e.file) },
  // The same two without padding: only lines with a non-zero score, the way memctl shows only relevant lines.
  { name: "substring, matches only", rank: (ctx) => substringRanker(ctx.entries, ctx.prompt, true).map((e) => e.file) },
  { name: "BM25, matches only", rank: (ctx) => bm25Ranker(ctx.entries, ctx.prompt, true).map((e) => e.file) },
];

export const BUDGETS: { label: string; budget: Budget }[] = [
  { label: "3000/20", budget: { ...DEFAULT_BUDGET } },
  { label: "1500/10", budget: hostBudget("claude") },
];

interface PromptOutcome {
  id: string;
  kind: string;
  /** 1-based rank of the first relevant card in the ranker's order (always-cards excluded); 0 = not ranked. */
  firstRank: number;
  hit: Record<string, boolean>;
  recall: Record<string, number>;
  shown: Record<string, number>;
  bytes: Record<string, number>;
}

export interface RankerReport {
  ranker: string;
  prompts: number;
  mrr: number;
  /** Share of prompts with a relevant card among the ranker's first five (basic-memory's R@5, for comparison). */
  recall_at_5: number;
  hit_at_block: Record<string, number>;
  recall_at_block: Record<string, number>;
  mean_lines_shown: Record<string, number>;
  mean_block_bytes: Record<string, number>;
  hit_by_kind: Record<string, { n: number; hits: number }>;
  misses: Record<string, string[]>;
  outcomes: PromptOutcome[];
}

const PROJECT_KEY = "relevance-bench-000000";

/** lib/hook/inject.ts SCAN_PER_ENTRY (not exported): first-fit looks at max(30, 3 × maxEntries) lines. */
const scanLimit = (budget: Budget) => Math.max(30, 3 * budget.maxEntries);

/** Fills the block for one ranked order exactly as the hook does and reports which cards made it in. */
function fill(entries: readonly BenchEntry[], order: readonly string[], budget: Budget): { shown: Set<string>; lines: number; bytes: number } {
  const byFile = new Map(entries.map((e) => [e.file, e]));
  const always = entries.filter((e) => e.priority === "always");
  const alwaysFiles = new Set(always.map((e) => e.file));
  const ranked = order
    .filter((f) => !alwaysFiles.has(f))
    .map((f) => byFile.get(f)!)
    .filter(Boolean);
  const composed = composeBlock({
    context: { projectKey: PROJECT_KEY, source: "env", entryCount: entries.length },
    always: always.map(toInjectLine),
    // As lib/hook/inject.ts compose() does: first-fit scans a bounded prefix, the notice counts every match.
    ranked: ranked.slice(0, scanLimit(budget)).map(toInjectLine),
    relevantTotal: ranked.length,
    // As lib/hook/inject.ts does: the byte budget never exceeds the host's hard ceiling.
    budget: { maxBytes: Math.min(budget.maxBytes, CEILING_BYTES), maxEntries: budget.maxEntries },
    ceilingBytes: CEILING_BYTES,
  });
  const shown = new Set([...composed.always, ...composed.lines].map((l) => l.file));
  return { shown, lines: composed.lines.length, bytes: composed.bytes };
}

export async function evaluate(spec: RankerSpec, memoryDir: string, entries: readonly BenchEntry[], prompts: readonly LabelledPrompt[]): Promise<RankerReport> {
  const alwaysFiles = new Set(entries.filter((e) => e.priority === "always").map((e) => e.file));
  const outcomes: PromptOutcome[] = [];
  for (const p of prompts) {
    const order = (await spec.rank({ memoryDir, entries, prompt: p.prompt, today: TODAY })).filter((f) => !alwaysFiles.has(f));
    const ranks = p.relevant.map((r) => order.indexOf(r) + 1).filter((r) => r > 0);
    const outcome: PromptOutcome = { id: p.id, kind: p.kind, firstRank: ranks.length ? Math.min(...ranks) : 0, hit: {}, recall: {}, shown: {}, bytes: {} };
    for (const { label, budget } of BUDGETS) {
      const block = fill(entries, order, budget);
      const found = p.relevant.filter((r) => block.shown.has(r)).length;
      outcome.hit[label] = found > 0;
      outcome.recall[label] = found / p.relevant.length;
      outcome.shown[label] = block.lines;
      outcome.bytes[label] = block.bytes;
    }
    outcomes.push(outcome);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const per = <T>(f: (label: string) => T) => Object.fromEntries(BUDGETS.map(({ label }) => [label, f(label)]));
  const hitByKind: Record<string, { n: number; hits: number }> = {};
  for (const o of outcomes) {
    const k = (hitByKind[o.kind] ??= { n: 0, hits: 0 });
    k.n++;
    if (o.hit[BUDGETS[0]!.label]) k.hits++;
  }
  return {
    ranker: spec.name,
    prompts: outcomes.length,
    mrr: mean(outcomes.map((o) => (o.firstRank > 0 ? 1 / o.firstRank : 0))),
    recall_at_5: mean(outcomes.map((o) => (o.firstRank > 0 && o.firstRank <= 5 ? 1 : 0))),
    hit_at_block: per((l) => mean(outcomes.map((o) => (o.hit[l] ? 1 : 0)))),
    recall_at_block: per((l) => mean(outcomes.map((o) => o.recall[l]!))),
    mean_lines_shown: per((l) => mean(outcomes.map((o) => o.shown[l]!))),
    mean_block_bytes: per((l) => mean(outcomes.map((o) => o.bytes[l]!))),
    hit_by_kind: hitByKind,
    misses: per((l) => outcomes.filter((o) => !o.hit[l]).map((o) => o.id)),
    outcomes,
  };
}

/** Checks that the harness fills memctl's order into the same block the hook itself builds; returns mismatching prompt ids. */
async function verifyAgainstHook(memoryDir: string, entries: readonly BenchEntry[], prompts: readonly LabelledPrompt[]): Promise<string[]> {
  const bad: string[] = [];
  for (const p of prompts) {
    const ctx = { memoryDir, entries, prompt: p.prompt, today: TODAY };
    const order = await memctlRanker(ctx);
    for (const { label, budget } of BUDGETS) {
      const ours = fill(entries, order, budget).shown;
      const theirs = await hookBlockFiles(ctx, budget, PROJECT_KEY);
      if (ours.size !== theirs.size || [...ours].some((f) => !theirs.has(f))) bad.push(`${p.id}@${label}`);
    }
  }
  return bad;
}

const pct = (x: number | undefined) => (x === undefined ? "–" : `${(x * 100).toFixed(1)}%`);

function printReports(reports: readonly RankerReport[], title: string, showMisses: boolean, prompts: readonly LabelledPrompt[]): void {
  const labels = BUDGETS.map((b) => b.label);
  const out = [
    `### ${title}`,
    "",
    `| ranker | ${labels.map((l) => `hit@block ${l}`).join(" | ")} | MRR | R@5 | ${labels.map((l) => `recall@block ${l}`).join(" | ")} | ${labels.map((l) => `lines shown ${l}`).join(" | ")} |`,
    `|---|${labels.map(() => "---:").join("|")}|---:|---:|${labels.map(() => "---:").join("|")}|${labels.map(() => "---:").join("|")}|`,
    ...reports.map(
      (r) =>
        `| ${r.ranker} | ${labels.map((l) => pct(r.hit_at_block[l])).join(" | ")} | ${r.mrr.toFixed(3)} | ${pct(r.recall_at_5)} | ${labels.map((l) => pct(r.recall_at_block[l])).join(" | ")} | ${labels.map((l) => r.mean_lines_shown[l]!.toFixed(1)).join(" | ")} |`,
    ),
    "",
    `hit@block ${labels[0]} by prompt kind:`,
    "",
    `| kind (n) | ${reports.map((r) => r.ranker).join(" | ")} |`,
    `|---|${reports.map(() => "---:").join("|")}|`,
    ...Object.keys(reports[0]!.hit_by_kind)
      .sort()
      .map((k) => `| ${k} (${reports[0]!.hit_by_kind[k]!.n}) | ${reports.map((r) => `${r.hit_by_kind[k]!.hits}/${r.hit_by_kind[k]!.n}`).join(" | ")} |`),
    "",
  ];
  if (showMisses) {
    const text = new Map(prompts.map((p) => [p.id, p.prompt]));
    for (const r of reports) {
      for (const l of labels) out.push(`misses of ${r.ranker} at ${l}: ${r.misses[l]!.map((id) => `${id} "${text.get(id)}"`).join("; ") || "none"}`, "");
    }
  }
  process.stdout.write(out.join("\n") + "\n");
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const file = argv.includes("--prompts") ? argv[argv.indexOf("--prompts") + 1] : undefined;
  const prompts = loadPrompts(file);
  const variants = argv.includes("--no-usage") ? [false] : [true, false];
  const all: { usage: boolean; reports: RankerReport[] }[] = [];
  for (const usage of variants) {
    const dir = materializeStore({ usage });
    try {
      const entries = readEntries(dir);
      const reports: RankerReport[] = [];
      for (const spec of RANKERS) reports.push(await evaluate(spec, dir, entries, prompts));
      const mismatches = await verifyAgainstHook(dir, entries, prompts);
      if (mismatches.length > 0) process.stderr.write(`WARNING: harness block differs from the hook's own block for ${mismatches.join(", ")}\n`);
      all.push({ usage, reports });
      if (!argv.includes("--json")) {
        printReports(
          reports,
          `${entries.length} cards, ${prompts.length} prompts, ${usage ? "with a usage sidecar (popular generic cards)" : "no usage sidecar"}`,
          argv.includes("--misses"),
          prompts,
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (argv.includes("--json")) {
    const slim = all.map(({ usage, reports }) => ({ usage, reports: reports.map(({ outcomes: _outcomes, ...rest }) => rest) }));
    process.stdout.write(JSON.stringify({ node: process.version, today: TODAY, prompts: prompts.length, runs: slim }, null, 2) + "\n");
  }
}

await main();
