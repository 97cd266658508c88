import path from "node:path";
import { systemCode } from "../core/errors.js";
import { encodeUtf8 } from "../core/bytes.js";
import { sha256Hex } from "../core/sha256.js";
import { readRegularUtf8 } from "./checked-fs.js";
import { appendLine, type HistoryEntry } from "./history.js";
import { STATE_DIR } from "./paths.js";
import { realDir } from "./safe-write.js";

// History lines a sync brought from a shared remote (.memctl/history-synced.jsonl, per machine, never committed).
// history.jsonl merges as a union, so a teammate can append a line naming any actor, revision and text for any card:
// `memctl history` would show it as the owner's and `memctl restore` write its text back as theirs. The sync records
// each such line's key here with who pushed it; history marks those lines and restore takes none unless asked to.

export const SYNCED_HISTORY_RELPATH = `${STATE_DIR}/history-synced.jsonl`;

/** Who pushed a history line (commit authors) and the newest remote commit that touched the log. */
export interface SyncedMark {
  pushed_by: string[];
  commit: string;
}

/**
 * An entry's identity: its fields, whatever the key order or spacing of the line that carried them. Hashed as bytes
 * (node:crypto): sha256Hex hashes a short string in plain JavaScript, ~25 µs a line, 2.5 s for 100,000 lines.
 */
export function entryKey(e: HistoryEntry): string {
  return sha256Hex(encodeUtf8(JSON.stringify([e.rev, e.card, e.op, e.actor, e.at, e.sha256, e.bytes]))).slice(0, 32);
}

/** Appends the keys of `entries` with the push that brought them. The caller holds the store lock (a sync). */
export function recordSyncedHistory(memoryDir: string, entries: readonly HistoryEntry[], mark: SyncedMark): void {
  if (entries.length === 0) return;
  realDir(memoryDir, STATE_DIR);
  const lines = entries.map((e) => JSON.stringify({ key: entryKey(e), pushed_by: mark.pushed_by, commit: mark.commit })).join("\n");
  appendLine(path.join(memoryDir, SYNCED_HISTORY_RELPATH), `${lines}\n`);
}

/**
 * Who pushed each of `entries` (undefined: a line written on this machine). Only these entries' marks are parsed, so
 * `history NAME` and `restore` on a store with 100,000 marked lines pay for one card's lines, not the whole file's.
 */
export function syncedMarksOf(memoryDir: string, entries: readonly HistoryEntry[]): (e: HistoryEntry) => SyncedMark | undefined {
  const text = readMarksText(memoryDir);
  if (text === undefined) return () => undefined; // no shared remote ever synced: no key is worth hashing
  const keys = new Map(entries.map((e) => [e, entryKey(e)]));
  const marks = marksIn(text, new Set(keys.values()));
  return (e) => marks.get(keys.get(e) ?? entryKey(e));
}

/** Key → who pushed it, for every key or only `only`'s. */
export function readSyncedHistory(memoryDir: string, only?: ReadonlySet<string>): Map<string, SyncedMark> {
  return marksIn(readMarksText(memoryDir) ?? "", only);
}

/**
 * The marks file's text, undefined when there is none. A file that cannot be read as a regular file (a FIFO, a link,
 * a directory) is an error the caller reports: read as empty it would make every teammate's line the owner's again.
 */
function readMarksText(memoryDir: string): string | undefined {
  try {
    // Grows with a shared store's history (about 150 bytes a line), read by history and restore only: not capped.
    return readRegularUtf8(path.join(memoryDir, SYNCED_HISTORY_RELPATH), Number.POSITIVE_INFINITY, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT" || systemCode(err) === "ENOTDIR") return undefined;
    throw err;
  }
}

/** The line recordHistoryBackfill appends (no `key`: a reader's parse skips it). */
const BACKFILLED = '{"backfilled":';

/** Whether the lines merged before the marks existed were marked (once per store, by a sync). */
export function historyBackfilled(memoryDir: string): boolean {
  return readMarksText(memoryDir)?.includes(BACKFILLED) === true;
}

/** Records that the backfill ran, at which HEAD: later syncs mark what they bring and do not redo it. */
export function recordHistoryBackfill(memoryDir: string, head: string | null): void {
  realDir(memoryDir, STATE_DIR);
  appendLine(path.join(memoryDir, SYNCED_HISTORY_RELPATH), `${BACKFILLED}${JSON.stringify(head)}}\n`);
}

/** The line prefix recordSyncedHistory writes; a line in that shape is skipped unparsed when its key is not wanted. */
const KEY_PREFIX = '{"key":"';

function marksIn(text: string, only: ReadonlySet<string> | undefined): Map<string, SyncedMark> {
  const marks = new Map<string, SyncedMark>();
  for (let at = 0; at < text.length; ) {
    const nl = text.indexOf("\n", at);
    const end = nl === -1 ? text.length : nl;
    if (only === undefined || wantedLine(text, at, end, only)) {
      const v = parse(text.slice(at, end));
      if (v && (only === undefined || only.has(v.key))) marks.set(v.key, { pushed_by: v.pushed_by, commit: v.commit });
    }
    at = end + 1;
  }
  return marks;
}

/** False only for a line in recordSyncedHistory's shape whose one key is not wanted; any other line is parsed. */
function wantedLine(text: string, start: number, end: number, only: ReadonlySet<string>): boolean {
  if (!text.startsWith(KEY_PREFIX, start)) return true;
  const close = text.indexOf('"', start + KEY_PREFIX.length);
  if (close === -1 || close > end) return true;
  const key = text.slice(start + KEY_PREFIX.length, close);
  // An escape, or a second "key" (JSON.parse keeps the last), is left to the parser.
  if (key.includes("\\")) return true;
  if (text.slice(close, end).includes('"key"')) return true;
  return only.has(key);
}

function parse(line: string): { key: string; pushed_by: string[]; commit: string } | undefined {
  try {
    const v = JSON.parse(line) as Record<string, unknown>;
    if (typeof v.key !== "string" || typeof v.commit !== "string" || !Array.isArray(v.pushed_by)) return undefined;
    return { key: v.key, commit: v.commit, pushed_by: v.pushed_by.filter((a): a is string => typeof a === "string") };
  } catch {
    return undefined;
  }
}
