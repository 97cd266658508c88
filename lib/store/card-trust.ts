// The card cache's stamp rules (card-cache.ts), and when it may skip its stat of every card: above the full-check size, within
// VERIFIED_FOR_MS of a recorded full check of this very cache file (full-check.ts). What it still checks then:
// MEMORY.md's stamp, every watched directory's mtime, the cards whose stamp is too recent to trust, and the cards
// memctl's own journaled writes (write-journal.ts) touched since the check. A directory that moved is accounted
// for only when a journaled write left it at the mtime it has now; then the listing is the cache's plus those
// cards, and the directories stay recorded as they were, so the next full check (the keeper's) walks them: a card
// created by hand before a save whose write masks the directory's move is found by that walk, within the bound.
import { type Stamp } from "./card-cache-format.js";
import { isCardFileName } from "../core/card-types.js";
import { lstatIfExists, type FileStat } from "./checked-fs.js";
import { readCardCheck, type CacheStamp, type CardCheck } from "./full-check.js";
import { journalSince } from "./write-journal.js";
import { joinPath } from "./paths.js";
import { linkKey } from "../core/link-key.js";

export interface Trust {
  check: CardCheck;
  /** The cards memctl wrote since the check, as a listing names them; undefined: the journal cannot tell. */
  written?: ReadonlySet<string>;
  /** Each directory's mtime after the last journaled write that moved it. */
  lastDir?: ReadonlyMap<string, number>;
}

/** The trust a call at `nowMs` may put in a full check of the cache stamped `cache`, or undefined: check every card. */
export function trustedCheck(memoryDir: string, cache: CacheStamp, nowMs: number): Trust | undefined {
  const check = readCardCheck(memoryDir, cache, nowMs);
  if (!check) return undefined;
  const records = journalSince(memoryDir, check.journal);
  if (!records) return { check };
  const written = new Set<string>();
  const lastDir = new Map<string, number>();
  for (const r of records) {
    // A change whose writer could not name its files (lib/store/write-journal.ts): every card is checked, as the
    // rank cache's reader (lib/rank-cache/journal.ts) does for the same record.
    if (r.x && r.c.length === 0) return undefined;
    // Untrusted text like any other file: a name a listing would not give is never stat'ed.
    for (const c of r.c) {
      const file = linkKey(c);
      if (isCardFileName(file)) written.add(file);
    }
    for (const [rel, mtime] of r.d) lastDir.set(rel, mtime);
  }
  return { check, written, lastDir };
}

/**
 * The listing when every watched directory that moved (`now`: their mtimes, in `dirs` order) moved through
 * journaled writes only: the cached names plus the written cards (sorted; a written card since removed is found
 * gone by its stat). Undefined when a move is not accounted for, or a written card lies outside every watched
 * directory (a directory never walked): the caller lists the store.
 */
export function journaledListing(files: readonly string[], dirs: readonly [string, number][], now: readonly number[], trust: Trust): string[] | undefined {
  if (!journaledMoves(dirs, now, trust)) return undefined;
  // `files` is sorted (a listing's order): a written card is looked up, not a set of every name made.
  const added = [...trust.written!].filter((file) => !sortedHas(files, file));
  if (added.length === 0) return [...files];
  return [...files, ...added].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Whether every watched directory that moved (`now`, in `dirs` order) moved through journaled writes only, and every
 * written card lies in a watched directory: then the listing is the cached names plus the written cards.
 */
export function journaledMoves(dirs: readonly [string, number][], now: readonly number[], trust: Trust): boolean {
  const { written, lastDir } = trust;
  if (!written || !lastDir) return false;
  if (!dirs.every(([rel, mtime], i) => now[i] === mtime || lastDir.get(rel) === now[i])) return false;
  const watched = new Set(dirs.map(([rel]) => rel));
  for (const file of written) {
    const slash = file.lastIndexOf("/");
    if (!watched.has(slash < 0 ? "" : file.slice(0, slash))) return false;
  }
  return true;
}

function sortedHas(files: readonly string[], file: string): boolean {
  let lo = 0;
  let hi = files.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const f = files[mid]!;
    if (f === file) return true;
    if (f < file) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** How close to the cache file's mtime a stamp may hide a change in the same tick: whole-second filesystems need 2 s. */
export function racyWindow(cacheMtimeMs: number): number {
  return cacheMtimeMs % 1000 === 0 ? 2000 : 100;
}

/** Changed within `racyMs` before `at` (the cache's mtime, or now): the same timestamp tick could hide an edit. */
export function racy(s: readonly number[], at: number, racyMs: number): boolean {
  return Math.max(s[0]!, s[2] ?? s[0]!) >= at - racyMs;
}

/** A record's stamp against the card's lstat now: mtime, size and ctime. */
export function sameStamp(s: Stamp, st: FileStat): boolean {
  return s[0] === st.mtimeMs && s[1] === st.size && s[2] === st.ctimeMs;
}

/** A watched directory's mtime now; -1 when it is gone or no longer a directory. */
export function dirMtime(dir: string, rel: string): number {
  const st = lstatIfExists(rel === "" ? dir : joinPath(dir, rel));
  return st?.isDirectory() ? st.mtimeMs : -1;
}
