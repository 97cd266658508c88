// Usage for the few cards the hook ranks, without the full readers' work: no per-line Sets for pending hits, no
// split of usage.tsv into rows. The hook runs cold in the interpreter, and every object it allocates costs it GC.
// Pure text in, numbers out; the formats (and the reference readers) are usage-format.ts's.
import { bitmapOf, decodeHits } from "./usage-cards.js";
import { DAY, parsePendingLine, type CardUsage, type RegistrySource } from "./usage-format.js";
import { latin1Text, u32At, utf8Text } from "./bytes.js";

/** A pending line's day, or undefined when it is malformed on its face (bad day, no hit, an empty field). */
export function pendingLineDay(line: string): string | undefined {
  const tab = line.indexOf("\t");
  // The day is the first field, so an empty hit is two tabs in a row or a trailing tab.
  if (tab === -1 || line.includes("\t\t") || line.endsWith("\t")) return undefined;
  const at = line.lastIndexOf("@", tab);
  const day = line.slice(0, at === -1 ? tab : at);
  return DAY.test(day) ? day : undefined;
}

/** The card numbers the caller knows (from the rank cache) and the registry they belong to. */
export interface NumberedCards {
  registry: string;
  numbers: ReadonlyMap<string, number>;
}

/**
 * Hit counts of the cards asked about, by position: the numbered ones (nearly all) in parallel typed arrays,
 * since the bitmap loop below runs cold per line and card; a card without a number, or one a line names by
 * path, is found through a map built only when needed.
 */
class Tallies {
  readonly counts: Int32Array;
  readonly lastLine: Int32Array;
  readonly days: string[];
  private positions?: Map<string, number>;
  constructor(readonly cards: readonly string[]) {
    this.counts = new Int32Array(cards.length);
    this.lastLine = new Int32Array(cards.length).fill(-1);
    this.days = new Array<string>(cards.length).fill("");
  }
  /** One hit on a line; addPending counts a card once per line however often the line repeats it. */
  hit(i: number, lineNo: number, day: string): void {
    if (this.lastLine[i] === lineNo) return;
    this.lastLine[i] = lineNo;
    this.counts[i]!++;
    if (day > this.days[i]!) this.days[i] = day;
  }
  hitCard(card: string, lineNo: number, day: string): void {
    if (!this.positions) {
      this.positions = new Map();
      for (let i = 0; i < this.cards.length; i++) this.positions.set(this.cards[i]!, i);
    }
    const i = this.positions.get(card);
    if (i !== undefined) this.hit(i, lineNo, day);
  }
}

/**
 * Adds the pending hits of the cards in `only` to `cards`: the same numbers addPending gives those cards (each
 * at most once per line, malformed lines skipped), from one split per line and no per-line Sets or copies.
 * A compact line of the `numbered` registry is read by testing the asked cards' bits, never decoded whole;
 * one of another registry goes through the full parser. Hooks write only a card's first number in the registry,
 * so only those are tested (a later duplicate's number, or one past the end, which addPending treats as
 * malformed, never reaches a log).
 */
export function addPendingFor(cards: Map<string, CardUsage>, text: string, only: ReadonlySet<string>, numbered?: NumberedCards, registry?: RegistrySource): void {
  if (only.size === 0) return;
  // The numbered cards first (positions 0..k-1, bits tested by position), then the rest.
  const asked: string[] = [];
  const nos: number[] = [];
  const unnumbered: string[] = [];
  // forEach, not for-of: iterating a Set with for-of allocates a result object per card in cold code.
  only.forEach((card) => {
    const no = numbered?.numbers.get(card);
    if (no === undefined) unnumbered.push(card);
    else {
      asked.push(card);
      nos.push(no);
    }
  });
  const k = nos.length;
  for (let i = 0; i < unnumbered.length; i++) asked.push(unnumbered[i]!);
  const tallies = new Tallies(asked);
  const { counts, lastLine, days } = tallies;
  // Each numbered card's byte and bit in a bitmap, worked out once rather than per line.
  const byteOf = new Int32Array(k);
  const bitOf = new Uint8Array(k);
  for (let i = 0; i < k; i++) {
    byteOf[i] = nos[i]! >> 3;
    bitOf[i] = 1 << (nos[i]! & 7);
  }
  let lineNo = 0;
  const lines = text.split("\n");
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    lineNo++;
    const day = pendingLineDay(line);
    if (day === undefined) continue;
    const fields = line.split("\t");
    const first = fields[0]!;
    let from = 1;
    if (first.length > day.length) {
      // A compact line: "<day>@<registry>", the hits, then any cards the registry did not number.
      if (first.slice(day.length + 1) !== numbered?.registry) {
        const parsed = parsePendingLine(line, registry);
        if (parsed) for (const card of parsed.cards) tallies.hitCard(card, lineNo, day);
        continue;
      }
      const field = fields[1]!;
      const bits = bitmapOf(field);
      if (bits) {
        const size = bits.length;
        for (let i = 0; i < k; i++) {
          const byte = byteOf[i]!;
          if (byte >= size || (bits[byte]! & bitOf[i]!) === 0 || lastLine[i] === lineNo) continue;
          // Tallies.hit inlined: a call per hit here is hot enough to be sent to the optimising compiler.
          lastLine[i] = lineNo;
          counts[i]!++;
          if (day > days[i]!) days[i] = day;
        }
      } else {
        const hits = decodeHits(field);
        if (!hits) continue;
        for (let i = 0; i < k; i++) if (hits.has(nos[i]!)) tallies.hit(i, lineNo, day);
      }
      from = 2;
    }
    for (let i = from; i < fields.length; i++) tallies.hitCard(fields[i]!, lineNo, day);
  }
  for (let i = 0; i < asked.length; i++) {
    if (counts[i] === 0) continue;
    const card = asked[i]!;
    const u = cards.get(card);
    if (!u) cards.set(card, { access_count: counts[i]!, last_access_day: days[i]! });
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

// usage.idx: where each numbered card's row starts in usage.tsv, written by the fold right after the snapshot,
// so the hook finds a ranked card's row with one read instead of a binary search over the text:
//   "MEMCTLUX" u32 version, u32 registryIdLength, registry id, u32 headerLength, the snapshot's header line,
//   u32 textLength (UTF-16 units of the snapshot text), u32 count, u32 rowStart[count] (NO_ROW: no row).
// It describes exactly one snapshot: the header line names the folding files and offsets of its fold, so an
// index of any other snapshot never matches, and every row it points at is checked to be the card's.
export const USAGE_INDEX = "usage.idx";
const INDEX_MAGIC = "MEMCTLUX";
const INDEX_VERSION = 1;
export const NO_ROW = 0xffffffff;

/** The row index of a rendered snapshot for the registry's numbers (numbersOf). */
export function encodeSnapshotIndex(text: string, registryId: string, numbers: ReadonlyMap<string, number>, count: number): Buffer {
  const starts = new Uint32Array(count).fill(NO_ROW);
  const headerEnd = text.indexOf("\n");
  for (let at = headerEnd + 1; at > 0 && at < text.length; ) {
    const end = text.indexOf("\n", at);
    const tab = text.indexOf("\t", at);
    const no = numbers.get(text.slice(at, tab === -1 || (end !== -1 && tab > end) ? (end === -1 ? text.length : end) : tab));
    if (no !== undefined && no < count && starts[no] === NO_ROW) starts[no] = at;
    at = end === -1 ? text.length : end + 1;
  }
  const header = Buffer.from(headerEnd === -1 ? text : text.slice(0, headerEnd), "utf8");
  const id = Buffer.from(registryId, "utf8");
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  return Buffer.concat([Buffer.from(INDEX_MAGIC), u32(INDEX_VERSION), u32(id.length), id, u32(header.length), header, u32(text.length), u32(count), Buffer.from(starts.buffer)]);
}

/**
 * Row starts by card number for this snapshot text and registry, or undefined when the index belongs to
 * another snapshot or registry, or is damaged. A number at or past the end is unknown (numbered after the fold).
 */
export function openSnapshotIndex(data: Uint8Array, text: string, registryId: string): ((no: number) => number | undefined) | undefined {
  try {
    if (latin1Text(data, 0, 8) !== INDEX_MAGIC || u32At(data, 8) !== INDEX_VERSION) return undefined;
    let at = 12;
    const idLength = u32At(data, at);
    if (utf8Text(data, at + 4, at + 4 + idLength) !== registryId) return undefined;
    at += 4 + idLength;
    const headerLength = u32At(data, at);
    const headerEnd = text.indexOf("\n");
    if (utf8Text(data, at + 4, at + 4 + headerLength) !== (headerEnd === -1 ? text : text.slice(0, headerEnd))) return undefined;
    at += 4 + headerLength;
    if (u32At(data, at) !== text.length) return undefined;
    const count = u32At(data, at + 4);
    const table = at + 8;
    if (table + 4 * count !== data.length) return undefined;
    return (no) => (no >= 0 && no < count ? u32At(data, table + 4 * no) : undefined);
  } catch {
    return undefined;
  }
}

/** The row at `start` if it is `card`'s (a row start, keyed by the card), else undefined. */
export function rowAt(text: string, rowsFrom: number, start: number, card: string): string | undefined {
  if (start < rowsFrom || start >= text.length || (start > 0 && text.charCodeAt(start - 1) !== 10)) return undefined;
  if (!text.startsWith(card, start) || text.charCodeAt(start + card.length) !== 9) return undefined;
  const end = text.indexOf("\n", start);
  return text.slice(start, end === -1 ? text.length : end);
}
