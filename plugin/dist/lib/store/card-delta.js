// lib/store/card-delta.ts
import {
  CARD_CACHE_VERSION,
  decodeCardCache,
  encodeCardCache,
  LITTLE_ENDIAN,
  NUMBERS,
  NUMBERS_SECTION
} from "./card-cache-format.js";
import { isCardFileName } from "../core/card-types.js";
import { readRegular } from "./checked-fs.js";
import { cacheStamp } from "./full-check.js";
import { mergeOrder } from "./card-delta-order.js";
import { applyLineEdits, decodeLinks, linksBytes, sameNumbers } from "./index-links.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { bufferView } from "../core/bytes.js";
var CARD_DELTA = "card-delta";
var DELTA_VERSION = `${CARD_CACHE_VERSION} delta 2`;
var DELTA_MAX_RECORDS = 1024;
var DELTA_MAX_EDITS = 64;
var DELTA_MAX_BYTES = 4 << 20;
var EMPTY = Buffer.alloc(0);
function encodeCardDelta(d) {
  const file = { head: d.head, records: d.records, wordsAt: d.wordsAt, extra: d.words, view: EMPTY, links: EMPTY, lines: EMPTY };
  return encodeCardCache(file, DELTA_VERSION, { base: d.base, removed: d.removed, removedAt: d.removedAt, places: d.places, edits: d.edits, cards: d.cards });
}
function readCardDelta(memoryDir, base, reread) {
  let bytes;
  let stat;
  try {
    const read = readRegular(joinPath(memoryDir, STATE_DIR, CARD_DELTA), DELTA_MAX_BYTES * 2, { nofollow: true });
    bytes = bufferView(read.bytes);
    stat = read.stat;
  } catch {
    return void 0;
  }
  const decoded = decodeCardCache(bytes, reread, DELTA_VERSION);
  if (!decoded) return void 0;
  const { raw, sections, at, count } = decoded.top;
  if (!Array.isArray(raw.base) || !sameNumbers(base, raw.base) || sections[3] !== 0 || sections[4] !== 0 || sections[5] !== 0) return void 0;
  const removed = raw.removed;
  if (!Array.isArray(removed) || !removed.every((f, i) => isCardFileName(f) && (i === 0 || removed[i - 1] < f))) return void 0;
  const { edits, cards, places, removedAt } = raw;
  if (!Array.isArray(edits) || !edits.every(isEdit) || !Number.isSafeInteger(cards) || cards < 0) return void 0;
  if (!isIndexes(places, count) || !isIndexes(removedAt, removed.length)) return void 0;
  const numbers = new Float64Array(count * NUMBERS);
  const le = Buffer.from(numbers.buffer);
  bytes.copy(le, 0, at[NUMBERS_SECTION]);
  if (!LITTLE_ENDIAN) le.swap64();
  const { head, records, wordsAt, extra } = decoded;
  return {
    base,
    head,
    edits,
    removed,
    removedAt,
    places,
    cards,
    records,
    wordsAt,
    words: extra,
    stamp: cacheStamp(stat),
    mtimeMs: stat.mtimeMs,
    numbers
  };
}
var isIndexes = (a, length) => Array.isArray(a) && a.length === length && a.every((i) => Number.isSafeInteger(i) && i >= 0);
var isEdit = (e) => Array.isArray(e) && e.length === 3 && Number.isSafeInteger(e[0]) && e[0] >= 1 && Number.isSafeInteger(e[1]) && e[1] >= 0 && Array.isArray(e[2]) && e[2].every((l) => typeof l === "string");
function placesIn(base, records) {
  return records.map((r) => {
    let lo = 0;
    let hi = base.length;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (base[mid].file < r.file) lo = mid + 1;
      else hi = mid;
    }
    return lo * 2 + (lo < base.length && base[lo].file === r.file ? 1 : 0);
  });
}
function mergedViewHead(base, delta) {
  if (delta.edits.length === 0) return base.view;
  return base.view && sameNumbers(base.view.index, base.index) && delta.head.index ? { index: delta.head.index } : base.view;
}
function viewEditsOf(base, delta) {
  const view = mergedViewHead(base, delta);
  return view && view !== base.view ? delta.edits : [];
}
function mergeCardCache(base, delta) {
  if (!fitsHead(base.head, delta)) return void 0;
  const src = mergeOrder(base.records.length, (i) => base.records[i].file, { ...delta, names: delta.records.map((r) => r.file) }, delta.cards);
  if (!src || !delta.wordsAt.every((w) => !(w < 0) || -1 - w >= base.extra.length)) return void 0;
  let links = base.links;
  if (delta.edits.length > 0) {
    const table = decodeLinks(base.links);
    const applied = table && applyLineEdits(table, delta.edits);
    if (!applied) return void 0;
    links = linksBytes(applied.table);
  }
  const records = new Array(src.length);
  const wordsAt = new Array(src.length);
  for (let o = 0; o < src.length; o++) {
    const s = src[o];
    records[o] = s >= 0 ? base.records[s] : delta.records[-1 - s];
    wordsAt[o] = s >= 0 ? base.wordsAt[s] : delta.wordsAt[-1 - s];
  }
  const extra = delta.words.length === 0 ? base.extra : Buffer.concat([base.extra, delta.words]);
  const head = { ...delta.head, view: mergedViewHead(base.head, delta) };
  return { file: { head, records, wordsAt, extra, view: base.view, links, lines: base.lines }, src, viewEdits: viewEditsOf(base.head, delta) };
}
function fitsHead(base, delta) {
  if (delta.head.words !== base.words) return false;
  return delta.edits.length === 0 ? sameIndex(delta.head.index, base.index) : base.index !== null && delta.head.index !== null;
}
var sameIndex = (a, b) => a === null ? b === null : sameNumbers(a, b);
function deltaOf(base, records, baseOf, placed, head, edits) {
  if (edits.length > DELTA_MAX_EDITS) return void 0;
  const used = new Uint8Array(base.file.records.length);
  const changed = [];
  const wordsAt = [];
  const words = [];
  let size = base.file.extra.length;
  for (let k = 0; k < records.length; k++) {
    const b = baseOf(k);
    if (b >= 0) {
      used[b] = 1;
      continue;
    }
    if (changed.length === DELTA_MAX_RECORDS) return void 0;
    const r = records[k];
    const w = placed.wordsAt[k];
    changed.push(r);
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
  const removed = [];
  const removedAt = [];
  for (let b = 0; b < used.length; b++) {
    if (used[b]) continue;
    removed.push(base.file.records[b].file);
    removedAt.push(b);
  }
  if (changed.length + removed.length > DELTA_MAX_RECORDS || size - base.file.extra.length > DELTA_MAX_BYTES) return void 0;
  const places = placesIn(base.file.records, changed);
  const delta = { base: base.stamp, head, edits, removed, removedAt, places, cards: records.length, records: changed, wordsAt, words: Buffer.concat(words) };
  return fitsHead(base.file.head, delta) ? delta : void 0;
}
function indexOf(records, file) {
  let lo = 0;
  let hi = records.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const f = records[mid].file;
    if (f === file) return mid;
    if (f < file) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
export {
  CARD_DELTA,
  DELTA_MAX_BYTES,
  DELTA_MAX_EDITS,
  DELTA_MAX_RECORDS,
  deltaOf,
  encodeCardDelta,
  fitsHead,
  mergeCardCache,
  mergedViewHead,
  readCardDelta,
  viewEditsOf
};
