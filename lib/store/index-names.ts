import fs from "node:fs";
import path from "node:path";
import { addIndexNames } from "../core/index-names.js";
import { hasFence } from "../core/index-bytes.js";
import { lowerBound } from "../core/line-edits.js";
import { fileStamp, readRegular } from "./checked-fs.js";
import { STATE_DIR } from "./paths.js";
import { appendBytes, realDir } from "./safe-write.js";
import { commitFileSync } from "./write.js";

// .memctl/index-names.idx (per machine, never synced): what a new card's save learns from its pass over MEMORY.md
// (the line breaks, fence marks, CRLF and last byte the append and its journal record need, and the hashes of the
// names its lines can be found by: lib/core/index-names.ts), at the stamp MEMORY.md had. The next new card's save
// reads this instead of the 19 MB index of a 100,000-card store (issue 32) while MEMORY.md keeps that stamp: each
// append in place adds a record with the stamp after it; any other change (an update's rename, a hand edit, a sync)
// moves the stamp, and the next save scans the index again and writes the file anew. Only store-lock holders read
// or write it; anything unreadable is no file.

export const INDEX_NAMES_RELPATH = `${STATE_DIR}/index-names.idx`;
const MAGIC = "memctl-index-names 1";
/** Past this many bytes of steps, the next new card's save writes the file whole again. */
const RECORDS_MAX = 64 * 1024;
/** Past this size the file takes no more steps. */
const FILE_MAX = 8 * 1024 * 1024;

/** MEMORY.md as of `stamp`, with the hashes of its names (`hashes` sorted, `added` since). */
export interface IndexNames {
  stamp: string;
  newlines: number;
  marks: boolean;
  crlf: boolean;
  /** The last byte (null: an empty index). */
  last: number | null;
  hashes: Uint32Array;
  added: Set<number>;
  /** Bytes of records after the hashes in the file. */
  records: number;
}

type State = Pick<IndexNames, "stamp" | "newlines" | "marks" | "crlf" | "last">;

/** This process's names per index file, as last read or written. */
const held = new Map<string, IndexNames>();
/** Names a pass found, written only with the save's own step: a save refused after its scan writes nothing. */
const unwritten = new Map<string, IndexNames>();

function namesPath(index: string): string {
  return path.join(path.dirname(index), ...INDEX_NAMES_RELPATH.split("/"));
}

/** The names of `index` (MEMORY.md's path) when they describe it at `stamp`, its stamp now; else undefined. */
export function namesAt(index: string, stamp: string): IndexNames | undefined {
  const mine = held.get(index);
  if (mine?.stamp === stamp) return mine;
  const loaded = load(namesPath(index));
  if (loaded?.stamp !== stamp) return undefined;
  held.set(index, loaded);
  if (loaded.records > RECORDS_MAX) keepNames(index, loaded, [...loaded.hashes, ...loaded.added]);
  return loaded;
}

/** Whether any of `keys` is among the names (a hash: a match may be another name; the caller scans then). */
export function mayName(names: IndexNames, keys: readonly number[]): boolean {
  return keys.some((k) => names.added.has(k) || has(names.hashes, k));
}

/**
 * Keeps the names a whole pass over `index` found at `state.stamp`; noteEdit writes them when the save changes the
 * index from that stamp. Best effort: unwritten, the next save scans.
 */
export function keepNames(index: string, state: State, found: readonly number[]): void {
  const names: IndexNames = { ...pick(state), hashes: uniqueSorted(found), added: new Set(), records: 0 };
  held.set(index, names);
  unwritten.set(index, names);
}

/**
 * After memctl changed `index` (scanned at `from`) in place of a pass: `lines` line breaks more, `written` the lines it
 * wrote (whole lines, no fence mark or CRLF across their ends), `last` its last byte if that changed, and whether a
 * fence mark or CRLF is anywhere now when the caller knows (else: as before, or there now if `written` holds one).
 * Recorded as a step from `from` to the stamp the index has now, which a reader takes only from names at `from`. Best
 * effort: a step not recorded leaves the names at a stamp the index no longer has, and the next new card's save scans.
 */
export function noteEdit(index: string, from: string, written: Buffer, change: { lines: number; last?: number; marks?: boolean; crlf?: boolean }): void {
  const found = unwritten.get(index);
  unwritten.delete(index);
  held.delete(index);
  if (found?.stamp === from) write(index, found);
  const file = namesPath(index);
  try {
    // No file, none to bring forward; a file past FILE_MAX (a store only ever updated) takes no more steps.
    const st = fs.lstatSync(file, { throwIfNoEntry: false });
    if (!st?.isFile() || st.size > FILE_MAX) return;
    const stamp = fileStamp(fs.statSync(index, { bigint: true, throwIfNoEntry: false }));
    const add: number[] = [];
    addIndexNames(written, add);
    const marks = change.marks ?? (hasFence(written) || undefined);
    const crlf = change.crlf ?? (written.includes("\r\n") || undefined);
    appendBytes(file, Buffer.from(`${JSON.stringify({ from, stamp, lines: change.lines, marks, crlf, last: change.last, add })}\n`));
  } catch {
    // best effort, as above
  }
}

/**
 * After a whole rewrite of `index` from `before` (at `from`) to `next`, whose lines differ by `edit` (the journal's,
 * lib/core/index-edit.ts indexLineEdit: an rm's removed line, a revived card's placed one): a step, when both end
 * with a line break (the count of breaks then moves by the lines).
 */
export function noteRewrite(index: string, from: string, before: Buffer, next: Buffer, edit: { removed: number; inserted: readonly string[] }): void {
  if (before.at(-1) !== 0x0a || next.at(-1) !== 0x0a) {
    held.delete(index);
    unwritten.delete(index);
    return;
  }
  const written = Buffer.from(edit.inserted.map((l) => `${l}\n`).join(""), "utf8");
  noteEdit(index, from, written, { lines: edit.inserted.length - edit.removed, marks: hasFence(next), crlf: next.includes("\r\n") });
}

// Layout: one JSON header line (magic, the state, the hash count), padded with spaces to a multiple of 4 bytes, the
// hashes as u32 in the machine's byte order (the file never leaves it), then one JSON line per append since.
function write(index: string, names: IndexNames): void {
  try {
    const { hashes, added: _a, records: _r, ...state } = names;
    let header = JSON.stringify({ magic: MAGIC, ...state, n: hashes.length });
    header += " ".repeat((4 - ((Buffer.byteLength(header) + 1) % 4)) % 4) + "\n";
    realDir(path.dirname(index), STATE_DIR);
    commitFileSync(namesPath(index), Buffer.concat([Buffer.from(header, "utf8"), Buffer.from(hashes.buffer, hashes.byteOffset, hashes.byteLength)]), { durable: false });
  } catch {
    held.delete(index);
  }
}

function load(file: string): IndexNames | undefined {
  try {
    const { bytes } = readRegular(file, undefined, { nofollow: true });
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const nl = buffer.indexOf(0x0a);
    const header = JSON.parse(buffer.toString("utf8", 0, nl)) as Record<string, unknown>;
    const body = nl + 1;
    const n = header.n;
    if (header.magic !== MAGIC || !isState(header) || !Number.isSafeInteger(n) || body % 4 !== 0 || buffer.length < body + (n as number) * 4) return undefined;
    const end = body + (n as number) * 4;
    const hashes = new Uint32Array(buffer.buffer.slice(buffer.byteOffset + body, buffer.byteOffset + end));
    let state: State = pick(header);
    const added = new Set<number>();
    // Each whole record that follows the state before it; a torn last one (a killed save) is not one.
    const tail = buffer.subarray(end);
    const text = tail.toString("utf8", 0, tail.lastIndexOf(0x0a) + 1);
    for (const line of text.split("\n").slice(0, -1)) {
      const r = JSON.parse(line) as Record<string, unknown>;
      if (r.from !== state.stamp || typeof r.stamp !== "string" || !Number.isSafeInteger(r.lines) || !Array.isArray(r.add) || !r.add.every(isHash)) break;
      if (r.last !== undefined && !isByte(r.last)) break;
      state = {
        stamp: r.stamp,
        newlines: state.newlines + (r.lines as number),
        marks: typeof r.marks === "boolean" ? r.marks : state.marks, // absent: unchanged
        crlf: typeof r.crlf === "boolean" ? r.crlf : state.crlf,
        last: r.last === undefined ? state.last : (r.last as number),
      };
      for (const h of r.add as number[]) added.add(h);
    }
    return { ...state, hashes, added, records: buffer.length - end };
  } catch {
    return undefined;
  }
}

function isState(o: Record<string, unknown>): boolean {
  const { stamp, newlines, marks, crlf, last } = o;
  return typeof stamp === "string" && Number.isSafeInteger(newlines) && typeof marks === "boolean" && typeof crlf === "boolean" && (last === null || isByte(last));
}

function pick(o: Record<string, unknown>): State {
  return { stamp: o.stamp as string, newlines: o.newlines as number, marks: o.marks as boolean, crlf: o.crlf as boolean, last: o.last as number | null };
}

const isByte = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255;
const isHash = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 0xffff_ffff;

/**
 * Whether `key` is in `sorted`; true too where the search lands out of order. The file is memctl's own, written whole
 * by rename: its order is checked where a search lands, not over 100,000 hashes on every load (as history-latest.ts).
 */
function has(sorted: Uint32Array, key: number): boolean {
  const at = lowerBound(sorted.length, (i) => sorted[i]!, key);
  if ((at > 0 && sorted[at - 1]! >= key) || (at < sorted.length && sorted[at]! < key)) return true;
  return at < sorted.length && sorted[at] === key;
}

/** The hashes sorted, each once (a native sort: a Set of 100,000 numbers costs more than the sort). */
function uniqueSorted(found: readonly number[]): Uint32Array {
  const all = Uint32Array.from(found).sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  return all.subarray(0, n);
}
