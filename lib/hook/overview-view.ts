// Session start's index view (kept in the card cache as its view section, lib/store/card-cache.ts): built from
// MEMORY.md's text, edited by memctl's journaled line edits, and decoded for the lines a start prints.
import { LITTLE_ENDIAN } from "../store/card-cache-format.js";
import { type IndexEntry, indexLines, parseIndexLine, type UnparsedLine } from "../core/index-file.js";
import { editSpan, insertedLines, type JournaledEdit, type LineTable, spliceLineTable } from "../core/line-edits.js";
import { renderEntryLine } from "../core/block.js";
import { isShardFile, normaliseTarget } from "../records/store-view.js";
import { printableJsonLines } from "../core/inert-bytes.js";
import { escapeJsonBytes, unescapeJsonBytes } from "../core/pieced-text.js";

/**
 * The overview's index view, kept in the card cache while MEMORY.md's stamp holds (issue 32: parsing and
 * rendering 100,000 index lines was most of a warm session start): a JSON line naming each entry's card (a
 * string when the link is the card's path and the line renders as written, else [link, card] or [link, card,
 * line as written]); then per entry three little-endian uint32, where its line ends in the escaped lines and in
 * the text, and its line in MEMORY.md (what a journaled line edit names: editOverviewView); then each entry's
 * rendered line and newline, escaped as JSON string content (pieced-text.ts), the
 * form Claude Code's and Codex's JSON print, so a start copies them. Shard links are left out, as viewStore
 * leaves them; held lines are left out when read, as a hold can change while MEMORY.md does not. With `previous`
 * (the view of an earlier MEMORY.md), a line written as before takes its entry from there: a line's entry is a
 * function of the line alone, so after a save only the lines it changed are parsed and rendered.
 */
export function buildOverviewView(indexText: string, previous?: Buffer): Buffer {
  const known = previous && knownLines(previous);
  const names: unknown[] = [];
  const lines: Uint8Array[] = [];
  const escapedLengths: number[] = [];
  const rawLengths: number[] = [];
  const lineNumbers: number[] = [];
  indexLines(indexText, (raw, n) => {
    const entry = known?.get(raw) ?? entryOf(raw, n);
    if (!entry) return;
    names.push(nameOf(raw, entry));
    lines.push(entry.escaped);
    escapedLengths.push(entry.escaped.length);
    rawLengths.push(entry.rawBytes);
    lineNumbers.push(n);
  });
  return encodeView(names, lines, escapedLengths, rawLengths, lineNumbers);
}

/** An index line's entry in the view, or undefined for a line the view leaves out (not an entry, a shard link). */
function entryOf(raw: string, n: number): KnownLine | undefined {
  const parsed = parseIndexLine(raw, n);
  return parsed && viewEntry(parsed);
}

/** A parsed index line's entry in the view, or undefined for one the view leaves out (unparsed, a shard link). */
export function viewEntry(parsed: IndexEntry | UnparsedLine): KnownLine | undefined {
  if ("reason" in parsed) return undefined;
  const card = normaliseTarget(parsed.file);
  if (card !== null && isShardFile(card)) return undefined;
  const line = renderEntryLine(parsed);
  const utf8 = Buffer.from(`${line}\n`, "utf8");
  return { file: parsed.file, card, line, escaped: escapeJsonBytes(utf8), rawBytes: utf8.length };
}

const nameOf = (raw: string, e: KnownLine): unknown => (raw !== e.line ? [e.file, e.card, raw] : e.card === e.file ? e.card : [e.file, e.card]);

function encodeView(names: unknown[], lines: Uint8Array[], escapedLengths: readonly number[], rawLengths: readonly number[], lineNumbers: ArrayLike<number>): Buffer {
  const table = new Uint32Array(names.length * 3);
  for (let i = 0, escapedEnd = 0, rawEnd = 0; i < names.length; i++) {
    escapedEnd += escapedLengths[i]!;
    rawEnd += rawLengths[i]!;
    table[3 * i] = escapedEnd;
    table[3 * i + 1] = rawEnd;
    table[3 * i + 2] = lineNumbers[i]!;
  }
  const bytes = Buffer.from(table.buffer);
  if (!LITTLE_ENDIAN) bytes.swap32();
  return Buffer.concat([Buffer.from(`${JSON.stringify(names)}\n`, "utf8"), bytes, ...lines]);
}

/**
 * The view after journaled edits of MEMORY.md's lines (lib/store/index-links.ts: each [line, removed, inserted],
 * 1-based, in order), made from the view before them: the entries of removed lines go, later ones move, inserted
 * lines are parsed and rendered. The rest is spliced as bytes (the names line at its elements' commas, the table's
 * later rows moved by the change's lengths, the lines copied), never parsed: at 100,000 entries parsing and
 * writing the names again cost more than the rest of a start. Equal to buildOverviewView of the edited text (the
 * journal records no edit of an index holding a fence mark, so no line's place in a fence moves). Undefined when
 * `previous` does not decode; what it returns is checked as any view is when it is decoded to be printed.
 */
export function editOverviewView(previous: Buffer, edits: readonly JournaledEdit[]): Buffer | undefined {
  let bytes = previous;
  for (const edit of edits) {
    // An edit that changes nothing (a hand edit that only moved MEMORY.md's stamp, lib/store/index-lines.ts): no copy.
    if (edit[1] === 0 && edit[2].length === 0) continue;
    const nl = bytes.indexOf(10);
    const starts = nl < 0 ? undefined : elementStarts(bytes, nl);
    if (!starts) return undefined;
    const count = starts.length;
    const view = decodeLines(bytes, nl, count, false);
    if (!view) return undefined;
    const span = editSpan(count, view.line, edit);
    const { first, end } = span;
    // The inserted lines as the links' edit already parsed them (insertedLines keeps each edit's parse).
    const added = insertedLines(edit).flatMap((parsed, k) => {
      const entry = parsed && viewEntry(parsed);
      return entry ? [{ raw: edit[2][k]!, entry, n: edit[0] + k }] : [];
    });
    const rows = added.map((a) => ({ line: a.n, lengths: [a.entry.escaped.length, a.entry.rawBytes] }));
    const { table, cut } = spliceLineTable(view.table, span, rows);
    const tableBytes = Buffer.from(interleave(table).buffer);
    if (!LITTLE_ENDIAN) tableBytes.swap32();
    // The names line: the elements before `first` and from `end` copied with the new ones between, commas between.
    const before = first > 0 ? bytes.subarray(1, first < count ? starts[first]! - 1 : nl - 1) : undefined;
    const after = end < count ? bytes.subarray(starts[end]!, nl - 1) : undefined;
    const mid = added.length > 0 ? Buffer.from(added.map((a) => JSON.stringify(nameOf(a.raw, a.entry))).join(","), "utf8") : undefined;
    const names = [before, mid, after].filter((b): b is Buffer => b !== undefined);
    const [from, to] = cut[0]!;
    bytes = Buffer.concat([
      Buffer.from("["),
      ...names.flatMap((b, i) => (i === 0 ? [b] : [COMMA, b])),
      Buffer.from("]\n"),
      tableBytes,
      view.lines.subarray(0, from),
      ...added.map((a) => a.entry.escaped),
      view.lines.subarray(to),
    ]);
  }
  return bytes;
}

/** The view's rows as stored: per entry its escaped end, raw end and line, one after another. */
function interleave(t: LineTable): Uint32Array {
  const [escaped, raw] = t.ends as [Uint32Array, Uint32Array];
  const out = new Uint32Array(t.lines.length * 3);
  for (let i = 0; i < t.lines.length; i++) {
    out[3 * i] = escaped[i]!;
    out[3 * i + 1] = raw[i]!;
    out[3 * i + 2] = t.lines[i]!;
  }
  return out;
}

const COMMA = Buffer.from(",");

/**
 * Where each element of the names line (a JSON array of strings and arrays of strings and nulls, as JSON.stringify
 * writes it, ending at `end`) starts; undefined when it is not one such array.
 */
function elementStarts(json: Buffer, end: number): number[] | undefined {
  if (json[0] !== 0x5b || json[end - 1] !== 0x5d) return undefined;
  const starts: number[] = [];
  let depth = 0;
  let inString = false;
  let next = false;
  for (let p = 0; p < end; p++) {
    const c = json[p]!;
    if (inString) {
      if (c === 0x5c) p++;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (next) {
      if (!(c === 0x5d && depth === 1)) starts.push(p);
      next = false;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b) {
      if (++depth === 1) next = true;
    } else if (c === 0x5d) {
      if (--depth === 0 && p !== end - 1) return undefined;
    } else if (c === 0x2c && depth === 1) next = true;
  }
  return depth === 0 && !inString ? starts : undefined;
}

export interface KnownLine {
  file: string;
  card: string | null;
  /** The rendered line, its escaped bytes with their newline and its UTF-8 length with it. */
  line: string;
  escaped: Uint8Array;
  rawBytes: number;
}

/** Each line of an earlier view as written, with its link, card and rendered line. */
function knownLines(bytes: Buffer): Map<string, KnownLine> | undefined {
  const view = decodeView(bytes);
  if (!view) return undefined;
  const rendered = unescapeJsonBytes([view.lines]).toString("utf8").split("\n");
  if (rendered.length !== view.count + 1) return undefined;
  const known = new Map<string, KnownLine>();
  for (let i = 0; i < view.count; i++) {
    const line = rendered[i]!;
    const escaped = view.lines.subarray(view.end(i - 1), view.end(i));
    known.set(view.raw(i) ?? line, { file: view.file(i), card: view.card(i), line, escaped, rawBytes: view.rawEnd(i) - view.rawEnd(i - 1) });
  }
  return known;
}

/** The view's lines and where each entry's line ends. */
export interface ViewLines {
  count: number;
  /** The escaped lines. */
  lines: Buffer;
  /** Where entry i's line ends in `lines`, and in the text (0 for i = -1). */
  end(i: number): number;
  rawEnd(i: number): number;
  /** Entry i's line in MEMORY.md. */
  line(i: number): number;
  /** The same as columns: each entry's line, and where its line ends in the escaped lines and in the text. */
  table: LineTable;
}

export interface DecodedView extends ViewLines {
  /** Entries: each one's link, card, and the line as written when it is not its rendered line. */
  file(i: number): string;
  card(i: number): string | null;
  raw(i: number): string | undefined;
  /** Entry i's name as the names line has it. */
  name(i: number): unknown;
}

/**
 * The view, or undefined when the bytes are not what buildOverviewView writes. The lines are printed inside the
 * host's JSON string as they are, so they are checked to keep it one string and to hold only what the renderer
 * writes (printableJsonLines: no unbroken fence, nothing inertText would show as text); what they
 * say is the cache's, as every field it keeps. The entries are read where they were parsed: no object made per entry.
 */
export function decodeView(bytes: Buffer, printed = true): DecodedView | undefined {
  const nl = bytes.indexOf(10);
  if (nl < 0) return undefined;
  let names: unknown;
  try {
    names = JSON.parse(bytes.toString("utf8", 0, nl));
  } catch {
    return undefined;
  }
  if (!Array.isArray(names)) return undefined;
  for (const n of names as unknown[]) {
    if (typeof n === "string") continue;
    if (!Array.isArray(n) || !(n.length === 2 || (n.length === 3 && typeof n[2] === "string")) || typeof n[0] !== "string" || !(n[1] === null || typeof n[1] === "string"))
      return undefined;
  }
  const lines = decodeLines(bytes, nl, names.length, printed);
  if (!lines) return undefined;
  const entry = (i: number) => names[i] as string | [string, string | null, string?];
  return {
    ...lines,
    file: (i) => (typeof entry(i) === "string" ? (entry(i) as string) : entry(i)[0]),
    card: (i) => (typeof entry(i) === "string" ? (entry(i) as string) : entry(i)[1]),
    raw: (i) => (typeof entry(i) === "string" ? undefined : entry(i)[2]),
    name: entry,
  };
}

/**
 * The view's lines of `count` entries, whose names end at `nl`, or undefined when the table and lines are not
 * what buildOverviewView writes, or would not keep the host's JSON string one string.
 */
export function decodeLines(bytes: Buffer, nl: number, count: number, printed = true): ViewLines | undefined {
  const tableAt = nl + 1;
  const linesAt = tableAt + count * 12;
  if (nl < 0 || linesAt > bytes.length) return undefined;
  const lines = bytes.subarray(linesAt);
  // The table copied once into aligned memory and read as 32-bit words (300,000 readUInt32LE calls cost more).
  const table = new Uint32Array(count * 3);
  bytes.copy(Buffer.from(table.buffer), 0, tableAt, linesAt);
  if (!LITTLE_ENDIAN) Buffer.from(table.buffer).swap32();
  const ends = new Uint32Array(count);
  const rawEnds = new Uint32Array(count);
  const lineNumbers = new Uint32Array(count);
  for (let i = 0, raw = 0; i < count; i++) {
    ends[i] = table[3 * i]!;
    rawEnds[i] = table[3 * i + 1]!;
    lineNumbers[i] = table[3 * i + 2]!;
    // A line's text is shorter than its escaped form by at least the escaped newline's one byte; lines go up.
    if (rawEnds[i]! <= raw || rawEnds[i]! - raw > ends[i]! - (i === 0 ? 0 : ends[i - 1]!) - 1) return undefined;
    if (lineNumbers[i]! <= (i === 0 ? 0 : lineNumbers[i - 1]!)) return undefined;
    raw = rawEnds[i]!;
  }
  // The lines are exactly the entries' (a count that is not the view's leaves bytes over or runs short).
  if ((count === 0 ? 0 : ends[count - 1]!) !== lines.length) return undefined;
  // Printed as they stand: a cache edited to close the block's fence or carry what inertText shows as text (a
  // control, bidi or tag character) is not the renderer's, and reads as none (lib/core/inert-bytes.ts).
  if (printed && !printableJsonLines(lines, ends)) return undefined;
  return {
    count,
    lines,
    end: (i) => (i < 0 ? 0 : ends[i]!),
    rawEnd: (i) => (i < 0 ? 0 : rawEnds[i]!),
    line: (i) => lineNumbers[i]!,
    table: { lines: lineNumbers, ends: [ends, rawEnds] },
  };
}
