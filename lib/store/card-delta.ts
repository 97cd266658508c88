// The card cache's delta (.memctl/card-delta): what changed since the card-cache file was written, so that a write
// of one card costs the next readers that card, not a rewrite of the whole cache (issue 32: at 100,000 cards every
// save made the next session start, `list` or `search` re-encode and rewrite the 64 MB file, and every reader after
// it decode it again).
//
// Layout: the card-cache file's own (card-cache-format.ts) under another version line, holding only the records that
// differ from the base file's (changed, added, relinked), their words in its own words section, no view or links;
// its head line is the merged cache's head plus `base` (the stamp of the card-cache file it applies to), `removed`
// (base records gone) and `edits` (memctl's journaled line edits of MEMORY.md since the base's links were read,
// applied to the base's links by index-links.ts and to its view by overview-view.ts).
// A delta naming another file, of another version, or that does not decode or fit the base exactly (a removed name
// the base lacks, a name both removed and changed, words placed in the base's own section, edits the base's links
// cannot take) is ignored whole: the base is then read alone, and the freshness rules (card-cache.ts) find every
// change since, as they find any stale cache's. The delta's stamp is the merged cache's identity: what card-check,
// overview-pins and list-rows name. Written through replaceFile, like the file it completes, by card-words.ts and by
// the keeper's check (card-cache-check.ts: the same records, the directories' new mtimes once a listing proved them).
import {
  CARD_CACHE_VERSION,
  decodeCardCache,
  encodeCardCache,
  LITTLE_ENDIAN,
  NUMBERS,
  NUMBERS_SECTION,
  type CacheHead,
  type CardCacheFile,
  type CardRecord,
} from "./card-cache-format.js";
import { isCardFileName } from "../core/card-types.js";
import type { Row } from "./card-row.js";
import { readRegular, type FileStat } from "./checked-fs.js";
import { cacheStamp, type CacheStamp } from "./full-check.js";
import { mergeOrder } from "./card-delta-order.js";
import { applyLineEdits, decodeLinks, linksBytes, sameNumbers, type LineEdit } from "./index-links.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { bufferView } from "../core/bytes.js";

export const CARD_DELTA = "card-delta";
// A delta's rows are the card cache's: its version follows the cache's, so a row format change drops old deltas.
const DELTA_VERSION = `${CARD_CACHE_VERSION} delta 2`;
/**
 * Past any of these a write folds the delta into a rewritten card-cache file: records (changed, added or removed),
 * MEMORY.md edits (each costs a reader of the view a splice of it: overview-view.ts) and bytes.
 */
export const DELTA_MAX_RECORDS = 1024;
export const DELTA_MAX_EDITS = 64;
export const DELTA_MAX_BYTES = 4 << 20;

export interface CardDelta {
  /** The card-cache file it applies to. */
  base: CacheStamp;
  /** The merged cache's head; its `view` is derived when merged (mergedViewHead). */
  head: CacheHead;
  /** MEMORY.md's line edits from the base's links (base.head.index) to head.index. */
  edits: LineEdit[];
  /** Base records gone, by name, sorted, and their indexes in the base. */
  removed: string[];
  removedAt: number[];
  /**
   * Each record's place in the base, 2p + 1 when it replaces the base's record p, else 2p (it sorts before that
   * record): a trusted read places the records without reading the base's 100,000 names (mergeOrder).
   */
  places: number[];
  /** The merged cache's record count (a reader that needs no names, the keeper's quiet round, takes it from here). */
  cards: number;
  /** Records that differ from the base's, sorted by name; wordsAt as the merged cache places them. */
  records: CardRecord[];
  wordsAt: number[];
  /** Their words: the merged cache's own words section is the base's followed by these. */
  words: Buffer;
}

/** A delta read from disk: its file's stamp and mtime, and its records' numbers as stored. */
export interface ReadDelta extends CardDelta {
  stamp: CacheStamp;
  mtimeMs: number;
  numbers: Float64Array;
}

const EMPTY = Buffer.alloc(0);

export function encodeCardDelta(d: CardDelta): Buffer {
  const file: CardCacheFile = { head: d.head, records: d.records, wordsAt: d.wordsAt, extra: d.words, view: EMPTY, links: EMPTY, lines: EMPTY };
  return encodeCardCache(file, DELTA_VERSION, { base: d.base, removed: d.removed, removedAt: d.removedAt, places: d.places, edits: d.edits, cards: d.cards });
}

/** The delta at `memoryDir` when it is one encodeCardDelta wrote for the card-cache file stamped `base`; else undefined. */
export function readCardDelta(memoryDir: string, base: CacheStamp, reread?: (file: string) => Row): ReadDelta | undefined {
  let bytes: Buffer;
  let stat: FileStat;
  try {
    const read = readRegular(joinPath(memoryDir, STATE_DIR, CARD_DELTA), DELTA_MAX_BYTES * 2, { nofollow: true });
    bytes = bufferView(read.bytes);
    stat = read.stat;
  } catch {
    return undefined; // none, a link, not a regular file, too large
  }
  const decoded = decodeCardCache(bytes, reread, DELTA_VERSION);
  if (!decoded) return undefined;
  const { raw, sections, at, count } = decoded.top;
  if (!Array.isArray(raw.base) || !sameNumbers(base, raw.base as number[]) || sections[3] !== 0 || sections[4] !== 0 || sections[5] !== 0) return undefined;
  const removed = raw.removed;
  if (!Array.isArray(removed) || !removed.every((f, i) => isCardFileName(f) && (i === 0 || removed[i - 1] < f))) return undefined;
  const { edits, cards, places, removedAt } = raw;
  if (!Array.isArray(edits) || !edits.every(isEdit) || !Number.isSafeInteger(cards) || (cards as number) < 0) return undefined;
  // Their order and bounds are mergeOrder's to check; here only their shape.
  if (!isIndexes(places, count) || !isIndexes(removedAt, removed.length)) return undefined;
  const numbers = new Float64Array(count * NUMBERS);
  const le = Buffer.from(numbers.buffer);
  bytes.copy(le, 0, at[NUMBERS_SECTION]);
  if (!LITTLE_ENDIAN) le.swap64();
  const { head, records, wordsAt, extra } = decoded;
  return {
    base,
    head,
    edits: edits as LineEdit[],
    removed: removed as string[],
    removedAt: removedAt as number[],
    places: places as number[],
    cards: cards as number,
    records,
    wordsAt,
    words: extra,
    stamp: cacheStamp(stat),
    mtimeMs: stat.mtimeMs,
    numbers,
  };
}

const isIndexes = (a: unknown, length: number): boolean => Array.isArray(a) && a.length === length && a.every((i) => Number.isSafeInteger(i) && (i as number) >= 0);

const isEdit = (e: unknown): boolean =>
  Array.isArray(e) &&
  e.length === 3 &&
  Number.isSafeInteger(e[0]) &&
  e[0] >= 1 &&
  Number.isSafeInteger(e[1]) &&
  e[1] >= 0 &&
  Array.isArray(e[2]) &&
  e[2].every((l: unknown) => typeof l === "string");

/** Each record's place in `base` (records sorted by name) as CardDelta's `places` has it. */
function placesIn(base: readonly CardRecord[], records: readonly CardRecord[]): number[] {
  return records.map((r) => {
    let lo = 0;
    let hi = base.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (base[mid]!.file < r.file) lo = mid + 1;
      else hi = mid;
    }
    return lo * 2 + (lo < base.length && base[lo]!.file === r.file ? 1 : 0);
  });
}

/**
 * The merged head's view: the base's view head, or after MEMORY.md edits, MEMORY.md's new stamp when the base's
 * view was made at the MEMORY.md its links were read at (the edits then apply to the view as to the links).
 */
export function mergedViewHead(base: CacheHead, delta: Pick<CardDelta, "head" | "edits">): CacheHead["view"] {
  if (delta.edits.length === 0) return base.view;
  return base.view && sameNumbers(base.view.index, base.index) && delta.head.index ? { index: delta.head.index } : base.view;
}

/** The MEMORY.md edits the merged view is the base's view after: none unless mergedViewHead moved it. */
export function viewEditsOf(base: CacheHead, delta: Pick<CardDelta, "head" | "edits">): LineEdit[] {
  const view = mergedViewHead(base, delta);
  return view && view !== base.view ? delta.edits : [];
}

/** A merged cache: the file as decodeCardCache would read it rewritten whole, but for its view (the base's, before `viewEdits`) and its line keys (the base's, before the delta's edits). */
export interface MergedCache {
  file: CardCacheFile;
  src: Int32Array;
  viewEdits: LineEdit[];
}

/** `base` with `delta` applied, or undefined when the delta does not fit it (the caller reads the base alone). */
export function mergeCardCache(base: CardCacheFile, delta: ReadDelta): MergedCache | undefined {
  if (!fitsHead(base.head, delta)) return undefined;
  const src = mergeOrder(base.records.length, (i) => base.records[i]!.file, { ...delta, names: delta.records.map((r) => r.file) }, delta.cards);
  if (!src || !delta.wordsAt.every((w) => !(w < 0) || -1 - w >= base.extra.length)) return undefined;
  let links = base.links;
  if (delta.edits.length > 0) {
    const table = decodeLinks(base.links);
    const applied = table && applyLineEdits(table, delta.edits);
    if (!applied) return undefined;
    links = linksBytes(applied.table);
  }
  const records: CardRecord[] = new Array(src.length);
  const wordsAt: number[] = new Array(src.length);
  for (let o = 0; o < src.length; o++) {
    const s = src[o]!;
    records[o] = s >= 0 ? base.records[s]! : delta.records[-1 - s]!;
    wordsAt[o] = s >= 0 ? base.wordsAt[s]! : delta.wordsAt[-1 - s]!;
  }
  const extra = delta.words.length === 0 ? base.extra : Buffer.concat([base.extra, delta.words]);
  const head = { ...delta.head, view: mergedViewHead(base.head, delta) };
  return { file: { head, records, wordsAt, extra, view: base.view, links, lines: base.lines }, src, viewEdits: viewEditsOf(base.head, delta) };
}

/** The delta's head against the base's: the same words file, and MEMORY.md moved only with edits to say how. */
export function fitsHead(base: CacheHead, delta: Pick<CardDelta, "head" | "edits">): boolean {
  if (delta.head.words !== base.words) return false;
  return delta.edits.length === 0 ? sameIndex(delta.head.index, base.index) : base.index !== null && delta.head.index !== null;
}

const sameIndex = (a: readonly number[] | null, b: readonly number[] | null) => (a === null ? b === null : sameNumbers(a, b));

/**
 * The delta that makes the base the cache described by `records` (the new cache's, in name order): `baseOf(k)` the
 * base record that record k is, unchanged, or -1; `wordsAt` and `extra` the new placement (card-words.ts), from
 * which the delta's records' own words are copied. Undefined past a bound: the caller rewrites the file whole.
 */
export function deltaOf(
  base: { file: CardCacheFile; stamp: CacheStamp },
  records: readonly CardRecord[],
  baseOf: (k: number) => number,
  placed: { wordsAt: readonly number[]; extra: Buffer },
  head: CacheHead,
  edits: LineEdit[],
): CardDelta | undefined {
  if (edits.length > DELTA_MAX_EDITS) return undefined;
  const used = new Uint8Array(base.file.records.length);
  const changed: CardRecord[] = [];
  const wordsAt: number[] = [];
  const words: Buffer[] = [];
  let size = base.file.extra.length;
  for (let k = 0; k < records.length; k++) {
    const b = baseOf(k);
    if (b >= 0) {
      used[b] = 1;
      continue;
    }
    if (changed.length === DELTA_MAX_RECORDS) return undefined;
    const r = records[k]!;
    const w = placed.wordsAt[k]!;
    changed.push(r);
    // A base record of that name is replaced, not removed.
    const replaced = indexOf(base.file.records, r.file);
    if (replaced >= 0) used[replaced] = 1;
    if (!(w < 0)) {
      wordsAt.push(w);
      continue;
    }
    const line = placed.extra.subarray(-1 - w, -1 - w + r.headBytes + r.bodyBytes + 2);
    wordsAt.push(-1 - size);
    words.push(line);
    size += line.length;
  }
  const removed: string[] = [];
  const removedAt: number[] = [];
  for (let b = 0; b < used.length; b++) {
    if (used[b]) continue;
    removed.push(base.file.records[b]!.file);
    removedAt.push(b);
  }
  if (changed.length + removed.length > DELTA_MAX_RECORDS || size - base.file.extra.length > DELTA_MAX_BYTES) return undefined;
  const places = placesIn(base.file.records, changed);
  const delta = { base: base.stamp, head, edits, removed, removedAt, places, cards: records.length, records: changed, wordsAt, words: Buffer.concat(words) };
  return fitsHead(base.file.head, delta) ? delta : undefined;
}

/** The index of the record named `file` in `records` (sorted by name), or -1. */
function indexOf(records: readonly CardRecord[], file: string): number {
  let lo = 0;
  let hi = records.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const f = records[mid]!.file;
    if (f === file) return mid;
    if (f < file) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
