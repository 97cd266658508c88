// .memctl/card-terms (layout: card-terms-format.ts): a search reads the lines of card-words that hold its words
// from here, a few positioned reads a word, instead of reading and scanning card-words whole. card-words.ts decides
// when: it is written for one card-words token by the first search that scans that card-words, and never edited
// (changed cards' words are in the card-cache file's own section, which the search still scans). Derived state:
// a file that is missing, for another token or damaged makes the search scan, as it did before this file.
import { encodeCardTerms } from "./card-terms-build.js";
import { decodePostings, decodeTermsHead, findInBucket, TERMS_VERSION, termHash, type Postings } from "./card-terms-format.js";
import { close, openRegular, readFullyAt } from "./checked-fs.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";

export const CARD_TERMS = "card-terms";

/** How often each wanted word occurs in a card's head and body. */
export type Counts = { head: Map<string, number>; body: Map<string, number> };

/** The card-words lines (offset, head bytes, body bytes: u32 LE) and, for each wanted word some line holds, its postings. */
export interface TermsRead {
  lines: Buffer;
  postings: Map<string, Postings>;
}

/** Room for the two header lines (the JSON one is under 200 bytes). */
const HEAD_BYTES = 4096;
/** Written when card-words' bytes are not what card-read.ts writes: the search keeps scanning that card-words. */
const UNUSABLE = "unusable";

/**
 * The postings of `wanted` in the card-terms of card-words `token`. "build": no card-terms for that token, or one
 * that does not read back (the search scans, and writes one); "scan": that card-words cannot have one.
 */
export function readCardTerms(dir: string, token: string, wanted: readonly string[]): TermsRead | "build" | "scan" {
  let fd: number | undefined;
  try {
    const opened = openRegular(joinPath(dir, STATE_DIR, CARD_TERMS), { nofollow: true });
    fd = opened.fd;
    const top = readFullyAt(fd, 0, Math.min(HEAD_BYTES, opened.stat.size));
    if (top.toString("latin1") === `${TERMS_VERSION} ${token}\n${UNUSABLE}\n`) return "scan";
    const found = decodeTermsHead(top, token, opened.stat.size);
    if (!found) return "build";
    const { head, start } = found;
    const [linesLength, bucketsLength, dictLength, postingsLength] = head.sections;
    const bucketsAt = start + linesLength;
    const dictAt = bucketsAt + bucketsLength;
    const postingsAt = dictAt + dictLength;
    const postings = new Map<string, Postings>();
    for (const word of new Set(wanted)) {
      const bytes = Buffer.from(word, "utf8");
      const bucket = readFullyAt(fd, bucketsAt + (termHash(bytes) & (head.buckets - 1)) * 4, 8);
      const [from, to] = [bucket.readUInt32LE(0), bucket.readUInt32LE(4)];
      if (to < from || to > dictLength) return "build";
      const at = findInBucket(readFullyAt(fd, dictAt + from, to - from), bytes);
      if (at === null) continue; // no card-words line holds it
      if (at === undefined || at[0] + at[1] > postingsLength) return "build";
      const decoded = decodePostings(readFullyAt(fd, postingsAt + at[0], at[1]), head.lines);
      if (!decoded) return "build";
      postings.set(word, decoded);
    }
    return { lines: readFullyAt(fd, start, linesLength), postings };
  } catch {
    return "build"; // missing, not a regular file, a link, unreadable
  } finally {
    if (fd !== undefined) close(fd);
  }
}

/** Whether card-terms is for card-words `token` (usable or not): reads its first line only. */
export function hasCardTerms(dir: string, token: string): boolean {
  let fd: number | undefined;
  try {
    const opened = openRegular(joinPath(dir, STATE_DIR, CARD_TERMS), { nofollow: true });
    fd = opened.fd;
    const top = readFullyAt(fd, 0, Math.min(HEAD_BYTES, opened.stat.size));
    return top.toString("latin1", 0, top.indexOf(10)) === `${TERMS_VERSION} ${token}`;
  } catch {
    return false;
  } finally {
    if (fd !== undefined) close(fd);
  }
}

/** card-terms for the card-words section `words` written with `token`; nothing when it cannot be written. */
export function writeCardTerms(dir: string, token: string, words: Buffer): void {
  try {
    const state = realDir(dir, STATE_DIR);
    const bytes = encodeCardTerms(words, token) ?? Buffer.from(`${TERMS_VERSION} ${token}\n${UNUSABLE}\n`, "latin1");
    replaceFile(joinPath(state, CARD_TERMS), bytes, joinPath(state, `${CARD_TERMS}.${process.pid}.tmp`));
  } catch {
    // Derived state: a read-only store or a full disk leaves the searches scanning card-words.
  }
}

/**
 * For each card-words line, the record whose words it is (its place is the line's offset, with the line's head and
 * body lengths), or -1: an old version's line, which no record points at any more. Undefined when a record placed
 * in card-words fits no line, or the places do not increase (the scan would not read them so either).
 */
export function lineOwners(lines: Buffer, wordsAt: ArrayLike<number>, headBytes: (k: number) => number, bodyBytes: (k: number) => number): Int32Array | undefined {
  const count = lines.length / 12;
  const owners = new Int32Array(count).fill(-1);
  let j = 0;
  for (let k = 0; k < wordsAt.length; k++) {
    const w = wordsAt[k]!;
    if (w < 0) continue;
    while (j < count && lines.readUInt32LE(j * 12) < w) j++;
    if (j === count || lines.readUInt32LE(j * 12) !== w) return undefined;
    if (lines.readUInt32LE(j * 12 + 4) !== headBytes(k) || lines.readUInt32LE(j * 12 + 8) !== bodyBytes(k)) return undefined;
    owners[j++] = k;
  }
  return owners;
}

/** For each record, its counts of the words `read` has postings for, from the lines it owns (`owners`: lineOwners'). */
export function postedCounts(read: TermsRead, owners: Int32Array, records: number): (Counts | undefined)[] {
  const found: (Counts | undefined)[] = new Array(records);
  for (const [word, post] of read.postings) {
    for (let i = 0; i < post.line.length; i++) {
      const k = owners[post.line[i]!]!;
      if (k < 0) continue; // an old version's line
      if (post.head[i]) countIn(found, k, true, word, post.head[i]! - 1);
      if (post.body[i]) countIn(found, k, false, word, post.body[i]! - 1);
    }
  }
  return found;
}

/** No words in that part (shared, never written: countIn gives a part its own Map before its first word). */
const NONE: Map<string, number> = new Map();

/** Word `word` occurs `n` times in record k's head or body: a common word is in ~46,000 cards at 100,000, one Map each, not two. */
export function countIn(found: (Counts | undefined)[], k: number, head: boolean, word: string, n: number): void {
  const counts = (found[k] ??= { head: NONE, body: NONE });
  if (head) (counts.head === NONE ? (counts.head = new Map()) : counts.head).set(word, n);
  else (counts.body === NONE ? (counts.body = new Map()) : counts.body).set(word, n);
}

/**
 * Counts of `word` (` word:` is `needle`) in the words lines of `buf`, whose owners (record indexes, in increasing
 * place) start at start(k) with those head and body lengths; a hit in a line no record owns now (an old version's) is
 * skipped. Shared by the catalog's search and the trusted one (card-search-trusted.ts), so both count alike.
 */
export function scanWords(
  found: (Counts | undefined)[],
  buf: Buffer | undefined,
  owners: readonly number[],
  start: (k: number) => number,
  headBytes: (k: number) => number,
  bodyBytes: (k: number) => number,
  word: string,
  needle: Buffer,
): void {
  if (!buf || owners.length === 0) return;
  for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + needle.length)) {
    const k = owners[lastAtOrBefore(owners, at, start)]!;
    const s = start(k);
    const head = headBytes(k);
    if (at < s || at >= s + head + bodyBytes(k) + 1) continue; // a line no record owns now: an old version's
    let n = 0;
    for (let q = at + needle.length; buf[q]! >= 48 && buf[q]! <= 57; q++) n = n * 10 + buf[q]! - 48;
    countIn(found, k, at < s + head, word, n);
  }
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
