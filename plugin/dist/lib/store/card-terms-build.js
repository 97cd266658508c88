// lib/store/card-terms-build.ts
import { TERMS_VERSION, termHash } from "./card-terms-format.js";
var MAX_COUNT = 2 ** 31 - 2;
function encodeCardTerms(words, token) {
  if (words.length >= 2 ** 32) return void 0;
  const lines = [];
  const ids = new TermIds();
  let lastLine = new Int32Array(1024).fill(-1);
  let entryOf = new Int32Array(1024);
  let cap = Math.max(1 << 12, Math.ceil(words.length / 8));
  let eTerm = new Uint32Array(cap);
  let eLine = new Uint32Array(cap);
  let eHead = new Uint32Array(cap);
  let eBody = new Uint32Array(cap);
  let n = 0;
  for (let s = 0, j = 0; s < words.length; j++) {
    const tab = words.indexOf(9, s);
    const nl = words.indexOf(10, s);
    if (tab < 0 || nl < tab) return void 0;
    lines.push(s, tab - s, nl - tab - 1);
    for (let part = 0; part < 2; part++) {
      const to = part === 0 ? tab : nl;
      for (let p = part === 0 ? s : tab + 1; p < to; ) {
        if (words[p] !== 32) return void 0;
        let c = p + 1;
        let h = 2166136261;
        while (c < to && words[c] !== 58 && words[c] !== 32) h = Math.imul(h ^ words[c++], 16777619);
        if (c === p + 1 || c >= to || words[c] !== 58) return void 0;
        let d = c + 1;
        let count = 0;
        while (d < to && words[d] >= 48 && words[d] <= 57 && count <= MAX_COUNT) count = count * 10 + words[d++] - 48;
        if (d === c + 1 || count > MAX_COUNT || d < to && words[d] !== 32) return void 0;
        const before = ids.size;
        const id = ids.id(words, p + 1, c, h >>> 0);
        if (id === before) {
          if (id >= lastLine.length) {
            const grown = new Int32Array(lastLine.length * 2).fill(-1);
            grown.set(lastLine);
            lastLine = grown;
            const more = new Int32Array(entryOf.length * 2);
            more.set(entryOf);
            entryOf = more;
          }
        }
        if (lastLine[id] !== j) {
          if (n === cap) {
            cap *= 2;
            [eTerm, eLine, eHead, eBody] = [grow(eTerm, cap), grow(eLine, cap), grow(eHead, cap), grow(eBody, cap)];
          }
          lastLine[id] = j;
          entryOf[id] = n;
          eTerm[n] = id;
          eLine[n] = j;
          eHead[n] = 0;
          eBody[n] = 0;
          n++;
        }
        const e = entryOf[id];
        const target = part === 0 ? eHead : eBody;
        if (target[e] !== 0) return void 0;
        target[e] = count + 1;
        p = d;
      }
    }
    s = nl + 1;
  }
  return layOut(words, token, lines, ids.at, { n, eTerm, eLine, eHead, eBody });
}
var TermIds = class {
  constructor() {
    /** [start, end) of each term's first occurrence. */
    this.at = [];
    this.hashes = [];
    this.slots = new Int32Array(1 << 12).fill(-1);
  }
  get size() {
    return this.hashes.length;
  }
  id(words, from, to, hash) {
    const mask = this.slots.length - 1;
    let i = hash & mask;
    for (; this.slots[i] >= 0; i = i + 1 & mask) {
      const t2 = this.slots[i];
      if (this.hashes[t2] === hash && this.same(words, t2, from, to)) return t2;
    }
    const t = this.hashes.length;
    this.hashes.push(hash);
    this.at.push(from, to);
    this.slots[i] = t;
    if (this.hashes.length * 2 > this.slots.length) this.grow();
    return t;
  }
  grow() {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let t = 0; t < this.hashes.length; t++) {
      let i = this.hashes[t] & mask;
      while (slots[i] !== -1) i = i + 1 & mask;
      slots[i] = t;
    }
    this.slots = slots;
  }
  same(words, t, from, to) {
    const a = this.at[2 * t];
    if (this.at[2 * t + 1] - a !== to - from) return false;
    for (let k = 0; k < to - from; k++) if (words[a + k] !== words[from + k]) return false;
    return true;
  }
};
function layOut(words, token, lines, termAt, e) {
  const terms = termAt.length / 2;
  const prev = new Uint32Array(terms);
  const postStart = new Float64Array(terms + 1);
  for (let i = 0; i < e.n; i++) {
    const t = e.eTerm[i];
    postStart[t + 1] += varintLength(e.eLine[i] - prev[t]) + varintLength(e.eHead[i]) + varintLength(e.eBody[i]);
    prev[t] = e.eLine[i];
  }
  for (let t = 0; t < terms; t++) postStart[t + 1] += postStart[t];
  const postings = Buffer.allocUnsafe(postStart[terms]);
  const cursor = postStart.slice(0, terms);
  prev.fill(0);
  for (let i = 0; i < e.n; i++) {
    const t = e.eTerm[i];
    let at2 = putVarint(postings, cursor[t], e.eLine[i] - prev[t]);
    at2 = putVarint(postings, at2, e.eHead[i]);
    cursor[t] = putVarint(postings, at2, e.eBody[i]);
    prev[t] = e.eLine[i];
  }
  let buckets = 1;
  while (buckets * 4 < terms) buckets *= 2;
  const bucketOf = new Uint32Array(terms);
  const inBucket = new Uint32Array(buckets + 1);
  let dictSize = 0;
  for (let t = 0; t < terms; t++) {
    const b = termHash(words, termAt[2 * t], termAt[2 * t + 1]) & buckets - 1;
    bucketOf[t] = b;
    inBucket[b + 1]++;
    const len = termAt[2 * t + 1] - termAt[2 * t];
    dictSize += varintLength(len) + len + varintLength(postStart[t]) + varintLength(postStart[t + 1] - postStart[t]);
  }
  for (let b = 0; b < buckets; b++) inBucket[b + 1] += inBucket[b];
  const slot = inBucket.slice(0, buckets);
  const byBucket = new Uint32Array(terms);
  for (let t = 0; t < terms; t++) byBucket[slot[bucketOf[t]]++] = t;
  const dict = Buffer.allocUnsafe(dictSize);
  const bucketTable = Buffer.allocUnsafe((buckets + 1) * 4);
  let at = 0;
  for (let b = 0, k = 0; b < buckets; b++) {
    bucketTable.writeUInt32LE(at, b * 4);
    for (; k < inBucket[b + 1]; k++) {
      const t = byBucket[k];
      const [from, to] = [termAt[2 * t], termAt[2 * t + 1]];
      at = putVarint(dict, at, to - from);
      at += words.copy(dict, at, from, to);
      at = putVarint(dict, at, postStart[t]);
      at = putVarint(dict, at, postStart[t + 1] - postStart[t]);
    }
  }
  bucketTable.writeUInt32LE(at, buckets * 4);
  const lineTable = Buffer.allocUnsafe(lines.length * 4);
  for (let i = 0; i < lines.length; i++) lineTable.writeUInt32LE(lines[i], i * 4);
  const head = { lines: lines.length / 3, buckets, sections: [lineTable.length, bucketTable.length, dict.length, postings.length] };
  return Buffer.concat([Buffer.from(`${TERMS_VERSION} ${token}
${JSON.stringify(head)}
`, "latin1"), lineTable, bucketTable, dict, postings]);
}
function grow(a, size) {
  const b = new Uint32Array(size);
  b.set(a);
  return b;
}
function varintLength(v) {
  let n = 1;
  while (v >= 128) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}
function putVarint(buf, at, v) {
  while (v >= 128) {
    buf[at++] = v % 128 | 128;
    v = Math.floor(v / 128);
  }
  buf[at++] = v;
  return at;
}
export {
  encodeCardTerms
};
