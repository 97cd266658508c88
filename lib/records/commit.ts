import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { appendHistory, assertHistoryWritable, latestByCard, sha256Hex, type HistoryEntry } from "../store/history.js";
import { keepHistoryIndex, readLatestHistory } from "../store/history-latest.js";
import { ensureStateDir, withStoreLock } from "../store/lock.js";
import { archiveProposal, proposalPath, type Proposal } from "./proposal-files.js";
import { EMPTY_INDEX, indexHasBytes, indexLineEdit, removeIndexLinesBytes, upsertIndexLinePieces, upsertIndexLineBytes } from "../core/index-edit.js";
import { appendJournal, dirStamps, indexStamp, type JournalRecord } from "../store/write-journal.js";
import { INDEX_FILE, STATE_DIR } from "../store/paths.js";
import { commitFile, sweepDeadTemps, syncDirectory, type CommitOptions } from "../store/write.js";
import { DEFAULT_READ_CAP, fileStamp, NOT_REGULAR, readRegularMemo, readRegularUtf8, TOO_LARGE } from "../store/checked-fs.js";
import { noteRewrite } from "../store/index-names.js";
import { upsertIndexLineStreamed } from "../store/index-stream.js";
import { notRealError, realDir } from "../store/safe-write.js";
import { ensureMachineId, readMachineId } from "../store/machine-id.js";
import { intentProblems } from "./intent-check.js";
import { placeIndexLineBytes, type IndexPlace } from "../core/index-place.js";

const S_IFLNK = 0o120000;

// A card write is several renames (card, MEMORY.md, history, a proposal's archive). To survive a kill between
// them, the whole write is first committed as one intent file (.memctl/intent.json, atomic); then the same
// idempotent apply runs the steps; then the intent goes. The first card rename is the commit point: the next
// writer, under the lock, finishes an intent whose first card step is done (index line, history entry, archive)
// and drops one whose first step never happened (nothing did). So a card on disk always ends up with its
// history entry and its index line, and a write killed before its card rename leaves the old state.
// The intent names the machine that wrote it: an intent from anywhere else (a synced remote, a copied store), or
// one with a path outside the store's files, is never replayed: it is moved to .memctl/quarantine/ and doctor
// names it (lib/records/intent-check.ts says what is checked). The intent's writes do not list the store for a
// killed writer's temps on every commit; the recovery that follows a killed writer does (sweepDeadTemps).

export const INTENT_RELPATH = `${STATE_DIR}/intent.json`;
export const QUARANTINE_RELDIR = `${STATE_DIR}/quarantine`;

/** One file's part of a write. `content` null removes the file (to `trash` when given). */
export interface CardChange {
  card: string;
  /** sha256 of the file when the write was planned (null: absent). A file changed since by hand is left alone. */
  before: string | null;
  content: Buffer | null;
  trash?: string;
  /**
   * The card's index line: `line` replaces the line linking `card` (or `from`, for a rename) or is added, at `place`
   * when its neighbours are linked (a revived card's old place: lib/core/index-place.ts), else at the end; null removes.
   */
  index?: { line: string | null; from?: string; place?: IndexPlace };
  entry: HistoryEntry | null;
  /** The bytes `before` hashes, when the planner read them (never written to the intent): the commit's adopt uses them. */
  previous?: Buffer;
}

export interface Intent {
  /** The id of the machine that wrote it (lib/store/machine-id.ts); set by commitIntent. */
  writer?: string;
  changes: CardChange[];
  /** A proposal decided by this write: archived after the card steps. */
  archive?: { proposal: Proposal; event: Record<string, unknown> };
}

export function intentPath(memoryDir: string): string {
  return path.join(memoryDir, ...INTENT_RELPATH.split("/"));
}

/** Runs `fn` under the store lock, after completing any write a killed writer left behind. */
export async function withRecordsLock<T>(ctx: { memoryDir: string; commit?: CommitOptions; lockTimeoutMs?: number }, fn: () => Promise<T> | T): Promise<T> {
  return withStoreLock(
    ctx.memoryDir,
    async () => {
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
  await commitFile(intentPath(memoryDir), serialize({ ...intent, writer })); // no pause: the documented pause point is the card's
}

/** MEMORY.md, when present, is a regular file (a link to one is replaced by the rename): never a FIFO or a device. */
function assertIndexRegular(memoryDir: string): void {
  const file = path.join(memoryDir, INDEX_FILE);
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) throw notRealError(file, "file", stat.mode);
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

export type IntentState =
  | { state: "none" }
  | { state: "ours"; intent: Intent }
  /** Not replayable: why, and the file's text (kept byte for byte when it is set aside). */
  | { state: "refused"; problems: string[]; text: string };

/** What .memctl/intent.json holds: nothing, this machine's unfinished write, or one memctl will not apply. */
export function inspectIntent(memoryDir: string): IntentState {
  let text: string;
  try {
    // Checked on the descriptor read (no link followed, regular only): a file swapped in after a look never is.
    text = readRegularUtf8(intentPath(memoryDir), DEFAULT_READ_CAP, { nofollow: true });
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT") return { state: "none" };
    if (code === "ELOOP" || code === NOT_REGULAR) throw notRealError(INTENT_RELPATH, "file", code === "ELOOP" ? S_IFLNK : undefined);
    throw err;
  }
  return judgeIntent(memoryDir, text);
}

function judgeIntent(memoryDir: string, text: string): IntentState {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { state: "refused", problems: [`it does not parse: ${(err as Error).message}`], text };
  }
  const problems = intentProblems(memoryDir, raw, readMachineId(memoryDir));
  if (problems.length > 0) return { state: "refused", problems, text };
  const parsed = raw as { changes: (Omit<CardChange, "content"> & { content: string | null })[] } & Omit<Intent, "changes">;
  return { state: "ours", intent: { ...parsed, changes: parsed.changes.map((c) => ({ ...c, content: c.content === null ? null : Buffer.from(c.content, "base64") })) } };
}

/** The unfinished write this machine's killed writer left, if any (doctor reports it); undefined for none or a refused one. */
export function readIntent(memoryDir: string): Intent | undefined {
  const found = inspectIntent(memoryDir);
  return found.state === "ours" ? found.intent : undefined;
}

/** Intents memctl will not apply: the pending one, and those set aside in .memctl/quarantine/, each with why. */
export function refusedIntents(memoryDir: string): { file: string; problems: string[] }[] {
  const out: { file: string; problems: string[] }[] = [];
  const pending = inspectIntent(memoryDir);
  if (pending.state === "refused") out.push({ file: INTENT_RELPATH, problems: pending.problems });
  const dir = path.join(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  let names: string[] = [];
  try {
    names = fs
      .readdirSync(dir)
      .filter((n) => /^intent-[0-9a-f]{16}\.json$/.test(n))
      .sort();
  } catch (err) {
    if (systemCode(err) !== "ENOENT") throw err;
  }
  for (const name of names) {
    let text: string;
    try {
      text = readRegularUtf8(path.join(dir, name), DEFAULT_READ_CAP, { nofollow: true }); // one open checks and reads
    } catch (err) {
      if (["ENOENT", "ELOOP", NOT_REGULAR, TOO_LARGE].includes(systemCode(err) ?? "")) continue;
      throw err;
    }
    const judged = judgeIntent(memoryDir, text);
    out.push({ file: `${QUARANTINE_RELDIR}/${name}`, problems: judged.state === "refused" ? judged.problems : ["set aside by an earlier memctl"] });
  }
  return out;
}

/** Moves a refused intent to .memctl/quarantine/intent-<hash>.json (kept for the owner to inspect), then clears it. */
async function quarantineIntent(memoryDir: string, text: string): Promise<void> {
  const dir = realDir(memoryDir, ...QUARANTINE_RELDIR.split("/"));
  await commitFile(path.join(dir, `intent-${sha256Hex(text).slice(0, 16)}.json`), text);
  clearIntent(memoryDir);
}

function serialize(intent: Intent): string {
  return (
    JSON.stringify({ ...intent, changes: intent.changes.map(({ previous: _p, ...c }) => ({ ...c, content: c.content === null ? null : c.content.toString("base64") })) }) + "\n"
  );
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

export function clearIntent(memoryDir: string): void {
  fs.rmSync(intentPath(memoryDir), { force: true });
  syncDirectory(path.dirname(intentPath(memoryDir)));
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
