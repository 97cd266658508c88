// The one trust rule for a "full check" of a store's cards (docs/internals.md, "Freshness"), shared by the rank
// cache (lib/rank-cache/load.ts) and the card cache (card-cache.ts): up to FULL_CHECK_MAX entries every call stats
// every card; above it a call that starts less than VERIFIED_FOR_MS after a full check started trusts that check,
// so a change is seen by every call that starts VERIFIED_FOR_MS or more after it. The freshness keeper
// (lib/rank-cache/keeper.ts) makes one about every second for both caches.
//
// The rank cache records its check as its delta's (or its own) mtime. The card cache cannot: its file's mtime is
// the reference its racy-stamp rule compares cards with, and the file is 64 MB at 100,000 cards. Its check is
// recorded in .memctl/card-check: the stamp of the card-cache file that was checked (a record naming any other
// file, a rewritten one included, is not trusted), when the check started, and where the write journal ended then
// (the journaled writes since are re-checked). A hint, never a source: a missing or damaged one costs a full check.
import { lstatIfExists, readRegularUtf8, type FileStat } from "./checked-fs.js";
import type { Io } from "./io.js";
import { replaceFile } from "./safe-write.js";
import { joinPath, STATE_DIR } from "./paths.js";
import type { JournalMark } from "./write-journal.js";

/** Stores up to this many entries have every card checked on every call (one stat a card: ~20 ms at 10,000). */
export const FULL_CHECK_MAX = 10_000;
/** Above FULL_CHECK_MAX, a full check is trusted for this long after it started. */
export const VERIFIED_FOR_MS = 2_000;
export const CARD_CHECK = "card-check";
/** A record is ~100 bytes; anything larger is not one of ours. */
const CARD_CHECK_MAX_BYTES = 512;

/** What a call needs to decide whether it may trust a full check: its start time and the threshold. */
export interface Freshness {
  nowMs: number;
  fullCheckMax: number;
  /** Check every card whatever the size, and record the check (the keeper). */
  checkAll?: boolean;
}

/** FULL_CHECK_MAX, or MEMCTL_FULL_CHECK_MAX when it is a whole number (tests and benchmarks lower it). */
export function fullCheckMaxFrom(env: Record<string, string | undefined>): number {
  const v = env.MEMCTL_FULL_CHECK_MAX;
  return v !== undefined && /^\d+$/.test(v) ? Number(v) : FULL_CHECK_MAX;
}

/** A command's freshness: now from its clock, the threshold from its environment (never read at import). */
export function freshnessOf(io: Pick<Io, "env" | "now">): Freshness {
  return { nowMs: io.now().getTime(), fullCheckMax: fullCheckMaxFrom(io.env) };
}

/** A full check within VERIFIED_FOR_MS before now; a check time in the future (clock skew) never counts. */
export function verifiedRecently(checkedMs: number, nowMs: number): boolean {
  return nowMs >= checkedMs && nowMs - checkedMs < VERIFIED_FOR_MS;
}

/** A card-cache file's stamp: mtime, size, ctime, inode (every write of it is a rename: a new inode). */
export type CacheStamp = [mtimeMs: number, size: number, ctimeMs: number, ino: number];

export interface CardCheck {
  cache: CacheStamp;
  /** When the check started (before its first stat). */
  at: number;
  /** The write journal's end when it started. */
  journal: JournalMark;
}

/**
 * The cards one check stat'ed, by name: mtime, size, ctime, and the link count where the stat gave it (the keeper
 * watches only a card with one: lib/store/card-watch.ts). Numbers, not the fs.Stats (each with four Dates on Node
 * 20): 100,000 of those kept through a keeper's round were a third of its time in garbage collection.
 */
export type CardStamps = Map<string, readonly [mtimeMs: number, size: number, ctimeMs: number, links?: number]>;

/**
 * A linked card with nothing at its path, as a check hands it to `CardStamps` (links 0: no stat of a file gives
 * that): the keeper's watch holds it while its directory is watched, so a dead link in MEMORY.md does not make every
 * round look it up again, and its creation is an event like any card's. Its first three are the rank cache's MISSING.
 */
export const ABSENT = [-1, -1, -1, 0] as const;

/** Whether `path` has nothing at it, not even a dangling link (whose target could appear where no watch sees it). */
export function absentAt(path: string): boolean {
  try {
    return lstatIfExists(path) === undefined;
  } catch {
    return false;
  }
}

export function cacheStamp(st: FileStat): CacheStamp {
  return [st.mtimeMs, st.size, st.ctimeMs, st.ino];
}

/** The recorded check of the card-cache file stamped `cache`, when it is one and recent at `nowMs`; else undefined. */
export function readCardCheck(memoryDir: string, cache: CacheStamp, nowMs: number): CardCheck | undefined {
  try {
    const v = JSON.parse(readRegularUtf8(joinPath(memoryDir, STATE_DIR, CARD_CHECK), CARD_CHECK_MAX_BYTES, { nofollow: true })) as Partial<CardCheck>;
    const num = (x: unknown) => typeof x === "number" && Number.isFinite(x);
    if (!Array.isArray(v.cache) || v.cache.length !== 4 || !v.cache.every((x, i) => x === cache[i])) return undefined;
    if (!num(v.at) || !verifiedRecently(v.at!, nowMs)) return undefined;
    if (!Array.isArray(v.journal) || v.journal.length !== 2 || !v.journal.every(num)) return undefined;
    return { cache, at: v.at!, journal: [v.journal[0], v.journal[1]] };
  } catch {
    return undefined; // missing, a link, not a regular file, too large, or not JSON: no check to trust
  }
}

/** Records a check (best effort: without it the next call checks every card itself). Never creates .memctl/. */
export function writeCardCheck(memoryDir: string, check: CardCheck): void {
  try {
    const state = joinPath(memoryDir, STATE_DIR);
    if (!lstatIfExists(state)?.isDirectory()) return; // never through a link, never made here
    const file = joinPath(state, CARD_CHECK);
    replaceFile(file, JSON.stringify(check), `${file}.${process.pid}.tmp`);
  } catch {
    // not writable, or the store is going away
  }
}

/** `check` recorded against the card-cache file just written at `file` (its stamp now). */
export function recordCheck(memoryDir: string, file: string, check: Omit<CardCheck, "cache">): void {
  const st = lstatIfExists(file);
  if (st?.isFile()) writeCardCheck(memoryDir, { cache: cacheStamp(st), at: check.at, journal: check.journal });
}
