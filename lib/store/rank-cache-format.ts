// The rank cache's on-disk layout: binary, so the hook reads one Buffer and decodes only what a prompt
// touches (a few entry lines, the postings of its terms) — no UTF-8 decoding or splitting of megabytes.
//   "MEMCTLRC" u32 formatVersion u32 tokenizerVersion
//   u32 headerLength, header JSON
//   u32 n, u32 entryOffset[n + 1], entry blob (one JSON array per entry), u32 fileOffset[n + 1], file blob
//   u32 T, u32 termOffset[T + 1], term blob (terms sorted by JS string order), u32 postingStart[T + 1],
//   padding to 4 bytes, u32 id[P], f32 tf[P], u8 mask[P] (ids ascending within each term's range)
//   "MEMCTLEND"
// The id and tf arrays are 4-byte aligned so the reader maps them as typed-array views, copying nothing.
// Every offset is bounds-checked on read; anything inconsistent makes the whole cache untrusted.
import type { Posting, PostingList } from "../rank/score.js";

const MAGIC = Buffer.from("MEMCTLRC");
const END = Buffer.from("MEMCTLEND");
export const FORMAT_VERSION = 6;

export interface CacheContent<H> {
  header: H;
  entries: string[];
  /** Each entry's card file, readable without parsing the entry (the hook records every hit's card). */
  files: string[];
  /** Sorted by term (JS string order). */
  terms: [string, readonly Posting[]][];
}

export function encodeCache<H>(tokenizerVersion: number, c: CacheContent<H>): Buffer {
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  // One Buffer per section (not one per entry): encoding a 10,000-line store stays a few milliseconds.
  const section = (items: readonly string[]): [Buffer, Buffer] => {
    const table = Buffer.alloc(4 * (items.length + 1));
    let at = 0;
    items.forEach((item, i) => {
      table.writeUInt32LE(at, 4 * i);
      at += Buffer.byteLength(item);
    });
    table.writeUInt32LE(at, 4 * items.length);
    return [table, Buffer.from(items.join(""))];
  };
  const header = Buffer.from(JSON.stringify(c.header));
  const [entryTable, entryBlob] = section(c.entries);
  const [fileTable, fileBlob] = section(c.files);
  const [termTable, termBlob] = section(c.terms.map(([t]) => t));
  const starts = Buffer.alloc(4 * (c.terms.length + 1));
  let count = 0;
  c.terms.forEach(([, list], i) => {
    starts.writeUInt32LE(count, 4 * i);
    count += list.length;
  });
  starts.writeUInt32LE(count, 4 * c.terms.length);
  const ids = Buffer.alloc(4 * count);
  const tfs = Buffer.alloc(4 * count);
  const masks = Buffer.alloc(count);
  let k = 0;
  for (const [, list] of c.terms) {
    for (const p of list) {
      ids.writeUInt32LE(p.id, 4 * k);
      tfs.writeFloatLE(p.tf, 4 * k);
      masks.writeUInt8(p.mask, k);
      k++;
    }
  }
  const head = Buffer.concat([
    MAGIC, u32(FORMAT_VERSION), u32(tokenizerVersion),
    u32(header.length), header,
    u32(c.entries.length), entryTable, entryBlob, fileTable, fileBlob,
    u32(c.terms.length), termTable, termBlob, starts,
  ]);
  return Buffer.concat([head, Buffer.alloc((4 - (head.length % 4)) % 4), ids, tfs, masks, END]);
}

export interface CacheView<H> {
  header: H;
  n: number;
  entry(id: number): string;
  file(id: number): string;
  postings(term: string): PostingList | undefined;
}

/** Opens a cache buffer; undefined when it is not a complete cache of this format and tokenizer. */
export function openCacheView<H>(file: Buffer, tokenizerVersion: number): CacheView<H> | undefined {
  // Typed-array views need 4-byte alignment of the underlying memory; copy in the rare unaligned case.
  const buf = file.byteOffset % 4 === 0 ? file : Buffer.from(new Uint8Array(file));
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
    need(4 * (n + 1));
    const fileTable = at;
    at += 4 * (n + 1);
    const fileBlob = at;
    const fileBytes = buf.readUInt32LE(fileTable + 4 * n);
    need(fileBytes);
    at += fileBytes;
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
    const count = buf.readUInt32LE(startTable + 4 * t);
    at += (4 - (at % 4)) % 4;
    need(9 * count);
    if (at + 9 * count + END.length !== buf.length) return undefined;
    const idArray = new Uint32Array(buf.buffer, buf.byteOffset + at, count);
    const tfArray = new Float32Array(buf.buffer, buf.byteOffset + at + 4 * count, count);
    const maskArray = new Uint8Array(buf.buffer, buf.byteOffset + at + 8 * count, count);
    if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) return undefined; // the layout is little-endian

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
      file: (id) => {
        if (id < 0 || id >= n) throw new RangeError(`no entry ${id}`);
        return slice(fileTable, fileBlob, fileBytes, id);
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
            if (a > b || b > count) throw new RangeError("bad postings range");
            const id = idArray.subarray(a, b);
            for (let k = 0; k < id.length; k++) if (id[k]! >= n) throw new RangeError("posting points past the entries");
            return { length: b - a, id, tf: tfArray.subarray(a, b), mask: maskArray.subarray(a, b) };
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
