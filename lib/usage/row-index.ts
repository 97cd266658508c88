// usage.idx: each numbered card's usage in the snapshot, as two numbers, written by the fold right after
// usage.tsv. The hook ranks ~100 cards a prompt, and finding, slicing and parsing each one's row in the text
// (and parsing its day) runs cold in the interpreter; two typed reads per card do not.
//   "MEMCTLUX" u32 version (2), u32 registryIdLength, registry id, u32 headerLength, the snapshot's header line,
//   zero padding to a multiple of 4, f64 snapshot size, f64 snapshot ino, f64 snapshot mtimeMs, u32 count, then
//   per card number u32 access_count and u32 day (days since 1970-01-01; NO_ROW when the snapshot has no row,
//   IN_TEXT for a row the two numbers cannot hold exactly, which readers then read from the text).
// It describes exactly one usage.tsv file: the size, inode and mtime it records are the snapshot's as written,
// so after any rewrite of the snapshot (a later fold, a hand edit) it no longer matches and readers search the
// text. The header line it carries is the snapshot's, so a reader it matches need not read usage.tsv at all.
import { latin1Text, u32At, utf8Text } from "../core/bytes.js";
import type { FileStat } from "../store/checked-fs.js";
import { dayNumber, isCanonicalDay, snapshotRowUsage } from "./format.js";

export const USAGE_INDEX = "usage.idx";
const INDEX_MAGIC = "MEMCTLUX";
const INDEX_VERSION = 2;
/** Day slot values: no snapshot row for this card number; a row to be read from the snapshot text instead. */
export const NO_ROW = 0xffffffff;
export const IN_TEXT = 0xfffffffe;

/** What identifies one written usage.tsv: fs.Stats fields, as fs and lib/store/checked-fs.ts both give them. */
export type SnapshotFile = Pick<FileStat, "size" | "ino" | "mtimeMs">;

export interface SnapshotIndex {
  /** The snapshot's header line (decay epoch, folded offsets). */
  header: string;
  /** How many card numbers the index covers (the registry's length at the fold). */
  count: number;
  /** access_count of number n at 2n, its day number at 2n + 1 (or NO_ROW, IN_TEXT). */
  table: Uint32Array;
}

/** The index of a rendered snapshot for the registry's numbers (numbersOf), describing the file `written`. */
export function encodeSnapshotIndex(text: string, registryId: string, numbers: ReadonlyMap<string, number>, count: number, written: SnapshotFile): Buffer {
  const table = new Uint32Array(2 * count).fill(NO_ROW);
  const headerEnd = text.indexOf("\n");
  for (let at = headerEnd + 1; at > 0 && at < text.length; ) {
    let end = text.indexOf("\n", at);
    if (end === -1) end = text.length;
    const row = text.slice(at, end);
    const tab = row.indexOf("\t");
    const card = tab === -1 ? row : row.slice(0, tab);
    const no = numbers.get(card);
    if (no !== undefined && no < count && table[2 * no + 1] === NO_ROW) {
      // The fold renders whole counts and real days; anything else (a malformed row stays unread) is left to the text.
      const usage = snapshotRowUsage(row, card.length);
      const day = usage && isCanonicalDay(usage.last_access_day) ? dayNumber(usage.last_access_day) : NaN;
      const exact = usage !== undefined && Number.isInteger(usage.access_count) && usage.access_count < IN_TEXT && day >= 0 && day < IN_TEXT;
      table[2 * no] = exact ? usage.access_count : 0;
      table[2 * no + 1] = exact ? day : IN_TEXT;
    }
    at = end + 1;
  }
  const header = Buffer.from(headerEnd === -1 ? text : text.slice(0, headerEnd), "utf8");
  const id = Buffer.from(registryId, "utf8");
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  const head = Buffer.concat([Buffer.from(INDEX_MAGIC), u32(INDEX_VERSION), u32(id.length), id, u32(header.length), header]);
  const file = Buffer.alloc(24);
  file.writeDoubleLE(written.size, 0);
  file.writeDoubleLE(written.ino, 8);
  file.writeDoubleLE(written.mtimeMs, 16);
  return Buffer.concat([head, Buffer.alloc((4 - (head.length % 4)) % 4), file, u32(count), Buffer.from(table.buffer)]);
}

/**
 * The index if it was written for the registry `registryId` and for exactly the snapshot file `snapshot` is
 * (its size, inode and mtime), else undefined; also undefined when the index is damaged.
 */
export function openSnapshotIndex(data: Uint8Array, registryId: string, snapshot: SnapshotFile): SnapshotIndex | undefined {
  try {
    if (latin1Text(data, 0, 8) !== INDEX_MAGIC || u32At(data, 8) !== INDEX_VERSION) return undefined;
    let at = 12;
    const idLength = u32At(data, at);
    if (utf8Text(data, at + 4, at + 4 + idLength) !== registryId) return undefined;
    at += 4 + idLength;
    const headerLength = u32At(data, at);
    if (at + 4 + headerLength > data.length) return undefined;
    const header = utf8Text(data, at + 4, at + 4 + headerLength);
    at += 4 + headerLength;
    at += (4 - (at % 4)) % 4;
    if (at + 28 > data.length) return undefined;
    const file = new DataView(data.buffer, data.byteOffset + at, 24);
    if (file.getFloat64(0, true) !== snapshot.size || file.getFloat64(8, true) !== snapshot.ino || file.getFloat64(16, true) !== snapshot.mtimeMs) return undefined;
    const count = u32At(data, at + 24);
    const from = at + 28;
    if (from + 8 * count !== data.length) return undefined;
    // A view when the bytes are aligned for one (a whole-file read is), else a copy.
    const table = (data.byteOffset + from) % 4 === 0 ? new Uint32Array(data.buffer, data.byteOffset + from, 2 * count) : new Uint32Array(data.slice(from).buffer);
    return { header, count, table };
  } catch {
    return undefined;
  }
}
