import { type IndexEntry, parseIndexLine, type UnparsedLine } from "./index-file.js";

// memctl's journaled edits of MEMORY.md's lines ([at, removed, inserted], lib/store/write-journal.ts) applied to
// what a reader keeps per index entry, in line order: the links table (lib/store/index-links.ts), session start's
// view (lib/hook/overview-view.ts) and the rank cache's items (lib/rank-cache/journal.ts). The splice is the same in
// each: the entries on removed lines go, the inserted lines' entries take their place, later entries move by the
// change in line count and, in a table of byte ends, by the change in bytes. Pure; the callers check what they read.

/** A journaled edit of whole lines (the journal's `e`): from line `at` (1-based), `removed` lines became `inserted`. */
export type JournaledEdit = readonly [at: number, removed: number, inserted: readonly string[]];

/** The first i in [0, count) with valueAt(i) >= target, for values not decreasing in i; count when there is none. */
export function lowerBound(count: number, valueAt: (i: number) => number, target: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (valueAt(mid) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where an edit lands among entries in line order: [first, end) stood on its removed lines; those from end move `shift` lines. */
export interface EditSpan {
  first: number;
  end: number;
  shift: number;
}

/** The span of `edit` among `count` entries whose lines (lineAt) increase with their position. */
export function editSpan(count: number, lineAt: (i: number) => number, [at, removed, inserted]: JournaledEdit): EditSpan {
  return { first: lowerBound(count, lineAt, at), end: lowerBound(count, lineAt, at + removed), shift: inserted.length - removed };
}

/** `rows` in line order after the edit `span` describes: `added` in place of [first, end), later rows `move`d by its shift. */
export function spliceRows<T>(rows: readonly T[], span: EditSpan, added: readonly T[], move: (row: T, shift: number) => T): T[] {
  const out = rows.slice(0, span.first);
  out.push(...added);
  for (let i = span.end; i < rows.length; i++) out.push(move(rows[i]!, span.shift));
  return out;
}

/**
 * Entries in line order kept as columns of 32-bit words: each one's line (1-based, increasing) and, per byte column,
 * where its piece ends in that column's bytes (pieces laid end to end, so the ends increase).
 */
export interface LineTable {
  lines: Uint32Array;
  ends: readonly Uint32Array[];
}

/**
 * The table after the edit `span` describes: `added` (each entry's line and its pieces' lengths, one per column) in
 * place of [first, end), later lines moved by the shift and later ends by the bytes the change added or removed.
 * `cut[c]` is the byte range [from, to) of column c the removed entries' pieces had: where the caller splices its
 * bytes (the added pieces go at `from`).
 */
export function spliceLineTable(t: LineTable, span: EditSpan, added: readonly { line: number; lengths: readonly number[] }[]): { table: LineTable; cut: [number, number][] } {
  const { first, end, shift } = span;
  const n = t.lines.length;
  const count = first + added.length + (n - end);
  const lines = new Uint32Array(count);
  lines.set(t.lines.subarray(0, first), 0);
  for (let k = 0; k < added.length; k++) lines[first + k] = added[k]!.line;
  for (let i = end, j = first + added.length; i < n; i++, j++) lines[j] = t.lines[i]! + shift;
  const cut: [number, number][] = [];
  const ends = t.ends.map((col, c) => {
    const from = first === 0 ? 0 : col[first - 1]!;
    const to = end === 0 ? 0 : col[end - 1]!;
    cut.push([from, to]);
    const out = new Uint32Array(count);
    out.set(col.subarray(0, first), 0);
    let at = from;
    for (let k = 0; k < added.length; k++) out[first + k] = at += added[k]!.lengths[c]!;
    const moved = at - to;
    for (let i = end, j = first + added.length; i < n; i++, j++) out[j] = col[i]! + moved;
    return out;
  });
  return { table: { lines, ends }, cut };
}

/**
 * The inserted lines of `edit` as parseIndexLine reads them at their new line numbers (undefined: not a bullet line).
 * Parsed once per edit: session start applies the same journaled edits to the links and then to the view.
 * The entries are shared between those callers: read them, never write into them.
 */
export function insertedLines(edit: JournaledEdit): readonly (IndexEntry | UnparsedLine | undefined)[] {
  const known = parsed.get(edit);
  if (known && known.at === edit[0] && known.inserted === edit[2]) return known.lines;
  const lines = edit[2].map((raw, k) => parseIndexLine(raw, edit[0] + k));
  parsed.set(edit, { at: edit[0], inserted: edit[2], lines });
  return lines;
}

const parsed = new WeakMap<JournaledEdit, { at: number; inserted: readonly string[]; lines: readonly (IndexEntry | UnparsedLine | undefined)[] }>();
