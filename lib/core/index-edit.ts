import { parseIndex } from "./index-file.js";
import { findIndexLines } from "./index-find.js";

// MEMORY.md edits touch only the lines of one card; every other byte (headings, prose, other entries,
// line endings, a missing final newline) stays as it was. Callers hold the store lock around read-modify-write.

export const EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) — hook\n";

function sameCard(target: string, file: string): boolean {
  return target.replace(/^\.\//, "") === file;
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
  const hit = findIndexLines(index, file)[0];
  if (hit) return Buffer.concat([index.subarray(0, hit.start), Buffer.from(line, "utf8"), index.subarray(hit.end)]);
  const eol = index.includes("\r\n") ? "\r\n" : "\n";
  const sep = index.length === 0 || index[index.length - 1] === 0x0a ? "" : eol;
  return Buffer.concat([index, Buffer.from(sep + line + eol, "utf8")]);
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
  return findIndexLines(index, file).length > 0;
}

function upsertParsed(indexText: string, parsed: ReturnType<typeof parseIndex>, file: string, line: string): string {
  const entry = parsed.entries.find((e) => sameCard(e.file, file));
  const parts = lines(indexText);
  if (entry) {
    parts[entry.line - 1]![0] = line;
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
