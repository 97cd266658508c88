// The cards' search words (.memctl/card-words and the card-cache file's own words section, layout:
// card-cache-format.ts) and the one way a card is read into a record and its words: lib/store/card-cache.ts
// decides what is fresh, this reads, finds words and writes both files.
import { cardType, parseCard } from "../core/card.js";
import { utf8Text } from "../core/bytes.js";
import { sha256Hex } from "../core/sha256.js";
import { cardHead, countTerms, encodeTermCounts, terms } from "../core/search-terms.js";
import { decodeCardWords, encodeCardCache, encodeCardWords, type CacheHead, type CardCacheFile, type CardRecord } from "./card-cache-format.js";
import { lstatIfExists, readRegular, type FileStat } from "./checked-fs.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";

export const CARD_CACHE = "card-cache";
export const CARD_WORDS = "card-words";
/** Every card's words at 100,000 cards are ~100 MB: far past the default read cap. */
export const CACHE_READ_CAP = 1 << 30;
/** The words of changed cards stay in the card-cache file until they pass this share of card-words (or 64 KiB). */
const EXTRA_SHARE = 1 / 8;
const EXTRA_MIN = 64 * 1024;

export type Counts = { head: Map<string, number>; body: Map<string, number> };

export function readRecord(dir: string, file: string): { record: CardRecord; words: Buffer } {
  let text: string;
  let st: FileStat;
  let sha256: string;
  try {
    const read = readRegular(joinPath(dir, file));
    text = utf8Text(read.bytes);
    st = read.stat;
    sha256 = sha256Hex(read.bytes);
  } catch (err) {
    const record = {
      file,
      stamp: [-1, -1, -1] as const,
      readError: (err as Error).message,
      topics: [],
      type: cardType(file, { topics: [] }),
      firstLine: 1,
      headBytes: 0,
      bodyBytes: 0,
      linked: false,
      problems: [],
    };
    return { record, words: Buffer.from("\t\n") };
  }
  const card = parseCard(text);
  const m = card.meta;
  const head = Buffer.from(encodeTermCounts(countTerms(terms(cardHead(m)))), "utf8");
  const body = Buffer.from(encodeTermCounts(countTerms(terms(card.body))), "utf8");
  const record: CardRecord = {
    file,
    stamp: [st.mtimeMs, st.size, st.ctimeMs],
    name: m.name,
    description: m.description,
    topics: m.topics,
    priority: m.priority,
    status: m.status,
    updated_at: m.updated_at,
    type: cardType(file, m),
    firstLine: text.slice(0, text.length - card.body.length).split("\n").length,
    headBytes: head.length,
    bodyBytes: body.length,
    linked: false,
    provenance: m.provenance,
    problems: [...card.errors, ...card.warnings].map((p) => p.message),
    scope: m.scope,
    sha256,
  };
  return { record, words: Buffer.concat([head, Buffer.from("\t"), body, Buffer.from("\n")]) };
}

/** Where each record's words are. */
interface Placed {
  /** card-words' words section: read only when a search needs it, or when it is laid out again. */
  file: Buffer | undefined;
  /** The card-cache file's own words section. */
  extra: Buffer;
  /** >= 0: the record's line starts there in `file`; < 0: at -1 - it in `extra` (the cache file's encoding). */
  wordsAt: number[];
}

/** What the card cache writes when anything changed: its head (without the words token) and its view section. */
export interface CacheNext {
  head: CacheHead;
  view: Buffer;
}

/**
 * The records' words. Unchanged cards keep theirs where they were (card-words, or the old cache file's own
 * section); changed ones go to the cache file's own section, so an edit rewrites the card-cache file, not
 * card-words. card-words is read only when a search needs words, and rewritten whole only when it is missing or
 * damaged or the own section has outgrown EXTRA_SHARE of it: then every card's words are laid out again, old ones
 * copied, lost ones read from their cards.
 */
export class CardWords {
  private placed: Placed;
  /** card-words was read and checked (`placed.file` is it), or laid out again. */
  private checked = false;
  private relaid = false;
  private written = false;

  constructor(
    private readonly dir: string,
    private readonly old: CardCacheFile | undefined,
    private readonly records: CardRecord[],
    from: readonly number[],
    fresh: ReadonlyMap<number, Buffer>,
    /** What write() writes: the caller writes when anything changed; a search that lays the words out again writes too. */
    private readonly next: CacheNext,
  ) {
    this.placed = this.plan(from, fresh);
    this.unchanged = fresh.size === 0 && from.length === (old?.records.length ?? -1) && from.every((i, k) => i === k);
  }

  /** The records are the old cache's, in its order: its placement stands as it was. */
  private readonly unchanged: boolean;

  /** The placement without reading card-words: old offsets kept, the rest into a new own section. */
  private plan(from: readonly number[], fresh: ReadonlyMap<number, Buffer>): Placed {
    const parts: Buffer[] = [];
    const wordsAt: number[] = new Array(this.records.length);
    let size = 0;
    for (let k = 0; k < this.records.length; k++) {
      const i = from[k]!;
      const was = i >= 0 && this.old?.head.words ? this.old.wordsAt[i]! : undefined;
      if (was !== undefined && was >= 0) {
        wordsAt[k] = was;
        continue;
      }
      const line = (was !== undefined ? lineIn(this.old!.extra, -1 - was, this.records[k]!) : fresh.get(k)) ?? readRecord(this.dir, this.records[k]!.file).words;
      wordsAt[k] = -1 - size;
      parts.push(line);
      size += line.length;
    }
    return { file: undefined, extra: Buffer.concat(parts), wordsAt };
  }

  /** The placement with card-words read and checked, laid out again when it does not check or the own section outgrew it. */
  private words(): Placed {
    if (this.checked) return this.placed;
    this.checked = true;
    const file = this.placed.wordsAt.some((w) => w >= 0) ? this.readFile() : undefined;
    // The old cache's own placement against the same card-words checks once per process (the MCP server calls again and again).
    const same = this.old !== undefined && this.unchanged && file !== undefined && checkedWith.get(this.old) === file;
    const ok = file !== undefined && (same || checks(file, this.placed, this.records));
    if (ok && this.old && this.unchanged) checkedWith.set(this.old, file);
    if (ok) this.placed.file = file;
    if (!ok || this.placed.extra.length > Math.max(EXTRA_MIN, file!.length * EXTRA_SHARE)) this.relayout();
    return this.placed;
  }

  private readFile(): Buffer | undefined {
    const token = this.old?.head.words;
    return token ? memoByStamp(joinPath(this.dir, STATE_DIR, CARD_WORDS), (bytes) => decodeCardWords(bytes, token)) : undefined;
  }

  /** Every record's words in record order, for a new card-words. */
  private relayout(): void {
    const p = this.placed;
    // Every record's words in the own section, in order (a first build): that section is the new card-words as it is.
    if (p.wordsAt.every((w, k) => w === (k === 0 ? -1 : p.wordsAt[k - 1]! - (this.records[k - 1]!.headBytes + this.records[k - 1]!.bodyBytes + 2)))) {
      this.placed = { file: p.extra, extra: Buffer.alloc(0), wordsAt: p.wordsAt.map((w) => -1 - w) };
      this.relaid = true;
      this.write();
      return;
    }
    const parts: Buffer[] = [];
    const wordsAt: number[] = new Array(this.records.length);
    let size = 0;
    for (let k = 0; k < this.records.length; k++) {
      const w = p.wordsAt[k]!;
      const r = this.records[k]!;
      const line = (w >= 0 ? p.file && lineIn(p.file, w, r) : lineIn(p.extra, -1 - w, r)) ?? readRecord(this.dir, r.file).words;
      wordsAt[k] = size;
      parts.push(line);
      size += line.length;
    }
    this.placed = { file: Buffer.concat(parts), extra: Buffer.alloc(0), wordsAt };
    this.relaid = true;
    this.write();
  }

  /** For each record, how often each of `wanted` occurs in its head and body; undefined: none of them. */
  counts(wanted: readonly string[]): (Counts | undefined)[] {
    const p = this.words();
    const records = this.records;
    const found: (Counts | undefined)[] = new Array(records.length);
    const inFile: number[] = [];
    const inExtra: number[] = [];
    for (let k = 0; k < p.wordsAt.length; k++) (p.wordsAt[k]! >= 0 ? inFile : inExtra).push(k);
    const scan = (buf: Buffer | undefined, owners: readonly number[], start: (k: number) => number, word: string, needle: Buffer) => {
      if (!buf || owners.length === 0) return;
      for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + needle.length)) {
        const k = owners[lastAtOrBefore(owners, at, start)]!;
        const s = start(k);
        const r = records[k]!;
        if (at < s || at >= s + r.headBytes + r.bodyBytes + 1) continue; // a line no record owns now: an old version's
        let n = 0;
        for (let q = at + needle.length; buf[q]! >= 48 && buf[q]! <= 57; q++) n = n * 10 + buf[q]! - 48;
        const counts = (found[k] ??= { head: new Map(), body: new Map() });
        (at < s + r.headBytes ? counts.head : counts.body).set(word, n);
      }
    };
    for (const word of new Set(wanted)) {
      const needle = Buffer.from(` ${word}:`, "utf8");
      scan(p.file, inFile, (k) => p.wordsAt[k]!, word, needle);
      scan(p.extra, inExtra, (k) => -1 - p.wordsAt[k]!, word, needle);
    }
    return found;
  }

  /**
   * The card-cache file; card-words first when it is new or laid out again (a reader between the two renames finds
   * a token that does not match, never wrong words). An own section past its share of card-words lays them out
   * again here too, so a store only listed, never searched, does not grow its cache file without end.
   */
  write(): void {
    const next = this.next;
    if (this.written) return;
    try {
      const state = realDir(this.dir, STATE_DIR);
      const token = this.old?.head.words;
      if (!this.relaid) {
        const size = token ? lstatIfExists(joinPath(state, CARD_WORDS))?.size : undefined;
        if (size === undefined || this.placed.extra.length > Math.max(EXTRA_MIN, size * EXTRA_SHARE)) this.words();
        if (this.relaid) return; // relayout() wrote both
      }
      let head = { ...next.head, words: token ?? null };
      if (this.relaid) {
        head = { ...next.head, words: `${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 10)}` };
        replaceFile(joinPath(state, CARD_WORDS), encodeCardWords(head.words!, this.placed.file!), joinPath(state, `${CARD_WORDS}.${process.pid}.tmp`));
      }
      this.written = true;
      const file: CardCacheFile = { head, records: this.records, wordsAt: this.placed.wordsAt, extra: this.placed.extra, view: next.view };
      replaceFile(joinPath(state, CARD_CACHE), encodeCardCache(file), joinPath(state, `${CARD_CACHE}.${process.pid}.tmp`));
    } catch {
      // Derived state: a read-only store, a full disk or a link in .memctl/ costs the next read its speed, not its answer.
      this.written = true;
    }
  }
}

/** The card-words bytes each decoded cache's placement was checked against. */
const checkedWith = new WeakMap<CardCacheFile, Buffer>();

/** Record r's words line at `at` in `buf`, or undefined when the bytes there do not fit its lengths. */
function lineIn(buf: Buffer, at: number, r: CardRecord): Buffer | undefined {
  const end = at + r.headBytes + r.bodyBytes + 2;
  return at >= 0 && end <= buf.length && buf[at + r.headBytes] === 9 && buf[end - 1] === 10 ? buf.subarray(at, end) : undefined;
}

/** Every record's line is where its place says, those in card-words in increasing order (the scan's binary search needs it). */
function checks(file: Buffer, p: Placed, records: readonly CardRecord[]): boolean {
  let last = -1;
  for (let k = 0; k < records.length; k++) {
    const w = p.wordsAt[k]!;
    if (w < 0 ? !lineIn(p.extra, -1 - w, records[k]!) : w <= last || !lineIn(file, w, records[k]!)) return false;
    if (w >= 0) last = w;
  }
  return true;
}

/** The greatest j with start(owners[j]) <= at (0 when none). */
function lastAtOrBefore(owners: readonly number[], at: number, start: (k: number) => number): number {
  let lo = 0;
  let hi = owners.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (start(owners[mid]!) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The last decoded form of each cache file this process read, keyed by the file's stamp. */
const decodedByFile = new Map<string, { stamp: string; value: unknown }>();

/**
 * `decode` of the regular file's bytes (never through a link), or its result for the same file with the same
 * mtime, size, ctime and inode from earlier in this process: a long-running reader (the MCP server, one call after
 * another) decodes a cache once, not once per call. Every cache write is a rename (a new inode), so a stamp that
 * holds is the same bytes. Undefined when the file cannot be read or does not decode.
 */
export function memoByStamp<T>(file: string, decode: (bytes: Buffer, stat: FileStat) => T | undefined): T | undefined {
  const key = (s: FileStat) => `${s.mtimeMs}:${s.size}:${s.ctimeMs}:${s.ino}`;
  try {
    const seen = decodedByFile.get(file);
    const now = lstatIfExists(file);
    if (seen && now?.isFile() && seen.stamp === key(now)) return seen.value as T;
    const { bytes, stat } = readRegular(file, CACHE_READ_CAP, { nofollow: true });
    const value = decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), stat);
    if (value === undefined) decodedByFile.delete(file);
    else decodedByFile.set(file, { stamp: key(stat), value });
    return value;
  } catch {
    return undefined;
  }
}
