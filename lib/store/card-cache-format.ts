// The bytes of the card cache (lib/store/card-cache.ts says when it is used), two files:
//   .memctl/card-cache: a version line; a JSON line with MEMORY.md's stamp, the links that name no card file, the
//     directories listed, the words file's token, the index view's head and the sections' lengths; then the
//     sections: each card's file name on a line; each card's strings as a JSON line (card-record.ts: parsed only
//     when asked for); the words of cards changed since card-words was written; the index view (card-view.ts);
//     MEMORY.md's links by line (index-links.ts: what a journaled line edit is applied to); MEMORY.md's line keys
//     (index-lines.ts: what finds a hand edit's lines); and last each card's numbers (stamp, body line, words' lengths and place, flags, row end) as doubles;
//   .memctl/card-words: a version line with that token, then cards' search words, one card a line,
//     `<head terms>\t<body terms>\n`, at the offsets the records name. They stay bytes: a query finds ` word:` in
//     them with Buffer#indexOf instead of decoding and splitting every card's words, and `list` never reads them.
// An edit changes the card-cache file only: the edited card's words go to its own words section, and card-words
// (~86 MB at 100,000 cards) is rewritten only once that section outgrows a share of it (card-words.ts).
// Everything read back is checked; anything unexpected makes the whole cache "none", never a path or an error.
import { EPISODES_SHARD } from "./paths.js";
import { isCardDirName, isCardFileName } from "../core/card-types.js";
import { mayRetire } from "../core/card.js";
import { asciiJson } from "../core/sanitize.js";
import { FLAG_ALWAYS, FLAG_LINKED, FLAG_MAY_RETIRE, FLAG_READ_ERROR, FLAG_SHA, FLAGS_END, flagsOf, StoredCard, type CardRecord } from "./card-record.js";
import { encodeRow, type Row } from "./card-row.js";

export type { CardRecord, Stamp } from "./card-record.js";

/** Bump when a record, the words' tokenizer (lib/core/search-terms.ts), the view's lines or what a card's fields mean changes. */
export const CARD_CACHE_VERSION = "memctl-card-cache 13";

export interface CacheHead {
  /** MEMORY.md's [mtime, size, ctime, ino] when the records' `linked` and `linkedOther` were read from it; null: none. */
  index: readonly number[] | null;
  /** Files MEMORY.md links to that are not among the records (a card created later may be one). */
  linkedOther: string[];
  /** Every directory walked for cards (relative, "" = the store) and its mtime. */
  dirs: [string, number][];
  /** The card-words file written with these records, or null when there is none. */
  words: string | null;
  /** The write journal's end (write-journal.ts) before MEMORY.md was read for `index`: its edits since apply to the links. */
  journal: [ino: number, size: number] | null;
  /** MEMORY.md's stamp when the view section was made from its text; null: no view. */
  view: { index: readonly number[] } | null;
  /** The store's monthly episode shards as the listing of `dirs` found them (search reads them without listing the store again). */
  shards: string[];
}

/** One card-cache file. `wordsAt[i]`: where record i's words start in card-words, -1 - their offset in `extra`, or NaN: none made yet. */
export interface CardCacheFile {
  head: CacheHead;
  records: CardRecord[];
  wordsAt: number[];
  extra: Buffer;
  view: Buffer;
  /** MEMORY.md's links at `head.index` (index-links.ts); empty when none were kept. */
  links: Buffer;
  /** MEMORY.md's line keys at `head.index` (index-lines.ts); empty when none were kept. */
  lines: Buffer;
}

/** Numbers per record, little-endian doubles: mtime, size, ctime, firstLine, headBytes, bodyBytes, flags, wordsAt, rowEnd. */
export const NUMBERS = 9;

/** The file's bytes; `version` and `more` (fields added to the head line) are the delta's (card-delta.ts), which shares this layout. */
export function encodeCardCache(file: CardCacheFile, version = CARD_CACHE_VERSION, more: Record<string, unknown> = {}): Buffer {
  const { head, records, wordsAt } = file;
  const names = Buffer.from(records.map((r) => `${r.file}\n`).join(""), "utf8");
  const rows: Buffer[] = [];
  const numbers = new Float64Array(records.length * NUMBERS);
  let rowEnd = 0;
  // Stored rows that lie side by side in the file they were read from are copied as one run: after an edit of one
  // card, a few pieces instead of one Buffer per card (100,000 at 100,000 cards).
  let run: { rows: Buffer; start: number; end: number } | undefined;
  const flush = () => {
    if (run) rows.push(run.rows.subarray(run.start, run.end));
    run = undefined;
  };
  records.forEach((r, i) => {
    const span = r instanceof StoredCard ? r.storedSpan : undefined;
    if (span && run && span.rows === run.rows && span.start === run.end) run.end = span.end;
    else {
      flush();
      if (span) run = { ...span };
      else rows.push(Buffer.from(`${encodeRow(r)}\n`, "latin1"));
    }
    rowEnd += span ? span.end - span.start : rows.at(-1)!.length;
    numbers.set([r.stamp[0], r.stamp[1], r.stamp[2], r.firstLine, r.headBytes, r.bodyBytes, flagsOf(r), wordsAt[i]!, rowEnd], i * NUMBERS);
  });
  flush();
  const sections = [names.length, rowEnd, file.extra.length, file.view.length, file.links.length, file.lines.length];
  const top = `${version}\n${asciiJson({ ...head, ...more, count: records.length, sections })}\n`;
  const le = Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength);
  if (!LITTLE_ENDIAN) le.swap64();
  return Buffer.concat([Buffer.from(top, "latin1"), names, ...rows, file.extra, file.view, file.links, file.lines, le]);
}

export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * The file, or undefined for anything that is not exactly what encodeCardCache writes. `reread` gives a card's
 * fields from the card itself, for a row found damaged when it is parsed (rows are parsed lazily).
 */
export function decodeCardCache(bytes: Buffer, reread: (file: string) => Row = unreadableRow, version = CARD_CACHE_VERSION): (CardCacheFile & { top: CacheTop }) | undefined {
  try {
    const top = decodeCacheTop(bytes, bytes.length, version);
    if (!top) return undefined;
    const { head, count, at } = top;
    const [namesLen, rowsLen, extraLen, viewLen, linksLen, linesLen] = top.sections;
    const names = bytes.toString("utf8", at[0], at[0]! + namesLen!).split("\n");
    if (names.length !== count + 1 || names.pop() !== "" || !names.every((n, i) => isCardFileName(n) && (i === 0 || names[i - 1]! < n))) return undefined;
    const numbers = new Float64Array(count * NUMBERS);
    const raw = Buffer.from(numbers.buffer);
    bytes.copy(raw, 0, at[NUMBERS_SECTION]);
    if (!LITTLE_ENDIAN) raw.swap64();
    const rows = bytes.subarray(at[1], at[1]! + rowsLen!);
    const records: CardRecord[] = new Array(count);
    const wordsAt: number[] = new Array(count);
    let rowStart = 0;
    for (let i = 0, k = 0; i < count; i++, k += NUMBERS) {
      const mtime = numbers[k]!;
      const size = numbers[k + 1]!;
      const ctime = numbers[k + 2]!;
      const firstLine = numbers[k + 3]!;
      const headBytes = numbers[k + 4]!;
      const bodyBytes = numbers[k + 5]!;
      const flags = numbers[k + 6]!;
      const words = numbers[k + 7]!;
      const rowEnd = numbers[k + 8]!;
      if (!num(mtime) || !num(size) || !num(ctime) || !isCount(firstLine) || !isCount(headBytes) || !isCount(bodyBytes)) return undefined;
      if (
        !isCount(flags) ||
        flags >= FLAGS_END ||
        !(Number.isSafeInteger(words) || Number.isNaN(words)) ||
        !isCount(rowEnd) ||
        rowEnd <= rowStart ||
        rowEnd > rowsLen! ||
        rows[rowEnd - 1] !== 10
      )
        return undefined;
      records[i] = new StoredCard(names[i]!, numbers, k, (flags & FLAG_LINKED) !== 0, rows, rowStart, reread);
      wordsAt[i] = words;
      rowStart = rowEnd;
    }
    if (rowStart !== rowsLen) return undefined;
    return {
      top,
      head,
      records,
      wordsAt,
      extra: bytes.subarray(at[2], at[2]! + extraLen!),
      view: bytes.subarray(at[3], at[3]! + viewLen!),
      links: bytes.subarray(at[4], at[4]! + linksLen!),
      lines: bytes.subarray(at[5], at[5]! + linesLen!),
    };
  } catch {
    return undefined;
  }
}

/** What the version line and the head line say: the head, the record count, and where each section starts (names, rows, extra, view, links, lines, numbers). */
export interface CacheTop {
  head: CacheHead;
  count: number;
  sections: [names: number, rows: number, extra: number, view: number, links: number, lines: number];
  at: [names: number, rows: number, extra: number, view: number, links: number, lines: number, numbers: number];
  /** The head line as parsed (a delta's own fields are checked by card-delta.ts). */
  raw: Record<string, unknown>;
}

/** Where the numbers section's start is in CacheTop's `at`. */
export const NUMBERS_SECTION = 6;

/**
 * The top of a card-cache file of `size` bytes from its first bytes (`bytes`: at least through the head line),
 * or undefined when it is not one encodeCardCache wrote, or when `bytes` ends before the head line does.
 */
export function decodeCacheTop(bytes: Buffer, size: number, version = CARD_CACHE_VERSION): CacheTop | undefined {
  try {
    const first = bytes.indexOf(10);
    if (first < 0 || bytes.toString("latin1", 0, first) !== version) return undefined;
    const second = bytes.indexOf(10, first + 1);
    if (second < 0) return undefined;
    const top = JSON.parse(bytes.toString("latin1", first + 1, second)) as Record<string, unknown>;
    const head = checkHead(top);
    const { count, sections } = top;
    if (!head || !isCount(count) || !Array.isArray(sections) || sections.length !== 6 || !sections.every(isCount)) return undefined;
    const at = [second + 1];
    for (const len of sections as number[]) at.push(at.at(-1)! + len);
    if (size - at[NUMBERS_SECTION]! !== count * NUMBERS * 8) return undefined;
    return { head, count, sections: sections as CacheTop["sections"], at: at as CacheTop["at"], raw: top };
  } catch {
    return undefined;
  }
}

/** Numbers per record in the numbers section (little-endian doubles), and where a record's flags and row end are among them. */
export const RECORD_NUMBERS = NUMBERS;
export const FLAGS_AT = 6;
export const ROW_END_AT = 8;

/** Whether record `r` is pinned everywhere it is in scope: read from its flags, its row left unparsed. */
export function isAlways(r: CardRecord): boolean {
  return r instanceof StoredCard && r.flagsHold ? (r.flags & FLAG_ALWAYS) !== 0 : r.priority === "always";
}

/** Whether the card is superseded or carries a dated expires_at (read from its flags when it has them). */
export function mayRetireRecord(r: CardRecord): boolean {
  return r instanceof StoredCard && r.flagsHold ? (r.flags & FLAG_MAY_RETIRE) !== 0 : mayRetire(r);
}

/** Whether the card could be read with a SHA-256, from its flags when it has them. */
export function isReadable(r: CardRecord): boolean {
  return r instanceof StoredCard && r.flagsHold ? (r.flags & (FLAG_READ_ERROR | FLAG_SHA)) === FLAG_SHA : r.readError === undefined && r.sha256 !== undefined;
}

function unreadableRow(): Row {
  return { readError: "the card cache's row for this card is damaged", topics: [], problems: [] };
}

export function encodeCardWords(token: string, words: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${CARD_CACHE_VERSION} ${token}\n`, "utf8"), words]);
}

/** The words section, when `bytes` is the words file with that token. */
export function decodeCardWords(bytes: Buffer, token: string): Buffer | undefined {
  const first = bytes.indexOf(10);
  if (first < 0 || bytes.toString("latin1", 0, first) !== `${CARD_CACHE_VERSION} ${token}`) return undefined;
  return bytes.subarray(first + 1);
}

const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
const stamp = (v: unknown, n: number) => Array.isArray(v) && v.length === n && v.every(num);

export function checkHead(v: Record<string, unknown>): CacheHead | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const { index, linkedOther, dirs, words, view, shards, journal } = v;
  if (journal !== null && !(Array.isArray(journal) && journal.length === 2 && journal.every((n) => Number.isSafeInteger(n) && n >= -1))) return undefined;
  if (!Array.isArray(shards) || !shards.every((f) => typeof f === "string" && EPISODES_SHARD.test(f))) return undefined;
  if (index !== null && !stamp(index, 4)) return undefined;
  if (!Array.isArray(linkedOther) || !linkedOther.every((f) => typeof f === "string")) return undefined;
  if (!Array.isArray(dirs) || !dirs.every((d) => Array.isArray(d) && d.length === 2 && isCardDirName(d[0]) && num(d[1]))) return undefined;
  if (words !== null && !(typeof words === "string" && /^[0-9a-z-]{1,64}$/.test(words))) return undefined;
  const viewHead = view as Record<string, unknown> | null;
  if (viewHead !== null && !(typeof viewHead === "object" && stamp(viewHead.index, 4))) return undefined;
  return {
    index: index as number[] | null,
    journal: journal as [number, number] | null,
    linkedOther: linkedOther as string[],
    dirs: dirs as [string, number][],
    words: words as string | null,
    view: viewHead && { index: viewHead.index as number[] },
    shards: shards as string[],
  };
}
