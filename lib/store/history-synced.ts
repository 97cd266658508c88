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
 * Key → who pushed it. A file that cannot be read as a regular file (a FIFO, a link, a directory) is an error the
 * caller reports: read as empty it would make every teammate's line the owner's again.
 */
export function readSyncedHistory(memoryDir: string): Map<string, SyncedMark> {
  const marks = new Map<string, SyncedMark>();
  let text: string;
  try {
    // Grows with a shared store's history (about 150 bytes a line), read by history and restore only: not capped.
    text = readRegularUtf8(path.join(memoryDir, SYNCED_HISTORY_RELPATH), Number.POSITIVE_INFINITY, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT" || systemCode(err) === "ENOTDIR") return marks;
    throw err;
  }
  for (const line of text.split("\n")) {
    const v = parse(line);
    if (v) marks.set(v.key, { pushed_by: v.pushed_by, commit: v.commit });
  }
  return marks;
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
