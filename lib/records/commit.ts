import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { appendHistory, assertHistoryWritable, latestByCard, sha256Hex, type HistoryEntry } from "../store/history.js";
import { keepHistoryIndex, readLatestHistory } from "../store/history-latest.js";
import { ensureStateDir, withStoreLock } from "../store/lock.js";
import { archiveProposal, proposalPath } from "./proposal-files.js";
import { EMPTY_INDEX, indexHasBytes, indexLineEdit, removeIndexLinesBytes, upsertIndexLinePieces, upsertIndexLineBytes } from "../core/index-edit.js";
import { appendJournal, dirStamps, indexStamp, type JournalRecord } from "../store/write-journal.js";
import { INDEX_FILE } from "../store/paths.js";
import { commitFile, sweepDeadTemps, syncDirectory, type CommitOptions } from "../store/write.js";
import { fileStamp, readRegularMemo } from "../store/checked-fs.js";
import { noteRewrite } from "../store/index-names.js";
import { upsertIndexLineStreamed } from "../store/index-stream.js";
import { assertIndexRegular } from "../store/safe-write.js";
import { ensureMachineId } from "../store/machine-id.js";
import { placeIndexLineBytes } from "../core/index-place.js";
import { clearIntent, inspectIntent, intentPath, quarantineIntent, serializeIntent, type CardChange, type Intent } from "./intent-file.js";

// A card write is several renames (card, MEMORY.md, history, a proposal's archive). To survive a kill between
// them, the whole write is first committed as one intent file (.memctl/intent.json, atomic); then the same
// idempotent apply runs the steps; then the intent goes. The first card rename is the commit point: the next
// writer, under the lock, finishes an intent whose first card step is done (index line, history entry, archive)
// and drops one whose first step never happened (nothing did). So a card on disk always ends up with its
// history entry and its index line, and a write killed before its card rename leaves the old state.
// The intent names the machine that wrote it: an intent from anywhere else (a synced remote, a copied store), or
// one with a path outside the store's files, is never replayed: it is moved to .memctl/quarantine/ and doctor
// names it (./intent-check.ts says what is checked, ./intent-file.ts reads and sets it aside). The intent's writes
// do not list the store for a killed writer's temps on every commit; the recovery after a killed writer does (sweepDeadTemps).

/** Runs `fn` under the store lock, after completing any write a killed writer left behind. */
export async function withRecordsLock<T>(ctx: { memoryDir: string; commit?: CommitOptions; lockTimeoutMs?: number }, fn: () => Promise<T> | T): Promise<T> {
  return withStoreLock(
    ctx.memoryDir,
    async () => {
      assertIndexRegular(ctx.memoryDir); // before anything (a recovery, a revision text) is written
      await recoverIntent(ctx.memoryDir, ctx.commit);
      return fn();
    },
    { timeoutMs: ctx.lockTimeoutMs },
  );
}

/**
 * Commits `intent` (write-ahead), applies it, then clears it. The caller holds the store lock; `history`, when
 * given, is the latest entries of the intent's cards as read under it (so they are not read again).
 */
export async function commitIntent(memoryDir: string, intent: Intent, commit?: CommitOptions, history?: readonly HistoryEntry[]): Promise<void> {
  await writeIntent(memoryDir, intent);
  await applyIntent(memoryDir, intent, commit, history);
  clearIntent(memoryDir);
}

/** The write-ahead half of commitIntent, for a caller that applies the intent its own way (commit-batch.ts). */
export async function writeIntent(memoryDir: string, intent: Intent): Promise<void> {
  ensureStateDir(memoryDir);
  // A card written past its commit point must be able to get its history entry and its index line.
  assertHistoryWritable(memoryDir);
  assertIndexRegular(memoryDir);
  const writer = await ensureMachineId(memoryDir);
  await commitFile(intentPath(memoryDir), serializeIntent({ ...intent, writer })); // no pause: the documented pause point is the card's
}

/**
 * Finishes (or, before its commit point, drops) the write a killed writer on this machine left; an intent that
 * is not this machine's own, or names a path outside the store's files, is set aside unapplied. The caller holds
 * the store lock.
 */
export async function recoverIntent(memoryDir: string, commit?: CommitOptions): Promise<boolean> {
  const found = inspectIntent(memoryDir);
  if (found.state === "none") return false;
  // The killed writer may have left a temp beside a card or MEMORY.md: applyIntent's writes do not list the store.
  const dirs = found.state === "ours" ? found.intent.changes.map((c) => path.dirname(path.join(memoryDir, c.card))) : [];
  for (const dir of new Set([memoryDir, ...dirs])) sweepDeadTemps(dir);
  if (found.state === "refused") {
    await quarantineIntent(memoryDir, found.text);
    return false;
  }
  const intent = found.intent;
  const first = intent.changes[0];
  const committed = first !== undefined && shaOf(path.join(memoryDir, first.card)) === targetOf(first);
  if (committed) await applyIntent(memoryDir, intent, commit, undefined, true);
  clearIntent(memoryDir);
  return committed;
}

/** Every step checks what is already done, so applying twice (a crash mid-apply, then recovery: `recovering`) is the same as once. */
async function applyIntent(memoryDir: string, intent: Intent, commit?: CommitOptions, known?: readonly HistoryEntry[], recovering = false): Promise<void> {
  // Each card's latest revision, to skip an entry a killed writer already appended (lib/store/history-latest.ts).
  const history = known
    ? [...known]
    : readLatestHistory(
        memoryDir,
        intent.changes.map((c) => c.card),
      ).entries;
  // One journal record per change (lib/store/write-journal.ts): what the hook needs to skip re-reading the store.
  const journal: JournalRecord[] = [];
  for (const change of intent.changes) {
    const indexBefore = indexStamp(memoryDir);
    const abs = path.join(memoryDir, change.card);
    const current = shaOf(abs);
    const target = targetOf(change);
    if (current !== target) {
      if (current !== change.before) continue; // changed by hand since: the hand edit wins, doctor shows it
      if (change.content !== null) await commitFile(abs, change.content, { ...commit, sweep: false });
      else if (change.trash) fs.renameSync(abs, path.join(memoryDir, change.trash));
      else fs.rmSync(abs, { force: true });
      syncDirectory(path.dirname(abs));
    }
    const edit = change.index ? await editIndex(memoryDir, change.card, change.index, commit, recovering) : undefined;
    const cards = change.index?.from !== undefined && change.index.from !== change.card ? [change.card, change.index.from] : [change.card];
    journal.push({ i: indexBefore, o: indexStamp(memoryDir), ...edit, c: cards, d: dirStamps(memoryDir, cards) });
    const recorded = latestByCard(history).get(change.card);
    if (change.entry && !(recorded && recorded.rev >= change.entry.rev)) {
      appendHistory(memoryDir, change.entry);
      history.push(change.entry);
    }
  }
  if (intent.changes.some((c) => c.entry)) keepHistoryIndex(memoryDir); // the index covers this write's lines too
  appendJournal(memoryDir, journal);
  const archive = intent.archive;
  if (archive && fs.existsSync(proposalPath(memoryDir, archive.proposal.id))) await archiveProposal(memoryDir, archive.proposal, archive.event);
}

type JournalEdit = Pick<JournalRecord, "e" | "x">;

/** Edits MEMORY.md; returns the journal's account of the edit (its lines, or x: re-read it), nothing when unchanged. */
async function editIndex(memoryDir: string, card: string, edit: NonNullable<CardChange["index"]>, commit?: CommitOptions, recovering = false): Promise<JournalEdit> {
  const file = path.join(memoryDir, INDEX_FILE);
  // A save's line replaced (or appended in place) from a scan a run at a time, never the whole index in memory
  // (lib/store/index-stream.ts); what that leaves to the whole Buffer (an index changed meanwhile) goes on below.
  if (edit.line !== null && edit.from === undefined && edit.place === undefined && fs.existsSync(file)) {
    const streamed = await upsertIndexLineStreamed(file, card, edit.line, commit, { recovering });
    if (streamed) return !streamed.changed ? {} : streamed.edit ? { e: [streamed.edit.at, streamed.edit.removed, streamed.edit.inserted] } : { x: 1 };
  }
  const from = fileStamp(fs.statSync(file, { bigint: true, throwIfNoEntry: false }));
  let before: Buffer;
  try {
    before = readRegularMemo(file); // as the save that planned this edit read it, unless it changed since
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
    if (edit.line === null) return {};
    before = Buffer.from(EMPTY_INDEX, "utf8");
  }
  // A save (the common write): its card's line replaced or appended, written as pieces, and the journal's edit
  // known from where the line goes, so 19 MB is neither copied nor compared (issue 32).
  const created = !fs.existsSync(file);
  const placed = edit.line !== null && edit.place ? placeIndexLineBytes(before, card, edit.line, edit.place) : undefined;
  const replaced = edit.line !== null && edit.from === undefined && !created && !placed ? upsertIndexLinePieces(before, card, edit.line) : undefined;
  if (replaced) {
    if (!replaced.changed) return {};
    await commitFile(file, replaced.pieces, { ...commit, sweep: false });
    return replaced.edit ? { e: [replaced.edit.at, replaced.edit.removed, replaced.edit.inserted] } : { x: 1 };
  }
  let next: Buffer;
  if (placed) next = placed;
  else if (edit.line === null) next = removeIndexLinesBytes(before, card).bytes;
  else {
    const link = edit.from !== undefined && !indexHasBytes(before, card) && indexHasBytes(before, edit.from) ? edit.from : card;
    next = upsertIndexLineBytes(before, link, edit.line);
    if (edit.from !== undefined && edit.from !== card) next = removeIndexLinesBytes(next, edit.from).bytes;
  }
  if (!created && next.equals(before)) return {};
  await commitFile(file, next, { ...commit, sweep: false });
  const lines = created ? undefined : indexLineEdit(before, next);
  if (lines) noteRewrite(file, from, before, next, lines); // the next new card's save need not read it (index-names.ts)
  return lines ? { e: [lines.at, lines.removed, lines.inserted] } : { x: 1 };
}

function targetOf(change: CardChange): string | null {
  return change.content === null ? null : sha256Hex(change.content);
}

/** The sha256 of the regular file at abs, or null when there is none (what an intent's before/after name). */
export function shaOf(abs: string): string | null {
  try {
    return fs.lstatSync(abs).isFile() ? sha256Hex(fs.readFileSync(abs)) : null;
  } catch (err) {
    if (systemCode(err) === "ENOENT") return null;
    throw err;
  }
}
