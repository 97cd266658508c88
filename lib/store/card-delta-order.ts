// Where each record of a card cache merged with its delta (card-delta.ts) comes from, and the merged records'
// numbers: what every reader of a delta computes (the catalog's merge, the keeper's check, the trusted reader).
import { NUMBERS } from "./card-cache-format.js";

/**
 * Where each record of the merged cache comes from, in name order: i >= 0 the base's record i, i < 0 the delta's
 * record -1 - i. `places` (CardDelta's) put the delta's records and `removedAt` the removed names in the base without
 * its names; `nameAt`, when given, proves every place against the base's names (the full check and the catalog read
 * them anyway, and a trusted read takes a delta only once a recorded full check of its very stamp did). Undefined when
 * the delta does not fit the base (a removed name it lacks, a name removed and changed, a place out of order).
 */
export function mergeOrder(
  count: number,
  nameAt: ((i: number) => string) | undefined,
  delta: { removed: readonly string[]; removedAt: readonly number[]; places: readonly number[]; names: readonly string[] },
  merged?: number,
): Int32Array | undefined {
  const { names, removed, places, removedAt } = delta;
  if (places.length !== names.length || removedAt.length !== removed.length) return undefined;
  const drop = new Uint8Array(count);
  let dropped = 0;
  let after = 0; // the least base index the next record may be placed at
  for (let j = 0; j < names.length; j++) {
    const place = places[j]!;
    const p = place >>> 1;
    const replaces = (place & 1) === 1;
    if (!Number.isSafeInteger(place) || place < 0 || p < after || p > count || (replaces && p === count)) return undefined;
    if (nameAt && !fitsPlace(count, nameAt, names[j]!, p, replaces)) return undefined;
    if (replaces) {
      drop[p] = 1;
      dropped++;
    }
    after = replaces ? p + 1 : p;
  }
  let last = -1;
  for (let j = 0; j < removed.length; j++) {
    const p = removedAt[j]!;
    if (!Number.isSafeInteger(p) || p <= last || p >= count || drop[p] || (nameAt && nameAt(p) !== removed[j])) return undefined;
    drop[p] = 1;
    dropped++;
    last = p;
  }
  if (merged !== undefined && merged !== count - dropped + names.length) return undefined;
  const src = new Int32Array(count - dropped + names.length);
  let o = 0;
  let j = 0;
  for (let i = 0; i < count; i++) {
    while (j < names.length && places[j]! >>> 1 <= i) src[o++] = -1 - j++;
    if (!drop[i]) src[o++] = i;
  }
  while (j < names.length) src[o++] = -1 - j++;
  return src;
}

/** Whether `file` is the base's record p (`replaces`) or sorts between records p - 1 and p. */
function fitsPlace(count: number, nameAt: (i: number) => string, file: string, p: number, replaces: boolean): boolean {
  if (replaces) return nameAt(p) === file;
  return (p === 0 || nameAt(p - 1) < file) && (p === count || file < nameAt(p));
}

/** The merged records' numbers (NUMBERS doubles a record), copied from the base's and the delta's in runs. */
export function mergeNumbers(base: Float64Array, delta: Float64Array, src: Int32Array): Float64Array {
  const out = new Float64Array(src.length * NUMBERS);
  for (let o = 0; o < src.length; ) {
    const s = src[o]!;
    if (s < 0) {
      const d = -1 - s;
      out.set(delta.subarray(d * NUMBERS, (d + 1) * NUMBERS), o * NUMBERS);
      o++;
      continue;
    }
    let end = o + 1;
    while (end < src.length && src[end] === s + (end - o)) end++;
    out.set(base.subarray(s * NUMBERS, (s + end - o) * NUMBERS), o * NUMBERS);
    o = end;
  }
  return out;
}
