import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, systemCode } from "../core/errors.js";
import { STATE_DIR } from "./paths.js";
import { appendBytes, notRealError, realDir } from "./safe-write.js";
import { sha256Hex } from "../core/sha256.js";
import { close, openRegular, readFullyAt, readRegularMemo } from "./checked-fs.js";

// The write history: `<memory_dir>/.memctl/history.jsonl`, append-only, one JSON object per write.
// Doctor compares each card file's sha256 with its latest entry to find hand edits; `memctl history`
// prints it; `adopt` records a hand edit as a revision. Nothing ever rewrites or truncates this file.

export const HISTORY_RELPATH = ".memctl/history.jsonl";
export const HISTORY_OPS = ["create", "update", "delete", "adopt", "import"] as const;
export type HistoryOp = (typeof HISTORY_OPS)[number];

/** One write: per-card revision (1-based), the card's store-relative path, who, when, and the bytes written. */
export interface HistoryEntry {
  rev: number;
  card: string;
  op: HistoryOp;
  /** "human" | "system" | "host:<name>" | "agent:<id>" */
  actor: string;
  /** ISO-8601 UTC. */
  at: string;
  /** sha256 hex of the card file bytes after the write; null for delete. */
  sha256: string | null;
  bytes: number;
}

export interface HistoryRead {
  entries: HistoryEntry[];
  /** Lines that do not parse or lack a field; counted, never dropped from disk. */
  malformed: number;
  /** Set when the file exists but cannot be read at all. An absent file is an empty history, not an error. */
  error?: string;
  /** E_LOG_TOO_LARGE when the read was capped and the file is past the cap; unset for other errors (E_IO). */
  errorCode?: string;
}

// model:<program> is what a model command wrote: distill --llm's proposals (it proposes, never writes directly)
// and the recall keys `memctl keys` writes when the owner runs it.
const ACTOR = /^(human|system|(host|agent|model):[A-Za-z0-9][A-Za-z0-9._@-]{0,127})$/;

/** True for "human", "system", "host:<name>", "agent:<id>" and "model:<program>". */
export function isValidActor(actor: string): boolean {
  return ACTOR.test(actor);
}

/** True when the actor may only read and propose (agents, and a model's own output). */
export function isAgentActor(actor: string): boolean {
  return actor.startsWith("agent:") || actor.startsWith("model:");
}

export function historyPath(memoryDir: string): string {
  return path.join(memoryDir, ...HISTORY_RELPATH.split("/"));
}

// The one hash helper lives in core; re-exported because every history caller hashes beside its entries.
export { sha256Hex };

/** Why the history could not be read; a link is named as one (O_NOFOLLOW's ELOOP says "too many links"). */
function unreadable(err: unknown): string {
  return systemCode(err) === "ELOOP" ? "it is a symlink; memctl reads its history only from a real file in the store" : (err as Error).message;
}

/**
 * Reads the whole history; never throws. Writes read it uncapped (their numbering needs every line); what only shows
 * or checks it (history, restore, doctor, the web view, session start) passes `cap` (LOG_MAX_BYTES): a history past
 * it is an E_LOG_TOO_LARGE error, not a gigabyte of parsed lines.
 */
export function readHistory(memoryDir: string, cap = Number.POSITIVE_INFINITY): HistoryRead {
  let text: string;
  try {
    // Append-only and read on every write. Type and size are those of the descriptor read (no link followed, a
    // FIFO opened without blocking), so nothing swapped in after a look is read.
    const { fd, stat } = openRegular(historyPath(memoryDir), { nofollow: true });
    try {
      if (stat.size > cap) return { entries: [], malformed: 0, error: tooLarge(stat.size, cap), errorCode: ERROR_CODES.E_LOG_TOO_LARGE };
      text = readFullyAt(fd, 0, stat.size).toString("utf8");
    } finally {
      close(fd);
    }
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { entries: [], malformed: 0 };
    return { entries: [], malformed: 0, error: `cannot read ${HISTORY_RELPATH}: ${unreadable(err)}` };
  }
  return parseHistory(text);
}

/**
 * The entries of `cards` only, found in the history's bytes without parsing the other lines: a write needs its own
 * card's revisions, not the whole store's (issue 32: a save's cost follows the change). A line can name a card only
 * if its bytes hold the name as written or a JSON escape (a backslash); those lines are parsed as readHistory parses
 * them, and `malformed` counts the malformed ones among them. Never throws.
 */
export function readCardHistory(memoryDir: string, cards: readonly string[]): HistoryRead {
  let bytes: Buffer;
  try {
    // A save reads its card's entries, then the commit reads them again under the same lock: one read and one
    // search while the file's stamp holds (readRegularMemo), not two of a 19 MB history at 100,000 cards.
    bytes = readRegularMemo(historyPath(memoryDir), Number.POSITIVE_INFINITY, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { entries: [], malformed: 0 };
    return { entries: [], malformed: 0, error: `cannot read ${HISTORY_RELPATH}: ${unreadable(err)}` };
  }
  const key = cards.join("\n");
  const found = searched.get(bytes)?.get(key);
  if (found) return { entries: [...found.entries], malformed: found.malformed };
  const result = searchCardHistory(bytes, cards);
  searched.set(bytes, (searched.get(bytes) ?? new Map()).set(key, { entries: [...result.entries], malformed: result.malformed }));
  return result;
}

/** readCardHistory's results per history read (the Buffer readRegularMemo keeps while the file is unchanged). */
const searched = new WeakMap<Buffer, Map<string, HistoryRead>>();

function searchCardHistory(bytes: Buffer, cards: readonly string[]): HistoryRead {
  const starts = new Set<number>();
  for (const needle of [...needlesFor(cards), 0x5c]) {
    if (typeof needle !== "number" && needle.length === 0) continue;
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) starts.add(at === 0 ? 0 : bytes.lastIndexOf(0x0a, at - 1) + 1);
  }
  const wanted = new Set(cards);
  const entries: HistoryEntry[] = [];
  let malformed = 0;
  for (const start of [...starts].sort((a, b) => a - b)) {
    const nl = bytes.indexOf(0x0a, start);
    const line = bytes.toString("utf8", start, nl === -1 ? bytes.length : nl);
    if (line.trim() === "") continue;
    const entry = parseHistoryLine(line);
    if (!entry) malformed++;
    else if (wanted.has(entry.card)) entries.push(entry);
  }
  return inSequence(entries, malformed);
}

/**
 * What to look for: every line naming one of `cards` holds their common ending, so a save's four candidate files
 * (`<type>_<name>.md`) are one search of `_<name>.md`, not four; a short common ending (`.md`) would match most
 * lines, so below SHARED_MIN bytes each name is searched on its own.
 */
function needlesFor(cards: readonly string[]): Buffer[] {
  const names = cards.map((c) => Buffer.from(c, "utf8")).filter((b) => b.length > 0);
  if (names.length < 2) return names;
  let shared = names[0]!.length;
  for (const name of names) {
    const first = names[0]!;
    let n = 0;
    while (n < shared && n < name.length && name[name.length - 1 - n] === first[first.length - 1 - n]) n++;
    shared = n;
  }
  return shared >= SHARED_MIN ? [names[0]!.subarray(names[0]!.length - shared)] : names;
}

const SHARED_MIN = 6;

/** Parses history text: one entry per non-empty line; anything else is counted as malformed. */
export function parseHistory(text: string): HistoryRead {
  const entries: HistoryEntry[] = [];
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const entry = parseHistoryLine(line);
    if (entry) entries.push(entry);
    else malformed++;
  }
  return inSequence(entries, malformed);
}

function tooLarge(size: number, cap: number): string {
  const mib = (n: number) => `${Math.round(n / 1024 / 1024)} MiB`;
  return `${HISTORY_RELPATH} is ${mib(size)}, past the ${mib(cap)} memctl reads whole (a pushed or copied log?); nothing of it was read. Look for its large lines (git log -p -- ${HISTORY_RELPATH}) and put back the owner's version from git`;
}

/** Nine digits: the most `memctl restore` takes, and far more revisions than one card ever gets. */
export const REV_MAX = 999_999_999;

/**
 * Keeps the entries a local write could have made, counting the others as malformed. A write numbers its card's next
 * revision one past the highest it knows, and every line it knew stays in the log (a union when synced), so a card's
 * revisions are 1..n with none skipped, in whatever order a merge left them. A line whose revision skips a number no
 * line holds (a teammate's pushed r10000000000) is not memctl's: it must not number the owner's next write, nor be
 * the latest doctor compares the card with. `entries` holds every line of each card it names, in file order.
 */
export function inSequence(entries: HistoryEntry[], malformed = 0): HistoryRead {
  const top = new Map<string, number>();
  for (const e of entries) if (e.rev > (top.get(e.card) ?? 0)) top.set(e.card, e.rev);
  // The revision numbers of each card whose highest is past 1: only those can skip one.
  const revsOfMultiRev = new Map<string, Set<number>>();
  for (const e of entries) if ((top.get(e.card) ?? 0) > 1) (revsOfMultiRev.get(e.card) ?? revsOfMultiRev.set(e.card, new Set()).get(e.card)!).add(e.rev);
  if (revsOfMultiRev.size === 0) return { entries, malformed };
  for (const [card, revs] of revsOfMultiRev) top.set(card, contiguousTop(revs, 0));
  const kept = entries.filter((e) => e.rev <= (top.get(e.card) ?? 0));
  return { entries: kept, malformed: malformed + entries.length - kept.length };
}

/** The highest n such that every revision from `from` + 1 to n is in `revs` (`from` itself when `from` + 1 is not). */
export function contiguousTop(revs: { has(rev: number): boolean }, from: number): number {
  let n = from;
  while (revs.has(n + 1)) n++;
  return n;
}

/**
 * A line's time and hash as memctl writes them (toISOString, sha256Hex): `history` prints both as they are, so a
 * pushed line holding anything else (terminal escapes: OSC 52 sets the clipboard) is not memctl's.
 */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** One history line as an entry, or undefined when it does not parse or lacks a field (counted as malformed). */
export function parseHistoryLine(line: string): HistoryEntry | undefined {
  let v: unknown;
  try {
    v = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (v === null || typeof v !== "object" || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  const ok =
    Number.isInteger(o.rev) &&
    (o.rev as number) >= 1 &&
    (o.rev as number) <= REV_MAX &&
    typeof o.card === "string" &&
    o.card !== "" &&
    HISTORY_OPS.includes(o.op as HistoryOp) &&
    typeof o.actor === "string" &&
    typeof o.at === "string" &&
    ISO_TIME.test(o.at) &&
    ((typeof o.sha256 === "string" && SHA256_HEX.test(o.sha256)) || o.sha256 === null) &&
    Number.isSafeInteger(o.bytes) &&
    (o.bytes as number) >= 0;
  if (!ok) return undefined;
  return {
    rev: o.rev as number,
    card: o.card as string,
    op: o.op as HistoryOp,
    actor: o.actor as string,
    at: o.at as string,
    sha256: o.sha256 as string | null,
    bytes: o.bytes as number,
  };
}

/** The latest entry per card (by revision, then file order), keyed by the card's store-relative path. */
export function latestByCard(entries: readonly HistoryEntry[]): Map<string, HistoryEntry> {
  const latest = new Map<string, HistoryEntry>();
  for (const e of entries) {
    const prev = latest.get(e.card);
    if (!prev || e.rev >= prev.rev) latest.set(e.card, e);
  }
  return latest;
}

/** The revision number the next write to `card` gets. */
export function nextRevision(entries: readonly HistoryEntry[], card: string): number {
  return (latestByCard(entries).get(card)?.rev ?? 0) + 1;
}

/**
 * Appends one entry. The caller holds the store lock (lib/store/lock.ts), which is what makes `rev` unique.
 * One write(2) of one whole line on an O_APPEND descriptor, then fsync: a killed process leaves the
 * line entirely there or entirely absent.
 */
export function appendHistory(memoryDir: string, entry: HistoryEntry): void {
  realDir(memoryDir, STATE_DIR);
  appendLine(historyPath(memoryDir), JSON.stringify(entry) + "\n");
}

/** Refuses, before a write touches any card, a history file that could not take its entry (a link, not a file). */
export function assertHistoryWritable(memoryDir: string): void {
  realDir(memoryDir, STATE_DIR);
  const file = historyPath(memoryDir);
  const stat = fs.lstatSync(file, { throwIfNoEntry: false });
  if (stat && !stat.isFile()) throw notRealError(file, "file", stat.mode);
}

/**
 * Appends complete lines to one of memctl's own logs (history, proposals, jobs) with a single write on an
 * O_APPEND descriptor, never through a symlink (appendBytes).
 * The caller holds the store lock, so a write the disk cannot take is cut back, and a torn last line a killed
 * writer left is dropped first: no torn line stays, and none swallows the next entry.
 */
export function appendLine(file: string, line: string): void {
  appendBytes(file, Buffer.from(line, "utf8"), { fsync: true, rollback: true, dropTornTail: true });
}

/** Builds the entry for a write of `content` (or a delete when content is null). */
export function makeEntry(entries: readonly HistoryEntry[], card: string, op: HistoryOp, actor: string, at: Date, content: Buffer | string | null): HistoryEntry {
  const bytes = content === null ? 0 : Buffer.byteLength(content);
  return { rev: nextRevision(entries, card), card, op, actor, at: at.toISOString(), sha256: content === null ? null : sha256Hex(content), bytes };
}
