// lib/records/batch.ts
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { keepRevisionsBatch } from "../store/revisions.js";
import { appendLine, historyPath, latestByCard, readHistory, sha256Hex } from "../store/history.js";
import { EMPTY_INDEX } from "../core/index-edit.js";
import { parseIndex } from "../core/index-file.js";
import { INDEX_FILE, STATE_DIR } from "../store/read.js";
import { commitFile, commitStaged, stageFiles, sweepDeadTemps } from "../store/write.js";
import { assertIndexRegular } from "../store/safe-write.js";
import { DEFAULT_READ_CAP, readRegularMemo, readRegularUtf8 } from "../store/checked-fs.js";
import { journalAround } from "../store/write-journal.js";
import { linkKey } from "../core/link-key.js";
var PENDING = "batch-pending.json";
function pendingBatchFiles(memoryDir) {
  try {
    const v = JSON.parse(readRegularUtf8(path.join(memoryDir, STATE_DIR, PENDING), DEFAULT_READ_CAP, { nofollow: true }));
    return new Set(Array.isArray(v.files) ? v.files.filter((f) => typeof f === "string") : []);
  } catch {
    return /* @__PURE__ */ new Set();
  }
}
async function addCardsBatch(ctx, cards, op, onProgress) {
  if (cards.length === 0) return [];
  assertIndexRegular(ctx.memoryDir);
  sweepDeadTemps(ctx.memoryDir);
  const pendingFile = path.join(ctx.memoryDir, STATE_DIR, PENDING);
  const interrupted = pendingBatchFiles(ctx.memoryDir);
  await commitFile(pendingFile, JSON.stringify({ files: [.../* @__PURE__ */ new Set([...interrupted, ...cards.map((c) => c.file)])] }) + "\n", ctx.commit);
  const targets = cards.map((c) => ({ file: path.join(ctx.memoryDir, c.file), content: c.content }));
  return journalAround(
    ctx.memoryDir,
    () => addStaged(ctx, cards, targets, op, interrupted, pendingFile, onProgress),
    () => cards.map((c) => c.file)
  );
}
async function addStaged(ctx, cards, targets, op, interrupted, pendingFile, onProgress) {
  const temps = await stageFiles(targets, onProgress);
  try {
    const entries = historyLines(ctx, cards, op, interrupted);
    const byFile = new Map(cards.map((c) => [c.file, c.content]));
    await keepRevisionsBatch(
      ctx.memoryDir,
      entries.map((entry) => ({ entry, content: byFile.get(entry.card) ?? null }))
    );
    if (entries.length > 0) appendLine(historyPath(ctx.memoryDir), entries.map((e) => JSON.stringify(e) + "\n").join(""));
    await appendIndexLines(ctx, cards);
    commitStaged(temps.map((temp, i) => ({ temp, file: targets[i].file })));
    fs.rmSync(pendingFile, { force: true });
    return entries;
  } catch (err) {
    for (const temp of temps) fs.rmSync(temp, { force: true });
    throw err;
  }
}
function historyLines(ctx, cards, op, interrupted) {
  fs.mkdirSync(path.dirname(historyPath(ctx.memoryDir)), { recursive: true });
  const latest = latestByCard(readHistory(ctx.memoryDir).entries);
  const at = ctx.now.toISOString();
  const out = [];
  for (const card of cards) {
    const sha256 = sha256Hex(card.content);
    const prev = latest.get(card.file);
    if (prev && interrupted.has(card.file) && prev.op === op && prev.sha256 === sha256) continue;
    out.push({ rev: (prev?.rev ?? 0) + 1, card: card.file, op, actor: ctx.actor, at, sha256, bytes: card.content.length });
  }
  return out;
}
async function appendIndexLines(ctx, cards) {
  const indexFile = path.join(ctx.memoryDir, INDEX_FILE);
  let bytes;
  try {
    bytes = readRegularMemo(indexFile);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    bytes = Buffer.from(EMPTY_INDEX, "utf8");
  }
  const text = bytes.toString("utf8");
  const linked = new Set(parseIndex(text).entries.map((e) => linkKey(e.file)));
  const lines = cards.filter((c) => !linked.has(c.file)).map((c) => c.indexLine);
  if (lines.length === 0) return;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const sep = bytes.length === 0 || bytes[bytes.length - 1] === 10 ? "" : eol;
  await commitFile(indexFile, Buffer.concat([bytes, Buffer.from(sep + lines.join(eol) + eol, "utf8")]), ctx.commit);
}
export {
  addCardsBatch,
  pendingBatchFiles
};
