// Writing the rank cache in the layout format.ts describes (and reads). Only a rebuild writes.
import { END, FORMAT_VERSION, MAGIC, pad4, PREFIX } from "./format.js";
import type { Posting } from "../rank/postings.js";
import { asciiJson } from "../core/sanitize.js";

export interface CacheContent<H> {
  header: H;
  /** Per entry, what the hook needs to materialise it. */
  entries: string[];
  /** Per entry, its line as the block prints it (lib/core/block.ts renderEntryLine), readable without the entry. */
  printed: string[];
  /** Per entry, what a rebuild reuses when the card is unchanged (the hook never reads it). */
  reuse: string[];
  /** Each entry's card file, readable without parsing the entry (the hook records the printed lines' cards). */
  files: string[];
  /** Each entry's card fingerprint when the cache was built: mtimeMs, size, ctimeMs. */
  stamps: readonly (readonly [number, number, number])[];
  /** Each entry's printed line length in UTF-8 bytes (lib/core/block.ts renderEntryLine). */
  lineBytes: readonly number[];
  /** Each entry's printed line key (lib/core/line-key.ts lineKeyLanes), two u32 per entry. */
  lineKeys: readonly (readonly [number, number])[];
  /** Each entry's MEMORY.md line hash (lineHashLanes of the raw line under header.seed), two u32 per entry. */
  rawKeys: readonly (readonly [number, number])[];
  /** Each entry's line number in MEMORY.md. */
  lines: readonly number[];
  /** Sorted by term (JS string order). */
  terms: [string, readonly Posting[]][];
}

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

/** An offset table and the concatenated UTF-8 of the items: one Buffer per section, not one per item. */
function section(items: readonly string[]): [Buffer, Buffer] {
  const table = Buffer.alloc(4 * (items.length + 1));
  let at = 0;
  items.forEach((item, i) => {
    table.writeUInt32LE(at, 4 * i);
    at += Buffer.byteLength(item);
  });
  table.writeUInt32LE(at, 4 * items.length);
  return [table, Buffer.from(items.join(""))];
}

export function encodeCache<H>(tokenizerVersion: number, c: CacheContent<H>): Buffer {
  const n = c.entries.length;
  if (
    c.reuse.length !== n ||
    c.printed.length !== n ||
    c.files.length !== n ||
    c.stamps.length !== n ||
    c.lineBytes.length !== n ||
    c.lineKeys.length !== n ||
    c.rawKeys.length !== n ||
    c.lines.length !== n
  )
    throw new RangeError("rank cache sections differ in length");
  const json = asciiJson(c.header);
  const header = Buffer.from(json + " ".repeat(pad4(PREFIX + 4 + Buffer.byteLength(json)))); // JSON ignores trailing spaces
  const [entryTable, entryBlob] = section(c.entries);
  const [reuseTable, reuseBlob] = section(c.reuse);
  const [fileTable, fileBlob] = section(c.files);
  const [printedTable, printedBlob] = section(c.printed);
  const lineBytesTable = Buffer.alloc(4 * n);
  c.lineBytes.forEach((bytes, i) => {
    lineBytesTable.writeUInt32LE(bytes, 4 * i);
  });
  const keyTable = (keys: readonly (readonly [number, number])[]) => {
    const table = Buffer.alloc(8 * n);
    keys.forEach(([a, b], i) => {
      table.writeUInt32LE(a, 8 * i);
      table.writeUInt32LE(b, 8 * i + 4);
    });
    return table;
  };
  const lineKeyTable = keyTable(c.lineKeys);
  const rawKeyTable = keyTable(c.rawKeys);
  const lineTable = Buffer.alloc(4 * n);
  c.lines.forEach((line, i) => {
    lineTable.writeUInt32LE(line, 4 * i);
  });
  const [termTable, termBlob] = section(c.terms.map(([t]) => t));
  const starts = Buffer.alloc(4 * (c.terms.length + 1));
  let count = 0;
  c.terms.forEach(([, list], i) => {
    starts.writeUInt32LE(count, 4 * i);
    count += list.length;
  });
  starts.writeUInt32LE(count, 4 * c.terms.length);
  const stamps = Buffer.alloc(24 * n);
  c.stamps.forEach(([mtimeMs, size, ctimeMs], i) => {
    stamps.writeDoubleLE(mtimeMs, 24 * i);
    stamps.writeDoubleLE(size, 24 * i + 8);
    stamps.writeDoubleLE(ctimeMs, 24 * i + 16);
  });
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
  const fileEnd =
    PREFIX +
    4 +
    header.length +
    4 +
    entryTable.length +
    reuseTable.length +
    fileTable.length +
    printedTable.length +
    lineBytesTable.length +
    lineKeyTable.length +
    rawKeyTable.length +
    lineTable.length +
    fileBlob.length;
  const filePad = Buffer.alloc(pad4(fileEnd));
  const termPad = Buffer.alloc(pad4(fileEnd + filePad.length + 4 + termTable.length + termBlob.length));
  const body = Buffer.concat([
    u32(header.length),
    header,
    u32(n),
    entryTable,
    reuseTable,
    fileTable,
    printedTable,
    lineBytesTable,
    lineKeyTable,
    rawKeyTable,
    lineTable,
    fileBlob,
    filePad,
    u32(c.terms.length),
    termTable,
    termBlob,
    termPad,
    starts,
  ]);
  const pad = Buffer.alloc((8 - ((PREFIX + body.length) % 8)) % 8);
  const headBytes = PREFIX + body.length + pad.length + stamps.length;
  return Buffer.concat([MAGIC, u32(FORMAT_VERSION), u32(tokenizerVersion), u32(headBytes), body, pad, stamps, ids, tfs, masks, entryBlob, printedBlob, reuseBlob, END]);
}
