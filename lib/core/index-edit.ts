import { countNewlines, hasFence } from "./index-bytes.js";
import { inFormOf, parseIndex } from "./index-file.js";
import { findIndexLine, findIndexLines, hasFenceMark } from "./index-find.js";
import { linkKey } from "./link-key.js";

// MEMORY.md edits touch only the lines of one card; every other byte (headings, prose, other entries,
// line endings, a missing final newline) stays as it was. Callers hold the store lock around read-modify-write.

export const EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) — hook\n";

function sameCard(target: string, file: string): boolean {
  return linkKey(target) === file;
}

/** Splits text into [line, eol] pairs (eol: "\r\n", "\n" or "" at the end) — the same lines parseIndex numbers. */
function lines(text: string): [string, string][] {
  const pieces = text.split(/(\r?\n)/);
  const out: [string, string][] = [];
  for (let i = 0; i < pieces.length; i += 2) out.push([pieces[i]!, pieces[i + 1] ?? ""]);
  if (out.length > 1 && out[out.length - 1]![0] === "" && out[out.length - 1]![1] === "") out.pop();
  return out;
}

/** Replaces the first index line linking `file` with `line`, or appends `line` when there is none. */
export function upsertIndexLine(indexText: string, file: string, line: string): string {
  return upsertParsed(indexText, parseIndex(indexText), file, line);
}

// The byte variants splice the raw bytes at the lines findIndexLines locates (every untouched byte — invalid UTF-8
// included — is kept) without parsing the rest of the index: their cost follows the card, not the store.

/** upsertIndexLine on the raw bytes of MEMORY.md: every byte outside the replaced line is kept. */
export function upsertIndexLineBytes(index: Buffer, file: string, line: string): Buffer {
  const hit = findIndexLine(index, file);
  if (hit) return Buffer.concat([index.subarray(0, hit.start), Buffer.from(lineInFormOf(index.subarray(hit.start, hit.end), line), "utf8"), index.subarray(hit.end)]);
  const eol = index.includes("\r\n") ? "\r\n" : "\n";
  const sep = index.length === 0 || index[index.length - 1] === 0x0a ? "" : eol;
  return Buffer.concat([index, Buffer.from(sep + line + eol, "utf8")]);
}

/**
 * upsertIndexLineBytes as pieces a writer writes without joining 19 MB into a copy (head, line, tail; or the index
 * and the appended line), with the edit indexLineEdit reports between the old bytes and the joined pieces (none
 * when it reports none). Undefined for an append to an index whose last line has no line break (upsertIndexLineBytes).
 */
export function upsertIndexLinePieces(index: Buffer, file: string, line: string): { pieces: Buffer[]; changed: boolean; edit?: LineEdit } | undefined {
  const hit = findIndexLine(index, file);
  if (!hit) {
    if (index.length > 0 && index[index.length - 1] !== 0x0a) return undefined;
    const added = Buffer.from(line + (index.includes("\r\n") ? "\r\n" : "\n"), "utf8");
    const edit = appendedLineEdit(countNewlines(index, index.length) + 1, line, hasFenceMark(index));
    return { pieces: [index, added], changed: true, ...(edit ? { edit } : {}) };
  }
  const old = index.subarray(hit.start, hit.end);
  const formed = lineInFormOf(old, line);
  const bytes = Buffer.from(formed, "utf8");
  const pieces = [index.subarray(0, hit.start), bytes, index.subarray(hit.end)];
  if (bytes.equals(old)) return { pieces, changed: false };
  const edit = replacedLineEdit(countNewlines(index, hit.start) + 1, formed, old, hasFenceMark(index));
  return { pieces, changed: true, ...(edit ? { edit } : {}) };
}

/** `line` in the form of the entry line whose bytes were `old` (inFormOf); as rendered when `old` is not UTF-8. */
export function lineInFormOf(old: Uint8Array, line: string): string {
  return isUtf8(old) ? inFormOf(Buffer.from(old.buffer, old.byteOffset, old.byteLength).toString("utf8"), line) : line;
}

/** The journal's edit for `line` appended as line `at` (1-based); refused as replacedLineEdit refuses. */
export function appendedLineEdit(at: number, line: string, marks: boolean): LineEdit | undefined {
  if (at === 1 || /[\r\n]/.test(line) || marks || hasFence(Buffer.from(line, "utf8"))) return undefined;
  return { at, removed: 0, inserted: [line] };
}

/**
 * The journal's edit for line `at` (1-based), whose bytes were `old`, replaced by `line`, in an index that holds a
 * fence mark anywhere or not (`marks`). What indexLineEdit refuses, refused alike: line 1, a fence mark in either
 * text, a line that is not UTF-8. Shared by the whole-Buffer edit above and the streamed one (lib/store/index-stream.ts).
 */
export function replacedLineEdit(at: number, line: string, old: Uint8Array, marks: boolean): LineEdit | undefined {
  if (at === 1 || /[\r\n]/.test(line) || marks || hasFence(Buffer.from(line, "utf8")) || !isUtf8(old)) return undefined;
  return { at, removed: 1, inserted: [line] };
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** One edit of whole lines: from line `at` (1-based), `removed` lines became `inserted`. */
export interface LineEdit {
  at: number;
  removed: number;
  inserted: string[];
}

/** removeIndexLines on the raw bytes of MEMORY.md: each line linking `file` goes with its line break. */
export function removeIndexLinesBytes(index: Buffer, file: string): { bytes: Buffer; removed: number } {
  const hits = findIndexLines(index, file);
  if (hits.length === 0) return { bytes: index, removed: 0 };
  const kept: Buffer[] = [];
  let from = 0;
  for (const { start, end } of hits) {
    kept.push(index.subarray(from, start));
    from = index[end] === 0x0d ? end + 2 : index[end] === 0x0a ? end + 1 : end;
  }
  kept.push(index.subarray(from));
  return { bytes: Buffer.concat(kept), removed: hits.length };
}

/** Whether the index bytes already link `file`. */
export function indexHasBytes(index: Buffer, file: string): boolean {
  return findIndexLine(index, file) !== undefined;
}

function upsertParsed(indexText: string, parsed: ReturnType<typeof parseIndex>, file: string, line: string): string {
  const entry = parsed.entries.find((e) => sameCard(e.file, file));
  const parts = lines(indexText);
  if (entry) {
    parts[entry.line - 1]![0] = inFormOf(entry.raw, line);
    return parts.map(([l, e]) => l + e).join("");
  }
  const eol = indexText.includes("\r\n") ? "\r\n" : "\n";
  const sep = indexText === "" || /\n$/.test(indexText) ? "" : eol;
  return indexText + sep + line + eol;
}

/** Removes every index line linking `file`. */
export function removeIndexLines(indexText: string, file: string): { text: string; removed: number } {
  return removeParsed(indexText, parseIndex(indexText), file);
}

function removeParsed(indexText: string, parsed: ReturnType<typeof parseIndex>, file: string): { text: string; removed: number } {
  const drop = new Set(parsed.entries.filter((e) => sameCard(e.file, file)).map((e) => e.line));
  if (drop.size === 0) return { text: indexText, removed: 0 };
  const kept = lines(indexText).filter((_, i) => !drop.has(i + 1));
  return { text: kept.map(([l, e]) => l + e).join(""), removed: drop.size };
}

/** Whether the index already links `file`. */
export function indexHas(indexText: string, file: string): boolean {
  return parseIndex(indexText).entries.some((e) => sameCard(e.file, file));
}

/**
 * One contiguous edit of MEMORY.md's lines, as parseIndex numbers them: from line `at` (1-based), `removed` lines
 * became `inserted` (without their line breaks). Undefined when the bytes are equal, and when a reader could not
 * apply the edit line by line: it touches line 1 (a byte-order mark is not part of a parsed line), a code fence is
 * anywhere in either text (a fence changes which lines parse), or the changed text is not valid UTF-8.
 * O(size) byte compares and a newline count: what a write journal records so the hook need not re-read the index.
 */
export function indexLineEdit(before: Uint8Array, next: Uint8Array): LineEdit | undefined {
  // The caller's own Buffers when they are: the index's fence scan is remembered per Buffer (index-find.ts).
  const a = Buffer.isBuffer(before) ? before : Buffer.from(before.buffer, before.byteOffset, before.byteLength);
  const b = Buffer.isBuffer(next) ? next : Buffer.from(next.buffer, next.byteOffset, next.byteLength);
  if (a.equals(b) || hasFenceMark(a)) return undefined;
  const min = Math.min(a.length, b.length);
  // Common head and tail compared a chunk at a time natively (memcmp), then byte by byte in the chunk that differs.
  let p = 0;
  while (p + CHUNK <= min && a.compare(b, p, p + CHUNK, p, p + CHUNK) === 0) p += CHUNK;
  while (p < min && a[p] === b[p]) p++;
  const start = p === 0 ? 0 : a.lastIndexOf(0x0a, p - 1) + 1; // the changed region starts at a line start
  let q = 0;
  const tail = min - start;
  while (q + CHUNK <= tail && a.compare(b, b.length - q - CHUNK, b.length - q, a.length - q - CHUNK, a.length - q) === 0) q += CHUNK;
  while (q < tail && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  // The common tail must start at a line start in both texts (after a newline there, or be empty), so the changed
  // region is whole lines in each: shrink it until it does.
  while (q > 0 && !(a[a.length - q - 1] === 0x0a && b[b.length - q - 1] === 0x0a)) q--;
  const endA = a.length - q;
  const endB = b.length - q;
  const at = countNewlines(a, start) + 1;
  if (at === 1) return undefined;
  const removedText = a.subarray(start, endA);
  const insertedText = b.subarray(start, endB);
  // b is a's head and tail around the inserted lines, and a holds no fence; a fence mark cannot straddle the edges
  // (each is a line start), so b holds one only if the inserted lines do: one scan of the change, not of 19 MB.
  if (hasFence(insertedText)) return undefined;
  const fatal = new TextDecoder("utf-8", { fatal: true });
  try {
    const inserted = splitLines(fatal.decode(insertedText));
    return { at, removed: splitLines(fatal.decode(removedText)).length, inserted };
  } catch {
    return undefined;
  }
}

/** indexLineEdit's compare step: common head and tail are compared this many bytes at a time. */
const CHUNK = 64 * 1024;

/** The lines of a run of whole lines: split at each line break (\r\n or \n), no empty line after the last break. */
function splitLines(text: string): string[] {
  if (text === "") return [];
  const parts = text.split(/\r?\n/);
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}
