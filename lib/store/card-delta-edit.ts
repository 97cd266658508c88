// A card-cache delta (card-delta.ts) with a few cards' records replaced, added or removed, as the keeper's settle
// (card-cache-settle.ts) writes it without the base's 100,000 names: each change is placed from the merged cache's
// names and where each came from (`src`, card-delta.ts mergeOrder), never by decoding the base. The result must be
// the delta a command's read would write for the same cards (mergeOrder proves its places against the base's names
// in the keeper's next round and in every full read).
import type { CardRecord } from "./card-cache-format.js";
import { DELTA_MAX_BYTES, DELTA_MAX_RECORDS, type CardDelta } from "./card-delta.js";

/** A card read again (its record and search words): one the merged cache holds, or a new one. */
export interface ReadCard {
  record: CardRecord;
  words: Buffer;
}

/** The merged cache the changes apply to: its names in order, where each came from, and its base's own words' length. */
export interface MergedNames {
  names: readonly string[];
  src?: Int32Array;
  baseExtra: number;
}

/** What changes: cards read again in place of theirs, cards new to the cache, names gone, and delta records whose `linked` flag flips. */
export interface CardChanges {
  replaced: readonly ReadCard[];
  added: readonly ReadCard[];
  gone: readonly string[];
  relinked: readonly string[];
}

/**
 * `delta` (the merged cache's: `merged.src` indexes its records) with `replaced` in place of the records of those
 * names, `added` (names the merged cache lacks) placed among them, `gone` (names it holds) removed and `relinked`
 * (records of the delta's, not replaced here) with their `linked` flag flipped; every new record's words after the
 * delta's own. Undefined past the delta's bounds or when a name is not where it is said to be.
 */
export function editDelta(delta: CardDelta, merged: MergedNames, { replaced, added, gone, relinked }: CardChanges): CardDelta | undefined {
  // New names' places in the base, from the delta as it stands, before anything moves.
  const newPlaces = added.map(({ record }) => basePlace(delta, merged, record.file));
  const records = [...delta.records];
  const places = [...delta.places];
  const wordsAt = [...delta.wordsAt];
  const removed = [...delta.removed];
  const removedAt = [...delta.removedAt];
  const words: Buffer[] = [delta.words];
  let size = merged.baseExtra + delta.words.length;
  const wordsOf = (line: Buffer) => {
    words.push(line);
    size += line.length;
    return -1 - (size - line.length);
  };
  const insert = (record: CardRecord, place: number, w: number) => {
    const k = lowerBound(records.length, (i) => records[i]!.file, record.file);
    records.splice(k, 0, record);
    places.splice(k, 0, place);
    wordsAt.splice(k, 0, w);
  };
  const removeBase = (file: string, p: number) => {
    const k = lowerBound(removed.length, (i) => removed[i]!, file);
    removed.splice(k, 0, file);
    removedAt.splice(k, 0, p);
  };
  for (const { record, words: line } of replaced) {
    const s = sourceOf(merged, record.file);
    if (s === undefined) return undefined;
    const w = wordsOf(line);
    if (s >= 0) insert(record, s * 2 + 1, w);
    else {
      // A delta record of that name, replaced where it is.
      const k = indexOf(records.length, (i) => records[i]!.file, record.file);
      if (k < 0) return undefined;
      records[k] = record;
      wordsAt[k] = w;
    }
  }
  for (const file of relinked) {
    const k = indexOf(records.length, (i) => records[i]!.file, file);
    if (k < 0) return undefined;
    const r = records[k]!;
    // A copy sharing its parsed strings, as card-cache.ts relinks a record: the decoded one may be a memo.
    records[k] = Object.assign(Object.create(Object.getPrototypeOf(r) as object) as CardRecord, r, { linked: !r.linked });
  }
  for (const file of gone) {
    const s = sourceOf(merged, file);
    if (s === undefined) return undefined;
    if (s >= 0) {
      removeBase(file, s);
      continue;
    }
    const k = indexOf(records.length, (i) => records[i]!.file, file);
    if (k < 0) return undefined;
    const place = places[k]!;
    records.splice(k, 1);
    places.splice(k, 1);
    wordsAt.splice(k, 1);
    // It replaced the base's record of that name: that one goes too.
    if ((place & 1) === 1) removeBase(file, place >>> 1);
  }
  for (let a = 0; a < added.length; a++) {
    const { record, words: line } = added[a]!;
    const w = wordsOf(line);
    const back = indexOf(removed.length, (i) => removed[i]!, record.file);
    if (back >= 0) {
      // A base card removed before, made again: it replaces the base's record.
      insert(record, removedAt[back]! * 2 + 1, w);
      removed.splice(back, 1);
      removedAt.splice(back, 1);
    } else insert(record, newPlaces[a]! * 2, w);
  }
  if (records.length + removed.length > DELTA_MAX_RECORDS || size - merged.baseExtra > DELTA_MAX_BYTES) return undefined;
  return { ...delta, records, places, wordsAt, removed, removedAt, cards: delta.cards + added.length - gone.length, words: Buffer.concat(words) };
}

/** Where the merged record named `file` comes from (card-delta.ts mergeOrder's src), or undefined when it holds none. */
function sourceOf(merged: MergedNames, file: string): number | undefined {
  const m = indexOf(merged.names.length, (i) => merged.names[i]!, file);
  if (m < 0) return undefined;
  return merged.src ? merged.src[m]! : m;
}

/**
 * How many of the base's names sort before `file`, a name the merged cache lacks: the base records it keeps, those
 * the delta replaced, and those it removed. One pass over the merged names before it: ~100,000 integers at most.
 */
function basePlace(delta: CardDelta, merged: MergedNames, file: string): number {
  const m = lowerBound(merged.names.length, (i) => merged.names[i]!, file);
  if (!merged.src) return m;
  let n = 0;
  for (let k = 0; k < m; k++) {
    const s = merged.src[k]!;
    if (s >= 0 || (delta.places[-1 - s]! & 1) === 1) n++;
  }
  return n + lowerBound(delta.removed.length, (i) => delta.removed[i]!, file);
}

/** The first index in [0, n) whose name is not below `file` (names sorted). */
function lowerBound(n: number, at: (i: number) => string, file: string): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at(mid) < file) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function indexOf(n: number, at: (i: number) => string, file: string): number {
  const i = lowerBound(n, at, file);
  return i < n && at(i) === file ? i : -1;
}
