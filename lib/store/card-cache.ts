// Each card's listed fields and search words, kept in <memory_dir>/.memctl/card-cache and card-words (layout: card-cache-format.ts) between commands so `list`,
// `search` and the MCP search read only the cards that changed (issue 32: at 100,000 cards, reading and
// tokenizing every card was seconds per command).
//
// Freshness, checked on every read:
//   - every card is lstat'ed: a card whose mtime, size or ctime moved is read again (an editor writing in place
//     changes no directory; ctime also catches a tool that puts the mtime back). Above the full-check size (the
//     rank cache's, full-check.ts) a call within 2 s of a recorded full check of this cache file trusts it and
//     stats only the cards memctl's journaled writes touched since and those too recent to trust (card-trust.ts):
//     a change is seen by every call that starts 2 s or more after it, as a prompt's block is;
//   - the card files are listed again unless every directory walked last time has the same mtime (creating,
//     deleting or renaming a card changes its directory's);
//   - MEMORY.md's links are parsed again unless its mtime, size, ctime and inode are the same, or the write journal
//     chains from the MEMORY.md they were read at to this one through memctl's own line edits: then those edits
//     are applied to the links kept by line (index-links.ts) and to the view (`viewEdit`), and nothing else of
//     MEMORY.md is read (issue 32: every save made the next command parse the whole index). After a hand edit its
//     lines are compared with the keys kept (index-lines.ts), and the few that changed are applied the same way;
//   - a stamp within RACY_MS of the cache file's own mtime is not trusted: a change in the same timestamp tick as
//     the read that made the cache would keep its stamp (git's "racy" entries), so such a card is read again.
// A cache that is missing, foreign, of another version or damaged in any way is ignored and rebuilt; the names in
// it are checked as listCardFiles would list them before one is stat'ed. It is derived state: written through
// the one atomic writer (replaceFile) when anything changed, and a store where it cannot be written still reads.
import { readHold } from "./hold.js";
import { isAlways, mayRetireRecord, type CacheHead, type CardRecord } from "./card-cache-format.js";
import { sameRecord } from "./card-record.js";
import { CardWords, type Counts } from "./card-words.js";
import { readRecord } from "./card-read.js";
import { exists, lstatIfExists, readRegularUtf8 } from "./checked-fs.js";
import { recordCheck, writeCardCheck, type CacheStamp, type CardStamps, type Freshness } from "./full-check.js";
import { dirMtime, journaledListing, racy, sameStamp, trustedCheck } from "./card-trust.js";
import { journalMark } from "./write-journal.js";
import { listCardFiles, storeUnavailable } from "./read.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";
import { findRecord, linesAfter, linksHas, readLinks, sameNumbers, type LineEdit } from "./index-links.js";
import { openCache } from "./card-cache-open.js";

export type { CardRecord } from "./card-cache-format.js";
export { CARD_CACHE, CARD_WORDS } from "./card-words.js";

/** The store's cards as list and search read them: fresh for this call, held cards (lib/store/arrivals.ts) left out. */
export interface CardCatalog {
  dir: string;
  /** Sorted by file name; `linked`: MEMORY.md links to it. */
  cards: CardRecord[];
  /** For each card (same order), how often each of `wanted` occurs in its head and body; undefined: none of them. */
  wordCounts(wanted: readonly string[]): (Counts | undefined)[];
  /** The cards with `priority: always`, read from the records' flags (no card's strings parsed for the others). */
  always(): CardRecord[];
  /** The cards superseded or with a dated expires_at, read from the flags as `always` is (session start leaves out those no longer true). */
  mayRetire(): CardRecord[];
  /** The store's monthly episode shards (episodes.YYYY-MM.jsonl), sorted: what listEpisodeShards lists, from the cache's listing. */
  episodeShards: readonly string[];
  /** The index view asked for (`view` option): its bytes as the builder made them from MEMORY.md; undefined: no MEMORY.md. */
  view?: Buffer;
}

export interface CatalogOptions {
  /**
   * A view of MEMORY.md kept with the cache while MEMORY.md's stamp holds (session start's rendered lines): built
   * from its text when it changed, given the view it had before. The builder's layout is the caller's;
   * CARD_CACHE_VERSION covers its code.
   */
  view?: (indexText: string, previous?: Buffer) => Buffer;
  /**
   * The view after journaled line edits of MEMORY.md (index-links.ts), made from the view before them; undefined
   * when it cannot say (the view is then built from MEMORY.md's text). Must equal what `view` builds from the edited text.
   */
  viewEdit?: (previous: Buffer, edits: readonly LineEdit[], base?: CacheStamp) => Buffer | undefined;
  /**
   * The caller will search (wordCounts): a first build makes every card's words as it reads the card. Without it a
   * first build leaves them to the first search, which reads those cards again (tokenizing is about a quarter of a build).
   */
  words?: boolean;
  /**
   * The call's start and the full-check size: above it, a recent full check is trusted (and a full check this call
   * makes is recorded). Absent: every card is checked and nothing recorded.
   */
  freshness?: Freshness;
  /** Each card lstat'ed as a regular file, by name (the keeper's rank-cache check reuses them: one stat a card). */
  stats?: CardStamps;
}

/**
 * The catalog, reading only what changed since the cache was written. A store without MEMORY.md reads as one
 * without links; one that cannot be read throws E_UNAVAILABLE, as readStoreOrEmptyIndex does.
 */
export async function readCardCatalog(dir: string, options: CatalogOptions = {}): Promise<CardCatalog> {
  try {
    return (await readFresh(dir, options))!;
  } catch (err) {
    throw storeUnavailable(dir, err);
  }
}

const NO_VIEW = Buffer.alloc(0);

/**
 * verifyOnly (the keeper's check when its stamps alone cannot settle it, card-cache-check.ts): record the check when the cache still matches every card, and stop at the first
 * change (a card's record, the listing, MEMORY.md's links) without writing anything; only a rewrite that settles
 * stamps too recent to trust, records unchanged, is still made. The next command, finding no recent check, checks
 * every card itself, rewrites the cache and records its check. A keeper that rewrote the 64 MB cache (100,000 cards) in the background
 * after each save peaked near 1 GB and delayed its rank-cache check past the prompts' 2 s window (bench/history/2026-12.md).
 */
export async function readFresh(dir: string, options: CatalogOptions & { stateDirMade?: false; verifyOnly?: true }): Promise<CardCatalog | undefined> {
  const fresh = options.freshness;
  // The journal's end before any stat: a check recorded as made at fresh.nowMs (taken before this call) then saw
  // every change before it, and every journaled write after it is after the mark.
  const mark = journalMark(dir);
  const old = openCache(dir);
  const large = fresh !== undefined && old !== undefined && old.records.length > fresh.fullCheckMax;
  let trust = large && !fresh.checkAll ? trustedCheck(dir, old.stamp, fresh.nowMs) : undefined;
  const trusted = (s: readonly number[], mtimeMs: number) => old !== undefined && s[0] === mtimeMs && !racy(s, old.mtimeMs, old.racyMs);
  // Unchanged but too recent to trust: rewriting the cache once the stamp is old enough settles it, else every
  // later read would read that card (or walk the store) again. The process clock only decides when to rewrite.
  const settles = (s: readonly number[]) => old !== undefined && !racy(s, Date.now(), old.racyMs);

  const links = readLinks(dir, old, mark);
  let dirty = old === undefined || links.set !== undefined || links.changed !== undefined;
  // Whether `file` is linked now, given its `was` (its record's, or for a card new to the cache, a link to no card before).
  const linkedNow = (file: string, was: boolean) => (links.set ? links.set.has(file) : links.changed?.has(file) ? linksHas(links.table!, file) : was);
  if (options.verifyOnly && dirty) return undefined;

  // The listing: the cached names while every directory holds still, else a walk.
  let files: string[] | undefined;
  let dirs: [string, number][] = [];
  let shards: string[] = [];
  let journaledList = false;
  if (old && old.head.dirs.length > 0) {
    const now = old.head.dirs.map(([d]) => dirMtime(dir, d));
    if (old.head.dirs.every(([, m], i) => trusted([m, 0, m], now[i]!))) files = old.records.map((r) => r.file);
    else if (trust) {
      // Moved by memctl's own writes only: their cards added, the directories kept as recorded for the next full check.
      files = journaledListing(
        old.records.map((r) => r.file),
        old.head.dirs,
        now,
        trust,
      );
      journaledList = files !== undefined;
    }
    if (files) [dirs, shards] = [old.head.dirs, old.head.shards];
  }
  // A journaled listing that added no card is the cached names in their order.
  const listed = files !== undefined && (!journaledList || files.length === old!.records.length);
  if (!files) {
    trust = undefined; // changed in a way no journal accounts for: every card is checked
    const walked: string[] = [];
    files = (await listCardFiles(dir, "", walked, shards)).sort(byName);
    shards.sort(byName);
    dirs = walked.map((d) => [d, dirMtime(dir, d)]);
    const sameCards =
      old !== undefined &&
      sameList(shards, old.head.shards) &&
      sameList(
        files,
        old.records.map((r) => r.file),
      );
    const same = sameCards && sameList(dirs, old.head.dirs);
    // The keeper stops where cards were added, removed or renamed; a directory that moved with the same cards in it
    // (an atomic write beside them, .memctl/ made) is only recorded again.
    if (options.verifyOnly && !sameCards) return undefined;
    if (!same || dirs.some(([, m]) => racy([m], old.mtimeMs, old.racyMs) && settles([m]))) dirty = true;
  }

  const position = listed ? undefined : new Map(old?.records.map((r, i) => [r.file, i]));
  const written = trust?.written;
  const otherLinks = new Set(links.set ? [] : old!.head.linkedOther);
  const records: CardRecord[] = [];
  // Where each record's words are: its index in the old cache, or -1 and its fresh bytes in `freshWords`.
  const from: number[] = [];
  const freshWords = new Map<number, Buffer>();
  // joinPath(dir, file) without its checks per card: every name is a plain relative path (listed, or checked as
  // listCardFiles would list it when decoded).
  const prefix = joinPath(dir, "x").slice(0, -1);
  for (let k = 0; k < files.length; k++) {
    const file = files[k]!;
    const i = listed ? k : position!.get(file);
    const was = i === undefined ? undefined : old!.records[i]!;
    // Trusted: the full check saw this record's stamp, nothing memctl journaled touched it, and the stamp is old enough.
    if (trust && was && !was.readError && !written?.has(file) && !racy(was.stamp, old!.mtimeMs, old!.racyMs)) {
      records.push(linkedNow(file, was.linked) !== was.linked ? relinked(was, !was.linked) : was);
      from.push(i!);
      continue;
    }
    const st = lstatIfExists(prefix + file);
    if (!st || !st.isFile()) {
      if (options.verifyOnly) return undefined;
      dirty = true; // gone, or a link or directory where a card was: listCardFiles leaves it out
      if (was?.linked) otherLinks.add(file);
      continue;
    }
    options.stats?.set(file, [st.mtimeMs, st.size, st.ctimeMs]);
    const stamp = was?.stamp;
    if (was && stamp && !was.readError && sameStamp(stamp, st) && trusted(stamp, st.mtimeMs)) {
      // A copy when the link changed: the decoded records may be a memo other calls read (memoByStamp).
      records.push(linkedNow(file, was.linked) !== was.linked ? relinked(was, !was.linked) : was);
      from.push(i!);
      continue;
    }
    const read = readRecord(dir, file, options.words === true || old !== undefined);
    const other = !was && otherLinks.delete(file);
    read.record.linked = linkedNow(file, was ? was.linked : other);
    // The same stamp read again (a racy one) leaves the cache as it is until the stamp settles.
    if (options.verifyOnly && (!was || !sameRecord(was, read.record))) return undefined;
    if (!was || !sameRecord(was, read.record) || (!read.record.readError && settles(read.record.stamp))) dirty = true;
    if (read.words) freshWords.set(records.length, read.words);
    records.push(read.record);
    from.push(-1);
  }
  // A linked card no longer listed (deleted, renamed) leaves its link waiting for a card of that name.
  if (!listed && old) {
    const now = new Set(files);
    for (const r of old.records) if (r.linked && !now.has(r.file)) otherLinks.add(r.file);
  }
  if (records.length !== old?.records.length) {
    if (options.verifyOnly) return undefined;
    dirty = true;
  }

  // The view: kept while MEMORY.md's stamp holds (and is old enough to trust), else built from its text. A merged
  // cache's view is its base's after the delta's edits (`pending`), spliced only when asked for.
  const pending = old?.viewEdits ?? [];
  let view = old?.view ?? NO_VIEW;
  let viewHead = old?.head.view ?? null;
  let viewOut: Buffer | undefined;
  let rebuilt = false;
  const spliced = (edits: readonly LineEdit[]) => (edits.length === 0 ? view : options.viewEdit?.(view, edits, old!.base?.stamp ?? old!.stamp));
  if (options.view && links.stamp) {
    const kept = viewHead !== null && sameNumbers(links.stamp, viewHead.index) && !racy(links.stamp, old!.mtimeMs, old!.racyMs);
    // Edits apply to the view only when it was made at the MEMORY.md the links were read at.
    const edits = kept ? pending : links.edits && viewHead !== null && sameNumbers(viewHead.index, old!.head.index) ? [...pending, ...links.edits] : undefined;
    const edited = edits && spliced(edits);
    if (!edited) rebuilt = true;
    view = edited ?? options.view(links.text ?? readRegularUtf8(joinPath(dir, INDEX_FILE)), old?.view.length ? old.view : undefined);
    if (!kept || !edited) {
      viewHead = links.index && { index: links.index };
      if (viewHead) dirty = true;
    }
    viewOut = view;
  }
  // A rewrite whole when no view was asked for: the view spliced when it followed the links, else the one there is
  // (its head names the MEMORY.md it was made at, so a start rebuilds it).
  const fullView = (): [Buffer, CacheHead["view"]] => {
    if (viewOut || (pending.length === 0 && !links.edits)) return [view, viewHead];
    const synced = viewHead !== null && links.set === undefined && sameNumbers(viewHead.index, old!.head.index);
    const edited = synced ? spliced([...pending, ...(links.edits ?? [])]) : undefined;
    if (edited) return [edited, links.index && { index: links.index }];
    return pending.length > 0 ? [old!.base!.file.view, old!.base!.file.head.view] : [view, viewHead];
  };

  const cards = links.set && new Set(records.map((r) => r.file));
  // After journaled edits: each link they moved that names no card is kept, or dropped, as MEMORY.md now has it.
  for (const key of links.changed ?? []) {
    if (findRecord(records, key)) continue;
    if (linksHas(links.table!, key)) otherLinks.add(key);
    else otherLinks.delete(key);
  }
  const linkedOther = links.set ? [...links.set].filter((f) => !cards!.has(f)) : [...otherLinks];
  // The check this call made (or trusted) recorded for each cache file it writes, so the next call can trust it too.
  const check = large || (fresh !== undefined && records.length > fresh.fullCheckMax) ? (trust?.check ?? (mark && { at: fresh!.nowMs, journal: mark })) : undefined;
  // A delta instead of a rewrite (card-delta.ts) above the full-check size, when MEMORY.md's links and the view
  // followed journaled edits or held: each record the base's unchanged, or the delta's.
  const base = old && (old.base ?? { file: old, stamp: old.stamp });
  const baseOf = (k: number) => {
    const i = from[k]!;
    if (i < 0 || records[k] !== old!.records[i]) return -1;
    return old!.src ? old!.src[i]! : i;
  };
  const delta =
    base && links.set === undefined && !rebuilt && fresh !== undefined && records.length > fresh.fullCheckMax
      ? { base, baseOf, edits: [...old!.edits, ...(links.edits ?? [])] }
      : undefined;
  const next = {
    head: { index: links.index, journal: links.journal, linkedOther, dirs, words: null, view: viewHead, shards },
    view,
    fullView,
    links: links.bytes,
    lines: () => linesAfter(old, links),
    ...(delta ? { delta } : {}),
    ...(check ? { written: (file: string) => recordCheck(dir, file, check) } : {}),
  };
  const words = new CardWords(dir, old, records, from, freshWords, next);
  if (dirty && (options.stateDirMade !== false || exists(joinPath(dir, STATE_DIR)))) words.write();
  else if (!dirty && check && !trust) writeCardCheck(dir, { ...check, cache: old!.stamp });
  return catalogOf(dir, records, words, viewOut, shards);
}

/** The record with `linked` set: a copy, sharing its parsed strings. */
function relinked(r: CardRecord, linked: boolean): CardRecord {
  return Object.assign(Object.create(Object.getPrototypeOf(r) as object) as CardRecord, r, { linked });
}

function catalogOf(dir: string, records: CardRecord[], cardWords: CardWords, view: Buffer | undefined, shards: string[]): CardCatalog {
  const hold = readHold(dir);
  const keep = hold ? records.flatMap((r, i) => (hold.held(r.file) ? [] : [i])) : undefined;
  const cards = keep ? keep.map((i) => records[i]!) : records;
  return {
    dir,
    cards,
    wordCounts(wanted) {
      const found = cardWords.counts(wanted);
      return keep ? keep.map((i) => found[i]) : found;
    },
    always: () => cards.filter(isAlways),
    mayRetire: () => cards.filter(mayRetireRecord),
    episodeShards: shards,
    ...(view ? { view } : {}),
  };
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
