// lib/store/card-delta-order.ts
import { NUMBERS } from "./card-cache-format.js";
function mergeOrder(count, nameAt, delta, merged) {
  const { names, removed, places, removedAt } = delta;
  if (places.length !== names.length || removedAt.length !== removed.length) return void 0;
  const drop = new Uint8Array(count);
  let dropped = 0;
  let after = 0;
  for (let j2 = 0; j2 < names.length; j2++) {
    const place = places[j2];
    const p = place >>> 1;
    const replaces = (place & 1) === 1;
    if (!Number.isSafeInteger(place) || place < 0 || p < after || p > count || replaces && p === count) return void 0;
    if (nameAt && !fitsPlace(count, nameAt, names[j2], p, replaces)) return void 0;
    if (replaces) {
      drop[p] = 1;
      dropped++;
    }
    after = replaces ? p + 1 : p;
  }
  let last = -1;
  for (let j2 = 0; j2 < removed.length; j2++) {
    const p = removedAt[j2];
    if (!Number.isSafeInteger(p) || p <= last || p >= count || drop[p] || nameAt && nameAt(p) !== removed[j2]) return void 0;
    drop[p] = 1;
    dropped++;
    last = p;
  }
  if (merged !== void 0 && merged !== count - dropped + names.length) return void 0;
  const src = new Int32Array(count - dropped + names.length);
  let o = 0;
  let j = 0;
  for (let i = 0; i < count; i++) {
    while (j < names.length && places[j] >>> 1 <= i) src[o++] = -1 - j++;
    if (!drop[i]) src[o++] = i;
  }
  while (j < names.length) src[o++] = -1 - j++;
  return src;
}
function fitsPlace(count, nameAt, file, p, replaces) {
  if (replaces) return nameAt(p) === file;
  return (p === 0 || nameAt(p - 1) < file) && (p === count || file < nameAt(p));
}
function mergeNumbers(base, delta, src) {
  const out = new Float64Array(src.length * NUMBERS);
  for (let o = 0; o < src.length; ) {
    const s = src[o];
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
export {
  mergeNumbers,
  mergeOrder
};
