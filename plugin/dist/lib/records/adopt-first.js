// lib/records/adopt-first.ts
import fs from "node:fs";
import path from "node:path";
import { appendLine, historyPath, makeEntry, sha256Hex } from "../store/history.js";
import { keepRevisions } from "../store/revisions.js";
import { realDir } from "../store/safe-write.js";
import { STATE_DIR } from "../store/paths.js";
import { withDefaults } from "./guardrails.js";
function unrecordedEntry(ctx, latest, file, before) {
  if (before === void 0 || latest !== void 0 && latest.sha256 === sha256Hex(before)) return void 0;
  return { ...makeEntry([], file, "adopt", ctx.actor, ctx.now, before), rev: (latest?.rev ?? 0) + 1 };
}
function writeEntry(entries, file, op, ctx, content, previous) {
  const entry = makeEntry(entries, file, op, ctx.actor, ctx.now, content);
  const unrecorded = previous !== void 0 && (content === null || !previous.equals(content)) && lastSha(entries, file) !== sha256Hex(previous);
  return unrecorded ? { ...entry, rev: entry.rev + 1 } : entry;
}
function lastSha(entries, file) {
  let latest;
  for (const e of entries) if (e.card === file && (!latest || e.rev >= latest.rev)) latest = e;
  return latest?.sha256;
}
function adoptionsFor(ctx, changes, latest) {
  const out = [];
  for (const change of changes) {
    const { entry, before } = change;
    if (!entry || before === null || change.content !== null && sha256Hex(change.content) === before) continue;
    const last = latest.get(change.card);
    if (last?.sha256 === before) continue;
    const bytes = change.previous ?? readIfFile(path.join(ctx.memoryDir, change.card));
    if (bytes === void 0 || sha256Hex(bytes) !== before) continue;
    const adopt = unrecordedEntry(ctx, last, change.card, bytes);
    if (entry.rev <= adopt.rev) entry.rev = adopt.rev + 1;
    out.push({ entry: adopt, content: bytes });
  }
  return out;
}
async function recordAdopted(ctx, adopted) {
  if (adopted.length === 0) return;
  await keepRevisions(ctx.memoryDir, adopted, withDefaults(ctx.guardrails));
  realDir(ctx.memoryDir, STATE_DIR);
  appendLine(historyPath(ctx.memoryDir), adopted.map((a) => JSON.stringify(a.entry) + "\n").join(""));
}
function readIfFile(abs) {
  try {
    return fs.lstatSync(abs).isFile() ? fs.readFileSync(abs) : void 0;
  } catch {
    return void 0;
  }
}
export {
  adoptionsFor,
  readIfFile,
  recordAdopted,
  unrecordedEntry,
  writeEntry
};
