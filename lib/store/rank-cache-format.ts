// The rank cache's on-disk layout: binary, so the hook reads one Buffer and decodes only what a prompt
// touches (a few entry lines, the postings of its terms) — no UTF-8 decoding or splitting of megabytes.
//   "MEMCTLRC" u32 formatVersion u32 tokenizerVersion
//   u32 headerLength, header JSON
//   u32 n, u32 entryOffset[n + 1], entry blob (one JSON array per entry)
//   u32 T, u32 termOffset[T + 1], term blob (terms sorted by JS string order), u32 postingStart[T + 1],
//   postings: 9-byte records (u32 entry id, f32 weighted tf, u8 field mask), ids ascending per term
//   "MEMCTLEND"
// Every offset is bounds-checked on read; anything inconsistent makes the whole cache untrusted.
import type { Posting } from "../rank/score.js";

const MAGIC = Buffer.from("MEMCTLRC");
const END = Buffer.from("MEMCTLEND");
export const FORMAT_VERSION = 3;
const RECORD = 9;

export interface CacheContent<H> {
  header: H;
  entries: string[];
  /** Sorted by term (JS string order). */
  terms: [string, readonly Posting[]][];
}

export function encodeCache<H>(tokenizerVersion: number, c: CacheContent<H>): Buffer {
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  const offsets = (blobs: Buffer[]) => {
    const b = Buffer.alloc(4 * (blobs.length + 1));
    let at = 0;
    blobs.forEach((blob, i) => {
      b.writeUInt32LE(at, 4 * i);
      at += blob.length;
    });
    b.writeUInt32LE(at, 4 * blobs.length);
    return b;
  };
  const header = Buffer.from(JSON.stringify(c.header));
  const entries = c.entries.map((e) => Buffer.from(e));
  const terms = c.terms.map(([t]) => Buffer.from(t));
  const starts = Buffer.alloc(4 * (c.terms.length + 1));
  let count = 0;
  c.terms.forEach(([, list], i) => {
    starts.writeUInt32LE(count, 4 * i);
    count += list.length;
  });
  starts.writeUInt32LE(count, 4 * c.terms.length);
  const records = Buffer.alloc(RECORD * count);
  let at = 0;
  for (const [, list] of c.terms) {
    for (const p of list) {
      records.writeUInt32LE(p.id, at);
      records.writeFloatLE(p.tf, at + 4);
      records.writeUInt8(p.mask, at + 8);
      at += RECORD;
    }
  }
  return Buffer.concat([
    MAGIC, u32(FORMAT_VERSION), u32(tokenizerVersion),
    u32(header.length), header,
    u32(entries.length), offsets(entries), ...entries,
    u32(terms.length), offsets(terms), ...terms, starts, records,
    END,
  ]);
}

export interface CacheView<H> {
  header: H;
  n: number;
  entry(id: number): string;
  postings(term: string): Posting[] | undefined;
}

/** Opens a cache buffer; undefined when it is not a complete cache of this format and tokenizer. */
export function openCacheView<H>(buf: Buffer, tokenizerVersion: number): CacheView<H> | undefined {
  let at = 0;
  const need = (bytes: number) => {
    if (at + bytes > buf.length) throw new RangeError("truncated rank cache");
  };
  const u32 = () => {
    need(4);
    const v = buf.readUInt32LE(at);
    at += 4;
    return v;
  };
  try {
    if (buf.length < MAGIC.length + END.length || !buf.subarray(0, MAGIC.length).equals(MAGIC) || !buf.subarray(buf.length - END.length).equals(END)) return undefined;
    at = MAGIC.length;
    if (u32() !== FORMAT_VERSION || u32() !== tokenizerVersion) return undefined;
    const headerLength = u32();
    need(headerLength);
    const header = JSON.parse(buf.toString("utf8", at, at + headerLength)) as H;
    at += headerLength;
    const n = u32();
    need(4 * (n + 1));
    const entryTable = at;
    at += 4 * (n + 1);
    const entryBlob = at;
    const entryBytes = buf.readUInt32LE(entryTable + 4 * n);
    need(entryBytes);
    at += entryBytes;
    const t = u32();
    need(4 * (t + 1));
    const termTable = at;
    at += 4 * (t + 1);
    const termBlob = at;
    const termBytes = buf.readUInt32LE(termTable + 4 * t);
    need(termBytes);
    at += termBytes;
    need(4 * (t + 1));
    const startTable = at;
    at += 4 * (t + 1);
    const recordBlob = at;
    const recordCount = buf.readUInt32LE(startTable + 4 * t);
    need(RECORD * recordCount);
    if (at + RECORD * recordCount + END.length !== buf.length) return undefined;

    const slice = (table: number, blob: number, limit: number, i: number) => {
      const a = buf.readUInt32LE(table + 4 * i);
      const b = buf.readUInt32LE(table + 4 * i + 4);
      if (a > b || b > limit) throw new RangeError("bad rank cache offset");
      return buf.toString("utf8", blob + a, blob + b);
    };
    const termAt = (i: number) => slice(termTable, termBlob, termBytes, i);
    return {
      header,
      n,
      entry: (id) => {
        if (id < 0 || id >= n) throw new RangeError(`no entry ${id}`);
        return slice(entryTable, entryBlob, entryBytes, id);
      },
      postings: (term) => {
        let lo = 0;
        let hi = t - 1;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          const key = termAt(mid);
          if (key === term) {
            const a = buf.readUInt32LE(startTable + 4 * mid);
            const b = buf.readUInt32LE(startTable + 4 * mid + 4);
            if (a > b || b > recordCount) throw new RangeError("bad postings range");
            const out: Posting[] = new Array(b - a);
            for (let r = a, k = 0; r < b; r++, k++) {
              const o = recordBlob + RECORD * r;
              const id = buf.readUInt32LE(o);
              if (id >= n) throw new RangeError("posting points past the entries");
              out[k] = { id, tf: buf.readFloatLE(o + 4), mask: buf[o + 8]! };
            }
            return out;
          }
          if (key < term) lo = mid + 1;
          else hi = mid - 1;
        }
        return undefined;
      },
    };
  } catch {
    return undefined;
  }
}
