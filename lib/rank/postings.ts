// The index ranking reads: entries and their fields, postings per term (BM25F term frequencies, saturated
// when built), and the in-memory index over parsed entries. The rank cache (lib/rank-cache/) implements the same
// RankIndex over its file; score.ts ranks against either.
import { PART_MARK } from "./tokenize.js";

/** An index line and the card fields that move it. */
export interface EntryInfo {
  line: number;
  raw: string;
  file: string;
  title: string;
  hook: string;
  priority?: string;
  status?: string;
  expires_at?: string;
  /** Where the card applies (lib/core/scope.ts); absent or empty: everywhere. */
  scope?: readonly string[];
}

/** An entry with its terms per field, as the cache builder tokenises it. */
export interface RankEntry extends EntryInfo {
  topics: string[];
  /** Appended to the printed line: the card may not be true (lib/rank-cache/build.ts provenanceMark). */
  mark?: string;
  /** recall: the card's recall keys (never printed); body: the card's Markdown after its frontmatter. */
  terms: { title: string[]; topics: string[]; hook: string[]; recall?: string[]; body?: string[] };
}

export type Field = keyof RankEntry["terms"];
export const FIELDS: readonly Field[] = ["title", "topics", "hook", "recall", "body"];
/**
 * Field weights: a word in the title says more than one in the topics, which says more than one in the hook.
 * Recall keys sit between title and hook: each key is a whole way of asking for the card, but a card has many
 * and they are written by a model, not the card's author. Values chosen on the hand, coding and paraphrase sets
 * (bench/history/2026-12.md, 2026-12-06). The body is not indexed (weight 0): it was measured and did not pay.
 */
export const FIELD_WEIGHT: Readonly<Record<Field, number>> = { title: 3, topics: 2, hook: 1, recall: 1.5, body: 0 };
const FIELD_B: Readonly<Record<Field, number>> = { title: 0.3, topics: 0.3, hook: 0.6, recall: 0.75, body: 0.75 };
export const FIELD_BIT: Readonly<Record<Field, number>> = { title: 1, topics: 2, hook: 4, recall: 8, body: 16 };
/** Bits of a posting's field mask. */
export const FIELD_MASK = 31;
/**
 * Set in a posting's mask when the entry holds the term only as a part of compound identifiers ("open" of
 * `OpenApi`; tokenize.ts tokenizeMarked): it scores, but does not say the card is about a prompt (score.ts).
 */
export const PART_BIT = 32;
/**
 * Set in every posting of an entry whose card has recall keys: a per-entry fact carried in the mask byte a prompt
 * reads anyway, so it costs no read and no section of the rank cache. A card without keys may get a line from a
 * lone specific word (evidence.ts); a keyed card has stated how people ask for it, and does not.
 */
export const KEYED_BIT = 64;
export const MASK_FIELDS: readonly Field[][] = Array.from({ length: FIELD_MASK + 1 }, (_, mask) => FIELDS.filter((f) => mask & FIELD_BIT[f]));
const K1 = 1.2;

/**
 * One entry containing a term and the fields it is in. `tf` is the field-weighted, length-normalised term
 * frequency already passed through BM25's saturation tf·(k1+1)/(tf+k1), so scoring multiplies it by the weight.
 */
export interface Posting {
  id: number;
  tf: number;
  mask: number;
}

/** A term's postings as parallel arrays (typed-array views straight over the cache file, no objects). */
export interface PostingList {
  length: number;
  id: ArrayLike<number>;
  tf: ArrayLike<number>;
  mask: ArrayLike<number>;
}

/** Packs postings into a PostingList. */
export function toPostingList(list: readonly Posting[]): PostingList {
  return { length: list.length, id: Uint32Array.from(list, (p) => p.id), tf: Float32Array.from(list, (p) => p.tf), mask: Uint8Array.from(list, (p) => p.mask) };
}

/** What ranking reads: entries by id, postings by term. The cache implements it lazily. */
export interface RankIndex {
  size: number;
  entry(id: number): EntryInfo;
  /** An entry's card file without materialising the entry. */
  file(id: number): string;
  /** The card files of many entries at once, in the order given (a paged cache reads them in one pass). */
  files?(ids: readonly number[]): string[];
  /** The ids of the entries linking any of `files` (paths as file() gives them), without decoding every path. */
  idsLinking?(files: readonly string[]): number[];
  /** The fields that sink an entry, without materialising it (cheap for the cache). */
  sinkFields(id: number): Pick<EntryInfo, "priority" | "status" | "expires_at">;
  postings(term: string): PostingList | undefined;
  alwaysIds: readonly number[];
  /** UTF-8 bytes of an entry's printed line without rendering it, when the index knows (the rank cache does). */
  lineBytes?(id: number): number;
  /** An entry's printed line key (lib/core/line-key.ts) without reading the line, when the index knows it. */
  lineKey?(id: number): string;
  /** An entry's printed line (renderEntryLine's output) without rendering it, when the index holds it. */
  lineText?(id: number): string;
  /**
   * Per id: 0 when sinkFields has none, 1 for priority: low (it sinks whatever the day), 2 for a status or an
   * expiry (sinkReason decides). A broad prompt at 100,000 cards meets thousands of low hits.
   */
  maySink?(): Uint8Array;
  /** Every scoped entry's id and scopes (few in any store): ranking reads these, never a card, per prompt. */
  scoped?(): readonly (readonly [id: number, scopes: readonly string[]])[];
}

/** Average length per field (FIELDS order), the length normalisation every posting of a store is built against. */
export function fieldAverages(entries: readonly RankEntry[]): number[] {
  const n = entries.length;
  // Recall keys and bodies are optional: their average length is over the cards that have them, so a store where
  // few cards have keys does not score those few as overlong.
  return FIELDS.map((f) => {
    if (FIELD_WEIGHT[f] === 0) return 1;
    let sum = 0;
    let have = f === "recall" || f === "body" ? 0 : n;
    for (const e of entries) {
      const len = e.terms[f]?.length ?? 0;
      sum += len;
      if ((f === "recall" || f === "body") && len > 0) have++;
    }
    return have > 0 ? Math.max(1, sum / have) : 1;
  });
}

/** One entry's postings against given field averages (fieldAverages): term → saturated tf and field mask. */
export function entryPostings(e: RankEntry, avg: readonly number[]): Map<string, { tf: number; mask: number }> {
  const mine = new Map<string, { tf: number; mask: number }>();
  // Terms met standing alone at least once: a part (PART_MARK) of an identifier elsewhere in the entry is then evidence.
  const alone = new Set<string>();
  FIELDS.forEach((f, i) => {
    const terms = e.terms[f];
    if (FIELD_WEIGHT[f] === 0 || terms === undefined) return;
    const norm = 1 - FIELD_B[f] + (FIELD_B[f] * terms.length) / avg[i]!;
    for (const marked of terms) {
      const t = marked.startsWith(PART_MARK) ? marked.slice(PART_MARK.length) : marked;
      if (t === marked) alone.add(t);
      let p = mine.get(t);
      if (!p) mine.set(t, (p = { tf: 0, mask: 0 }));
      p.tf += FIELD_WEIGHT[f] / norm;
      p.mask |= FIELD_BIT[f];
    }
  });
  const keyed = (e.terms.recall?.length ?? 0) > 0 ? KEYED_BIT : 0;
  for (const [t, p] of mine) {
    p.tf = Math.fround((p.tf * (K1 + 1)) / (p.tf + K1)); // saturated once here, not per prompt; float32 as cached
    if (!alone.has(t)) p.mask |= PART_BIT;
    p.mask |= keyed;
  }
  return mine;
}

/** Builds postings for entries: per field, weight × tf / (1 − b + b × len / avglen), summed over fields, then saturated. */
export function buildPostings(entries: readonly RankEntry[], avg: readonly number[] = fieldAverages(entries)): Map<string, Posting[]> {
  const postings = new Map<string, Posting[]>();
  entries.forEach((e, id) => {
    for (const [t, p] of entryPostings(e, avg)) {
      let list = postings.get(t);
      if (!list) postings.set(t, (list = []));
      list.push({ id, tf: p.tf, mask: p.mask });
    }
  });
  return postings;
}

/** An in-memory RankIndex over parsed entries (tests, and stores read without the cache). */
export function memoryIndex(entries: readonly RankEntry[]): RankIndex {
  const postings = new Map([...buildPostings(entries)].map(([t, list]) => [t, toPostingList(list)]));
  const alwaysIds = entries.flatMap((e, i) => (e.priority === "always" ? [i] : []));
  const scoped = entries.flatMap((e, i) => (e.scope && e.scope.length > 0 ? [[i, e.scope] as const] : []));
  return {
    size: entries.length,
    entry: (id) => entries[id]!,
    file: (id) => entries[id]!.file,
    sinkFields: (id) => entries[id]!,
    postings: (t) => postings.get(t),
    alwaysIds,
    scoped: () => scoped,
  };
}

/** The query terms an entry matched and where: postings are in id order, so a binary search per term. */
export function matchesOf(id: number, matched: readonly [string, PostingList][]): { term: string; fields: Field[] }[] {
  const out: { term: string; fields: Field[] }[] = [];
  for (const [term, list] of matched) {
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = list.id[mid]!;
      if (at === id) {
        out.push({ term, fields: MASK_FIELDS[list.mask[mid]! & FIELD_MASK]! });
        break;
      }
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return out;
}
