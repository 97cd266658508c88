// Ranking, pure: keyword relevance (BM25F over title, topics and hook, rarer terms weighing more) layered
// above frecency. Order, deterministic for equal inputs:
//   1. priority: always cards (pinned; the hook prints them outside the budget)
//   2. relevant cards: relevance × a frecency boost of at most FRECENCY_BOOST (so frecency only reorders
//      cards of similar relevance and can never lift an irrelevant card above a relevant one)
//   3. irrelevant cards, by frecency
//   4. sunk cards (priority: low, status stale/superseded, expires_at past), relevant before irrelevant
// Ties fall back to MEMORY.md line order. Scoring walks postings (term → entries), so a prompt costs what
// its terms match, not what the store holds.
import { frecency, type CardUsage } from "../core/frecency.js";
import { compareRanked, firstPlaces, kthLargest, type Tier } from "./order.js";
import { isCommonSpoken } from "./common-words.js";
import { BOUNDARY, continuesWord, evidenceNeeds } from "./word-evidence.js";
import { applyScope, scopeOf } from "./scope-filter.js";
import { FIELD_BIT, PART_BIT, type EntryInfo, type Field, type PostingList, type RankEntry, type RankIndex, matchesOf, memoryIndex } from "./postings.js";

export { compareRanked, isHit } from "./order.js";
export { SCOPE_BOOST } from "./scope-filter.js";

/**
 * A card scoring below this share of the best card's relevance is a weak match and counted irrelevant. 0.3 cut
 * the answering card for 1 LoCoMo question in 25 (bench/README.md); the block's own budget already bounds the cost.
 */
export const RELATIVE_CUTOFF = 0.1;
/**
 * Fields that say what a card is about: its title and topics (the file name's words are topics). A prompt needs
 * memory only when some card matches it in one of these, or matches two or more of its distinct terms: a lone
 * word met only in hooks or recall keys ("merge" in "…rebase, never merge") is how a prompt that needs no memory
 * ("looks good, merge it") meets a store, in every language (bench/README.md, 2026-12-06). A word the card holds
 * only as a part of a compound identifier (postings.ts PART_BIT) is in no field for this purpose.
 */
export const SUBJECT_FIELDS = FIELD_BIT.title | FIELD_BIT.topics;
/** The most frecency can multiply relevance by (1 + this), reached asymptotically. */
export const FRECENCY_BOOST = 0.25;
/** Set in `pending` (rank) when a katakana word's 2-gram was met in a subject field. */
const SUBJECT_PENDING = 0x80;
const SINK_STATUSES = new Set(["stale", "superseded"]);

export type { Tier };

export interface Ranked {
  entry: EntryInfo;
  /** Position in MEMORY.md order (0-based). */
  index: number;
  tier: Tier;
  /** BM25F relevance (0 when nothing matched). */
  relevance: number;
  frecency: number;
  /** The sort key within the tier. */
  score: number;
  /** Why it sank: "priority: low", "status: stale", "expired 2026-01-01". */
  sink?: string;
  /** Matched query terms with the fields they matched in. */
  matches: { term: string; fields: Field[] }[];
}

/** Where frecency comes from: usage by card (readUsage's cards). */
export type UsageSource = Pick<ReadonlyMap<string, CardUsage>, "get">;

export interface RankOptions {
  today: string;
  usage?: UsageSource;
  /** Rank every entry (for people: `memctl context`); otherwise only pinned and matching ones (the hook). */
  all?: boolean;
  /**
   * Only the first `top` hits need an exact order (the hook prints ~20): the result
   * holds the pinned entries and exactly the first `top` hits, in order. Omit for every hit.
   */
  top?: number;
  /** Told how many hits there are in all, including those `top` left out. */
  onHitCount?: (count: number) => void;
  /** Told every hit's entry id (relevant and sunk-relevant), including those `top` left out, in no order. */
  onHitIds?: (ids: ArrayLike<number>) => void;
  /** Usage read on demand: only when frecency can change an order (more than one hit, or every entry). */
  loadUsage?: (files: readonly string[]) => UsageSource | undefined;
  /**
   * The prompt's working directory relative to the repository root ("" the root, "/"-separated), or null outside any
   * repository. A scoped card ranks only where this is inside one of its scopes, and there gets SCOPE_BOOST; null
   * leaves every scoped card out. Undefined applies no scope (a caller that has no working directory).
   */
  scopeAt?: string | null;
}

/** Why a card sinks to the tail, or undefined. */
export function sinkReason(entry: Pick<EntryInfo, "priority" | "status" | "expires_at">, today: string): string | undefined {
  if (entry.priority === "low") return "priority: low";
  if (entry.status && SINK_STATUSES.has(entry.status)) return `status: ${entry.status}`;
  if (entry.expires_at && /^\d{4}-\d{2}-\d{2}/.test(entry.expires_at) && entry.expires_at.slice(0, 10) < today) return `expired ${entry.expires_at.slice(0, 10)}`;
  return undefined;
}

/** Ranks the index against query terms (tokenize.ts queryTerms). */
export function rank(index: RankIndex, query: ReadonlyMap<string, number>, options: RankOptions): Ranked[] {
  const n = index.size;
  // Typed accumulators: a prompt can touch most of a 10,000-line store, and Maps would dominate the cost.
  const relevance = new Float64Array(n);
  // Every id with a relevance, in first-touch order: a typed buffer, since a broad prompt touches thousands.
  const touchedIds = new Uint32Array(n);
  let touchedCount = 0;
  // Per id: how many distinct query words it matched, and whether one was in its title or topics (the evidence
  // that some card is about the prompt, see SUBJECT_FIELDS).
  const termHits = new Uint8Array(n);
  const subject = new Uint8Array(n);
  const lastAt = new Uint32Array(n);
  const matched: [string, PostingList][] = [];
  // Evidence counts words, not 2-grams: 2-grams a card matches that overlap in the prompt ("確認", "認し") are one
  // word; two it matches apart in one unspaced run ("過去の日付": 過去, 日付) are two, as two words of a spaced prompt.
  // A katakana word's 2-grams count only together (word-evidence.ts): `pending` holds how many of them a card has
  // matched in a row (SUBJECT_PENDING: one was in a subject field) until there are enough.
  const terms = [...query.keys()];
  const needs = evidenceNeeds(terms);
  const pending = new Uint8Array(n);
  for (let at = 1; at <= terms.length; at++) {
    const term = terms[at - 1]!;
    const qtf = query.get(term)!;
    const continues = at > 1 && continuesWord(terms[at - 2]!, term);
    const need = needs[at - 1]!;
    // A most-frequent spoken word ("go", "one", "next") scores but is no evidence that a card is about the prompt.
    const chat = isCommonSpoken(term) || need === BOUNDARY;
    // One CJK character (a kanji stem, tokenize.ts): one of two words, but alone it never makes a card the subject.
    const morpheme = term.length === 1 && term.charCodeAt(0) >= 0x3040;
    const list = index.postings(term);
    if (!list || list.length === 0) continue;
    matched.push([term, list]);
    const weight = qtf * Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
    const ids = list.id;
    const tfs = list.tf;
    const masks = list.mask;
    const length = list.length;
    // One read of the accumulator per posting: cold code boxes every double it reads (a heap allocation), and
    // a broad prompt over 10,000 cards walks ~15,000 postings.
    for (let k = 0; k < length; k++) {
      const id = ids[k]!;
      if (id >= n) throw new RangeError(`a posting of "${term}" points past the ${n} entries`); // a damaged cache: rebuild
      const prev = relevance[id]!;
      if (prev === 0) touchedIds[touchedCount++] = id;
      relevance[id] = prev + weight * tfs[k]!;
      if (chat) continue;
      const run = continues && lastAt[id] === at - 1;
      lastAt[id] = at;
      // A word met in this card only inside an identifier ("open" of `OpenApi`) does not make it the card's subject
      // ("ok, open the PR"); it is still one of two words ("casing" and "fields" of a camelCase-fields card).
      const about = !morpheme && (masks[k]! & SUBJECT_FIELDS) !== 0 && (masks[k]! & PART_BIT) === 0;
      if (need !== 0) {
        const soFar = run ? pending[id]! : 0;
        if (run && soFar === 0) continue; // the word was counted already
        const count = (soFar & ~SUBJECT_PENDING) + 1;
        const flags = (soFar & SUBJECT_PENDING) | (about ? SUBJECT_PENDING : 0);
        if (count < need) {
          pending[id] = count | flags;
          continue;
        }
        pending[id] = 0;
        if (flags !== 0) subject[id] = 1;
      } else {
        pending[id] = 0;
        if (run) {
          if (about) subject[id] = 1;
          continue;
        }
      }
      const hits = termHits[id]!;
      if (hits < 255) termHits[id] = hits + 1;
      if (about) subject[id] = 1;
    }
  }
  const scope = scopeOf(index, options.scopeAt, n);
  if (scope) touchedCount = applyScope(scope, relevance, touchedIds, touchedCount);
  const touched = touchedIds.subarray(0, touchedCount);
  const alwaysIds = scope ? index.alwaysIds.filter((id) => scope.out[id] === 0) : index.alwaysIds;
  const always = new Set(alwaysIds);
  // Per-id flags read in the loops over every hit (thousands at 10,000 cards): a byte read, not a Set lookup
  // or a call. mayMask marks the few ids whose sink fields must be looked at.
  const alwaysMask = new Uint8Array(n);
  for (let i = 0; i < alwaysIds.length; i++) alwaysMask[alwaysIds[i]!] = 1;
  const mayMask = index.maySink?.();
  let best = 0;
  let evidence = false;
  // Indexed loops over touched ids: they run cold in the interpreter, where for-of pays the iterator protocol
  // (and a typed array's length is a call: read once).
  for (let i = 0, count = touched.length; i < count; i++) {
    const id = touched[i]!;
    if (alwaysMask[id] !== 0) continue;
    const rel = relevance[id]!;
    if (rel > best) best = rel;
    if (!evidence && (termHits[id]! >= 2 || subject[id] !== 0)) evidence = true;
  }
  // No card is about the prompt (see SUBJECT_FIELDS): the prompt needs no memory, and nothing counts as relevant.
  if (!evidence) best = Number.POSITIVE_INFINITY;

  let hitCount = 0;
  const ids = options.all
    ? Array.from({ length: n }, (_, i) => i)
    : alwaysIds.concat(candidates(index, relevance, touched, alwaysMask, mayMask, best, options, (c) => (hitCount = c)));
  if (options.all) {
    const hitIds = Array.from(touched).filter((id) => !always.has(id) && relevance[id]! >= best * RELATIVE_CUTOFF);
    hitCount = hitIds.length;
    options.onHitIds?.(hitIds);
  }
  options.onHitCount?.(hitCount);
  const files = index.files ? index.files(ids) : ids.map((id) => index.file(id));
  const usage = options.usage ?? (hitCount > 1 || options.all ? options.loadUsage?.(options.all ? [] : files) : undefined);
  // Ordering needs only the card file, frecency and sink fields; an entry is materialised (a read from the
  // cache) only when someone reads it, and the hook reads just the lines it may print.
  const source = { index, matched };
  const ranked = ids.map((id, i): Ranked => {
    const rel = relevance[id]!;
    const fr = usage === undefined ? 0 : frecency(usage.get(files[i]!), options.today);
    const relevant = rel > 0 && rel >= best * RELATIVE_CUTOFF;
    const sink =
      scope !== undefined && scope.out[id] === 1 ? scope.why(id) : mayMask !== undefined && mayMask[id] === 0 ? undefined : sinkReason(index.sinkFields(id), options.today);
    const tier: Tier = always.has(id) ? "always" : sink ? (relevant ? "sunk-relevant" : "sunk") : relevant ? "relevant" : "irrelevant";
    const score = relevant ? rel * (1 + (FRECENCY_BOOST * fr) / (fr + 3)) : fr;
    return new RankedEntry(source, id, tier, rel, fr, score, sink);
  });
  return options.top === undefined || options.all ? ranked.sort(compareRanked) : firstPlaces(ranked, options.top);
}

/**
 * A ranked entry: a class, so its accessors live on the prototype. An object literal with getters per entry cost
 * ~1 KB each (hundreds a prompt, in cold code).
 */
class RankedEntry implements Ranked {
  declare sink?: string;
  private matchList?: Ranked["matches"];
  constructor(
    private readonly source: { index: RankIndex; matched: readonly [string, PostingList][] },
    readonly index: number,
    readonly tier: Tier,
    readonly relevance: number,
    readonly frecency: number,
    readonly score: number,
    sink: string | undefined,
  ) {
    if (sink) this.sink = sink;
  }

  /** Materialised on read: the hook reads only the lines it may print. */
  get entry(): EntryInfo {
    return this.source.index.entry(this.index);
  }

  /** Only people (memctl context) read which terms matched: worked out on first read, not for every hook hit. */
  get matches(): Ranked["matches"] {
    return (this.matchList ??= this.relevance > 0 ? matchesOf(this.index, this.source.matched) : []);
  }
}

/** Relevant hits worth materialising: all of them, or those that can still reach the first options.top places. */
function candidates(
  index: RankIndex,
  relevance: Float64Array,
  touched: Uint32Array,
  alwaysMask: Uint8Array,
  mayMask: Uint8Array | undefined,
  best: number,
  options: RankOptions,
  onCount: (n: number) => void,
): number[] {
  // Typed buffers sized for every touched id, and each relevance read once: this loop runs over every hit
  // (thousands at 10,000 cards) in cold code, where a push or a second read of a double costs an allocation.
  const count = touched.length;
  const normal = new Uint32Array(count);
  const normalRelevance = new Float64Array(count);
  let normalCount = 0;
  const sunk: number[] = [];
  const cutoff = best * RELATIVE_CUTOFF;
  for (let i = 0; i < count; i++) {
    const id = touched[i]!;
    const rel = relevance[id]!;
    if (rel < cutoff || alwaysMask[id] !== 0) continue;
    if ((mayMask === undefined || mayMask[id] !== 0) && sinkReason(index.sinkFields(id), options.today)) sunk.push(id);
    else {
      normal[normalCount] = id;
      normalRelevance[normalCount++] = rel;
    }
  }
  const normalIds = normal.subarray(0, normalCount);
  onCount(normalCount + sunk.length);
  options.onHitIds?.(sunk.length === 0 ? normalIds : [...normalIds, ...sunk]);
  const top = options.top;
  if (top === undefined) return [...normalIds, ...sunk];
  // Frecency multiplies relevance by at most 1 + FRECENCY_BOOST: below floor(k) nothing can overtake the k-th.
  const floorFor = (values: Float64Array, k: number) => kthLargest(values.slice(), k) / (1 + FRECENCY_BOOST);
  const kept: number[] = [];
  if (normalCount <= top) for (let i = 0; i < normalCount; i++) kept.push(normal[i]!);
  else {
    const floor = floorFor(normalRelevance.subarray(0, normalCount), top);
    for (let i = 0; i < normalCount; i++) if (normalRelevance[i]! >= floor) kept.push(normal[i]!);
  }
  const left = top - normalCount;
  if (left > 0 && sunk.length > 0) {
    if (sunk.length <= left) return kept.concat(sunk);
    const floor = floorFor(
      Float64Array.from(sunk, (id) => relevance[id]!),
      left,
    );
    for (let i = 0; i < sunk.length; i++) if (relevance[sunk[i]!]! >= floor) kept.push(sunk[i]!);
  }
  return kept;
}

/** Convenience: rank plain entries (every entry, irrelevant ones included). */
export function rankEntries(entries: readonly RankEntry[], query: ReadonlyMap<string, number>, options: Omit<RankOptions, "all">): Ranked[] {
  return rank(memoryIndex(entries), query, { ...options, all: true });
}
