// The bytes of .memctl/card-terms: card-words (card-cache-format.ts) turned inside out, so a search reads, for each
// query word, the card-words lines that hold it instead of scanning all of card-words (86 MB at 100,000 cards)
// once per word. Written for one card-words file (its token) and never edited: cards changed since have their
// words in the card-cache file's own section, and a line of card-words that no record points at any more is an old
// version's, skipped as the scan skips it (card-terms.ts). Layout:
//   a version line with the card-words token; a JSON line {lines, buckets, sections: [lines, buckets, dict, postings]};
//   lines: for each card-words line in order, its offset, head bytes and body bytes (u32 LE each);
//   buckets: buckets + 1 u32 LE offsets into dict: bucket b's entries are [b, b + 1) (FNV-1a of the term's UTF-8, mod buckets);
//   dict: per term, varint length, the term's bytes, varint start and varint length of its postings;
//   postings: per line holding the term, in line order: varint line delta, varint head count + 1, varint body
//     count + 1 (0: not in that part).
// Everything read back is checked; anything unexpected reads as no file, and the search scans card-words instead.
import { CARD_CACHE_VERSION } from "./card-cache-format.js";

export const TERMS_VERSION = `${CARD_CACHE_VERSION} terms 1`;

export interface TermsHead {
  lines: number;
  buckets: number;
  /** Byte lengths of the lines, buckets, dict and postings sections, in that order, after the two header lines. */
  sections: [number, number, number, number];
}

/** One term's lines: card-words line index, head count + 1 and body count + 1 (0: none there). */
export interface Postings {
  line: number[];
  head: number[];
  body: number[];
}

export function termHash(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** The head after the version line for `token`, and where the sections start; undefined when `top` is not one. */
export function decodeTermsHead(top: Buffer, token: string, fileSize: number): { head: TermsHead; start: number } | undefined {
  const first = top.indexOf(10);
  const second = first < 0 ? -1 : top.indexOf(10, first + 1);
  if (second < 0 || top.toString("latin1", 0, first) !== `${TERMS_VERSION} ${token}`) return undefined;
  try {
    const head = JSON.parse(top.toString("latin1", first + 1, second)) as TermsHead;
    const { lines, buckets, sections } = head;
    if (!isCount(lines) || !isCount(buckets) || buckets < 1 || (buckets & (buckets - 1)) !== 0) return undefined;
    if (!Array.isArray(sections) || sections.length !== 4 || !sections.every(isCount)) return undefined;
    if (sections[0] !== lines * 12 || sections[1] !== (buckets + 1) * 4) return undefined;
    if (second + 1 + sections.reduce((a, b) => a + b, 0) !== fileSize) return undefined;
    return { head, start: second + 1 };
  } catch {
    return undefined;
  }
}

/** Where `term`'s postings are in the postings section ([start, length]) from its dict bucket's bytes; null: no card holds it; undefined: damaged. */
export function findInBucket(entries: Buffer, term: Buffer): [number, number] | null | undefined {
  const at = { p: 0 };
  while (at.p < entries.length) {
    const len = getVarint(entries, at);
    if (len === undefined || at.p + len > entries.length) return undefined;
    const same = len === term.length && entries.compare(term, 0, len, at.p, at.p + len) === 0;
    at.p += len;
    const start = getVarint(entries, at);
    const length = getVarint(entries, at);
    if (start === undefined || length === undefined) return undefined;
    if (same) return [start, length];
  }
  return null;
}

/** One term's postings bytes decoded; undefined when they are damaged or name a line past `lines`. */
export function decodePostings(bytes: Buffer, lines: number): Postings | undefined {
  const out: Postings = { line: [], head: [], body: [] };
  const at = { p: 0 };
  let line = 0;
  while (at.p < bytes.length) {
    const delta = getVarint(bytes, at);
    const head = getVarint(bytes, at);
    const body = getVarint(bytes, at);
    if (delta === undefined || head === undefined || body === undefined) return undefined;
    line += delta;
    if ((out.line.length > 0 && delta === 0) || line >= lines || head + body === 0) return undefined;
    out.line.push(line);
    out.head.push(head);
    out.body.push(body);
  }
  return out;
}

/** A varint at `at.p` (moved past it), or undefined past the end or beyond 2^53. */
function getVarint(buf: Buffer, at: { p: number }): number | undefined {
  let v = 0;
  let scale = 1;
  for (;;) {
    if (at.p >= buf.length || scale > 2 ** 49) return undefined;
    const b = buf[at.p++]!;
    v += (b & 127) * scale;
    if (b < 128) return v;
    scale *= 128;
  }
}

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
