// The relevance harness as a library: a set is groups (one memory store each) of cards and labelled prompts;
// a ranker orders a store's cards for a prompt; the harness materialises each store on disk, fills the block
// for each prompt under each budget, and reports whether an answering card made it in and what it cost.
// memctl's block is the hook's own (buildInjection, wrapper included); a baseline's block is its lines
// first-fit under the same byte and line budget with no wrapper at all (the cheapest it could be sent).
// bench/relevance.ts is the command line; the session benchmark replays prompts through runPrompt.
import fs from "node:fs";
import { hostAdapter } from "../../hosts/index.js";
import { DEFAULT_BUDGET, hostBudget, type Budget } from "../../lib/config/budget.js";
import { buildInjection, rankStore } from "../../lib/hook/inject.js";
import { renderEntryLine, utf8Bytes } from "../../lib/core/block.js";
import { isHit } from "../../lib/rank/score.js";
import { bm25Ranker, substringRanker } from "./baselines.js";
import { materializeStore, readEntries, TODAY, type CardLine } from "./store.js";
import type { BenchEntry, LabelledPrompt } from "./types.js";

export type BenchCard = CardLine;

/** One memory store and the prompts asked of it. A prompt with no relevant card needs no memory. */
export interface BenchGroup {
  name: string;
  cards: readonly BenchCard[];
  prompts: readonly LabelledPrompt[];
  /** Write a usage sidecar favouring popular cards (the hand-written set). */
  usage?: boolean;
}

/** What every ranker is handed: the store on disk and its entries read back by memctl's parsers. */
export interface RankContext {
  memoryDir: string;
  entries: readonly BenchEntry[];
  prompt: string;
  today: string;
}

/** What one prompt put in front of the model under one budget. */
export interface Block {
  /** Card files shown (pinned ones included). */
  shown: Set<string>;
  lines: number;
  bytes: number;
}

export interface RankerSpec {
  name: string;
  /** Card files best first; files left out are never shown. */
  rank(ctx: RankContext): string[] | Promise<string[]>;
  /** The block for a budget; default: the ranked lines first-fit under the budget, no wrapper. */
  block?(ctx: RankContext, budget: Budget): Promise<Block>;
}

/** The hard ceiling the hook applies for Codex and Claude (hosts/*.ts hardCeilingBytes). */
export const CEILING_BYTES = hostAdapter("codex")!.hardCeilingBytes;
const NOW = (today: string) => new Date(`${today}T12:00:00Z`);

export const MEMCTL: RankerSpec = {
  name: "memctl",
  async rank(ctx) {
    const { ranked } = await rankStore(ctx.memoryDir, ctx.prompt, NOW(ctx.today));
    return ranked.filter(isHit).map((r) => r.entry.file);
  },
  async block(ctx, budget) {
    const injection = await buildInjection({
      memoryDir: ctx.memoryDir,
      projectKey: "relevance-bench-000000",
      source: "env",
      prompt: ctx.prompt,
      host: hostAdapter("codex")!,
      budget,
      now: NOW(ctx.today),
      record: false,
    });
    const c = injection.composed;
    return { shown: new Set([...c.always, ...c.lines].map((l) => l.file)), lines: c.lines.length, bytes: c.bytes };
  },
};

export const RANKERS: RankerSpec[] = [
  MEMCTL,
  { name: "BM25", rank: (ctx) => bm25Ranker(ctx.entries, ctx.prompt, true).map((e) => e.file) },
  { name: "substring (len>=4)", rank: (ctx) => substringRanker(ctx.entries, ctx.prompt, true).map((e) => e.file) },
];

export const BUDGETS: { label: string; budget: Budget }[] = [
  { label: "1500/10", budget: hostBudget("claude") },
  { label: "3000/20", budget: { ...DEFAULT_BUDGET } },
];

/** A baseline's block: its lines in order, first-fit under the budget, one newline each, nothing else. */
export function fillLines(entries: readonly BenchEntry[], order: readonly string[], budget: Budget): Block {
  const byFile = new Map(entries.map((e) => [e.file, e]));
  const shown = new Set<string>();
  let bytes = 0;
  for (const file of order) {
    if (shown.size >= budget.maxEntries) break;
    const entry = byFile.get(file);
    if (!entry) continue;
    const b = utf8Bytes(renderEntryLine(entry)) + 1;
    if (bytes + b > Math.min(budget.maxBytes, CEILING_BYTES)) continue;
    shown.add(file);
    bytes += b;
  }
  return { shown, lines: shown.size, bytes };
}

/** One prompt through one ranker under one budget. */
export async function runPrompt(spec: RankerSpec, ctx: RankContext, budget: Budget, order?: readonly string[]): Promise<Block> {
  if (spec.block) return spec.block(ctx, budget);
  return fillLines(ctx.entries, order ?? (await spec.rank(ctx)), budget);
}

/** A group's store written to a temp dir; `dispose` removes it. */
export function openGroup(group: BenchGroup): { dir: string; entries: BenchEntry[]; dispose(): void } {
  const dir = materializeStore({ usage: group.usage ?? false, cards: group.cards });
  return { dir, entries: readEntries(dir), dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface PromptOutcome {
  group: string;
  id: string;
  kind: string;
  needsMemory: boolean;
  /** 1-based rank of the first relevant card in the ranker's order; 0 = not ranked. */
  firstRank: number;
  hit: Record<string, boolean>;
  /** Every answering card shown (differs from hit only for prompts needing more than one). */
  allHit: Record<string, boolean>;
  bytes: Record<string, number>;
  lines: Record<string, number>;
}

export interface RankerReport {
  ranker: string;
  /** Prompts with an answering card. */
  prompts: number;
  noMemoryPrompts: number;
  mrr: number;
  hit: Record<string, number>;
  meanBytes: Record<string, number>;
  meanLines: Record<string, number>;
  /** Mean block bytes over prompts that need no memory (0 when there are none). */
  noMemoryBytes: Record<string, number>;
  hitByKind: Record<string, { n: number; hits: Record<string, number> }>;
  outcomes: PromptOutcome[];
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** Runs every ranker over every group of a set. */
export async function evaluateSet(groups: readonly BenchGroup[], rankers: readonly RankerSpec[] = RANKERS, today = TODAY): Promise<RankerReport[]> {
  const outcomes = new Map<string, PromptOutcome[]>(rankers.map((r) => [r.name, []]));
  for (const group of groups) {
    const store = openGroup(group);
    try {
      for (const p of group.prompts) {
        const ctx: RankContext = { memoryDir: store.dir, entries: store.entries, prompt: p.prompt, today };
        for (const spec of rankers) {
          const order = await spec.rank(ctx);
          const ranks = p.relevant.map((r) => order.indexOf(r) + 1).filter((r) => r > 0);
          const o: PromptOutcome = {
            group: group.name,
            id: p.id,
            kind: p.kind,
            needsMemory: p.relevant.length > 0,
            firstRank: ranks.length ? Math.min(...ranks) : 0,
            hit: {},
            allHit: {},
            bytes: {},
            lines: {},
          };
          for (const { label, budget } of BUDGETS) {
            const block = await runPrompt(spec, ctx, budget, order);
            o.hit[label] = p.relevant.some((r) => block.shown.has(r));
            o.allHit[label] = p.relevant.length > 0 && p.relevant.every((r) => block.shown.has(r));
            o.bytes[label] = block.bytes;
            o.lines[label] = block.lines;
          }
          outcomes.get(spec.name)!.push(o);
        }
      }
    } finally {
      store.dispose();
    }
  }
  return rankers.map((spec) => summarise(spec.name, outcomes.get(spec.name)!));
}

function summarise(ranker: string, all: PromptOutcome[]): RankerReport {
  const answerable = all.filter((o) => o.needsMemory);
  const none = all.filter((o) => !o.needsMemory);
  const per = (f: (label: string) => number) => Object.fromEntries(BUDGETS.map(({ label }) => [label, f(label)]));
  const hitByKind: RankerReport["hitByKind"] = {};
  for (const o of answerable) {
    const k = (hitByKind[o.kind] ??= { n: 0, hits: per(() => 0) });
    k.n++;
    for (const { label } of BUDGETS) if (o.hit[label]) k.hits[label]!++;
  }
  return {
    ranker,
    prompts: answerable.length,
    noMemoryPrompts: none.length,
    mrr: mean(answerable.map((o) => (o.firstRank > 0 ? 1 / o.firstRank : 0))),
    hit: per((l) => mean(answerable.map((o) => (o.hit[l] ? 1 : 0)))),
    meanBytes: per((l) => mean(all.map((o) => o.bytes[l]!))),
    meanLines: per((l) => mean(all.map((o) => o.lines[l]!))),
    noMemoryBytes: per((l) => mean(none.map((o) => o.bytes[l]!))),
    hitByKind,
    outcomes: all,
  };
}
