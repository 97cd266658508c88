// The keeper's check of the card cache (lib/rank-cache/keeper.ts), about every second above the full-check size.
// Its common round finds nothing changed, and for that it needs only the cache's head, its card names and its
// numbers (each record's stamp and flags: ~10 MB of the 42–64 MB file at 100,000 cards), never the rows, words or
// view. Decoding the whole file into 100,000 records, kept between rounds by the decode memo, made the keeper's
// peak RSS ~430 MiB and its round 0.4–1.3 s, long enough that prompts fell outside their 2 s window and stat'ed
// every card themselves (bench/history/2026-12.md, h/hookwarm).
//
// So a round reads those sections with positional reads and answers one of three ways:
//   - verified: MEMORY.md's stamp, every card's stamp and every watched directory's mtime are as recorded and old
//     enough to trust: the check is recorded, exactly what the full pass (card-cache.ts, verifyOnly) records then;
//   - changed: MEMORY.md or a card moved, or a card is gone: the full pass would stop there too without writing
//     anything, so nothing is recorded and the next command reads the change; but MEMORY.md edited by hand with
//     every card as recorded, or a few cards edited, added or gone (in place, by hand, or by a `save` or `rm` with
//     its line of MEMORY.md), is settled by the keeper's entry as a delta (card-cache-settle.ts);
//   - unsure (a stamp too recent to trust, an unreadable card, a directory that moved with no card changed): the
//     full pass decides, as before, since it may settle stamps by rewriting the cache.
// Every name is checked as a listing would give it before it is stat'ed: a planted cache never chooses a path.
import { NUMBERS_SECTION, LITTLE_ENDIAN, NUMBERS } from "./card-cache-format.js";
import { withCacheFile } from "./card-cache-file.js";
import { isCardFileName } from "../core/card-types.js";
import { FLAG_READ_ERROR, FLAGS_END } from "./card-record.js";
import { dirMtime, racy, racyWindow } from "./card-trust.js";
import { CACHE_READ_CAP, forgetDecoded } from "./card-read.js";
import { lstatIfExists } from "./checked-fs.js";
import { cacheStamp, writeCardCheck, type CacheStamp, type CardStamps, type Freshness } from "./full-check.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";
import { CARD_CACHE } from "./card-words.js";
import { readFresh } from "./card-cache.js";
import { journalMark, type JournalMark } from "./write-journal.js";
import { sameNumbers } from "./index-links.js";
import { fitsHead, mergedViewHead, readCardDelta } from "./card-delta.js";
import { mergeNumbers, mergeOrder } from "./card-delta-order.js";
import { MOVED_MAX, settleRound, type CacheStamps, type Moved } from "./card-cache-settle.js";

/** A round's answer, the number of cards in the cache and the stamp of the cache file it read. */
export type StampCheck = { outcome: "verified" | "changed" | "unsure"; cards: number; cache: CacheStamp };

/**
 * What the keeper knows of a round before it starts (lib/rank-cache/keeper.ts): the journal's end taken before its
 * watched stamps were settled (a journaled write after it is re-checked by the readers), and whether every card is
 * as the last round found it verified against this same cache file (no event named one, and every card was watched):
 * then only MEMORY.md and the directories are stat'ed, and the names and numbers are not read.
 */
export interface Round {
  mark: JournalMark | undefined;
  /** The stamp of the cache file the last round verified, when every card is as that round found it. */
  cardsAsBefore?: CacheStamp;
}

/**
 * The keeper's full check: every card of an existing card cache stat'ed, and the check recorded while the cache
 * matches them all. Undefined when there is no cache to keep (a first build is a command's to make).
 */
export async function checkCardCache(dir: string, freshness: Freshness, stats?: CardStamps, round?: Round): Promise<StampCheck | undefined> {
  const stamps = stampRound(dir, freshness, stats, round);
  if (!stamps) return undefined;
  const quick = stamps.check;
  // MEMORY.md edited by hand with every card as recorded, or a few cards edited in place: the edit goes into a delta
  // here (card-cache-settle.ts), or it stays "changed" for the next command, as before; "unsure" while it is still
  // moving, so the next round tries.
  if (stamps.moved.index || stamps.moved.cards || stamps.moved.gone) {
    const settled = await settleRound(dir, freshness, stamps.cache, stamps.mark, stamps.moved);
    if (settled === "retry") return { ...quick, outcome: "unsure" };
    return settled ? { ...quick, outcome: "verified", cache: settled } : quick;
  }
  if (quick.outcome !== "unsure") return quick;
  // Unsure only because directories moved (a save renames its card and MEMORY.md into the store, and the delta
  // its first reader wrote keeps them as recorded): one listing settles it, not a decode of the 64 MB file.
  if (stamps.moved.dirs) {
    const settled = await settleRound(dir, freshness, stamps.cache, stamps.mark, stamps.moved);
    if (settled && settled !== "retry") return { ...quick, outcome: "verified", cache: settled };
  }
  await readFresh(dir, { freshness: { ...freshness, checkAll: true }, ...(stats ? { stats } : {}), stateDirMade: false, verifyOnly: true });
  // Its records are for this round only: kept, they were most of the keeper's ~430 MiB at 100,000 cards.
  forgetDecoded(joinPath(dir, STATE_DIR, CARD_CACHE));
  return quick;
}

/**
 * The keeper's round over the card cache from its stamps alone (see above); `stats` gets every card's lstat as
 * numbers for the rank cache's check, and a card it already holds is not stat'ed again (the keeper's watched stamps,
 * lib/store/card-watch.ts: current as of this round). Undefined: no card cache, or one that does not read as
 * encodeCardCache wrote it.
 */
export function checkCardStamps(dir: string, freshness: Freshness, stats?: CardStamps, round?: Round): StampCheck | undefined {
  return stampRound(dir, freshness, stats, round)?.check;
}

/**
 * checkCardStamps' round, and what moved when every card is as recorded and old enough to trust (the names read): each
 * watched directory's mtime now, in the head's order, when one moved (the outcome "unsure"), and MEMORY.md's stamp
 * when it moved (the outcome "changed", as the full pass answers; the keeper's entry may settle it).
 */
function stampRound(
  dir: string,
  freshness: Freshness,
  stats?: CardStamps,
  round?: Round,
): { check: StampCheck; cache: CacheStamps; mark: JournalMark | undefined; moved: Moved } | undefined {
  // The journal's end before any stat, as the full pass takes it: every journaled write after the check is after it.
  const mark = round ? round.mark : journalMark(dir);
  let cache = readCacheStamps(dir, round?.cardsAsBefore);
  if (!cache) return undefined;
  const result = (outcome: StampCheck["outcome"], moved: Moved = {}) => ({ check: { outcome, cards: cache!.count, cache: cache!.stamp }, cache: cache!, mark, moved });
  const old = (s: readonly number[]) => !racy(s, cache!.mtimeMs, cache!.racyMs);

  // MEMORY.md as recorded, or its links are parsed again: the full pass stops there (nothing written). With `stats`
  // (the keeper), every card is still looked up: the rank cache's check takes them from there, and a hand edit with
  // every card as recorded is the keeper's to settle, for which the names are read.
  const index = lstatIfExists(joinPath(dir, INDEX_FILE));
  if (!index?.isFile()) return result("unsure");
  const recorded = cache.head.index;
  const indexNow = [index.mtimeMs, index.size, index.ctimeMs, index.ino];
  const indexMoved = !recorded || !sameNumbers(indexNow, recorded) || !old(indexNow);
  if (indexMoved && !stats) return result("changed");
  if (indexMoved && cache.asBefore) cache = readCacheStamps(dir, undefined);
  if (!cache) return undefined;

  const prefix = joinPath(dir, "x").slice(0, -1);
  const n = cache.numbers;
  let changed = false;
  let sure = true;
  // The cards whose stamp moved and those gone, while few: the keeper's entry may settle them into a delta.
  let edited: string[] | undefined = [];
  const gone: string[] = [];
  for (let i = 0, k = 0; !cache.asBefore && i < cache.count; i++, k += NUMBERS) {
    const file = cache.names[i]!;
    let st = stats?.get(file);
    // ABSENT (full-check.ts): gone since the cache was made, as the watch vouches; no stat would say otherwise.
    if (st?.[3] === 0) st = undefined;
    else if (!st) {
      const now = lstatIfExists(prefix + file);
      if (now?.isFile()) {
        st = [now.mtimeMs, now.size, now.ctimeMs, now.nlink];
        stats?.set(file, st);
      }
    }
    // Gone, no longer a regular file, or another stamp.
    if (!st || st[0] !== n[k] || st[1] !== n[k + 1] || st[2] !== n[k + 2]) {
      changed = true;
      if (edited && edited.length + gone.length === MOVED_MAX) edited = undefined;
      (st ? edited : gone)?.push(file);
    }
    if (changed && !stats) return result("changed");
    // Read again by the full pass every time (an unreadable card), or too recent to trust: it decides.
    if ((n[k + 6]! & FLAG_READ_ERROR) !== 0 || !old([n[k]!, n[k + 1]!, n[k + 2]!])) sure = false;
  }
  const dirsNow = cache.head.dirs.map(([rel]) => dirMtime(dir, rel));
  const moved = cache.head.dirs.some(([, mtime], i) => dirsNow[i] !== mtime || !old([mtime, 0, mtime]));
  if (changed && edited && sure && mark && cache.head.dirs.length > 0)
    return result("changed", { cards: edited, ...(gone.length ? { gone } : {}), ...(indexMoved ? { index: indexNow } : {}), ...(moved ? { dirs: dirsNow } : {}) });
  if (changed || (indexMoved && (!sure || !mark))) return result("changed");
  if (indexMoved) return cache.head.dirs.length === 0 ? result("changed") : result("changed", { index: indexNow, ...(moved ? { dirs: dirsNow } : {}) });
  if (cache.head.dirs.length === 0) return result("unsure");
  if (!sure || moved) return sure && !cache.asBefore && mark ? result("unsure", { dirs: dirsNow }) : result("unsure");
  if (mark && cache.count > freshness.fullCheckMax) writeCardCheck(dir, { cache: cache.stamp, at: freshness.nowMs, journal: mark });
  return result("verified");
}

/**
 * The head, names and numbers of the card-cache file, checked as decodeCardCache checks them (no names or numbers when
 * the file opened is stamped `asBefore`); undefined otherwise.
 */
function readCacheStamps(dir: string, asBefore: CacheStamp | undefined): CacheStamps | undefined {
  return withCacheFile(dir, undefined, ({ top: decoded, stat, read }) => {
    if (stat.size > CACHE_READ_CAP) return undefined; // the full decode refuses it too: no cache to keep
    const { sections, at } = decoded;
    // A delta (card-delta.ts) merged: its stamp is the cache's identity, its head and mtime the cache's.
    const delta = readCardDelta(dir, cacheStamp(stat));
    const merging = delta !== undefined && fitsHead(decoded.head, delta);
    const stamp = merging ? delta.stamp : cacheStamp(stat);
    const mtimeMs = merging ? delta.mtimeMs : stat.mtimeMs;
    const head = merging ? { ...delta.head, view: mergedViewHead(decoded.head, delta) } : decoded.head;
    const count = merging ? delta.cards : decoded.count;
    const racyMs = racyWindow(mtimeMs);
    const own = { stamp, mtimeMs, racyMs, base: cacheStamp(stat), baseExtra: sections[2], storedHead: merging ? delta.head : decoded.head, ...(merging ? { delta } : {}) };
    if (asBefore && sameNumbers(asBefore, stamp)) return { head, count, asBefore: true, names: [], numbers: new Float64Array(0), ...own };
    const baseNames = read(at[0], sections[0]).toString("utf8").split("\n");
    if (baseNames.length !== decoded.count + 1 || baseNames.pop() !== "" || !baseNames.every((name, i) => isCardFileName(name) && (i === 0 || baseNames[i - 1]! < name)))
      return undefined;
    const baseNumbers = new Float64Array(decoded.count * NUMBERS);
    read(at[NUMBERS_SECTION], baseNumbers.byteLength, Buffer.from(baseNumbers.buffer));
    if (!LITTLE_ENDIAN) Buffer.from(baseNumbers.buffer).swap64();
    const src = merging ? mergeOrder(decoded.count, (i) => baseNames[i]!, { ...delta, names: delta.records.map((r) => r.file) }, delta.cards) : undefined;
    if (merging && !src) return undefined;
    const names = src ? Array.from(src, (s) => (s >= 0 ? baseNames[s]! : delta!.records[-1 - s]!.file)) : baseNames;
    const numbers = src ? mergeNumbers(baseNumbers, delta!.numbers, src) : baseNumbers;
    for (let k = 0; k < numbers.length; k += NUMBERS) {
      if (![0, 1, 2].every((j) => Number.isFinite(numbers[k + j])) || !isCount(numbers[k + 6]) || numbers[k + 6]! >= FLAGS_END) return undefined;
    }
    return { head, count, asBefore: false, names, numbers, ...(src ? { src } : {}), ...own };
  });
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
