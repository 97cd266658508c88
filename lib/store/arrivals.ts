import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, MemctlError, systemCode } from "../core/errors.js";
import { STATE_DIR } from "./paths.js";
import { commitFile } from "./write.js";
import { realDir } from "./safe-write.js";
import { writeHoldIndex } from "./hold-index.js";
import { readRegularUtf8 } from "./checked-fs.js";

// The per-machine hold list (.memctl/arrivals.json, never committed): what a sync brought in that is not
// injected on this machine. memctl sync writes it; the hook, session start and every store read consult it.
// An item holds its path only while the file still has the content that arrived (sha256; null = absent):
// an owner's edit afterwards makes the file the owner's. Accepted items are dropped from the list.

export const ARRIVALS_RELPATH = `${STATE_DIR}/arrivals.json`;
export const ARRIVAL_KINDS = ["new", "edited", "removed", "pinned", "index", "compact", "file", "note"] as const;
export type ArrivalKind = (typeof ARRIVAL_KINDS)[number];
export type ArrivalState = "pending" | "quarantined" | "rejected";

export interface Arrival {
  /** a-<12 hex>: the handle review / accept / reject take. */
  id: string;
  /** Store-relative path held: a card, a free note, .memctl/compact.json, or an index line's link target. */
  path: string;
  kind: ArrivalKind;
  state: ArrivalState;
  /**
   * sha256 of the held file as it arrived; null when the file did not exist (an index line to no card). A note (a
   * MEMORY.md line that is not a card link, an episode line) is held by its line, not its file: lineSha of the line.
   */
  sha256: string | null;
  reasons: string[];
  /** Commit authors ("Name <email>") between the pre-merge HEAD and the merged remote ref. */
  pushed_by: string[];
  /** The newest remote commit that touched the path. */
  commit: string;
  /** The pre-merge HEAD (review diffs against it). */
  before: string | null;
  at: string;
  /** The index line that arrived (kind index, a pending note) or the owner's line a removal took away (kind removed). */
  line?: string;
  /** A new card whose name only looks like this existing card's (lib/core/look-alike.ts): shown wherever the owner decides. */
  looks_like?: string;
  /** An edit of a file that was the owner's before the merge (no item held it): it counts against no limit (overLimits). */
  owners_file?: true;
  /** [mtimeMs, size] when the item was written: a file still at that stamp is held without hashing it again. */
  stamp?: [number, number];
}

export interface ArrivalsFile {
  version: 1;
  items: Arrival[];
}

/**
 * Notes (lines held by their text) live in a file of their own: only views and the episode reader need them, so the
 * per-prompt hook, which injects no free text, never parses them (20,000 held lines were ~70 ms of CPU a prompt).
 */
export const ARRIVAL_LINES_RELPATH = `${STATE_DIR}/arrival-lines.json`;

export function arrivalsPath(memoryDir: string): string {
  return path.join(memoryDir, ARRIVALS_RELPATH);
}

/** The hold list (`paths`: without the notes); an absent file holds nothing. */
export function readArrivals(memoryDir: string, which: "all" | "paths" = "all"): ArrivalsFile {
  const items = readList(arrivalsPath(memoryDir));
  return { version: 1, items: which === "paths" ? items : [...items, ...readList(path.join(memoryDir, ARRIVAL_LINES_RELPATH))] };
}

/** A list's items; throws E_HOLD_DAMAGED for a list that is there but is not one (never blocks: a FIFO is refused). */
export function readList(file: string): Arrival[] {
  let text: string;
  try {
    text = readRegularUtf8(file, HOLD_READ_CAP);
  } catch (err) {
    // No list can be there when .memctl/ is not a directory, and none can be looked up when the owner made .memctl/
    // unsearchable (chmod 000: every per-machine file is then unavailable, not damaged). A list that is there but
    // cannot be read or is not a file is damaged: fail closed.
    if (systemCode(err) === "ENOENT" || systemCode(err) === "ENOTDIR" || stateDirUnsearchable(err, file)) return [];
    throw damaged(file, (err as Error).message);
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (err) {
    throw damaged(file, (err as Error).message);
  }
  const items = (v as ArrivalsFile | null)?.items;
  // One item of another shape would hold nothing without a word: the whole list is then taken as damaged.
  if (!Array.isArray(items)) throw damaged(file, "it has no list of items");
  const bad = items.findIndex((i) => !isArrival(i));
  if (bad >= 0) throw damaged(file, `item ${bad + 1} is not a held arrival`);
  return items as Arrival[];
}

/** Whether `err` (reading `file`) is its directory refusing a lookup: the file's own lstat fails the same way. */
function stateDirUnsearchable(err: unknown, file: string): boolean {
  if (systemCode(err) !== "EACCES") return false;
  try {
    fs.lstatSync(file);
    return false;
  } catch (again) {
    return systemCode(again) === "EACCES";
  }
}

/** The list may be large (20,000 held items are ~10 MB); past this it is damaged, not read. */
export const HOLD_READ_CAP = 256 * 1024 * 1024;

const ARRIVAL_ID = /^a-[0-9a-f]{12}$/;

function isArrival(i: unknown): boolean {
  const a = i as Partial<Arrival> | null;
  return (
    typeof a === "object" &&
    a !== null &&
    // memctl's own id (lib/sync/arrivals.ts): printed inside the commands that decide it, so nothing else passes.
    typeof a.id === "string" &&
    ARRIVAL_ID.test(a.id) &&
    typeof a.path === "string" &&
    // Kinds and states are not checked against this version's: an item of a newer memctl still holds its path.
    typeof a.kind === "string" &&
    typeof a.state === "string" &&
    (a.sha256 === null || typeof a.sha256 === "string")
  );
}

function damaged(file: string, why: string): MemctlError {
  const rel = `${STATE_DIR}/${path.basename(file)}`;
  return new MemctlError(
    ERROR_CODES.E_HOLD_DAMAGED,
    `${rel} (this machine's list of what syncs brought in and hold from agents) cannot be read: ${why}. Until it is repaired every store file older than it stays held and memctl sync does not merge. Repair it with memctl sync --rebuild-hold (what this machine committed is yours again; what a merge brought is held for review again), or restore it from a backup.`,
    { file: rel },
  );
}

export async function writeArrivals(memoryDir: string, file: ArrivalsFile): Promise<void> {
  realDir(memoryDir, STATE_DIR);
  const notes = file.items.filter((i) => i.kind === "note");
  await commitFile(arrivalsPath(memoryDir), JSON.stringify({ version: 1, items: file.items.filter((i) => i.kind !== "note") }, null, 2) + "\n");
  // The hook's look-up form, naming the list just written (lib/store/hold-index.ts); without one it reads the list.
  writeHoldIndex(memoryDir, file.items, fs.statSync(arrivalsPath(memoryDir), { bigint: true }));
  const lines = path.join(memoryDir, ARRIVAL_LINES_RELPATH);
  if (notes.length > 0 || fs.existsSync(lines)) await commitFile(lines, `${JSON.stringify({ version: 1, items: notes })}\n`);
}
