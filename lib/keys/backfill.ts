// `memctl keys --backfill`: keys for every card that has none, as one job in the ledger (lib/store/jobs.ts).
// Resuming needs no cursor: each card's keys land in one atomic save, so what is left to do is exactly the
// cards still without keys. A killed run's lease dies with its process; the next run retries that job.
import fs from "node:fs";
import path from "node:path";
import { parseCard } from "../core/card.js";
import { runJob, type JobState } from "../store/jobs.js";
import type { WriteContext } from "../records/save.js";
import { cardFiles, type KeysOutcome, type KeysRun, languagesOf, writeCardKeys } from "./write.js";

export const KEYS_JOB_KIND = "recall-keys";

export interface BackfillResult {
  cards: number;
  written: number;
  failed: number;
  skipped: number;
  interrupted: boolean;
  failures: { file: string; reason: string }[];
}

export interface BackfillOptions extends KeysRun {
  /** Called after each card with its 1-based position among the cards to do. */
  onCard?: (outcome: KeysOutcome, done: number, total: number) => void;
  /** Set (e.g. by SIGINT) to stop after the card in progress. */
  signal?: AbortSignal;
}

/** The cards a backfill would ask keys for: every card without keys (all cards with force), unreadable ones included. */
export function cardsToDo(memoryDir: string, force = false): string[] {
  return cardFiles(memoryDir).filter((f) => {
    if (force) return true;
    try {
      return (parseCard(fs.readFileSync(path.join(memoryDir, f), "utf8")).meta.recall ?? []).length === 0;
    } catch {
      return true;
    }
  });
}

/** Asks keys for each card to do, in order, until done or signalled; every outcome is counted and reported. */
export async function keysLoop(ctx: WriteContext, options: BackfillOptions): Promise<BackfillResult> {
  const todo = cardsToDo(ctx.memoryDir, options.force);
  // Asked once per run: a card's keys follow the store's languages as they were when the run began.
  const languages = options.languages ?? languagesOf(ctx.memoryDir, undefined, options.model.languages);
  const result: BackfillResult = { cards: todo.length, written: 0, failed: 0, skipped: 0, interrupted: false, failures: [] };
  for (const [i, file] of todo.entries()) {
    if (options.signal?.aborted) {
      result.interrupted = true;
      break;
    }
    const outcome = await writeCardKeys(ctx, { ...options, languages }, file);
    if (outcome.status === "written" || outcome.status === "dry-run") result.written++;
    else if (outcome.status === "skipped") result.skipped++;
    else if (outcome.status === "failed") {
      result.failed++;
      result.failures.push({ file: outcome.file, reason: outcome.reason });
    }
    options.onCard?.(outcome, i + 1, todo.length);
  }
  return result;
}

export class BackfillInterrupted extends Error {
  constructor(readonly result: BackfillResult) {
    const done = result.written + result.failed + result.skipped;
    super(`interrupted after ${done} of ${result.cards} cards; rerun memctl keys --backfill to resume`);
  }
}

/**
 * Runs the backfill as a ledger job (a dry run writes nothing, the ledger included). An interrupted run fails its
 * attempt, so `memctl jobs` shows it retryable and the next run takes it over; failed cards do not fail the job.
 */
export async function backfillKeys(ctx: WriteContext, options: BackfillOptions & { clock: () => Date }): Promise<{ job: JobState | null; result: BackfillResult }> {
  if (options.dryRun) return { job: null, result: await keysLoop(ctx, options) };
  const ledger = { memoryDir: ctx.memoryDir, now: options.clock, lockTimeoutMs: ctx.lockTimeoutMs };
  const { job, result } = await runJob(
    ledger,
    KEYS_JOB_KIND,
    async () => {
      const result = await keysLoop(ctx, options);
      if (result.interrupted) throw new BackfillInterrupted(result);
      return result;
    },
    { exclusive: true },
  );
  return { job, result };
}
