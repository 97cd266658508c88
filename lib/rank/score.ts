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
import { compareRanked, firstPlaces, type Tier } from "./order.js";
import { hitCandidates } from "./hit-candidates.js";
import { FRECENCY_BOOST, RELATIVE_CUTOFF, sinkReason } from "./tier-rules.js";
import { ABOUT, evidenceOf, NONE, type Matched } from "./evidence.js";
import { applyScope, heldIn, scopeOf, withHeld, type HeldIds } from "./scope-filter.js";
import { type EntryInfo, type Field, type RankEntry, type RankIndex, matchesOf, memoryIndex } from "./postings.js";

export { compareRanked, isHit } from "./order.js";
export { SUBJECT_FIELDS } from "./evidence.js";
export { SCOPE_BOOST, type HeldIds } from "./scope-filter.js";

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
  /**
   * Held cards' ids (lib/store/prompt-hold.ts): never ranked, and counted in no statistic (the number of cards, a
   * term's document frequency), so a teammate's unreviewed push cannot make the owner's words common.
   */
  held?: HeldIds;
}

/** Ranks the index against query terms (tokenize.ts queryTerms). */
export function rank(index: RankIndex, query: ReadonlyMap<string, number>, options: RankOptions): Ranked[] {
  const n = index.size;
  const held = options.held !== undefined && options.held.count > 0 ? options.held : undefined;
  // The IDF's card count: the owner's cards, held ones left out (each term's count likewise, below).
  const docs = held ? n - held.count : n;
  // Scope (and the hold) is known before any posting is read: it decides which ids can set the best relevance.
  const scope = withHeld(scopeOf(index, options.scopeAt, n), held, n);
  const alwaysIds = scope ? index.alwaysIds.filter((id) => scope.out[id] === 0) : index.alwaysIds;
  const always = new Set(alwaysIds);
  // Per-id flags read in the loops over every posting and hit (tens of thousands at 100,000 cards): a byte read,
  // not a Set lookup or a call. mayMask marks the few ids whose sink fields must be looked at.
  const alwaysMask = new Uint8Array(n);
  for (let i = 0; i < alwaysIds.length; i++) alwaysMask[alwaysIds[i]!] = 1;
  // Typed accumulators: a prompt can touch most of a 10,000-line store, and Maps would dominate the cost.
  const relevance = new Float64Array(n);
  // Every id with a relevance, in first-touch order: a typed buffer, since a broad prompt touches thousands.
  const touchedIds = new Uint32Array(n);
  const matched: Matched[] = [];
  // The best relevance of a card that is not pinned, taken as the postings are summed: every posting adds a
  // positive amount, so the largest value ever written for an id is its final one. This saves a pass over every
  // hit, which in the hook's cold code costs as much as the walk (bench/history/2026-12.md, h/warm). A scope boosts and
  // drops ids after the walk, so with one the pass stays.
  const bestSoFar = new Float64Array(1);
  let touchedCount = 0;
  for (const [term, qtf] of query) {
    const list = index.postings(term);
    if (!list || list.length === 0) continue;
    // One pass over the posting, only when something is held; a term only held cards have is not met at all.
    const df = held ? list.length - heldIn(list.id, list.length, held.mask) : list.length;
    if (df === 0) continue;
    matched.push([term, list]);
    const weight = qtf * Math.log(1 + (docs - df + 0.5) / (df + 0.5));
    touchedCount = addPostings(list.id, list.tf, list.length, weight, relevance, touchedIds, touchedCount, alwaysMask, bestSoFar);
    if (touchedCount < 0) throw new RangeError(`a posting of "${term}" points past the ${n} entries`); // a damaged cache: rebuild
  }
  let best = bestSoFar[0]!;
  if (scope) {
    touchedCount = applyScope(scope, relevance, touchedIds, touchedCount);
    best = 0;
    for (let i = 0; i < touchedCount; i++) {
      const id = touchedIds[i]!;
      if (alwaysMask[id] === 0 && relevance[id]! > best) best = relevance[id]!;
    }
  }
  const touched = touchedIds.subarray(0, touchedCount);
  const mayMask = index.maySink?.();
  // No card is about the prompt (see SUBJECT_FIELDS): the prompt needs no memory, and nothing counts as relevant;
  // or one card without recall keys meets a lone word of it (evidence.ts), and it alone is relevant.
  const evidence = evidenceOf(query, matched, n, alwaysMask, scope?.out, relevance);
  if (evidence === NONE) best = Number.POSITIVE_INFINITY;
  else if (evidence !== ABOUT) {
    for (let i = 0; i < touched.length; i++) if (touched[i] !== evidence) relevance[touched[i]!] = 0;
    best = relevance[evidence]!;
  }

  let hitCount = 0;
  const ids = options.all
    ? Array.from({ length: n }, (_, i) => i).filter((id) => held?.mask[id] !== 1)
    : alwaysIds.concat(hitCandidates(index, relevance, touched, alwaysMask, mayMask, best, options, (c) => (hitCount = c)));
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
    private readonly source: { index: RankIndex; matched: readonly Matched[] },
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

// The loop over every posting is a small function of its own (as is hit-candidates.ts's over every hit). A broad prompt at 100,000 cards
// walks ~100,000 postings and ~65,000 touched ids in a process that lives ~100 ms: the interpreter boxes every
// double it reads (~7 MB of garbage a prompt), and V8 optimises a hot loop by compiling its whole function on
// another thread while the loop runs on. Inside rank() and hitCandidates() those compiles took 13-17 ms and one was
// thrown away ("dependency change"), so most of the walk ran interpreted; a function this small compiles in 1-3 ms
// and the rest of its loop runs optimised (bench/history/2026-12.md, h/warm round 2); one holding the heap's loops took 7-10
// (h/warm6), so the heap reads only a prefix (order.ts prefixBest). The arithmetic, and so every score, is the same.

/**
 * Adds one term's postings (weight x tf) into `relevance`, appending each id touched for the first time to
 * `touchedIds`; returns the new touched count, or -1 on an id past the index (a damaged cache). best[0] is the
 * best relevance of a card that is not pinned, taken as the postings are summed: every posting adds a positive
 * amount, so the largest value ever written for an id is its final one. It is written inside the loop, and
 * nothing after the loop reads or writes a property: optimised code entered mid-loop has no feedback for code the
 * interpreter never ran, and would be thrown away at the loop's end.
 */
function addPostings(
  ids: ArrayLike<number>,
  tfs: ArrayLike<number>,
  length: number,
  weight: number,
  relevance: Float64Array,
  touchedIds: Uint32Array,
  touched: number,
  alwaysMask: Uint8Array,
  best: Float64Array,
): number {
  const n = relevance.length;
  let count = touched;
  let most = best[0]!;
  for (let k = 0; k < length; k++) {
    const id = ids[k]!;
    if (id >= n) return -1;
    const prev = relevance[id]!;
    if (prev === 0) touchedIds[count++] = id;
    const value = prev + weight * tfs[k]!;
    relevance[id] = value;
    if (value > most && alwaysMask[id] === 0) {
      most = value;
      best[0] = value;
    }
  }
  return count;
}

/** Convenience: rank plain entries (every entry, irrelevant ones included). */
export function rankEntries(entries: readonly RankEntry[], query: ReadonlyMap<string, number>, options: Omit<RankOptions, "all">): Ranked[] {
  return rank(memoryIndex(entries), query, { ...options, all: true });
}
