import { parseIndex } from "./index-file.js";

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

// The byte variants splice a Latin-1 view of the file (one char per byte, so every untouched byte — invalid
// UTF-8 included — round-trips exactly) while the entries come from the UTF-8 parse. A line break is one byte
// in both decodings, so both number the lines alike.
const asView = (text: string): string => Buffer.from(text, "utf8").toString("latin1");

/** upsertIndexLine on the raw bytes of MEMORY.md: every byte outside the replaced line is kept. */
export function upsertIndexLineBytes(index: Buffer, file: string, line: string): Buffer {
  return Buffer.from(upsertParsed(index.toString("latin1"), parseIndex(index.toString("utf8")), file, asView(line)), "latin1");
}

/** removeIndexLines on the raw bytes of MEMORY.md. */
export function removeIndexLinesBytes(index: Buffer, file: string): { bytes: Buffer; removed: number } {
  const { text, removed } = removeParsed(index.toString("latin1"), parseIndex(index.toString("utf8")), file);
  return { bytes: Buffer.from(text, "latin1"), removed };
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
