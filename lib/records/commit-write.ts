// The one way a records write (save, rm, the file tools, accept) commits: the history of the intent's cards read
// once (or taken from the caller, who read it under the same lock to number the revisions), the bytes a change
// replaces that no revision holds adopted first (adopt-first.ts), every text kept before the intent names it
// (lib/store/revisions.ts), then the intent committed (commit.ts), a failure past its commit point reported as one
// (interrupted.ts). A batch of rewrites goes through commit-batch.ts, which adopts the same way.
import { latestByCard, type HistoryEntry } from "../store/history.js";
import { readLatestHistory } from "../store/history-latest.js";
import { keepRevisions } from "../store/revisions.js";
import { adoptionsFor, recordAdopted } from "./adopt-first.js";
import type { Intent } from "./intent-file.js";
import { withDefaults, type Guardrails } from "./guardrails.js";
import { commitIntentReported } from "./interrupted.js";
import type { CommitOptions } from "../store/write.js";
import { refuseHeld } from "./file-view.js";

/** What the commit needs of a write's context (save.ts's WriteContext, which imports this file). */
interface CommitContext {
  memoryDir: string;
  actor: string;
  now: Date;
  guardrails?: Partial<Guardrails>;
  commit?: CommitOptions;
}

/**
 * Commits `intent` under the lock the caller holds. `history`, when given, holds at least the latest entry of every
 * card the intent changes (the caller's read, from which it numbered the entries); otherwise it is read here.
 * Returns the adopt entries recorded before the intent's own.
 */
export async function commitWrite(ctx: CommitContext, intent: Intent, history?: readonly HistoryEntry[]): Promise<HistoryEntry[]> {
  refuseHeldWrites(ctx, intent);
  const cards = intent.changes.map((c) => c.card);
  const latest = latestByCard(history ?? readLatestHistory(ctx.memoryDir, cards).entries);
  const adopted = adoptionsFor(ctx, intent.changes, latest);
  await recordAdopted(ctx, adopted);
  for (const a of adopted) latest.set(a.entry.card, a.entry);
  await keepRevisions(ctx.memoryDir, intent.changes, withDefaults(ctx.guardrails));
  await commitIntentReported(ctx.memoryDir, intent, ctx.commit, [...latest.values()]);
  return adopted.map((a) => a.entry);
}

/**
 * A write makes a file its writer's, which releases what a sync holds there: only the owner (and memctl's own
 * importer) may write a held file. An opted-in host's `save NAME -d …` otherwise kept a teammate's held body and pin
 * and sent them into every prompt as the host's revision (memory_manage refuses the same edit in file-view.ts).
 */
export function refuseHeldWrites(ctx: { memoryDir: string; actor: string }, intent: Intent): void {
  if (ctx.actor === "human" || ctx.actor === "system") return;
  for (const c of intent.changes) refuseHeld(ctx.memoryDir, c.card, "every");
}
