// The cards' search words (.memctl/card-words and the card-cache file's own words section, layout:
// card-cache-format.ts): lib/store/card-cache.ts decides what is fresh, this places, finds and writes words.
import fs from "node:fs";
import { decodeCardWords, encodeCardCache, encodeCardWords, type CacheHead, type CardCacheFile, type CardRecord } from "./card-cache-format.js";
import { memoByStamp, readRecord } from "./card-read.js";
import { hasCardTerms, lineOwners, postedCounts, readCardTerms, scanWords, writeCardTerms, type Counts } from "./card-terms.js";
import { lstatIfExists } from "./checked-fs.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";
import { CARD_DELTA, deltaOf, encodeCardDelta } from "./card-delta.js";
import type { CacheStamp } from "./full-check.js";
import type { LineEdit } from "./index-links.js";

export const CARD_CACHE = "card-cache";
export const CARD_WORDS = "card-words";
/** The words of changed cards stay in the card-cache file until they pass this share of card-words (or 64 KiB). */
const EXTRA_SHARE = 1 / 8;
const EXTRA_MIN = 64 * 1024;

export type { Counts } from "./card-terms.js";

/** Where each record's words are. */
interface Placed {
  /** card-words' words section: read only when a search needs it, or when it is laid out again. */
  file: Buffer | undefined;
  /** The card-cache file's own words section. */
  extra: Buffer;
  /**
   * >= 0: the record's line starts there in `file`; < 0: at -1 - it in `extra` (the cache file's encoding); NaN:
   * not made yet (a first build no search asked for), made by the first search.
   */
  wordsAt: number[];
}

/** What the card cache writes when anything changed: its head (without the words token) and its view section. */
export interface CacheNext {
  head: CacheHead;
  view: Buffer;
  /** The view and its head for a file rewritten whole (a merged cache's view spliced when it can be). */
  fullView?: () => [Buffer, CacheHead["view"]];
  /** The base to write a delta against instead (card-delta.ts): `baseOf(k)` the base record record k is unchanged, or -1. */
  delta?: { base: { file: CardCacheFile; stamp: CacheStamp }; baseOf: (k: number) => number; edits: LineEdit[] };
  /** MEMORY.md's links section (index-links.ts), and its line keys section, made only for a file rewritten whole (index-lines.ts). */
  links: Buffer;
  lines: () => Buffer;
  /** Called with the card-cache file's path each time it is written (the caller records the check it made). */
  written?: (file: string) => void;
}

/**
 * The records' words. Unchanged cards keep theirs where they were (card-words, or the old cache file's own
 * section); changed ones go to the cache file's own section, so an edit rewrites the card-cache file, not
 * card-words. card-words is read only when a search needs words, and rewritten whole only when it is missing or
 * damaged or the own section has outgrown EXTRA_SHARE of it: then every card's words are laid out again, old ones
 * copied, lost ones read from their cards. `records` is the catalog's array: a card read again for its words
 * replaces its record there.
 */
export class CardWords {
  private placed: Placed;
  /** The records are the old cache's, in its order: its placement stands as it was. */
  private readonly unchanged: boolean;
  /** card-words was read and checked (`placed.file` is it), or laid out again. */
  private checked = false;
  private relaid = false;
  private written = false;
  /** The card-words token this object wrote (after a lay-out); card-terms is made for it. */
  private wordsToken: string | undefined;
  /** What card-terms said: "build": none fits, write one after the scan; "scan": nothing to write. */
  private terms: "build" | "scan" | undefined;

  constructor(
    private readonly dir: string,
    private readonly old: CardCacheFile | undefined,
    private readonly records: CardRecord[],
    from: readonly number[],
    fresh: ReadonlyMap<number, Buffer>,
    /** What write() writes: the caller writes when anything changed; a search that makes or lays out words writes too. */
    private readonly next: CacheNext,
  ) {
    this.placed = this.plan(from, fresh);
    this.unchanged = fresh.size === 0 && from.length === (old?.records.length ?? -1) && from.every((i, k) => i === k);
  }

  /** The placement without reading card-words or any card: old places kept, fresh words into a new own section. */
  private plan(from: readonly number[], fresh: ReadonlyMap<number, Buffer>): Placed {
    const parts: Buffer[] = [];
    const wordsAt: number[] = new Array(this.records.length);
    let size = 0;
    for (let k = 0; k < this.records.length; k++) {
      const i = from[k]!;
      const was = i >= 0 ? this.old!.wordsAt[i]! : Number.NaN;
      if (was >= 0 && this.old!.head.words) {
        wordsAt[k] = was;
        continue;
      }
      const line = was < 0 ? lineIn(this.old!.extra, -1 - was, this.records[k]!) : fresh.get(k);
      wordsAt[k] = line ? -1 - size : Number.NaN;
      if (!line) continue;
      parts.push(line);
      size += line.length;
    }
    return { file: undefined, extra: Buffer.concat(parts), wordsAt };
  }

  /** Words for every record that has none placed, read from its card now; true when there were any. */
  private fill(): boolean {
    const p = this.placed;
    const parts: Buffer[] = [p.extra];
    let size = p.extra.length;
    for (let k = 0; k < this.records.length; k++) {
      if (!Number.isNaN(p.wordsAt[k])) continue;
      const read = readRecord(this.dir, this.records[k]!.file);
      read.record.linked = this.records[k]!.linked;
      this.records[k] = read.record;
      p.wordsAt[k] = -1 - size;
      parts.push(read.words!);
      size += read.words!.length;
    }
    if (parts.length === 1) return false;
    p.extra = Buffer.concat(parts);
    return true;
  }

  /**
   * The placement with every record's words made, card-words read and checked, and laid out again when it does not
   * check or the own section outgrew it. What changed is written, unless write() asked (it writes next).
   */
  private words(forWrite = false): Placed {
    if (this.checked) return this.placed;
    this.checked = true;
    const filled = this.fill();
    const file = this.placed.wordsAt.some((w) => w >= 0) ? this.readFile() : undefined;
    // The old cache's own placement against the same card-words checks once per process (the MCP server calls again and again).
    const same = this.old !== undefined && this.unchanged && file !== undefined && checkedWith.get(this.old) === file;
    const ok = file !== undefined && (same || checks(file, this.placed, this.records));
    if (ok && this.old && this.unchanged) checkedWith.set(this.old, file);
    if (ok) this.placed.file = file;
    if (!ok || this.placed.extra.length > Math.max(EXTRA_MIN, file!.length * EXTRA_SHARE)) this.relayout();
    if (!forWrite && (filled || this.relaid)) {
      this.written = false;
      this.write();
    }
    return this.placed;
  }

  private readFile(): Buffer | undefined {
    const token = this.old?.head.words;
    return token ? memoByStamp(joinPath(this.dir, STATE_DIR, CARD_WORDS), (bytes) => decodeCardWords(bytes, token)) : undefined;
  }

  /** Every record's words in record order, for a new card-words (after fill(): every record has some placed). */
  private relayout(): void {
    const p = this.placed;
    this.relaid = true;
    // Every record's words in the own section, in order (a first build): that section is the new card-words as it is.
    if (p.wordsAt.every((w, k) => w === (k === 0 ? -1 : p.wordsAt[k - 1]! - (this.records[k - 1]!.headBytes + this.records[k - 1]!.bodyBytes + 2)))) {
      this.placed = { file: p.extra, extra: Buffer.alloc(0), wordsAt: p.wordsAt.map((w) => -1 - w) };
      return;
    }
    const parts: Buffer[] = [];
    const wordsAt: number[] = new Array(this.records.length);
    let size = 0;
    for (let k = 0; k < this.records.length; k++) {
      const w = p.wordsAt[k]!;
      const r = this.records[k]!;
      const line = (w >= 0 ? p.file && lineIn(p.file, w, r) : lineIn(p.extra, -1 - w, r)) ?? readRecord(this.dir, r.file).words!;
      wordsAt[k] = size;
      parts.push(line);
      size += line.length;
    }
    this.placed = { file: Buffer.concat(parts), extra: Buffer.alloc(0), wordsAt };
  }

  /**
   * For each record, how often each of `wanted` occurs in its head and body; undefined: none of them. The lines of
   * card-words come from card-terms when it is there for this card-words and fits the records, else from a scan
   * of card-words (which then writes card-terms); the own section is always scanned (it holds only changed cards).
   */
  counts(wanted: readonly string[]): (Counts | undefined)[] {
    const words = [...new Set(wanted)];
    const indexed = this.fromTerms(words);
    const p = indexed ? this.placed : this.words();
    const records = this.records;
    const found: (Counts | undefined)[] = indexed?.found ?? new Array(records.length);
    const inFile: number[] = [];
    const inExtra: number[] = [];
    for (let k = 0; k < p.wordsAt.length; k++) (p.wordsAt[k]! >= 0 ? inFile : inExtra).push(k);
    const scan = (buf: Buffer | undefined, owners: readonly number[], start: (k: number) => number, word: string, needle: Buffer) =>
      scanWords(
        found,
        buf,
        owners,
        start,
        (k) => records[k]!.headBytes,
        (k) => records[k]!.bodyBytes,
        word,
        needle,
      );
    for (const word of words) {
      const needle = Buffer.from(` ${word}:`, "utf8");
      if (!indexed) scan(p.file, inFile, (k) => p.wordsAt[k]!, word, needle);
      scan(p.extra, inExtra, (k) => -1 - p.wordsAt[k]!, word, needle);
    }
    if (!indexed) this.keepTerms();
    return found;
  }

  /**
   * The counts card-terms gives for the records placed in card-words (the own section left to the caller's scan),
   * or undefined when it cannot: no card-words yet, words still to make, or no card-terms that fits.
   */
  private fromTerms(words: readonly string[]): { found: (Counts | undefined)[] } | undefined {
    const token = this.old?.head.words;
    const p = this.placed;
    if (!token || this.relaid || p.wordsAt.some((w) => Number.isNaN(w))) return undefined;
    const read = readCardTerms(this.dir, token, words);
    this.terms = typeof read === "string" ? read : "build"; // "build" stands unless the records fit it
    if (typeof read === "string") return undefined;
    // As checks() asks before a scan: every record's line where its place says (card-words' lines: as card-terms has them).
    const owners = lineOwners(
      read.lines,
      p.wordsAt,
      (k) => this.records[k]!.headBytes,
      (k) => this.records[k]!.bodyBytes,
    );
    if (!owners || !this.records.every((r, k) => p.wordsAt[k]! >= 0 || lineIn(p.extra, -1 - p.wordsAt[k]!, r))) return undefined;
    this.terms = "scan";
    return { found: postedCounts(read, owners, this.records.length) };
  }

  /** After a scan of card-words: card-terms for it, unless there is one (or it cannot have one). */
  private keepTerms(): void {
    const token = this.relaid ? this.wordsToken : this.old?.head.words;
    const file = this.placed.file;
    if (!token || !file || (!this.relaid && this.terms === "scan")) return;
    if (this.relaid || this.terms === "build" || !hasCardTerms(this.dir, token)) writeCardTerms(this.dir, token, file);
    this.terms = "scan";
  }

  /**
   * The card-cache file; card-words first when it is new or laid out again (a reader between the two renames finds
   * a token that does not match, never wrong words). An own section past its share of card-words lays them out
   * again here too, so a store only listed, never searched, does not grow its cache file without end; records
   * without words stay so (no card-words is made for a store no search has read).
   */
  write(): void {
    if (this.written) return;
    this.written = true;
    try {
      const state = realDir(this.dir, STATE_DIR);
      const token = this.old?.head.words ?? null;
      if (!this.relaid && !this.checked) {
        const size = token ? lstatIfExists(joinPath(state, CARD_WORDS))?.size : undefined;
        const wordless = this.placed.wordsAt.some((w) => Number.isNaN(w));
        if ((size === undefined && !wordless) || this.placed.extra.length > Math.max(EXTRA_MIN, (size ?? 0) * EXTRA_SHARE)) this.words(true);
      }
      const head = { ...this.next.head, words: this.relaid ? `${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 10)}` : token };
      // The same card-words: the changed records alone, in the delta, when they fit its bounds.
      const d = this.next.delta;
      const delta = !this.relaid && d ? deltaOf(d.base, this.records, d.baseOf, this.placed, head, d.edits) : undefined;
      if (delta) {
        replaceFile(joinPath(state, CARD_DELTA), encodeCardDelta(delta), joinPath(state, `${CARD_DELTA}.${process.pid}.tmp`));
        this.next.written?.(joinPath(state, CARD_DELTA));
        return;
      }
      if (this.relaid) replaceFile(joinPath(state, CARD_WORDS), encodeCardWords(head.words!, this.placed.file!), joinPath(state, `${CARD_WORDS}.${process.pid}.tmp`));
      const [view, viewHead] = this.next.fullView?.() ?? [this.next.view, head.view];
      const file: CardCacheFile = {
        head: { ...head, view: viewHead },
        records: this.records,
        wordsAt: this.placed.wordsAt,
        extra: this.placed.extra,
        view,
        links: this.next.links,
        lines: this.next.lines(),
      };
      replaceFile(joinPath(state, CARD_CACHE), encodeCardCache(file), joinPath(state, `${CARD_CACHE}.${process.pid}.tmp`));
      // A delta names the file it applies to, so the old one no longer applies; removed so it is not read for nothing.
      fs.rmSync(joinPath(state, CARD_DELTA), { force: true });
      if (this.relaid) this.wordsToken = head.words!;
      this.next.written?.(joinPath(state, CARD_CACHE));
    } catch {
      // Derived state: a read-only store, a full disk or a link in .memctl/ costs the next read its speed, not its answer.
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
