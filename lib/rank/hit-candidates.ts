// Which hits the hook must materialise: the pass over every hit that splits, counts and puts aside those that can
// still reach a first place, so a broad prompt at 100,000 cards orders a few hundred entries, not ~50,000.
import { kthLargest, prefixBest } from "./order.js";
import type { RankIndex } from "./postings.js";
import { FRECENCY_BOOST, RELATIVE_CUTOFF, sinkReason } from "./tier-rules.js";

/** What the pass reads of the rank options (score.ts RankOptions). */
export interface HitOptions {
  today: string;
  top?: number;
  onHitIds?: (ids: ArrayLike<number>) => void;
}

/**
 * Relevant hits worth materialising: all of them, or those that can still reach the first options.top places
 * (at or above the top-th best relevance / (1 + FRECENCY_BOOST)). A broad prompt at 100,000 cards has ~50,000 hits:
 * they are split, counted and put aside in one pass over the touched ids (collectHits); only the few put aside have
 * their relevances copied, for the top-th best.
 */
export function hitCandidates(
  index: RankIndex,
  relevance: Float64Array,
  touched: Uint32Array,
  alwaysMask: Uint8Array,
  mayMask: Uint8Array | undefined,
  best: number,
  options: HitOptions,
  onCount: (n: number) => void,
): number[] {
  const count = touched.length;
  const normal = new Uint32Array(count);
  const marked = new Uint32Array(count);
  const top = options.top;
  // The hits that may reach a first place: every one at or above `low`.
  const aside = new Uint32Array(top === undefined ? 0 : count);
  const cutoff = best * RELATIVE_CUTOFF;
  // No first place is under this (prefixBest): a hit under it is counted, never put aside.
  const slots = top === undefined ? 0 : Math.min(top, count);
  const low = slots === 0 ? Number.POSITIVE_INFINITY : prefixBest(touched, relevance, cutoff, alwaysMask, mayMask, slots) / (1 + FRECENCY_BOOST);
  const split = collectHits(touched, relevance, cutoff, alwaysMask, mayMask, low, normal, marked, aside);
  let { normal: normalCount, aside: asideCount } = split;
  // The few hits whose sink fields must be looked at (most entries are normal, active and never expire; a low one
  // sinks whatever the day): every hit when the index marks none.
  const sunk: number[] = [];
  for (let i = 0; i < split.marked; i++) {
    const id = marked[i]!;
    if (mayMask?.[id] === 1 || sinkReason(index.sinkFields(id), options.today)) {
      sunk.push(id);
      continue;
    }
    normal[normalCount++] = id;
    if (relevance[id]! >= low) aside[asideCount++] = id;
  }
  const normalIds = normal.subarray(0, normalCount);
  onCount(normalCount + sunk.length);
  if (options.onHitIds) {
    // Copied natively: spread into an array, ~50,000 ids were ~4 MB of garbage a prompt.
    const hitIds = new Uint32Array(normalCount + sunk.length);
    hitIds.set(normalIds);
    hitIds.set(sunk, normalCount);
    options.onHitIds(hitIds);
  }
  if (top === undefined) return [...normalIds, ...sunk];
  // Frecency multiplies relevance by at most 1 + FRECENCY_BOOST: below the top-th best / that, nothing can
  // overtake the top-th. What was put aside holds every hit at or above `low`, which is under that floor, and
  // every hit from the top-th best up (at least `top` of them), in the order of normalIds.
  let floor = 0;
  if (normalCount > top && asideCount > 0) {
    const rels = new Float64Array(asideCount);
    for (let i = 0; i < asideCount; i++) rels[i] = relevance[aside[i]!]!;
    floor = kthLargest(rels, top) / (1 + FRECENCY_BOOST);
  }
  const kept: number[] = [];
  for (let i = 0; i < asideCount; i++) if (relevance[aside[i]!]! >= floor) kept.push(aside[i]!);
  const left = top - normalCount;
  if (left > 0 && sunk.length > 0) {
    if (sunk.length <= left) return kept.concat(sunk);
    const sunkFloor =
      kthLargest(
        Float64Array.from(sunk, (id) => relevance[id]!),
        left,
      ) /
      (1 + FRECENCY_BOOST);
    for (let i = 0; i < sunk.length; i++) if (relevance[sunk[i]!]! >= sunkFloor) kept.push(sunk[i]!);
  }
  return kept;
}

// The loop over every hit is a small function of its own, so V8 compiles it while the loop runs on (why: score.ts,
// above addPostings).

/**
 * The hits: touched ids at or above the cut-off that are not pinned, in touched order. Those the mask marks (every
 * one without a mask) go to `marked`, for the caller to check their sink fields; the others to `normal`, and to
 * `aside` when at or above `low` (see hitCandidates). One pass: three passes over ~50,000 hits were as costly as the walk
 * (bench/history/2026-12.md, h/warm5).
 */
function collectHits(
  touched: Uint32Array,
  relevance: Float64Array,
  cutoff: number,
  alwaysMask: Uint8Array,
  mayMask: Uint8Array | undefined,
  low: number,
  normal: Uint32Array,
  marked: Uint32Array,
  aside: Uint32Array,
): { normal: number; marked: number; aside: number } {
  let normalCount = 0;
  let markedCount = 0;
  let asideCount = 0;
  for (let i = 0; i < touched.length; i++) {
    const id = touched[i]!;
    const rel = relevance[id]!;
    if (rel < cutoff || alwaysMask[id] !== 0) continue;
    if (mayMask === undefined || mayMask[id] !== 0) {
      marked[markedCount++] = id;
      continue;
    }
    normal[normalCount++] = id;
    if (rel >= low) aside[asideCount++] = id;
  }
  return { normal: normalCount, marked: markedCount, aside: asideCount };
}
