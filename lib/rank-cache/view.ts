// What an open rank cache offers its readers (format.ts openCacheFile makes one), and the sizes up to which its
// sections are read whole.
import type { PostingList } from "../rank/postings.js";

export interface CacheView<H> {
  header: H;
  n: number;
  /** A slim entry's text, read from the file on demand. */
  entry(id: number): string;
  /** An entry's printed line, read on demand. */
  printed(id: number): string;
  /** An entry's rebuild-reuse text, read on demand (only a rebuild does). */
  reuse(id: number): string;
  file(id: number): string;
  /** Card paths of many entries, in the order given: from a paged head, one pass over the blob (head.ts spans). */
  files(ids: readonly number[]): string[];
  /** Decodes every card path at once: for a caller about to ask for each entry's (a full check). */
  allFiles(): void;
  /**
   * The ids of the entries linking each of `paths` (normalised, as file() gives them): one native search of the path
   * blob per path, so a change of a few cards finds their entries without decoding 100,000 paths.
   */
  findFiles(paths: readonly string[]): Map<string, number[]>;
  /** UTF-8 bytes of the entry's printed line; from the head. */
  lineBytes(id: number): number;
  /** The entry's printed line key (lib/core/line-key.ts); from the head. */
  lineKey(id: number): string;
  /** Each entry's MEMORY.md line hash (lib/core/line-key.ts lineHashLanes of the raw line under header.seed), two u32 per entry. */
  rawKeys: Uint32Array;
  /** Each entry's 1-based line number in MEMORY.md. */
  lines: Uint32Array;
  /** The entry's card fingerprint as built, from the head: no entry read. */
  stamp(id: number): [mtimeMs: number, size: number, ctimeMs: number];
  /** Every entry's fingerprint, STAMP_FIELDS numbers each: the freshness check's loop reads them in place. */
  stamps: Float64Array;
  /** The cache file's mtime: when it was written or last had every card verified (see markVerified). */
  mtimeMs: number;
  /** Records that every card was verified as of `ms` (the file's mtime); false when the file's times cannot be set. */
  markVerified(ms: number): boolean;
  postings(term: string): PostingList | undefined;
}

/** Up to these sizes the slim entries and the postings are read whole (tests lower them to reach the other path). */
export interface ReadLimits {
  wholeEntries?: number;
  wholePrinted?: number;
  wholePostings?: number;
  /** Heads up to this size are read whole on open, larger ones a page at a time (head.ts). */
  wholeHead?: number;
}
