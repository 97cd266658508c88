// lib/keys/backfill.ts
import fs from "node:fs";
import path from "node:path";
import { parseCard } from "../core/card.js";
import { KNOWN_LANGUAGES, languageName, textLanguage } from "../rank/languages.js";
import { runJob } from "../store/job-run.js";
import { cardFiles, languagesOf, writeCardKeys } from "./write.js";
var KEYS_JOB_KIND = "recall-keys";
function languagesLacking(keys, asked) {
  const have = new Set(keys.map((k) => languageName(textLanguage(k))));
  return [...asked.cards, ...asked.owner].filter((l) => l !== "English" && KNOWN_LANGUAGES.has(l) && !have.has(l));
}
function cardsToDo(memoryDir, force = false, asked, newLanguages = false) {
  const out = { files: [], lacking: 0, lackingLanguages: [] };
  const missing = /* @__PURE__ */ new Set();
  for (const f of cardFiles(memoryDir)) {
    if (force) {
      out.files.push(f);
      continue;
    }
    let keys;
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
async function keysLoop(ctx, options) {
  const languages = options.languages ?? languagesOf(ctx.memoryDir, void 0, options.model.languages);
  const todo = cardsToDo(ctx.memoryDir, options.force, languages, options.newLanguages);
  const result = {
    cards: todo.files.length,
    written: 0,
    failed: 0,
    skipped: 0,
    interrupted: false,
    failures: [],
    languages: [...languages.cards, ...languages.owner],
    lacking: options.newLanguages ? { cards: 0, languages: [] } : { cards: todo.lacking, languages: todo.lackingLanguages }
  };
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
  keysLoop,
  languagesLacking
};
