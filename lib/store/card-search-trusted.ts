// A search's cards from a trusted card cache (card-cache-trusted.ts) without decoding it (issue 32: a warm search at
// 100,000 cards read and decoded the 42-64 MB card-cache file, ~200 ms, and made 100,000 records for the collector,
// to rank the few thousand cards holding a query word). When the trust rule holds and no hold leaves cards out, the
// counts come as the catalog's would from a card-terms that fits (card-words.ts fromTerms): every record placed in
// card-words on one of its lines, the rest on a line of the cache's own words section, which is scanned. A record
// is then read only when the ranking asks for it: its name (a tie, or a hit), its row (updated_at, for a tie).
// Anything else (no card-words or card-terms for it yet, words still to make, a place that does not fit) answers
// undefined, and the caller reads the catalog, which scans and writes what is missing, as before.
import { readHold } from "./hold.js";
import { RECORD_NUMBERS } from "./card-cache-format.js";
import { withTrustedCardCache, type TrustedCardCache } from "./card-cache-trusted.js";
import { lineOwners, postedCounts, readCardTerms, scanWords, type Counts } from "./card-terms.js";
import type { Freshness } from "./full-check.js";

/** Where a record's numbers are among its RECORD_NUMBERS (card-cache-format.ts encodeCardCache). */
const FIRST_LINE_AT = 3;
const HEAD_BYTES_AT = 4;
const BODY_BYTES_AT = 5;
const WORDS_AT = 7;

/** A trusted card cache's answer to one query's words: every record is readable (the trusted reader refuses one that is not). */
export interface TrustedCardSearch {
  cache: TrustedCardCache;
  count: number;
  /** found[i]: record i's counts of the wanted words; undefined: none of them. */
  found: (Counts | undefined)[];
  firstLine(i: number): number;
  /** The store's monthly episode shards as the cache's listing found them. */
  shards: readonly string[];
}

/** `use(search)` when the card cache at `memoryDir` is trusted for this call and its words indexed; else undefined. */
export function withTrustedCardSearch<T>(memoryDir: string, freshness: Freshness, wanted: readonly string[], use: (search: TrustedCardSearch) => T): T | undefined {
  if (readHold(memoryDir)) return undefined; // the catalog leaves held cards out: its path decides which
  return withTrustedCardCache(memoryDir, freshness, (cache) => {
    const token = cache.head.words;
    if (!token) return undefined;
    const { count } = cache;
    const numbers = cache.numbers;
    const at = (k: number, field: number) => numbers[k * RECORD_NUMBERS + field]!;
    const wordsAt = new Float64Array(count);
    const inExtra: number[] = [];
    for (let k = 0; k < count; k++) {
      const w = at(k, WORDS_AT);
      // The checks decodeCardCache makes of what is read here (NaN: words not made yet, the catalog makes them).
      if (!Number.isSafeInteger(w) || !isCount(at(k, FIRST_LINE_AT)) || !isCount(at(k, HEAD_BYTES_AT)) || !isCount(at(k, BODY_BYTES_AT))) return undefined;
      wordsAt[k] = w;
      if (w < 0) inExtra.push(k);
    }
    const headBytes = (k: number) => at(k, HEAD_BYTES_AT);
    const bodyBytes = (k: number) => at(k, BODY_BYTES_AT);
    const read = readCardTerms(memoryDir, token, wanted);
    if (typeof read === "string") return undefined;
    const owners = lineOwners(read.lines, wordsAt, headBytes, bodyBytes);
    if (!owners) return undefined;
    const found = postedCounts(read, owners, count);
    if (inExtra.length > 0) {
      const extra = cache.extra();
      const start = (k: number) => -1 - wordsAt[k]!;
      // By place, as the scan's look-up needs: a merged delta's words follow the base's, whatever their names.
      inExtra.sort((a, b) => start(a) - start(b));
      for (const k of inExtra) if (!lineFits(extra, start(k), headBytes(k), bodyBytes(k))) return undefined;
      for (const word of wanted) scanWords(found, extra, inExtra, start, headBytes, bodyBytes, word, Buffer.from(` ${word}:`, "utf8"));
    }
    return use({ cache, count, found, firstLine: (i) => at(i, FIRST_LINE_AT), shards: cache.head.shards });
  });
}

/** A words line (`<head>\t<body>\n`) of those lengths at `at` in `buf`: card-words.ts lineIn's rule. */
function lineFits(buf: Buffer, at: number, head: number, body: number): boolean {
  const end = at + head + body + 2;
  return at >= 0 && end <= buf.length && buf[at + head] === 9 && buf[end - 1] === 10;
}

const isCount = (v: number) => Number.isSafeInteger(v) && v >= 0;
