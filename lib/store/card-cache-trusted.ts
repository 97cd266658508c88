// The card cache read without decoding it, when the trust rule alone proves it fresh (issue 32: a warm session start
// at 100,000 cards read the 64 MB file whole and made 100,000 records to print one section of it). Above the
// full-check size, within VERIFIED_FOR_MS of a recorded full check of this very file (card-trust.ts), readFresh
// (card-cache.ts) stats no card and changes nothing when all of these hold, and then neither does this reader:
//   - MEMORY.md has the stamp the cache recorded, old enough to trust (its links, and the view made from it, stand);
//   - every watched directory has its recorded mtime, old enough to trust, or the one a journaled write left it at;
//   - no record's stamp is too recent to trust, and none is a card that could not be read (both are read again);
//   - every card memctl journaled a write of since the check is a card of the cache whose stamp holds (lstat).
// Anything else (a missing or foreign file, a row that does not check, a new card) answers undefined: the caller
// reads the catalog, which checks and rewrites as before. So this path is a subset of readFresh's trusted path,
// never a looser one. What it reads: the head line, the numbers section (9 doubles a card), and only the
// sections and rows its caller asks for.
import { NUMBERS_SECTION, FLAGS_AT, LITTLE_ENDIAN, RECORD_NUMBERS, ROW_END_AT, type CacheHead } from "./card-cache-format.js";
import { isCardFileName } from "../core/card-types.js";
import { FLAG_ALWAYS, FLAG_MAY_RETIRE, FLAG_READ_ERROR, FLAG_SHA, FLAGS_END, type StoredCard } from "./card-record.js";
import { checkRow, type Row } from "./card-row.js";
import { fitsHead, mergedViewHead, readCardDelta, viewEditsOf } from "./card-delta.js";
import { mergeNumbers, mergeOrder } from "./card-delta-order.js";
import { dirMtime, journaledMoves, racy, racyWindow, sameStamp, trustedCheck } from "./card-trust.js";
import { lstatIfExists } from "./checked-fs.js";
import { withCacheFile } from "./card-cache-file.js";
import { cacheStamp, type CacheStamp, type Freshness } from "./full-check.js";
import { INDEX_FILE, joinPath } from "./paths.js";
import { sameNumbers } from "./index-links.js";
import { carriedCache, checkedBy, type CacheView, type CarriedCardCache, type CheckedRecords } from "./card-cache-carried.js";

/** A card cache proven fresh for this call: what a caller may read of it without decoding it whole. */
export interface TrustedCardCache {
  /** The file's stamp (mtime, size, ctime, inode): what a file derived from this cache names. */
  stamp: CacheStamp;
  /** The cache's head (a delta's, when one is merged) and its record count. */
  head: CacheHead;
  count: number;
  /**
   * The view section's bytes (session start's index lines) and the journaled edits of MEMORY.md they are still to
   * take (a delta's: overview-view.ts editOverviewView), or undefined when MEMORY.md is not the one it was made from.
   * `base`: the card-cache file the bytes are from; they are read when asked for (a kept spliced view may stand in for them).
   */
  view(): CacheView;
  /** What this read proved of the records (card-cache-carried.ts): a caller may keep it, sealed, for a later read of a delta of the same file. */
  checked: CheckedRecords;
  /** The readable cards flagged `priority: always`, in name order, with their rows; undefined when a row does not check. */
  always(): { file: string; row: Row }[] | undefined;
  /** The readable cards flagged as superseded or with a dated expires_at, likewise. */
  mayRetire(): { file: string; row: Row }[] | undefined;
  /**
   * Each record's numbers (RECORD_NUMBERS doubles a record, card-cache-format.ts), as read: checked for flags only.
   * With a delta in force they are merged on first use (a session start never asks: 7.2 MB at 100,000 cards).
   */
  readonly numbers: Float64Array;
  /** Record i's file name (the names section is read and indexed on the first call); throws when it is not a card name. */
  name(i: number): string;
  /** The record named `file`, or undefined (a binary search of the names, which the cache writes sorted). */
  find(file: string): number | undefined;
  /** Record i's row, or undefined when it does not check (the catalog would read the card again). */
  row(i: number): Row | undefined;
  /** The card-cache file's own words section (the cards changed since card-words was written). */
  extra(): Buffer;
}

/** The head line is a few hundred bytes unless MEMORY.md links many missing files; past this the full path reads it. */
const TOP_MAX = 1 << 20;

/**
 * `use(cache)` when the card cache at `memoryDir` is proven fresh for a call with `freshness`; else undefined.
 * `kept(stamp)`, when given, is asked first once nothing has moved and nothing was journaled since the check: what
 * a caller made from this very file after `use` proved it (card-derived.ts) may answer without its numbers being
 * read, since the checks they still need (every record's flags and stamp against the file's own mtime) are of
 * the file's bytes alone, which its stamp names. Undefined from it goes on to `use`.
 * `carry`, when given and a delta is in force, is asked for what the caller kept of an earlier read of the same
 * card-cache file (`claim`); when that and the delta's own records prove the cache (card-cache-carried.ts),
 * `carry.use` is called with the delta's records instead of every record being read. Undefined from either goes on.
 */
export function withTrustedCardCache<T>(
  memoryDir: string,
  freshness: Freshness,
  use: (cache: TrustedCardCache) => T | undefined,
  kept?: (stamp: CacheStamp) => T | undefined,
  carry?: { claim(stamp: CacheStamp, base: CacheStamp): CheckedRecords | undefined; use(cache: CarriedCardCache): T | undefined },
): T | undefined {
  if (freshness.checkAll) return undefined;
  return withCacheFile(memoryDir, TOP_MAX, ({ top, stat, read }) => {
    const baseStamp = cacheStamp(stat);
    // A delta (card-delta.ts) merged: its stamp is the cache's identity, its head the cache's, its mtime the racy reference.
    const delta = readCardDelta(memoryDir, baseStamp);
    const merging = delta !== undefined && fitsHead(top.head, delta);
    const stamp = merging ? delta.stamp : baseStamp;
    const mtimeMs = merging ? delta.mtimeMs : stat.mtimeMs;
    const head = merging ? { ...delta.head, view: mergedViewHead(top.head, delta) } : top.head;
    const { at } = top;
    const trust = trustedCheck(memoryDir, stamp, freshness.nowMs);
    if (!trust) return undefined;
    const racyMs = racyWindow(mtimeMs);

    const index = lstatIfExists(joinPath(memoryDir, INDEX_FILE));
    const indexStamp = index?.isFile() ? [index.mtimeMs, index.size, index.ctimeMs, index.ino] : undefined;
    if (!indexStamp || !sameNumbers(indexStamp, head.index) || racy(indexStamp, mtimeMs, racyMs)) return undefined;

    const now = head.dirs.map(([d]) => dirMtime(memoryDir, d));
    const moved = head.dirs.some(([, m], i) => now[i] !== m || racy([m, 0, m], mtimeMs, racyMs));
    // Nothing journaled since the check, and each watched directory where it was or where a journaled write left
    // it (with no card written, the listing below is the cache's own): the kept answer stands for this file.
    const still = !trust.written?.size && (!moved || journaledMoves(head.dirs, now, trust));
    const answer = kept && still ? kept(stamp) : undefined;
    if (answer !== undefined) return answer;
    if (moved && !journaledMoves(head.dirs, now, trust)) return undefined;
    const racyFrom = mtimeMs - racyMs;
    const written = trust.written ?? new Set<string>();
    const viewEdits = merging ? viewEditsOf(top.head, delta) : [];
    const view = (): CacheView =>
      head.view && sameNumbers(indexStamp, head.view.index) ? { bytes: () => read(at[3], top.sections[3]), edits: viewEdits, base: baseStamp } : undefined;
    if (carry && merging) {
      const claim = carry.claim(stamp, baseStamp);
      const carried = claim && carriedCache(memoryDir, baseStamp, top.count, delta, claim, racyFrom, written);
      const answer = carried && carried.count > freshness.fullCheckMax ? carry.use({ ...carried, head, view }) : undefined;
      if (answer !== undefined) return answer;
    }

    const baseNumbers = new Float64Array(top.count * RECORD_NUMBERS);
    // Read into the array's own memory: at 100,000 cards a Buffer read and copied over was 7.2 MB more to allocate and copy.
    read(at[NUMBERS_SECTION], baseNumbers.byteLength, Buffer.from(baseNumbers.buffer));
    if (!LITTLE_ENDIAN) Buffer.from(baseNumbers.buffer).swap64();
    // The base's names are read only when a card must be found by name or named (a start with kept pins needs neither).
    let table: ReturnType<typeof nameTable> | null = null;
    const baseNames = () => {
      table ??= nameTable(read(at[0], top.sections[0]), top.count);
      if (!table) throw new Error("the card cache's names do not decode");
      return table;
    };
    // A delta's records are placed by the base indexes it stores, not by the base's names: a recorded full check of
    // this very delta (trust, above) proved them against the names (card-cache-check.ts and the catalog read both).
    const src = merging ? mergeOrder(top.count, undefined, { ...delta, names: delta.records.map((r) => r.file) }, delta.cards) : undefined;
    if (merging && !src) return undefined;
    // Record i's numbers start at numbersOf(i)[at(i)]: the base's or the delta's, read where they lie.
    const numbersOf = (i: number) => (src && src[i]! < 0 ? delta!.numbers : baseNumbers);
    const offset = (i: number) => (src ? (src[i]! < 0 ? -1 - src[i]! : src[i]!) : i) * RECORD_NUMBERS;
    let merged: Float64Array | undefined;
    const allNumbers = () => (merged ??= src ? mergeNumbers(baseNumbers, delta!.numbers, src) : baseNumbers);
    const count = src ? src.length : top.count;
    if (count <= freshness.fullCheckMax) return undefined;
    // racy() (card-trust.ts) inlined: an array made for each of 100,000 records was half of this loop's ~10 ms.
    for (let i = 0; i < count; i++) {
      const n = numbersOf(i);
      const k = offset(i);
      const flags = n[k + FLAGS_AT]!;
      if (!(flags >= 0 && flags < FLAGS_END) || (flags & FLAG_READ_ERROR) !== 0 || n[k]! >= racyFrom || n[k + 2]! >= racyFrom) return undefined;
    }
    const name = (i: number) => {
      const s = src ? src[i]! : i;
      return s >= 0 ? baseNames().name(s) : delta!.records[-1 - s]!.file;
    };
    const find = (file: string) => {
      // Sorted by name, as the cache writes them (a name out of order fails the look-up: the full path then reads).
      let lo = 0;
      let hi = count - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const n = name(mid);
        if (n === file) return mid;
        if (n < file) lo = mid + 1;
        else hi = mid - 1;
      }
      return undefined;
    };

    // Moved by memctl's own writes only (checked above), and no card added by them (each written card is found
    // below): the listing is the cache's. Its 100,000 names are not made for that (after every save, ~100 ms of a start).
    for (const file of written) {
      const i = find(file);
      const st = i === undefined ? undefined : lstatIfExists(joinPath(memoryDir, file));
      if (i === undefined || !st?.isFile()) return undefined;
      const n = numbersOf(i);
      const k = offset(i);
      if (!sameStamp([n[k]!, n[k + 1]!, n[k + 2]!], st)) return undefined;
    }

    const rowEnd = (i: number) => (i < 0 ? 0 : baseNumbers[i * RECORD_NUMBERS + ROW_END_AT]!);
    const row = (i: number): Row | undefined => {
      const s = src ? src[i]! : i;
      if (s < 0) {
        const stored = (delta!.records[-1 - s] as StoredCard).storedRow;
        return stored && checkRow(stored.toString("latin1"));
      }
      const start = rowEnd(s - 1);
      const end = rowEnd(s);
      return end > start && end <= top.sections[1] ? checkRow(read(at[1] + start, end - start).toString("latin1")) : undefined;
    };
    const flagged = (flag: number): { file: string; row: Row }[] | undefined => {
      const out: { file: string; row: Row }[] = [];
      for (let i = 0; i < count; i++) {
        const flags = numbersOf(i)[offset(i) + FLAGS_AT]!;
        if ((flags & flag) === 0 || (flags & FLAG_SHA) === 0) continue;
        const checked = row(i);
        if (!checked) return undefined;
        out.push({ file: name(i), row: checked });
      }
      return out;
    };
    return use({
      get numbers() {
        return allNumbers();
      },
      name,
      find,
      row,
      extra: () => {
        const own = read(at[2], top.sections[2]);
        return merging && delta.words.length > 0 ? Buffer.concat([own, delta.words]) : own;
      },
      stamp,
      head,
      count,
      view,
      checked: checkedBy(baseStamp, racyFrom, merging ? delta : undefined),
      always: () => flagged(FLAG_ALWAYS),
      mayRetire: () => flagged(FLAG_MAY_RETIRE),
    });
  });
}

/** The names section indexed by line, each name decoded (and checked as a listing would give it) only when asked for. */
function nameTable(bytes: Buffer, count: number): { name(i: number): string } | undefined {
  // A byte loop: 100,000 calls of Buffer#indexOf cost more than one pass over the 2.4 MB.
  const ends = new Uint32Array(count);
  let n = 0;
  for (let p = 0; p < bytes.length; p++) {
    if (bytes[p] !== 10) continue;
    if (n === count) return undefined;
    ends[n++] = p;
  }
  if (n !== count || bytes[bytes.length - 1] !== 10) return undefined;
  const name = (i: number) => {
    const file = bytes.toString("utf8", i === 0 ? 0 : ends[i - 1]! + 1, ends[i]);
    if (!isCardFileName(file)) throw new Error("not a card name");
    return file;
  };
  return { name };
}
