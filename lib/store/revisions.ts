import fs from "node:fs";
import path from "node:path";
import { systemCode } from "../core/errors.js";
import { sha256Hex } from "../core/sha256.js";
import { lstatIfExists, readRegularBytes } from "./checked-fs.js";
import { historyPath, readHistory, type HistoryEntry } from "./history.js";
import { STATE_DIR } from "./paths.js";
import { realDir } from "./safe-write.js";
import { commitFile, commitStaged, stageFiles } from "./write.js";

// What each revision said: `.memctl/revisions/<sha[0:2]>/<sha256>`, the bytes of the card file after the write,
// named by the sha256 its history entry records. Content-addressed, so a write is idempotent: the write path
// keeps the text BEFORE its write-ahead intent, and a write killed after that leaves only a blob no entry names
// (pruned by the next write). Shared by `memctl sync`, so a blob may come from anywhere: it is read only when
// its bytes hash to its name. Bounded (lib/records/guardrails.ts): per card the latest `maxRevisionsPerCard`
// texts, older texts together at most `maxRevisionBytes`; each card's latest text is never pruned.

export const REVISIONS_RELDIR = `${STATE_DIR}/revisions`;
const SHA = /^[0-9a-f]{64}$/;
const BUCKET = /^[0-9a-f]{2}$/;
/** A blob larger than this is not read (a card over the file guardrail cannot have been written by memctl). */
const READ_CAP = 16 * 1024 * 1024;

export interface RevisionLimits {
  /** Texts kept per card, its latest included. */
  maxRevisionsPerCard: number;
  /** Bytes of the texts kept besides each card's latest one. */
  maxRevisionBytes: number;
}

/** One revision's text as found: kept (and verified), absent, or there but not to be trusted. */
export type RevisionText = { state: "kept"; bytes: Buffer } | { state: "absent" } | { state: "corrupt" | "error"; reason: string };

export function revisionsDir(memoryDir: string): string {
  return path.join(memoryDir, ...REVISIONS_RELDIR.split("/"));
}

/** Where the text with this sha256 lives; undefined for anything that is not a sha256 (a name from a synced history). */
export function revisionPath(memoryDir: string, sha: string): string | undefined {
  return SHA.test(sha) ? path.join(revisionsDir(memoryDir), sha.slice(0, 2), sha) : undefined;
}

/** The text of the revision whose content hashes to `sha`: never through a link, never a FIFO, always verified. */
export function readRevision(memoryDir: string, sha: string | null): RevisionText {
  const file = sha === null ? undefined : revisionPath(memoryDir, sha);
  if (file === undefined) return { state: "absent" };
  let bytes: Buffer;
  try {
    bytes = Buffer.from(readRegularBytes(file, READ_CAP, { nofollow: true }));
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return { state: "absent" };
    return { state: "error", reason: `${path.relative(memoryDir, file)}: ${(err as Error).message}` };
  }
  if (sha256Hex(bytes) !== sha) return { state: "corrupt", reason: `${path.relative(memoryDir, file)} does not hash to its name (damaged or altered); it is not used` };
  return { state: "kept", bytes };
}

/** What a write records: the entry and the bytes it names (a delete has neither). */
export interface PendingRevision {
  entry: HistoryEntry | null;
  content: Buffer | string | null;
}

/**
 * Keeps the texts of the revisions about to be recorded, then prunes past the limits. The caller holds the store
 * lock and calls this after every check passed and before its intent is committed (lib/records/save.ts).
 */
export async function keepRevisions(memoryDir: string, pending: readonly PendingRevision[], limits: RevisionLimits): Promise<void> {
  const fresh = textsToWrite(memoryDir, pending);
  try {
    for (const { file, content } of fresh) await commitFile(file, content);
  } catch (err) {
    // A write that failed (a full disk) leaves no directory it made: rmdir takes only an empty one.
    for (const dir of new Set(fresh.map(({ file }) => path.dirname(file)))) {
      try {
        fs.rmdirSync(dir);
      } catch {
        // not empty (other revisions live there) or already gone: keep it
      }
    }
    throw err;
  }
  pruneRevisions(memoryDir, pending, limits);
}

/**
 * keepRevisions for a batch of new cards (an import): every text staged at once, then renamed into place, with one
 * fsync per directory instead of one per card. No pruning (a batch only adds); the next write prunes.
 */
export async function keepRevisionsBatch(memoryDir: string, pending: readonly PendingRevision[]): Promise<void> {
  const fresh = textsToWrite(memoryDir, pending);
  if (fresh.length === 0) return;
  const temps = await stageFiles(fresh);
  commitStaged(temps.map((temp, i) => ({ temp, file: fresh[i]!.file })));
}

/** The blobs not already there (verified), with their directories made. */
function textsToWrite(memoryDir: string, pending: readonly PendingRevision[]): { file: string; content: Buffer }[] {
  const out = new Map<string, Buffer>();
  for (const { entry, content } of pending) {
    if (!entry?.sha256 || content === null) continue;
    const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const file = revisionPath(memoryDir, entry.sha256);
    if (file === undefined || out.has(file) || sha256Hex(bytes) !== entry.sha256) continue;
    if (readRevision(memoryDir, entry.sha256).state === "kept") continue;
    realDir(memoryDir, REVISIONS_RELDIR, entry.sha256.slice(0, 2));
    out.set(file, bytes);
  }
  return [...out].map(([file, content]) => ({ file, content }));
}

/**
 * The sha256s to keep: each card's latest text, then the older texts within `maxRevisionsPerCard` per card,
 * newest first, while they fit in `maxRevisionBytes` (a text two revisions share counts once).
 */
export function revisionsToKeep(history: readonly HistoryEntry[], limits: RevisionLimits): Set<string> {
  const byCard = new Map<string, { entry: HistoryEntry; order: number }[]>();
  history.forEach((entry, order) => {
    if (!entry.sha256 || !SHA.test(entry.sha256)) return;
    const list = byCard.get(entry.card) ?? [];
    list.push({ entry, order });
    byCard.set(entry.card, list);
  });
  const keep = new Set<string>();
  const older: { sha: string; bytes: number; at: string; order: number }[] = [];
  for (const list of byCard.values()) {
    list.sort((a, b) => b.entry.rev - a.entry.rev || b.order - a.order); // newest first
    keep.add(list[0]!.entry.sha256!);
    for (const { entry, order } of list.slice(1, Math.max(1, limits.maxRevisionsPerCard))) older.push({ sha: entry.sha256!, bytes: entry.bytes, at: entry.at, order });
  }
  older.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.order - a.order));
  let total = 0;
  for (const o of older) {
    if (keep.has(o.sha)) continue;
    if (total + o.bytes > limits.maxRevisionBytes) break; // everything older goes too: oldest first
    total += o.bytes;
    keep.add(o.sha);
  }
  return keep;
}

/**
 * Below this size of history.jsonl (~5,000 writes) every write prunes; above it, pruning reads the whole history
 * and lists every blob, so it runs once the history crosses each further step (a window of PRUNE_WINDOW bytes past
 * it, where every single write's entry lands): a save's cost follows its card, and the kept texts exceed their
 * limits by at most what about 5,000 writes kept since (docs/store-format.md).
 */
export const PRUNE_STEP = 1024 * 1024;
/** One history entry is well under this (a path of 4 segments of 128 bytes, the fixed fields), so no step is skipped by one write. */
const PRUNE_WINDOW = 1024;

/** Whether a write now prunes (pruneRevisions), judged from history.jsonl's size alone. */
export function pruneDue(memoryDir: string, step = PRUNE_STEP): boolean {
  const size = lstatIfExists(historyPath(memoryDir))?.size ?? 0;
  return size < step || size % step < PRUNE_WINDOW;
}

/**
 * Removes every blob the history (plus `pending`) does not keep; anything that is not a blob's name is left alone.
 * A history that cannot be read whole (an error, a malformed line) prunes nothing: it might name any blob.
 * Runs when pruneDue says so, unless `always`.
 */
export function pruneRevisions(memoryDir: string, pending: readonly PendingRevision[], limits: RevisionLimits, always = false): number {
  if (!always && !pruneDue(memoryDir)) return 0;
  const history = readHistory(memoryDir);
  if (history.error || history.malformed > 0) return 0;
  const keep = revisionsToKeep(history.entries, limits);
  for (const p of pending) if (p.entry?.sha256) keep.add(p.entry.sha256);
  const root = revisionsDir(memoryDir);
  if (!lstatIfExists(root)?.isDirectory()) return 0;
  let removed = 0;
  for (const bucket of fs.readdirSync(root)) {
    const dir = path.join(root, bucket);
    if (!BUCKET.test(bucket) || !lstatIfExists(dir)?.isDirectory()) continue;
    for (const name of fs.readdirSync(dir)) {
      if (!SHA.test(name) || name.slice(0, 2) !== bucket || keep.has(name)) continue;
      fs.rmSync(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}
