// lib/records/commit.ts
import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { appendHistory, assertHistoryWritable, latestByCard, sha256Hex } from "../store/history.js";
import { keepHistoryIndex, readLatestHistory } from "../store/history-latest.js";
import { ensureStateDir, withStoreLock } from "../store/lock.js";
import { archiveProposal, proposalPath } from "./proposal-files.js";
import { EMPTY_INDEX, indexHasBytes, indexLineEdit, removeIndexLinesBytes, upsertIndexLinePieces, upsertIndexLineBytes } from "../core/index-edit.js";
import { appendJournal, dirStamps, indexStamp } from "../store/write-journal.js";
import { INDEX_FILE } from "../store/paths.js";
import { commitFile, sweepDeadTemps, syncDirectory } from "../store/write.js";
import { fileStamp, readRegularMemo } from "../store/checked-fs.js";
import { noteRewrite } from "../store/index-names.js";
import { upsertIndexLineStreamed } from "../store/index-stream.js";
import { assertIndexRegular } from "../store/safe-write.js";
import { ensureMachineId } from "../store/machine-id.js";
import { placeIndexLineBytes } from "../core/index-place.js";
import { clearIntent, inspectIntent, intentPath, quarantineIntent, serializeIntent } from "./intent-file.js";
async function withRecordsLock(ctx, fn) {
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      assertIndexRegular(ctx.memoryDir);
      await recoverIntent(ctx.memoryDir, ctx.commit);
      return fn();
    },
    { timeoutMs: ctx.lockTimeoutMs }
  );
}
async function commitIntent(memoryDir, intent, commit, history) {
  await writeIntent(memoryDir, intent);
  await applyIntent(memoryDir, intent, commit, history);
  clearIntent(memoryDir);
}
async function writeIntent(memoryDir, intent) {
  ensureStateDir(memoryDir);
  assertHistoryWritable(memoryDir);
  assertIndexRegular(memoryDir);
  const writer = await ensureMachineId(memoryDir);
  await commitFile(intentPath(memoryDir), serializeIntent({ ...intent, writer }));
}
async function recoverIntent(memoryDir, commit) {
  const found = inspectIntent(memoryDir);
  if (found.state === "none") return false;
  const dirs = found.state === "ours" ? found.intent.changes.map((c) => path.dirname(path.join(memoryDir, c.card))) : [];
  for (const dir of /* @__PURE__ */ new Set([memoryDir, ...dirs])) sweepDeadTemps(dir);
  if (found.state === "refused") {
    await quarantineIntent(memoryDir, found.text);
    return false;
  }
  const intent = found.intent;
  const first = intent.changes[0];
  const committed = first !== void 0 && shaOf(path.join(memoryDir, first.card)) === targetOf(first);
  if (committed) await applyIntent(memoryDir, intent, commit, void 0, true);
  clearIntent(memoryDir);
  return committed;
}
async function applyIntent(memoryDir, intent, commit, known, recovering = false) {
  const history = known ? [...known] : readLatestHistory(
    memoryDir,
    intent.changes.map((c) => c.card)
  ).entries;
  const journal = [];
  for (const change of intent.changes) {
    const indexBefore = indexStamp(memoryDir);
    const abs = path.join(memoryDir, change.card);
    const current = shaOf(abs);
    const target = targetOf(change);
    if (current !== target) {
      if (current !== change.before) continue;
      if (change.content !== null) await commitFile(abs, change.content, { ...commit, sweep: false });
      else if (change.trash) fs.renameSync(abs, path.join(memoryDir, change.trash));
      else fs.rmSync(abs, { force: true });
      syncDirectory(path.dirname(abs));
    }
    const edit = change.index ? await editIndex(memoryDir, change.card, change.index, commit, recovering) : void 0;
    const cards = change.index?.from !== void 0 && change.index.from !== change.card ? [change.card, change.index.from] : [change.card];
    journal.push({ i: indexBefore, o: indexStamp(memoryDir), ...edit, c: cards, d: dirStamps(memoryDir, cards) });
    const recorded = latestByCard(history).get(change.card);
    if (change.entry && !(recorded && recorded.rev >= change.entry.rev)) {
      appendHistory(memoryDir, change.entry);
      history.push(change.entry);
    }
  }
  if (intent.changes.some((c) => c.entry)) keepHistoryIndex(memoryDir);
  appendJournal(memoryDir, journal);
  const archive = intent.archive;
  if (archive && fs.existsSync(proposalPath(memoryDir, archive.proposal.id))) await archiveProposal(memoryDir, archive.proposal, archive.event);
}
async function editIndex(memoryDir, card, edit, commit, recovering = false) {
  const file = path.join(memoryDir, INDEX_FILE);
  if (edit.line !== null && edit.from === void 0 && edit.place === void 0 && fs.existsSync(file)) {
    const streamed = await upsertIndexLineStreamed(file, card, edit.line, commit, { recovering });
    if (streamed) return !streamed.changed ? {} : streamed.edit ? { e: [streamed.edit.at, streamed.edit.removed, streamed.edit.inserted] } : { x: 1 };
  }
  const from = fileStamp(fs.statSync(file, { bigint: true, throwIfNoEntry: false }));
  let before;
  try {
    before = readRegularMemo(file);
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    if (edit.line === null) return {};
    before = Buffer.from(EMPTY_INDEX, "utf8");
  }
  const created = !fs.existsSync(file);
  const placed = edit.line !== null && edit.place ? placeIndexLineBytes(before, card, edit.line, edit.place) : void 0;
  const replaced = edit.line !== null && edit.from === void 0 && !created && !placed ? upsertIndexLinePieces(before, card, edit.line) : void 0;
  if (replaced) {
    if (!replaced.changed) return {};
    await commitFile(file, replaced.pieces, { ...commit, sweep: false });
    return replaced.edit ? { e: [replaced.edit.at, replaced.edit.removed, replaced.edit.inserted] } : { x: 1 };
  }
  let next;
  if (placed) next = placed;
  else if (edit.line === null) next = removeIndexLinesBytes(before, card).bytes;
  else {
    const link = edit.from !== void 0 && !indexHasBytes(before, card) && indexHasBytes(before, edit.from) ? edit.from : card;
    next = upsertIndexLineBytes(before, link, edit.line);
    if (edit.from !== void 0 && edit.from !== card) next = removeIndexLinesBytes(next, edit.from).bytes;
  }
  if (!created && next.equals(before)) return {};
  await commitFile(file, next, { ...commit, sweep: false });
  const lines = created ? void 0 : indexLineEdit(before, next);
  if (lines) noteRewrite(file, from, before, next, lines);
  return lines ? { e: [lines.at, lines.removed, lines.inserted] } : { x: 1 };
}
function targetOf(change) {
  return change.content === null ? null : sha256Hex(change.content);
}
function shaOf(abs) {
  try {
    return fs.lstatSync(abs).isFile() ? sha256Hex(fs.readFileSync(abs)) : null;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    throw err;
  }
}
export {
  commitIntent,
  recoverIntent,
  shaOf,
  withRecordsLock,
  writeIntent
};
