// lib/keys/backfill.ts
import fs from "node:fs";
import path from "node:path";
import { parseCard } from "../core/card.js";
import { runJob } from "../store/jobs.js";
import { cardFiles, languagesOf, writeCardKeys } from "./write.js";
var KEYS_JOB_KIND = "recall-keys";
function cardsToDo(memoryDir, force = false) {
  return cardFiles(memoryDir).filter((f) => {
    if (force) return true;
    try {
      return (parseCard(fs.readFileSync(path.join(memoryDir, f), "utf8")).meta.recall ?? []).length === 0;
    } catch {
      return true;
    }
  });
}
async function keysLoop(ctx, options) {
  const todo = cardsToDo(ctx.memoryDir, options.force);
  const languages = options.languages ?? languagesOf(ctx.memoryDir, void 0, options.model.languages);
  const result = { cards: todo.length, written: 0, failed: 0, skipped: 0, interrupted: false, failures: [] };
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
var BackfillInterrupted = class extends Error {
  constructor(result) {
    const done = result.written + result.failed + result.skipped;
    super(`interrupted after ${done} of ${result.cards} cards; rerun memctl keys --backfill to resume`);
    this.result = result;
  }
};
async function backfillKeys(ctx, options) {
  if (options.dryRun) return { job: null, result: await keysLoop(ctx, options) };
  const ledger = { memoryDir: ctx.memoryDir, now: options.clock, lockTimeoutMs: ctx.lockTimeoutMs };
  const { job, result } = await runJob(
    ledger,
    KEYS_JOB_KIND,
    async () => {
      const result2 = await keysLoop(ctx, options);
      if (result2.interrupted) throw new BackfillInterrupted(result2);
      return result2;
    },
    { exclusive: true }
  );
  return { job, result };
}
export {
  BackfillInterrupted,
  KEYS_JOB_KIND,
  backfillKeys,
  cardsToDo,
  keysLoop
};
