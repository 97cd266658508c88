// memctl's ranker as the hook runs it: lib/hook/inject.ts rankStore (rank cache, query terms, BM25F tiers,
// frecency from the usage sidecar when present), keeping exactly the lines the hook hands to composeBlock.
import { hostAdapter } from "../../lib/hosts/index.js";
import type { Budget } from "../../lib/config/budget.js";
import { buildInjection, rankStore } from "../../lib/hook/inject.js";
import { isHit } from "../../lib/rank/score.js";
import type { RankContext } from "../relevance.js";

/** The hard ceiling the hook applies for Codex and Claude (hosts/*.ts hardCeilingBytes). */
export const CEILING_BYTES = hostAdapter("codex")!.hardCeilingBytes;

/** Card files the hook would consider for the block, best first (priority:always lines are placed by the harness). */
export async function memctlRanker(ctx: RankContext): Promise<string[]> {
  const { ranked } = await rankStore(ctx.memoryDir, ctx.prompt, new Date(`${ctx.today}T12:00:00Z`));
  return ranked.filter(isHit).map((r) => r.entry.file);
}

/** The cards the hook itself (lib/hook/inject.ts buildInjection) puts in the block: the harness is checked against it. */
export async function hookBlockFiles(ctx: RankContext, budget: Budget, projectKey: string): Promise<Set<string>> {
  const injection = await buildInjection({
    memoryDir: ctx.memoryDir,
    projectKey,
    source: "env",
    prompt: ctx.prompt,
    host: hostAdapter("codex")!,
    budget,
    now: new Date(`${ctx.today}T12:00:00Z`),
    record: false,
  });
  return new Set([...injection.composed.always, ...injection.composed.lines].map((l) => l.file));
}
