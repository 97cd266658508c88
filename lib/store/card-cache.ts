// Each card's listed fields and search words, kept in <memory_dir>/.memctl/card-cache and card-words (layout: card-cache-format.ts) between commands so `list`,
// `search` and the MCP search read only the cards that changed (issue 32: at 100,000 cards, reading and
// tokenizing every card was seconds per command).
//
// Freshness, checked on every read, nothing trusted on time alone:
//   - every card is lstat'ed: a card whose mtime, size or ctime moved is read again (an editor writing in place
//     changes no directory; ctime also catches a tool that puts the mtime back);
//   - the card files are listed again unless every directory walked last time has the same mtime (creating,
//     deleting or renaming a card changes its directory's);
//   - MEMORY.md's links are parsed again unless its mtime, size, ctime and inode are the same;
//   - a stamp within RACY_MS of the cache file's own mtime is not trusted: a change in the same timestamp tick as
//     the read that made the cache would keep its stamp (git's "racy" entries), so such a card is read again.
// A cache that is missing, foreign, of another version or damaged in any way is ignored and rebuilt; the names in
// it are checked as listCardFiles would list them before one is stat'ed. It is derived state: written through
// the one atomic writer (replaceFile) when anything changed, and a store where it cannot be written still reads.
import { parseIndex } from "../core/index-file.js";
import { readHold } from "./arrivals.js";
import { decodeCardCache, type CacheHead, type CardRecord, type Stamp } from "./card-cache-format.js";
import { CARD_CACHE, CardWords, memoByStamp, readRecord } from "./card-words.js";
import { exists, lstatIfExists, readRegularUtf8, type FileStat } from "./checked-fs.js";
import { listCardFiles, storeUnavailable } from "./read.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";

export type { CardRecord } from "./card-cache-format.js";
export { CARD_CACHE, CARD_WORDS } from "./card-words.js";

/** A stamp this close to the cache's own mtime may hide a change in the same tick; whole-second filesystems need 2 s. */
const RACY_MS_FINE = 100;
const RACY_MS_COARSE = 2000;

type Counts = { head: Map<string, number>; body: Map<string, number> };

/** The store's cards as list and search read them: fresh for this call, held cards (lib/store/arrivals.ts) left out. */
export interface CardCatalog {
  dir: string;
  /** Sorted by file name; `linked`: MEMORY.md links to it. */
  cards: CardRecord[];
  /** For each card (same order), how often each of `wanted` occurs in its head and body; undefined: none of them. */
  wordCounts(wanted: readonly string[]): (Counts | undefined)[];
}

/**
 * The catalog, reading only what changed since the cache was written. A store without MEMORY.md reads as one
 * without links; one that cannot be read throws E_UNAVAILABLE, as readStoreOrEmptyIndex does.
 */
export async function readCardCatalog(dir: string): Promise<CardCatalog> {
  try {
    return await readFresh(dir);
  } catch (err) {
    throw storeUnavailable(dir, err);
  }
}

interface OpenCache {
  head: CacheHead;
  records: CardRecord[];
  mtimeMs: number;
  racyMs: number;
}

async function readFresh(dir: string): Promise<CardCatalog> {
  const old = openCache(joinPath(dir, STATE_DIR, CARD_CACHE));
  const trusted = (s: readonly number[], mtimeMs: number) => old !== undefined && s[0] === mtimeMs && !racy(s, old.mtimeMs, old.racyMs);
  // Unchanged but too recent to trust: rewriting the cache once the stamp is old enough settles it, else every
  // later read would read that card (or walk the store) again. The process clock only decides when to rewrite.
  const settles = (s: readonly number[]) => old !== undefined && !racy(s, Date.now(), old.racyMs);

  const links = readLinks(dir, old);
  let dirty = old === undefined || links.set !== undefined;

  // The listing: the cached names while every directory holds still, else a walk.
  let files: string[] | undefined;
  let dirs: [string, number][] = [];
  if (old && old.head.dirs.length > 0 && old.head.dirs.every(([d, m]) => trusted([m, 0, m], dirMtime(dir, d)))) {
    files = old.records.map((r) => r.file);
    dirs = old.head.dirs;
  }
  const listed = files !== undefined;
  if (!files) {
    const walked: string[] = [];
    files = (await listCardFiles(dir, "", walked)).sort(byName);
    dirs = walked.map((d) => [d, dirMtime(dir, d)]);
    const same =
      old !== undefined &&
      sameList(dirs, old.head.dirs) &&
      sameList(
        files,
        old.records.map((r) => r.file),
      );
    if (!same || dirs.some(([, m]) => racy([m], old.mtimeMs, old.racyMs) && settles([m]))) dirty = true;
  }

  const position = listed ? undefined : new Map(old?.records.map((r, i) => [r.file, i]));
  const otherLinks = new Set(links.set ? [] : old!.head.linkedOther);
  const records: CardRecord[] = [];
  // Where each record's words are: its index in the old cache, or -1 and its fresh bytes in `fresh`.
  const from: number[] = [];
  const fresh = new Map<number, Buffer>();
  for (let k = 0; k < files.length; k++) {
    const file = files[k]!;
    const i = listed ? k : position!.get(file);
    const was = i === undefined ? undefined : old!.records[i]!;
    const st = lstatIfExists(joinPath(dir, file));
    if (!st || !st.isFile()) {
      dirty = true; // gone, or a link or directory where a card was: listCardFiles leaves it out
      if (was?.linked) otherLinks.add(file);
      continue;
    }
    if (was && !was.readError && sameStamp(was.stamp, st) && trusted(was.stamp, st.mtimeMs)) {
      // A copy when the link changed: the decoded records may be a memo other calls read (memoByStamp).
      records.push(links.set && was.linked !== links.set.has(file) ? { ...was, linked: !was.linked } : was);
      from.push(i!);
      continue;
    }
    const read = readRecord(dir, file);
    read.record.linked = links.set ? links.set.has(file) : was ? was.linked : otherLinks.delete(file);
    // The same stamp read again (a racy one) leaves the cache as it is until the stamp settles.
    if (!was || !sameRecord(was, read.record) || (!read.record.readError && settles(read.record.stamp))) dirty = true;
    fresh.set(records.length, read.words);
    records.push(read.record);
    from.push(-1);
  }
  // A linked card no longer listed (deleted, renamed) leaves its link waiting for a card of that name.
  if (!listed && old) {
    const now = new Set(files);
    for (const r of old.records) if (r.linked && !now.has(r.file)) otherLinks.add(r.file);
  }
  if (records.length !== old?.records.length) dirty = true;

  const words = new CardWords(dir, old, records, from, fresh);
  if (dirty) {
    const cards = links.set && new Set(records.map((r) => r.file));
    const linkedOther = links.set ? [...links.set].filter((f) => !cards!.has(f)) : [...otherLinks];
    words.write({ index: links.index, linkedOther, dirs, words: null });
  }
  return catalogOf(dir, records, words);
}

function openCache(file: string): OpenCache | undefined {
  return memoByStamp(file, (bytes, stat) => {
    const decoded = decodeCardCache(bytes);
    if (!decoded) return undefined;
    return { ...decoded, mtimeMs: stat.mtimeMs, racyMs: stat.mtimeMs % 1000 === 0 ? RACY_MS_COARSE : RACY_MS_FINE };
  });
}

/**
 * MEMORY.md's links: `set` undefined while its stamp holds (the records' `linked` and the head's `linkedOther`
 * stand), else parsed. `index` is the stamp to keep (null: no MEMORY.md, or too recent to trust).
 */
function readLinks(dir: string, old: OpenCache | undefined): { set?: Set<string>; index: readonly number[] | null } {
  const file = joinPath(dir, INDEX_FILE);
  if (!exists(file)) return { set: new Set(), index: null };
  const st = lstatIfExists(file);
  const stamp = st?.isFile() ? [st.mtimeMs, st.size, st.ctimeMs, st.ino] : undefined;
  const cached = old?.head.index;
  if (stamp && cached && stamp.every((v, i) => v === cached[i]) && !racy(stamp, old!.mtimeMs, old!.racyMs)) return { index: cached };
  // Checked: a FIFO or device as MEMORY.md is an error (E_NOT_REGULAR), never a read that blocks.
  const entries = parseIndex(readRegularUtf8(file)).entries;
  return { set: new Set(entries.map((e) => e.file.replace(/^\.\//, ""))), index: stamp ?? null };
}

function catalogOf(dir: string, records: CardRecord[], cardWords: CardWords): CardCatalog {
  const hold = readHold(dir);
  const keep = hold ? records.flatMap((r, i) => (hold.held(r.file) ? [] : [i])) : undefined;
  return {
    dir,
    cards: keep ? keep.map((i) => records[i]!) : records,
    wordCounts(wanted) {
      const { words: all, starts } = cardWords.get();
      const found: (Counts | undefined)[] = new Array(records.length);
      for (const word of new Set(wanted)) {
        const needle = Buffer.from(` ${word}:`, "utf8");
        for (let at = all.indexOf(needle); at >= 0; at = all.indexOf(needle, at + needle.length)) {
          const i = lastAtOrBefore(starts, at);
          let n = 0;
          for (let p = at + needle.length; all[p]! >= 48 && all[p]! <= 57; p++) n = n * 10 + all[p]! - 48;
          const counts = (found[i] ??= { head: new Map(), body: new Map() });
          (at < starts[i]! + records[i]!.headBytes ? counts.head : counts.body).set(word, n);
        }
      }
      return keep ? keep.map((i) => found[i]) : found;
    },
  };
}

/** The greatest i with starts[i] <= at. */
function lastAtOrBefore(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Changed within `racyMs` before `at` (the cache's mtime, or now): the same timestamp tick could hide an edit. */
function racy(s: readonly number[], at: number, racyMs: number): boolean {
  return Math.max(s[0]!, s[2] ?? s[0]!) >= at - racyMs;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
}

function dirMtime(dir: string, rel: string): number {
  const st = lstatIfExists(rel === "" ? dir : joinPath(dir, rel));
  return st?.isDirectory() ? st.mtimeMs : -1;
}

function sameStamp(s: Stamp, st: FileStat): boolean {
  return s[0] === st.mtimeMs && s[1] === st.size && s[2] === st.ctimeMs;
}

function sameRecord(a: CardRecord, b: CardRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
