// Usage for the few cards the hook ranks, without the full readers' work: no per-line Sets for pending hits, no
// split of usage.tsv into rows. The hook runs cold in the interpreter, and every object it allocates costs it GC.
// Pure text in, numbers out; the formats (and the reference readers) are usage-format.ts's.
import { isDayShape } from "../core/ascii.js";
import { bitmapOf, decodeHits } from "./cards.js";
import type { CardUsage } from "./format.js";
import { parsePendingLine, type RegistrySource } from "./pending.js";

/** A pending line's day, or undefined when it is malformed on its face (bad day, no hit, an empty field). */
export function pendingLineDay(line: string): string | undefined {
  const tab = line.indexOf("\t");
  // The day is the first field, so an empty hit is two tabs in a row or a trailing tab.
  if (tab === -1 || line.includes("\t\t") || line.endsWith("\t")) return undefined;
  const at = line.lastIndexOf("@", tab);
  const day = line.slice(0, at === -1 ? tab : at);
  return isDayShape(day) ? day : undefined;
}

/** The card numbers the caller knows (from the rank cache) and the registry they belong to. */
export interface NumberedCards {
  registry: string;
  numbers: ReadonlyMap<string, number>;
}

/** A card without a number in the registry (the rank cache's NO_NUMBER). */
export const NO_CARD = 0xffffffff;

/** Pending hits by position in the cards asked about. */
export interface PendingTally {
  counts: Int32Array;
  /** The latest day each position was hit on ("" when it never was). */
  days: string[];
}

/** The cards' first numbers in a registry, by position (NO_CARD for one it does not number). */
export interface PositionNumbers {
  registry: string;
  byPosition: ArrayLike<number>;
}

/**
 * The pending hits of each card in `cards` (by position; a card asked twice gets the same answer twice), with
 * addPending's numbers: each card at most once per line, malformed lines skipped. A compact line of the
 * `numbers` registry is read by testing the asked cards' bits, never decoded into paths; one of another registry
 * goes through the full parser. The bitmaps go into one buffer, a row per line, and each card walks its byte down
 * the rows: one typed read per card and line, since this runs cold for ~100 cards and up to 32 lines a prompt.
 * Hooks write only a card's first number, so only those are tested (a later duplicate's number, or one past the
 * end, which addPending treats as malformed, never reaches a log).
 */
export function tallyPending(text: string, cards: readonly string[], numbers?: PositionNumbers, registry?: RegistrySource): PendingTally {
  const n = cards.length;
  const counts = new Int32Array(n);
  const days = new Array<string>(n).fill("");
  if (n === 0 || text === "") return { counts, days };
  // Three functions rather than one: V8 compiles a function that runs a hot loop to baseline code whole, so
  // the loop over cards and rows is kept apart from the line parsing around it (~13 KB of code compiled a
  // prompt for the one function this was).
  const { rows, rowDays, byPath } = pendingRows(text, numbers?.registry, registry);
  const stride = rows.reduce((max, r) => Math.max(max, r.length), 0);
  const flat = new Uint8Array(rows.length * stride);
  for (let r = 0; r < rows.length; r++) flat.set(rows[r]!, r * stride);
  const bits: BitRows = { flat, stride, count: rows.length };
  if (rows.length > 0) countRowBits(bits, rowDays, numbers, counts, days);
  if (byPath.length > 0) countByPath(byPath, bits, cards, numbers, counts, days);
  return { counts, days };
}

interface PathHit {
  card: string;
  line: number;
  row: number;
  day: string;
}

/** The pending lines' bitmaps in one buffer: row r's byte j at r * stride + j. */
interface BitRows {
  flat: Uint8Array;
  stride: number;
  count: number;
}

/** Lines in order: compact lines of this registry become bitmap rows; every hit named by path is listed. */
function pendingRows(text: string, numbersRegistry: string | undefined, registry?: RegistrySource): { rows: Uint8Array[]; rowDays: string[]; byPath: PathHit[] } {
  const rows: Uint8Array[] = [];
  const rowDays: string[] = [];
  const byPath: PathHit[] = [];
  const lines = text.split("\n");
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    const day = pendingLineDay(line);
    if (day === undefined) continue;
    const fields = line.split("\t");
    const first = fields[0]!;
    let from = 1;
    let row = -1;
    if (first.length > day.length) {
      // A compact line: "<day>@<registry>", the hits, then any cards the registry did not number.
      if (first.slice(day.length + 1) !== numbersRegistry) {
        const parsed = parsePendingLine(line, registry);
        if (parsed) for (const card of parsed.cards) byPath.push({ card, line: l, row: -1, day });
        continue;
      }
      const bits = bitmapOf(fields[1]!) ?? listBitmap(fields[1]!);
      if (!bits) continue;
      row = rows.length;
      rows.push(bits);
      rowDays.push(day);
      from = 2;
    }
    for (let i = from; i < fields.length; i++) byPath.push({ card: fields[i]!, line: l, row, day });
  }
  return { rows, rowDays, byPath };
}

/** The card number at position i, or -1 when there is none. */
function numberAt(numbers: PositionNumbers | undefined, i: number): number {
  const no = numbers ? numbers.byPosition[i]! : NO_CARD;
  return Number.isInteger(no) && no >= 0 && no < NO_CARD ? no : -1;
}

/** Each numbered card's bit down the rows: how many rows set it, and the latest of their days. */
function countRowBits(bits: BitRows, rowDays: readonly string[], numbers: PositionNumbers | undefined, counts: Int32Array, days: string[]): void {
  const { flat, stride, count: R } = bits;
  // Days as ranks, so a hit compares integers; a log of one day (the usual case) compares nothing.
  const distinct = [...new Set(rowDays)].sort();
  const rank = Int32Array.from(rowDays, (d) => distinct.indexOf(d));
  for (let i = 0; i < counts.length; i++) {
    const no = numberAt(numbers, i);
    if (no < 0 || no >> 3 >= stride) continue;
    const bit = 1 << (no & 7);
    let count = 0;
    let best = 0;
    if (distinct.length === 1) {
      for (let r = 0, at = no >> 3; r < R; r++, at += stride) if ((flat[at]! & bit) !== 0) count++;
    } else {
      for (let r = 0, at = no >> 3; r < R; r++, at += stride) {
        if ((flat[at]! & bit) === 0) continue;
        count++;
        if (rank[r]! > best) best = rank[r]!;
      }
    }
    if (count > 0) {
      counts[i] = count;
      days[i] = distinct[best]!;
    }
  }
}

/**
 * Hits by path, once per line: a path repeated on a line, or also given by its bit there, counts once. Every
 * position naming the card counts it (a card asked twice). A few hits (old by-path lines, cards numbered since)
 * are matched by a scan; many, through a map of the asked cards.
 */
function countByPath(byPath: readonly PathHit[], bits: BitRows, cards: readonly string[], numbers: PositionNumbers | undefined, counts: Int32Array, days: string[]): void {
  const { flat, stride } = bits;
  const n = cards.length;
  const lastLine = new Int32Array(n).fill(-1);
  const count = (i: number, hit: PathHit) => {
    if (lastLine[i] === hit.line) return;
    lastLine[i] = hit.line;
    const no = numberAt(numbers, i);
    if (hit.row >= 0 && no >= 0 && no >> 3 < stride && (flat[hit.row * stride + (no >> 3)]! & (1 << (no & 7))) !== 0) return;
    counts[i]!++;
    if (hit.day > days[i]!) days[i] = hit.day;
  };
  if (byPath.length <= 8) {
    for (const hit of byPath) for (let i = 0; i < n; i++) if (cards[i] === hit.card) count(i, hit);
    return;
  }
  const positions = new Map<string, number[]>();
  for (let i = 0; i < n; i++) {
    const list = positions.get(cards[i]!);
    if (list) list.push(i);
    else positions.set(cards[i]!, [i]);
  }
  for (const hit of byPath) for (const i of positions.get(hit.card) ?? []) count(i, hit);
}

/** A list hits field ("n…") as a bitmap, or undefined for any field decodeHits refuses. */
function listBitmap(field: string): Uint8Array | undefined {
  const numbers = decodeHits(field)?.all();
  if (!numbers) return undefined;
  const bits = new Uint8Array(numbers.length === 0 ? 0 : (numbers[numbers.length - 1]! >> 3) + 1);
  for (const no of numbers) bits[no >> 3]! |= 1 << (no & 7);
  return bits;
}

/**
 * Adds the pending hits of the cards in `only` to `cards`: the same numbers addPending gives those cards (each
 * at most once per line, malformed lines skipped), through tallyPending.
 */
export function addPendingFor(cards: Map<string, CardUsage>, text: string, only: ReadonlySet<string>, numbered?: NumberedCards, registry?: RegistrySource): void {
  if (only.size === 0) return;
  const asked = [...only];
  const numbers = numbered && { registry: numbered.registry, byPosition: asked.map((c) => numbered.numbers.get(c) ?? NO_CARD) };
  const { counts, days } = tallyPending(text, asked, numbers, registry);
  for (let i = 0; i < asked.length; i++) {
    if (counts[i] === 0) continue;
    const u = cards.get(asked[i]!);
    if (!u) cards.set(asked[i]!, { access_count: counts[i]!, last_access_day: days[i]! });
    else {
      u.access_count += counts[i]!;
      if (days[i]! > u.last_access_day) u.last_access_day = days[i]!;
    }
  }
}

/**
 * The row for `card` in usage.tsv `text`, whose rows start at offset `from` sorted by card (renderSnapshot's
 * order): a binary search over character offsets, so the file is never split into rows.
 */
export function findSnapshotRow(text: string, from: number, card: string): string | undefined {
  let lo = from; // always a row start
  let hi = text.length; // always a row start or the end
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    // The start of the row holding mid: within [lo, mid], so every step shrinks [lo, hi).
    const start = mid === lo ? lo : Math.max(lo, text.lastIndexOf("\n", mid - 1) + 1);
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const tab = text.indexOf("\t", start);
    const key = text.slice(start, tab === -1 || tab > end ? end : tab);
    if (key === card) return text.slice(start, end);
    if (key < card) lo = end + 1;
    else hi = start;
  }
  return undefined;
}
