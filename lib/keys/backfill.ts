// `memctl keys --backfill`: keys for every card that has none, as one job in the ledger (lib/store/jobs.ts), and
// with --new-languages for every card whose keys have no line in a language asked now.
// Resuming needs no cursor: each card's keys land in one atomic save, so what is left to do is exactly the
// cards still without keys. A killed run's lease dies with its process; the next run retries that job.
import fs from "node:fs";
import path from "node:path";
import { parseCard } from "../core/card.js";
import { type KeyLanguages, KNOWN_LANGUAGES, languageName, textLanguage } from "../rank/languages.js";
import { runJob } from "../store/job-run.js";
import type { JobState } from "../store/jobs.js";
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
  /** The languages keys were asked in (the cards', then the owner's). */
  languages: string[];
  /** Cards left with keys in none of some language asked now, and those languages: --new-languages rewrites them. */
  lacking: { cards: number; languages: string[] };
}

export interface BackfillOptions extends KeysRun {
  /** Called after each card with its 1-based position among the cards to do. */
  onCard?: (outcome: KeysOutcome, done: number, total: number) => void;
  /** Set (e.g. by SIGINT) to stop after the card in progress. */
  signal?: AbortSignal;
  /** Also rewrite the keys of cards whose keys have no line in a language asked now. */
  newLanguages?: boolean;
}

/**
 * The asked languages that none of `keys` is written in, each key's language read as a prompt's is. English is
 * left out (it is what a key with no other sign reads as), and so is a language the reader cannot tell (a
 * [recall] languages name it does not know): either would count every card as lacking it forever.
 */
export function languagesLacking(keys: readonly string[], asked: KeyLanguages): string[] {
  const have = new Set(keys.map((k) => languageName(textLanguage(k))));
  return [...asked.cards, ...asked.owner].filter((l) => l !== "English" && KNOWN_LANGUAGES.has(l) && !have.has(l));
}

export interface CardsToDo {
  /** The cards to ask keys for, in order. */
  files: string[];
  /** Cards that have keys, none in some language asked now (left out of `files` unless `newLanguages`). */
  lacking: number;
  /** Those languages, each once. */
  lackingLanguages: string[];
}

/**
 * The cards a backfill would ask keys for: every card without keys (all cards with force), unreadable ones
 * included; with `newLanguages`, also each card whose keys have no line in a language asked now (the owner began
 * prompting in it, or cards in it arrived). Resuming still needs no cursor: a rewritten card has keys in it.
 */
export function cardsToDo(memoryDir: string, force = false, asked?: KeyLanguages, newLanguages = false): CardsToDo {
  const out: CardsToDo = { files: [], lacking: 0, lackingLanguages: [] };
  const missing = new Set<string>();
  for (const f of cardFiles(memoryDir)) {
    if (force) {
      out.files.push(f);
      continue;
    }
    let keys: string[];
    try {
      keys = parseCard(fs.readFileSync(path.join(memoryDir, f), "utf8")).meta.recall ?? [];
    } catch {
      keys = [];
    }
    if (keys.length === 0) {
      out.files.push(f);
      continue;
    }
    const lack = asked ? languagesLacking(keys, asked) : [];
    if (lack.length === 0) continue;
    out.lacking++;
    for (const l of lack) missing.add(l);
    if (newLanguages) out.files.push(f);
  }
  out.lackingLanguages = [...missing];
  return out;
}

/** Asks keys for each card to do, in order, until done or signalled; every outcome is counted and reported. */
export async function keysLoop(ctx: WriteContext, options: BackfillOptions): Promise<BackfillResult> {
  // Asked once per run: a card's keys follow the store's languages as they were when the run began.
  const languages = options.languages ?? languagesOf(ctx.memoryDir, undefined, options.model.languages);
  const todo = cardsToDo(ctx.memoryDir, options.force, languages, options.newLanguages);
  const result: BackfillResult = {
    cards: todo.files.length,
    written: 0,
    failed: 0,
    skipped: 0,
    interrupted: false,
    failures: [],
    languages: [...languages.cards, ...languages.owner],
    lacking: options.newLanguages ? { cards: 0, languages: [] } : { cards: todo.lacking, languages: todo.lackingLanguages },
  };
  // A card rewritten for a new language has keys already: it is asked again as --force would ask it.
  const force = options.force || options.newLanguages;
  for (const [i, file] of todo.files.entries()) {
    if (options.signal?.aborted) {
      result.interrupted = true;
      break;
    }
    const outcome = await writeCardKeys(ctx, { ...options, force, languages }, file);
    if (outcome.status === "written" || outcome.status === "dry-run") result.written++;
    else if (outcome.status === "skipped") result.skipped++;
    else if (outcome.status === "failed") {
      result.failed++;
      result.failures.push({ file: outcome.file, reason: outcome.reason });
    }
    options.onCard?.(outcome, i + 1, todo.files.length);
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
