// lib/rank/postings.ts
import { PART_MARK } from "./tokenize.js";
var FIELDS = ["title", "topics", "hook", "recall", "body"];
var FIELD_WEIGHT = { title: 3, topics: 2, hook: 1, recall: 1.5, body: 0 };
var FIELD_B = { title: 0.3, topics: 0.3, hook: 0.6, recall: 0.75, body: 0.75 };
var FIELD_BIT = { title: 1, topics: 2, hook: 4, recall: 8, body: 16 };
var FIELD_MASK = 31;
var PART_BIT = 32;
var KEYED_BIT = 64;
var MASK_FIELDS = Array.from({ length: FIELD_MASK + 1 }, (_, mask) => FIELDS.filter((f) => mask & FIELD_BIT[f]));
var K1 = 1.2;
function toPostingList(list) {
  return { length: list.length, id: Uint32Array.from(list, (p) => p.id), tf: Float32Array.from(list, (p) => p.tf), mask: Uint8Array.from(list, (p) => p.mask) };
}
function fieldAverages(entries) {
  const n = entries.length;
  return FIELDS.map((f) => {
    if (FIELD_WEIGHT[f] === 0) return 1;
    let sum = 0;
    let have = f === "recall" || f === "body" ? 0 : n;
    for (const e of entries) {
      const len = e.terms[f]?.length ?? 0;
      sum += len;
      if ((f === "recall" || f === "body") && len > 0) have++;
    }
    return have > 0 ? Math.max(1, sum / have) : 1;
  });
}
function entryPostings(e, avg) {
  const mine = /* @__PURE__ */ new Map();
  const alone = /* @__PURE__ */ new Set();
  FIELDS.forEach((f, i) => {
    const terms = e.terms[f];
    if (FIELD_WEIGHT[f] === 0 || terms === void 0) return;
    const norm = 1 - FIELD_B[f] + FIELD_B[f] * terms.length / avg[i];
    for (const marked of terms) {
      const t = marked.startsWith(PART_MARK) ? marked.slice(PART_MARK.length) : marked;
      if (t === marked) alone.add(t);
      let p = mine.get(t);
      if (!p) mine.set(t, p = { tf: 0, mask: 0 });
      p.tf += FIELD_WEIGHT[f] / norm;
      p.mask |= FIELD_BIT[f];
    }
  });
  const keyed = (e.terms.recall?.length ?? 0) > 0 ? KEYED_BIT : 0;
  for (const [t, p] of mine) {
    p.tf = Math.fround(p.tf * (K1 + 1) / (p.tf + K1));
    if (!alone.has(t)) p.mask |= PART_BIT;
    p.mask |= keyed;
  }
  return mine;
}
function buildPostings(entries, avg = fieldAverages(entries)) {
  const postings = /* @__PURE__ */ new Map();
  entries.forEach((e, id) => {
    for (const [t, p] of entryPostings(e, avg)) {
      let list = postings.get(t);
      if (!list) postings.set(t, list = []);
      list.push({ id, tf: p.tf, mask: p.mask });
    }
  });
  return postings;
}
function memoryIndex(entries) {
  const postings = new Map([...buildPostings(entries)].map(([t, list]) => [t, toPostingList(list)]));
  const alwaysIds = entries.flatMap((e, i) => e.priority === "always" ? [i] : []);
  const scoped = entries.flatMap((e, i) => e.scope && e.scope.length > 0 ? [[i, e.scope]] : []);
  return {
    size: entries.length,
    entry: (id) => entries[id],
    file: (id) => entries[id].file,
    sinkFields: (id) => entries[id],
    postings: (t) => postings.get(t),
    alwaysIds,
    scoped: () => scoped
  };
}
function matchesOf(id, matched) {
  const out = [];
  for (const [term, list] of matched) {
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = lo + hi >>> 1;
      const at = list.id[mid];
      if (at === id) {
        out.push({ term, fields: MASK_FIELDS[list.mask[mid] & FIELD_MASK] });
        break;
      }
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return out;
}
export {
  FIELDS,
  FIELD_BIT,
  FIELD_MASK,
  FIELD_WEIGHT,
  KEYED_BIT,
  MASK_FIELDS,
  PART_BIT,
  buildPostings,
  entryPostings,
  fieldAverages,
  matchesOf,
  memoryIndex,
  toPostingList
};
