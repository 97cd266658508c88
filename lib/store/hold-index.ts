import fs from "node:fs";
import path from "node:path";
import { cardPathKey, foldedPath } from "../core/link-key.js";
import { STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";
import { DEFAULT_READ_CAP, readRegularBuffer } from "./checked-fs.js";

// The held paths of .memctl/arrivals.json in a form the per-prompt hook looks up without parsing the list: a table
// of each held path's 32-bit hash (FNV-1a of its UTF-8) and where its rows start, sorted by hash; the hashes of the
// held paths' case/Unicode folds, sorted; then the rows, grouped by path. A look-up is a binary search of the table
// and a byte compare of the row's path, so a prompt's cost does not follow the list's length. A fold's hash matching
// is only a reason to ask the list itself (lib/store/prompt-hold.ts), so a collision costs time, never a hold.
// Written right after the list, naming the list's stamp (device, inode, size, mtime and ctime in ns): a reader uses
// it only while the list has that stamp, so a list written any other way (by hand, by an older memctl, a write
// killed between the two files) is read as before. One that does not add up to the lengths its header states (torn,
// planted, another format) is not used either.

export const HOLD_INDEX_RELPATH = `${STATE_DIR}/arrival-paths`;
const MAGIC = "memctl-hold 2";

/** One held item as the hook needs it: the file as it arrived (sha256, null = absent) and its stamp then. */
export interface HoldRow {
  sha256: string | null;
  stamp?: [number, number];
}

export interface HoldIndex {
  /** Held items (not removals, not notes) in the list. */
  readonly count: number;
  rows(key: string): HoldRow[];
  /** Whether a held path may have this fold (foldedPath): true on a hash match. */
  mayFold(folded: string): boolean;
  /** How many paths the rows hold (keys() without reading them). */
  readonly keyCount: number;
  /** Every held path (cardPathKey), once each: what ranking leaves out of its statistics; undefined on a bad row. */
  keys(): string[] | undefined;
}

type ListStamp = Pick<fs.BigIntStats, "dev" | "ino" | "size" | "mtimeNs" | "ctimeNs">;

const stampText = (st: ListStamp) => `${st.dev} ${st.ino} ${st.size} ${st.mtimeNs} ${st.ctimeNs}`;

/** FNV-1a, 32 bits, of bytes[from, to): the hold sidecar's path hash, and the rank cache's when it finds many paths. */
export function fnv1a(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** The sidecar for a list with this stamp, or undefined when a held path cannot be a row (a tab or line break). */
export function encodeHoldIndex(items: readonly Item[], st: ListStamp): Buffer | undefined {
  const byKey = new Map<string, string[]>();
  const folds = new Set<number>();
  let count = 0;
  for (const item of items) {
    if (item.kind === "removed" || item.kind === "note") continue;
    const key = cardPathKey(item.path);
    // A row is a line of tab-separated UTF-8; a name that is not (a lone surrogate) is looked up in the list itself.
    if (/[\t\r\n]/.test(key) || Buffer.from(key).toString() !== key) return undefined;
    const stamp = item.stamp ? `${item.stamp[0]}\t${item.stamp[1]}` : "-\t-";
    byKey.set(key, [...(byKey.get(key) ?? []), `${key}\t${item.sha256 ?? "-"}\t${stamp}\n`]);
    folds.add(fnv1a(Buffer.from(foldedPath(key))));
    count++;
  }
  const table = Buffer.alloc(byKey.size * 8);
  const rows: Buffer[] = [];
  const entries: [number, number][] = [];
  let offset = 0;
  for (const [key, lines] of byKey) {
    entries.push([fnv1a(Buffer.from(key)), offset]);
    for (const line of lines) {
      rows.push(Buffer.from(line));
      offset += rows[rows.length - 1]!.length;
    }
  }
  entries.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [i, [h, at]] of entries.entries()) {
    table.writeUInt32LE(h, i * 8);
    table.writeUInt32LE(at, i * 8 + 4);
  }
  const foldTable = Buffer.alloc(folds.size * 4);
  for (const [i, h] of [...folds].sort((a, b) => a - b).entries()) foldTable.writeUInt32LE(h, i * 4);
  const body = Buffer.concat(rows);
  return Buffer.concat([Buffer.from(`${MAGIC} ${stampText(st)} ${byKey.size} ${folds.size} ${body.length} ${count}\n`), table, foldTable, body]);
}

type Item = { path: string; kind: string; sha256: string | null; stamp?: [number, number] };

/** Writes the sidecar of the list whose stamp is `st`; best effort (derived: a reader without one reads the list). */
export function writeHoldIndex(memoryDir: string, items: readonly Item[], st: ListStamp): void {
  const file = path.join(memoryDir, HOLD_INDEX_RELPATH);
  try {
    const data = encodeHoldIndex(items, st);
    // Named as commitFile names its temps, so the next sweep of .memctl removes one a killed writer left.
    const hex = Math.floor(Math.random() * 2 ** 32)
      .toString(16)
      .padStart(8, "0");
    const temp = `.arrival-paths.${process.pid}.${hex}.tmp`;
    if (data === undefined) fs.rmSync(file, { force: true });
    else replaceFile(file, data, path.join(realDir(memoryDir, STATE_DIR), temp));
  } catch {
    // A sidecar left behind names the list it was made for, which is no longer on disk: it is not used.
  }
}

/** The sidecar if it describes the list with this stamp, whole; undefined otherwise (the caller reads the list). */
export function openHoldIndex(file: string, st: ListStamp): HoldIndex | undefined {
  let buf: Buffer;
  try {
    // Checked: a store kept in a project checkout brings this file too, as a link to /dev/zero (every prompt grew
    // without end); a FIFO here hung every prompt. Either is no sidecar: the list itself is read.
    buf = readRegularBuffer(file, DEFAULT_READ_CAP, { nofollow: true });
  } catch {
    return undefined;
  }
  const eol = buf.indexOf(10);
  const head = eol < 0 ? [] : buf.toString("latin1", 0, eol).split(" ");
  const prefix = `${MAGIC} ${stampText(st)}`.split(" ");
  if (head.length !== prefix.length + 4 || prefix.some((p, i) => head[i] !== p)) return undefined;
  const [keys, folds, rowBytes, count] = head.slice(prefix.length).map(Number) as [number, number, number, number];
  const table = eol + 1;
  const foldTable = table + keys * 8;
  const rowStart = foldTable + folds * 4;
  if (![keys, folds, rowBytes, count].every(Number.isSafeInteger) || rowStart + rowBytes !== buf.length) return undefined;
  // The first table entry whose hash is not below h (entries sorted by hash), in a table of n entries of `width` bytes.
  const lowerBound = (at: number, n: number, width: number, h: number) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (buf.readUInt32LE(at + mid * width) < h) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    count,
    keyCount: keys,
    rows(key) {
      const want = Buffer.from(key);
      const h = fnv1a(want);
      for (let i = lowerBound(table, keys, 8, h); i < keys && buf.readUInt32LE(table + i * 8) === h; i++) {
        const out: HoldRow[] = [];
        for (let at = rowStart + buf.readUInt32LE(table + i * 8 + 4); at + want.length < buf.length; ) {
          if (want.compare(buf, at, at + want.length) !== 0 || buf[at + want.length] !== 9) break;
          const end = buf.indexOf(10, at);
          const fields = end < 0 ? [] : buf.toString("latin1", at + want.length + 1, end).split("\t");
          if (fields.length !== 3) break;
          const [sha, mtime, size] = fields as [string, string, string];
          out.push({ sha256: sha === "-" ? null : sha, ...(mtime === "-" ? {} : { stamp: [Number(mtime), Number(size)] }) });
          at = end + 1;
        }
        if (out.length > 0) return out;
      }
      return [];
    },
    mayFold(folded) {
      const h = fnv1a(Buffer.from(folded));
      const i = lowerBound(foldTable, folds, 4, h);
      return i < folds && buf.readUInt32LE(foldTable + i * 4) === h;
    },
    keys() {
      // The rows are grouped by path: a path is each row's text up to its first tab, taken where it changes.
      const out: string[] = [];
      for (let at = rowStart; at < buf.length; ) {
        const tab = buf.indexOf(9, at);
        const end = buf.indexOf(10, at);
        if (tab < 0 || end < 0 || tab > end) return undefined; // not as written: the caller asks every path
        const key = buf.toString("utf8", at, tab);
        if (out[out.length - 1] !== key) out.push(key);
        at = end + 1;
      }
      return out;
    },
  };
}
