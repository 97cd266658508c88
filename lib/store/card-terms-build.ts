// Making .memctl/card-terms (layout: card-terms-format.ts) from a card-words section: one pass over its lines
// that gives each term an id by its bytes, then the terms' entries grouped by a counting sort and written as
// postings, a hashed dictionary and the lines table. ~3 s and ~250 MB more at 100,000 cards (10 million entries).
import { TERMS_VERSION, termHash, type TermsHead } from "./card-terms-format.js";

/** Largest count kept (a varint of count + 1 stays below 2^31); a larger one leaves the store without card-terms. */
const MAX_COUNT = 2 ** 31 - 2;

/**
 * card-terms for the card-words section `words` written with `token`, or undefined when `words` is not exactly
 * lines of ` term:count` lists as card-read.ts writes them (a term twice in one part, a count without digits): the
 * scan's reading of such bytes is its own, and is kept by not building.
 */
export function encodeCardTerms(words: Buffer, token: string): Buffer | undefined {
  if (words.length >= 2 ** 32) return undefined;
  const lines: number[] = [];
  const ids = new TermIds();
  let lastLine = new Int32Array(1024).fill(-1);
  let entryOf = new Int32Array(1024);
  // About one entry a term in card-words (~8 bytes each): sized once, not doubled (and copied) up to 10 million.
  let cap = Math.max(1 << 12, Math.ceil(words.length / 8));
  let eTerm: Uint32Array = new Uint32Array(cap);
  let eLine: Uint32Array = new Uint32Array(cap);
  let eHead: Uint32Array = new Uint32Array(cap);
  let eBody: Uint32Array = new Uint32Array(cap);
  let n = 0;
  for (let s = 0, j = 0; s < words.length; j++) {
    const tab = words.indexOf(9, s);
    const nl = words.indexOf(10, s);
    if (tab < 0 || nl < tab) return undefined;
    lines.push(s, tab - s, nl - tab - 1);
    for (let part = 0; part < 2; part++) {
      const to = part === 0 ? tab : nl;
      for (let p = part === 0 ? s : tab + 1; p < to; ) {
        if (words[p] !== 32) return undefined;
        let c = p + 1;
        let h = 0x811c9dc5; // termHash, as the bytes go by
        while (c < to && words[c] !== 58 && words[c] !== 32) h = Math.imul(h ^ words[c++]!, 0x01000193);
        if (c === p + 1 || c >= to || words[c] !== 58) return undefined;
        let d = c + 1;
        let count = 0;
        while (d < to && words[d]! >= 48 && words[d]! <= 57 && count <= MAX_COUNT) count = count * 10 + words[d++]! - 48;
        if (d === c + 1 || count > MAX_COUNT || (d < to && words[d] !== 32)) return undefined;
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
        const e = entryOf[id]!;
        const target = part === 0 ? eHead : eBody;
        if (target[e] !== 0) return undefined; // a term twice in one part: the scan would keep the last
        target[e] = count + 1;
        p = d;
      }
    }
    s = nl + 1;
  }
  return layOut(words, token, lines, ids.at, { n, eTerm, eLine, eHead, eBody });
}

/**
 * Term ids by their bytes in `words`, without a string made for each of card-words' ~10 million terms (100,000
 * cards): open addressing on termHash, compared byte by byte with the term's first occurrence.
 */
class TermIds {
  /** [start, end) of each term's first occurrence. */
  readonly at: number[] = [];
  private readonly hashes: number[] = [];
  private slots = new Int32Array(1 << 12).fill(-1);

  get size(): number {
    return this.hashes.length;
  }

  id(words: Buffer, from: number, to: number, hash: number): number {
    const mask = this.slots.length - 1;
    let i = hash & mask;
    for (; this.slots[i]! >= 0; i = (i + 1) & mask) {
      const t = this.slots[i]!;
      if (this.hashes[t] === hash && this.same(words, t, from, to)) return t;
    }
    const t = this.hashes.length;
    this.hashes.push(hash);
    this.at.push(from, to);
    this.slots[i] = t;
    if (this.hashes.length * 2 > this.slots.length) this.grow();
    return t;
  }

  private grow(): void {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let t = 0; t < this.hashes.length; t++) {
      let i = this.hashes[t]! & mask;
      while (slots[i] !== -1) i = (i + 1) & mask;
      slots[i] = t;
    }
    this.slots = slots;
  }

  private same(words: Buffer, t: number, from: number, to: number): boolean {
    const a = this.at[2 * t]!;
    if (this.at[2 * t + 1]! - a !== to - from) return false;
    for (let k = 0; k < to - from; k++) if (words[a + k] !== words[from + k]) return false;
    return true;
  }
}

interface Entries {
  n: number;
  eTerm: Uint32Array;
  eLine: Uint32Array;
  eHead: Uint32Array;
  eBody: Uint32Array;
}

function layOut(words: Buffer, token: string, lines: number[], termAt: number[], e: Entries): Buffer {
  const terms = termAt.length / 2;
  // Each term's postings together, in line order: sized in one pass over the entries (in card-words order), then
  // written in a second, each entry's varints at its term's cursor. Entries read in order and no sorted copy of
  // them (read by term, three arrays of 10 million entries were three cache misses each, most of the build).
  const prev = new Uint32Array(terms);
  const postStart = new Float64Array(terms + 1);
  for (let i = 0; i < e.n; i++) {
    const t = e.eTerm[i]!;
    postStart[t + 1]! += varintLength(e.eLine[i]! - prev[t]!) + varintLength(e.eHead[i]!) + varintLength(e.eBody[i]!);
    prev[t] = e.eLine[i]!;
  }
  for (let t = 0; t < terms; t++) postStart[t + 1]! += postStart[t]!;
  const postings = Buffer.allocUnsafe(postStart[terms]!);
  const cursor = postStart.slice(0, terms);
  prev.fill(0);
  for (let i = 0; i < e.n; i++) {
    const t = e.eTerm[i]!;
    let at = putVarint(postings, cursor[t]!, e.eLine[i]! - prev[t]!);
    at = putVarint(postings, at, e.eHead[i]!);
    cursor[t] = putVarint(postings, at, e.eBody[i]!);
    prev[t] = e.eLine[i]!;
  }
  // The dictionary, bucketed by hash.
  let buckets = 1;
  while (buckets * 4 < terms) buckets *= 2;
  const bucketOf = new Uint32Array(terms);
  const inBucket = new Uint32Array(buckets + 1);
  let dictSize = 0;
  for (let t = 0; t < terms; t++) {
    const b = termHash(words, termAt[2 * t], termAt[2 * t + 1]) & (buckets - 1);
    bucketOf[t] = b;
    inBucket[b + 1]!++;
    const len = termAt[2 * t + 1]! - termAt[2 * t]!;
    dictSize += varintLength(len) + len + varintLength(postStart[t]!) + varintLength(postStart[t + 1]! - postStart[t]!);
  }
  for (let b = 0; b < buckets; b++) inBucket[b + 1]! += inBucket[b]!;
  const slot = inBucket.slice(0, buckets);
  const byBucket = new Uint32Array(terms);
  for (let t = 0; t < terms; t++) byBucket[slot[bucketOf[t]!]!++] = t;
  const dict = Buffer.allocUnsafe(dictSize);
  const bucketTable = Buffer.allocUnsafe((buckets + 1) * 4);
  let at = 0;
  for (let b = 0, k = 0; b < buckets; b++) {
    bucketTable.writeUInt32LE(at, b * 4);
    for (; k < inBucket[b + 1]!; k++) {
      const t = byBucket[k]!;
      const [from, to] = [termAt[2 * t]!, termAt[2 * t + 1]!];
      at = putVarint(dict, at, to - from);
      at += words.copy(dict, at, from, to);
      at = putVarint(dict, at, postStart[t]!);
      at = putVarint(dict, at, postStart[t + 1]! - postStart[t]!);
    }
  }
  bucketTable.writeUInt32LE(at, buckets * 4);
  const lineTable = Buffer.allocUnsafe(lines.length * 4);
  for (let i = 0; i < lines.length; i++) lineTable.writeUInt32LE(lines[i]!, i * 4);
  const head: TermsHead = { lines: lines.length / 3, buckets, sections: [lineTable.length, bucketTable.length, dict.length, postings.length] };
  return Buffer.concat([Buffer.from(`${TERMS_VERSION} ${token}\n${JSON.stringify(head)}\n`, "latin1"), lineTable, bucketTable, dict, postings]);
}

function grow(a: Uint32Array, size: number): Uint32Array {
  const b = new Uint32Array(size);
  b.set(a);
  return b;
}

function varintLength(v: number): number {
  let n = 1;
  while (v >= 128) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

function putVarint(buf: Buffer, at: number, v: number): number {
  while (v >= 128) {
    buf[at++] = (v % 128) | 128;
    v = Math.floor(v / 128);
  }
  buf[at++] = v;
  return at;
}
