// MEMORY.md's links as the card cache keeps them (its links section, card-cache-format.ts), so that after memctl's own
// edit of an index line (every `save`, `rm`) the next read applies that edit instead of parsing 100,000 lines
// again (issue 32: after a save, session start re-parsed the whole index for its links and its view).
// The section: a little-endian uint32 count n, then n line numbers (1-based, increasing: each parseIndex entry's
// line), then n end offsets into the keys, then the keys, each entry's link as `linked` compares it (`./` dropped)
// and a newline. It stays bytes: a link's key is decoded only for a line an edit removes.
// An edit is used only when the write journal (write-journal.ts) chains from the MEMORY.md the section was read at
// to the MEMORY.md on disk, as the rank cache's refresh uses it (lib/rank-cache/journal.ts). Anything else (a hand
// edit, a torn or rotated journal, a record that says "read the files") reads MEMORY.md whole, and its lines are
// compared with the keys the cache kept (index-lines.ts): a few lines changed are applied as the journal's edits are;
// an index rewritten, one holding a fence mark or a cache without keys is parsed whole, as before.
import { parseIndex } from "../core/index-file.js";
import { LITTLE_ENDIAN, type CacheHead, type CardRecord } from "./card-cache-format.js";
import { racy } from "./card-trust.js";
import { exists, lstatIfExists, readRegularBuffer } from "./checked-fs.js";
import { INDEX_FILE, joinPath } from "./paths.js";
import { journalCoversIndex, journalSince, sameIndexStamp, type IndexStamp, type JournalMark, type JournalRecord } from "./write-journal.js";
import { linkKey } from "../core/link-key.js";
import { editSpan, insertedLines, spliceLineTable } from "../core/line-edits.js";
import { utf8Text } from "../core/bytes.js";
import { applyToLines, decodeLines, encodeLines, handEdits, linesBytes } from "./index-lines.js";

export type LineEdit = NonNullable<JournalRecord["e"]>;

/** The links section decoded: no key is made a string until asked for. */
export interface LinksTable {
  lines: Uint32Array;
  /** Where entry i's key (with its newline) ends in `keys`. */
  keyEnds: Uint32Array;
  keys: Buffer;
}

export function encodeLinks(entries: readonly { line: number; file: string }[]): Buffer {
  const keys = Buffer.from(entries.map((e) => `${linkKey(e.file)}\n`).join(""), "utf8");
  const ends = new Uint32Array(entries.length);
  for (let i = 0, at = 0, p = 0; i < entries.length; i++) {
    p = keys.indexOf(10, at);
    ends[i] = at = p + 1;
  }
  return linksBytes({ lines: Uint32Array.from(entries, (e) => e.line), keyEnds: ends, keys });
}

export function linksBytes(t: LinksTable): Buffer {
  const n = t.lines.length;
  const out = Buffer.alloc(4 + n * 8 + t.keys.length);
  out.writeUInt32LE(n, 0);
  const words = new Uint32Array(n * 2);
  words.set(t.lines, 0);
  words.set(t.keyEnds, n);
  const raw = Buffer.from(words.buffer);
  if (!LITTLE_ENDIAN) raw.swap32();
  raw.copy(out, 4);
  t.keys.copy(out, 4 + n * 8);
  return out;
}

/** The table, or undefined when the bytes are not what linksBytes writes (lines increasing, keys ending in newlines). */
export function decodeLinks(bytes: Buffer): LinksTable | undefined {
  if (bytes.length < 4) return undefined;
  const n = bytes.readUInt32LE(0);
  if (4 + n * 8 > bytes.length) return undefined;
  const words = new Uint32Array(n * 2);
  const raw = Buffer.from(words.buffer);
  bytes.copy(raw, 0, 4, 4 + n * 8);
  if (!LITTLE_ENDIAN) raw.swap32();
  const lines = words.subarray(0, n);
  const keyEnds = words.subarray(n);
  const keys = bytes.subarray(4 + n * 8);
  for (let i = 0; i < n; i++) {
    const start = i === 0 ? 0 : keyEnds[i - 1]!;
    if (lines[i]! < 1 || (i > 0 && lines[i]! <= lines[i - 1]!) || keyEnds[i]! <= start || keyEnds[i]! > keys.length || keys[keyEnds[i]! - 1] !== 10) return undefined;
  }
  if ((n === 0 ? 0 : keyEnds[n - 1]!) !== keys.length) return undefined;
  return { lines, keyEnds, keys };
}

const keyAt = (t: LinksTable, i: number) => t.keys.toString("utf8", i === 0 ? 0 : t.keyEnds[i - 1]!, t.keyEnds[i]! - 1);

/** Whether any entry links `key`: a search of the keys' bytes for the whole line, not one entry decoded. */
export function linksHas(t: LinksTable, key: string): boolean {
  const needle = Buffer.from(`${key}\n`, "utf8");
  for (let p = t.keys.indexOf(needle); p >= 0; p = t.keys.indexOf(needle, p + 1)) if (p === 0 || t.keys[p - 1] === 10) return true;
  return false;
}

/**
 * The table after `edits` (journal edits of MEMORY.md's lines, in order), as parseIndex of the edited text would
 * number and link its entries, and every key an edit removed or added (whose `linked` may have moved). Undefined
 * when an edit cannot be applied here (an inserted line with a line break in it).
 */
export function applyLineEdits(table: LinksTable, edits: readonly LineEdit[]): { table: LinksTable; changed: Set<string> } | undefined {
  let t = table;
  const changed = new Set<string>();
  for (const edit of edits) {
    const [at, removed, inserted] = edit;
    if (!Number.isSafeInteger(at) || at < 1 || !Number.isSafeInteger(removed) || removed < 0 || !Array.isArray(inserted)) return undefined;
    if (inserted.some((raw) => typeof raw !== "string" || /[\r\n]/.test(raw))) return undefined;
    if (removed === 0 && inserted.length === 0) continue; // changes nothing (a `touch` of MEMORY.md, index-lines.ts)
    const span = editSpan(t.lines.length, (i) => t.lines[i]!, edit);
    for (let i = span.first; i < span.end; i++) changed.add(keyAt(t, i));
    // The added entries' keys made once, as bytes beside their lengths: nothing is encoded to be decoded again.
    const added: { line: number; lengths: number[] }[] = [];
    const keys: string[] = [];
    insertedLines(edit).forEach((parsed, k) => {
      if (parsed === undefined || "reason" in parsed) return;
      const key = linkKey(parsed.file);
      added.push({ line: at + k, lengths: [Buffer.byteLength(key) + 1] });
      keys.push(`${key}\n`);
      changed.add(key);
    });
    const { table: spliced, cut } = spliceLineTable({ lines: t.lines, ends: [t.keyEnds] }, span, added);
    const [from, to] = cut[0]!;
    t = { lines: spliced.lines, keyEnds: spliced.ends[0]!, keys: Buffer.concat([t.keys.subarray(0, from), Buffer.from(keys.join(""), "utf8"), t.keys.subarray(to)]) };
  }
  return { table: t, changed };
}

/**
 * The journaled edits of MEMORY.md's lines since `mark`, when they chain from `recorded` ([mtime, size, ctime, ino]:
 * the MEMORY.md the links were read at) to `now`; undefined when anything in between is not a journaled edit.
 */
export function journaledEdits(memoryDir: string, mark: JournalMark | null, recorded: readonly number[], now: readonly number[]): LineEdit[] | undefined {
  const records = mark ? journalSince(memoryDir, mark) : undefined;
  if (!records || records.length === 0) return undefined;
  let index: IndexStamp = [recorded[1]!, recorded[0]!, recorded[3]!, recorded[2]!];
  const edits: LineEdit[] = [];
  for (const r of records) {
    // Landed before the links were read, recorded after the mark (a write between the mark and the read): already in.
    const landed = sameIndexStamp(r.o, index) && !sameIndexStamp(r.i, index);
    if (!landed && (r.x || !sameIndexStamp(r.i, index) || (!r.e && !sameIndexStamp(r.i, r.o)))) return undefined;
    if (!landed && r.e) edits.push(r.e);
    index = r.o;
  }
  if (!journalCoversIndex(memoryDir, now[2]!)) return undefined;
  return sameIndexStamp(index, [now[1]!, now[0]!, now[3]!, now[2]!]) && edits.length > 0 ? edits : undefined;
}

/**
 * What readLinks reads of the card cache: its head and links section, its line keys and the edits they are still to
 * take (a merged delta's: the links section has taken them), and its file's mtime with its racy window.
 */
export interface LinksCache {
  head: CacheHead;
  links: Buffer;
  lines: Buffer;
  edits: readonly LineEdit[];
  mtimeMs: number;
  racyMs: number;
}

const NONE = Buffer.alloc(0);

/**
 * MEMORY.md's links: `set` undefined while its stamp holds (the records' `linked` and the head's `linkedOther`
 * stand), else parsed. `index` is the stamp to keep (null: no MEMORY.md, or too recent to trust).
 */
export function readLinks(dir: string, old: LinksCache | undefined, mark: JournalMark | undefined): Links {
  const file = joinPath(dir, INDEX_FILE);
  const journal = mark ?? null;
  if (!exists(file)) return { set: new Set(), index: null, journal, bytes: NONE };
  const st = lstatIfExists(file);
  const stamp = st?.isFile() ? [st.mtimeMs, st.size, st.ctimeMs, st.ino] : undefined;
  const cached = old?.head.index;
  if (stamp && cached && sameNumbers(stamp, cached) && !racy(stamp, old!.mtimeMs, old!.racyMs)) return { index: cached, stamp, journal: old!.head.journal, bytes: old!.links };
  // memctl's own line edits since the links were read, applied to them (a stamp too recent to trust is read whole).
  if (stamp && cached && old!.links.length > 0 && !racy(stamp, Date.now(), old!.racyMs)) {
    const edits = journaledEdits(dir, old!.head.journal, cached, stamp);
    const table = edits && decodeLinks(old!.links);
    const applied = table && applyLineEdits(table, edits!);
    if (applied) return { index: stamp, stamp, journal, edits, table: applied.table, changed: applied.changed, bytes: linksBytes(applied.table) };
  }
  // Checked: a FIFO or device as MEMORY.md is an error (E_NOT_REGULAR), never a read that blocks.
  const bytes = readRegularBuffer(file);
  // A hand edit: the lines whose keys moved, applied as memctl's own edits are (nothing else of MEMORY.md parsed).
  const hand = stamp && cached && old!.links.length > 0 ? handApplied(old!, bytes) : undefined;
  if (hand) return { index: stamp!, stamp, journal, ...hand };
  const text = utf8Text(bytes);
  const entries = parseIndex(text).entries;
  return { set: new Set(entries.map((e) => linkKey(e.file))), index: stamp ?? null, stamp, text, journal, bytes: encodeLinks(entries), lines: () => encodeLines(bytes) };
}

/** The cache's links and line keys after the edits that make its MEMORY.md into `bytes`, or undefined (parse it whole). */
function handApplied(old: LinksCache, bytes: Buffer): Pick<Links, "edits" | "table" | "changed" | "bytes" | "lines"> | undefined {
  const kept = decodeLines(old.lines);
  const now = kept && (old.edits.length === 0 ? kept : applyToLines(kept, old.edits));
  const found = now && handEdits(now, bytes);
  const table = found && decodeLinks(old.links);
  const applied = table && applyLineEdits(table, found!.edits);
  if (!applied) return undefined;
  return { edits: found!.edits, table: applied.table, changed: applied.changed, bytes: linksBytes(applied.table), lines: () => linesBytes(found!.table) };
}

/**
 * The line keys section for MEMORY.md as `links` leaves it: made from its bytes when they were read, else the
 * cache's after its pending edits and the journaled ones; empty when they cannot follow (none is kept then).
 */
export function linesAfter(old: LinksCache | undefined, links: Links): Buffer {
  if (links.lines) return links.lines();
  if (!old || links.index === null) return NONE;
  const edits = [...old.edits, ...(links.edits ?? [])];
  if (edits.length === 0) return old.lines;
  const kept = decodeLines(old.lines);
  const applied = kept && applyToLines(kept, edits);
  return applied ? linesBytes(applied) : NONE;
}

/**
 * MEMORY.md's links for this call: `set` when it was parsed whole; `changed` (the keys journaled edits moved) and
 * `table` when edits were applied; neither while its stamp holds. `index` is the stamp to keep (null: no MEMORY.md);
 * `journal` the journal's end before it was read; `bytes` the links section to keep.
 */
export interface Links {
  set?: Set<string>;
  changed?: Set<string>;
  table?: LinksTable;
  edits?: LineEdit[];
  index: readonly number[] | null;
  stamp?: number[];
  text?: string;
  journal: JournalMark | null;
  bytes: Buffer;
  /** The line keys section for this MEMORY.md when it was read (index-lines.ts); else linesAfter makes it from the cache's. */
  lines?: () => Buffer;
}

export function sameNumbers(a: readonly number[], b: readonly number[] | null | undefined): boolean {
  return b != null && a.length === b.length && a.every((v, i) => v === b[i]);
}

/** Whether `records` (sorted by name) holds `file`. */
export function findRecord(records: readonly CardRecord[], file: string): boolean {
  let lo = 0;
  let hi = records.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const f = records[mid]!.file;
    if (f === file) return true;
    if (f < file) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
