import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  keepRevisions
} from "./store-revisions.mjs";
import {
  withDefaults
} from "./records-guardrails.mjs";
import {
  appendLine,
  historyPath,
  makeEntry
} from "./store-history.mjs";
import {
  realDir
} from "./store-lock.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  STATE_DIR
} from "./store-paths.mjs";

// lib/records/adopt-first.ts
function unrecordedEntry(ctx, latest, file, before) {
  if (before === void 0 || latest !== void 0 && latest.sha256 === sha256Hex(before)) return void 0;
  return { ...makeEntry([], file, "adopt", ctx.actor, ctx.now, before), rev: (latest?.rev ?? 0) + 1 };
}
async function recordAdopted(ctx, adopted) {
  if (adopted.length === 0) return;
  await keepRevisions(ctx.memoryDir, adopted, withDefaults(ctx.guardrails));
  realDir(ctx.memoryDir, STATE_DIR);
  appendLine(historyPath(ctx.memoryDir), adopted.map((a) => JSON.stringify(a.entry) + "\n").join(""));
}
async function adoptUnrecorded(ctx, entries, file, before) {
  let latest;
  for (const e of entries) if (e.card === file && (!latest || e.rev >= latest.rev)) latest = e;
  const entry = unrecordedEntry(ctx, latest, file, before);
  if (!entry) return void 0;
  await recordAdopted(ctx, [{ entry, content: before }]);
  entries.push(entry);
  return entry;
}

export {
  unrecordedEntry,
  recordAdopted,
  adoptUnrecorded
};
