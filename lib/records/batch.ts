import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { keepRevisionsBatch } from "../store/revisions.js";
import { appendLine, historyPath, latestByCard, readHistory, sha256Hex, type HistoryEntry, type HistoryOp } from "../store/history.js";
import type { WriteContext } from "./save.js";
import { EMPTY_INDEX } from "../core/index-edit.js";
import { parseIndex } from "../core/index-file.js";
import { INDEX_FILE, STATE_DIR } from "../store/read.js";
import { commitFile, commitStaged, stageFiles, sweepDeadTemps } from "../store/write.js";
import { assertIndexRegular } from "../store/safe-write.js";
import { DEFAULT_READ_CAP, readRegularMemo, readRegularUtf8 } from "../store/checked-fs.js";
import { journalAround } from "../store/write-journal.js";
import { linkKey } from "../core/link-key.js";

// Many new cards in one pass (an import): one history append, one MEMORY.md write, one directory sweep,
// whatever the count — saving them one by one re-reads and rewrites the index and history per card (quadratic).
// Crash order: every card's bytes are staged (fsynced temps) first, then the history lines, then the index,
// and the cards are renamed into place last. A kill at any point leaves each card either absent or present
// with its history entry and index line. The batch is listed in a pending file while it runs, so a re-run
// re-adds a card the kill left recorded but absent instead of taking it for one removed on purpose.

const PENDING = "batch-pending.json";

export interface BatchCard {
  /** Store-relative file name at the store root. */
  file: string;
  content: Buffer;
  /** The card's MEMORY.md line, appended unless the index already links the file. */
  indexLine: string;
}

/**
 * Cards a killed batch had recorded but maybe not yet placed (empty when no batch was interrupted). Read through the
 * checked reader: a store in a project checkout brings this file as a link (to /dev/zero it grew an import to 6 GB).
 */
export function pendingBatchFiles(memoryDir: string): Set<string> {
  try {
    const v = JSON.parse(readRegularUtf8(path.join(memoryDir, STATE_DIR, PENDING), DEFAULT_READ_CAP, { nofollow: true })) as { files?: unknown };
    return new Set(Array.isArray(v.files) ? v.files.filter((f): f is string => typeof f === "string") : []);
  } catch {
    return new Set();
  }
}

/**
 * Adds new cards (none of them may exist yet) with their history entries and index lines. The caller holds
 * the store lock and has checked the guardrails for the whole batch. `onProgress` is told how many cards are staged.
 */
export async function addCardsBatch(ctx: WriteContext, cards: readonly BatchCard[], op: HistoryOp, onProgress?: (done: number) => void): Promise<HistoryEntry[]> {
  if (cards.length === 0) return [];
  assertIndexRegular(ctx.memoryDir); // before the pending list, a revision text or a card is written
  sweepDeadTemps(ctx.memoryDir);
  const pendingFile = path.join(ctx.memoryDir, STATE_DIR, PENDING);
  const interrupted = pendingBatchFiles(ctx.memoryDir);
  await commitFile(pendingFile, JSON.stringify({ files: [...new Set([...interrupted, ...cards.map((c) => c.file)])] }) + "\n", ctx.commit);
  const targets = cards.map((c) => ({ file: path.join(ctx.memoryDir, c.file), content: c.content }));
  // The batch goes into the write journal (lib/store/write-journal.ts) like a save, so the next prompt reads only it;
  // a batch that fails part way records "read the files".
  return journalAround(
    ctx.memoryDir,
    () => addStaged(ctx, cards, targets, op, interrupted, pendingFile, onProgress),
    () => cards.map((c) => c.file),
  );
}

async function addStaged(
  ctx: WriteContext,
  cards: readonly BatchCard[],
  targets: { file: string; content: Buffer }[],
  op: HistoryOp,
  interrupted: ReadonlySet<string>,
  pendingFile: string,
  onProgress?: (done: number) => void,
): Promise<HistoryEntry[]> {
  const temps = await stageFiles(targets, onProgress);
  try {
    const entries = historyLines(ctx, cards, op, interrupted);
    const byFile = new Map(cards.map((c) => [c.file, c.content]));
    await keepRevisionsBatch(
      ctx.memoryDir,
      entries.map((entry) => ({ entry, content: byFile.get(entry.card) ?? null })),
    );
    if (entries.length > 0) appendLine(historyPath(ctx.memoryDir), entries.map((e) => JSON.stringify(e) + "\n").join(""));
    await appendIndexLines(ctx, cards);
    commitStaged(temps.map((temp, i) => ({ temp, file: targets[i]!.file })));
    fs.rmSync(pendingFile, { force: true });
    return entries;
  } catch (err) {
    for (const temp of temps) fs.rmSync(temp, { force: true });
    throw err;
  }
}

/** One entry per card, revisions from one pass over history; a card a killed batch already recorded with these bytes keeps its entry. */
function historyLines(ctx: WriteContext, cards: readonly BatchCard[], op: HistoryOp, interrupted: ReadonlySet<string>): HistoryEntry[] {
  fs.mkdirSync(path.dirname(historyPath(ctx.memoryDir)), { recursive: true });
  const latest = latestByCard(readHistory(ctx.memoryDir).entries);
  const at = ctx.now.toISOString();
  const out: HistoryEntry[] = [];
  for (const card of cards) {
    const sha256 = sha256Hex(card.content);
    const prev = latest.get(card.file);
    if (prev && interrupted.has(card.file) && prev.op === op && prev.sha256 === sha256) continue;
    out.push({ rev: (prev?.rev ?? 0) + 1, card: card.file, op, actor: ctx.actor, at, sha256, bytes: card.content.length });
  }
  return out;
}

/** Appends the lines of cards the index does not link yet, in one write; every other byte stays as it was. */
async function appendIndexLines(ctx: WriteContext, cards: readonly BatchCard[]): Promise<void> {
  const indexFile = path.join(ctx.memoryDir, INDEX_FILE);
  let bytes: Buffer;
  try {
    bytes = readRegularMemo(indexFile); // the read journalAround's snapshot made (never written into: appended by a copy)
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    bytes = Buffer.from(EMPTY_INDEX, "utf8");
  }
  // Decoded only to find what is linked: the file is appended to as bytes, so a line that is not UTF-8 survives.
  const text = bytes.toString("utf8");
  const linked = new Set(parseIndex(text).entries.map((e) => linkKey(e.file)));
  const lines = cards.filter((c) => !linked.has(c.file)).map((c) => c.indexLine);
  if (lines.length === 0) return;
  // Same line-ending rules as upsertIndexLine (lib/core/index-edit.ts).
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const sep = bytes.length === 0 || bytes[bytes.length - 1] === 0x0a ? "" : eol;
  await commitFile(indexFile, Buffer.concat([bytes, Buffer.from(sep + lines.join(eol) + eol, "utf8")]), ctx.commit);
}
