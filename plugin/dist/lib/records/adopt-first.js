// lib/records/adopt-first.ts
import { appendLine, historyPath, makeEntry, sha256Hex } from "../store/history.js";
import { keepRevisions } from "../store/revisions.js";
import { realDir } from "../store/safe-write.js";
import { STATE_DIR } from "../store/paths.js";
import { withDefaults } from "./guardrails.js";
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
  adoptUnrecorded,
  recordAdopted,
  unrecordedEntry
};
