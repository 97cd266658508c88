// Reading one card into the card cache's record and words, and a cache file decoded once per stamp: the two reads
// lib/store/card-cache.ts and card-words.ts share.
import { cardType, parseCard, supersededBy } from "../core/card.js";
import { utf8Text, bufferView } from "../core/bytes.js";
import { sha256Hex } from "../core/sha256.js";
import { cardHead, countTerms, encodeTermCounts, terms } from "../core/search-terms.js";
import type { CardRecord } from "./card-cache-format.js";
import { lstatIfExists, readRegular, type FileStat } from "./checked-fs.js";
import { joinPath } from "./paths.js";

/** Every card's words at 100,000 cards are ~100 MB: far past the default read cap. */
export const CACHE_READ_CAP = 1 << 30;
const NO_BYTES = Buffer.alloc(0);

/**
 * The card read into its record and, unless `withWords` is false, its search words (` term:count` lists, head and
 * body, `\t` between, `\n` after). A card that cannot be read is a record with its error (never trusted later).
 */
export function readRecord(dir: string, file: string, withWords = true): { record: CardRecord; words?: Buffer } {
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
  // Tokenizing is about a quarter of a first build: one no search asked for leaves it to the first search (card-words.ts).
  const head = withWords ? Buffer.from(encodeTermCounts(countTerms(terms(cardHead(m)))), "utf8") : NO_BYTES;
  const body = withWords ? Buffer.from(encodeTermCounts(countTerms(terms(card.body))), "utf8") : NO_BYTES;
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
    ...(m.expires_at !== undefined ? { expires_at: m.expires_at } : {}),
    ...(supersededBy(card) !== undefined ? { superseded_by: supersededBy(card) } : {}),
  };
  return { record, ...(withWords ? { words: Buffer.concat([head, Buffer.from("\t"), body, Buffer.from("\n")]) } : {}) };
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
    const value = decode(bufferView(bytes), stat);
    if (value === undefined) decodedByFile.delete(file);
    else decodedByFile.set(file, { stamp: key(stat), value });
    return value;
  } catch {
    return undefined;
  }
}

/** Drops what memoByStamp kept for `file`: a process that rarely reads it again (the keeper) need not hold it. */
export function forgetDecoded(file: string): void {
  decodedByFile.delete(file);
}
