// The order of ranked entries: tiers first (pinned, relevant, irrelevant, sunk), then score, relevance and
// index order, and the first places of it without comparing everything.
export type Tier = "always" | "relevant" | "irrelevant" | "sunk-relevant" | "sunk";

/** What ordering reads of a ranked entry (lib/rank/score.ts Ranked has it): no import back into the scorer. */
export interface Orderable {
  tier: Tier;
  score: number;
  relevance: number;
  index: number;
}

export const TIER_ORDER: Readonly<Record<Tier, number>> = { always: 0, relevant: 1, irrelevant: 2, "sunk-relevant": 3, sunk: 4 };

export function compareRanked(a: Orderable, b: Orderable): number {
  return TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || b.score - a.score || b.relevance - a.relevance || a.index - b.index;
}

/** Tiers whose cards count as keyword hits (eligible for injection). */
export function isHit(r: Orderable): boolean {
  return r.tier === "relevant" || r.tier === "sunk-relevant";
}

/**
 * The pinned entries and the first `k` others, in compareRanked order, without comparing all of them: a
 * broad prompt at 10,000 cards ranks hundreds of candidates, and thousands of comparator calls in cold code
 * cost a millisecond (and an optimising compile the process exits before using). The k-th best score
 * (kthLargest) bounds what can take a first place; only those are compared.
 */
export function firstPlaces<T extends Orderable>(ranked: T[], k: number): T[] {
  const pinned: T[] = [];
  const byTier: T[][] = [[], [], [], [], []];
  for (let i = 0; i < ranked.length; i++) {
    const r = ranked[i]!;
    if (r.tier === "always") pinned.push(r);
    else byTier[TIER_ORDER[r.tier]]!.push(r);
  }
  const out = pinned.sort(compareRanked);
  let left = k;
  for (let tier = 1; tier < byTier.length && left > 0; tier++) {
    let list = byTier[tier]!;
    if (list.length > left) {
      const scores = new Float64Array(list.length);
      for (let i = 0; i < list.length; i++) scores[i] = list[i]!.score;
      const floor = kthLargest(scores, left);
      const kept: T[] = [];
      for (let i = 0; i < list.length; i++) if (list[i]!.score >= floor) kept.push(list[i]!);
      list = kept;
    }
    const placed = list.sort(compareRanked).slice(0, left);
    for (let i = 0; i < placed.length; i++) out.push(placed[i]!);
    left -= placed.length;
  }
  return out;
}

/**
 * The k-th largest of `values` (1 <= k <= length), what `values.slice().sort()[length - k]` gives, in expected
 * linear time: a broad prompt at 100,000 cards has ~50,000 hits, and sorting their relevances to find the 30th
 * best was ~7 ms of its prompt. Reorders `values` (callers pass a copy they own). Quickselect with a
 * median-of-three pivot and a two-sided partition, so a run of equal values (ties are common) splits evenly.
 */
export function kthLargest(values: Float64Array, k: number): number {
  if (!(k >= 1 && k <= values.length)) throw new RangeError(`no ${k}-th of ${values.length} values`);
  const a = values;
  const target = a.length - k; // its place in ascending order
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const x = a[lo]!;
    const y = a[(lo + hi) >>> 1]!;
    const z = a[hi]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    // [lo, j] <= pivot <= [i, hi], and everything between equals the pivot.
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return a[target]!;
  }
  return a[target]!;
}

/** How many touched ids prefixBest reads: enough hits that their top-th best is near the final one, few enough that
 * its loop ends before V8 compiles it. Any length gives the same places; only how many hits are put aside varies. */
const PREFIX_TOUCHED = 2048;

/**
 * The top-th best relevance among the hits (at or above `cutoff`, not pinned, unmarked by `mayMask`) in the first
 * PREFIX_TOUCHED touched ids, or 0 when they are fewer than `top`: the final top-th best is at least that, since more
 * hits only raise it. Kept out of score.ts's pass over every hit: with this heap's loops inlined there, V8's compile
 * of that loop cost more CPU than it saved (bench/history/2026-12.md, h/warm6).
 */
export function prefixBest(touched: Uint32Array, relevance: Float64Array, cutoff: number, alwaysMask: Uint8Array, mayMask: Uint8Array | undefined, top: number): number {
  const heap = new Float64Array(top);
  let size = 0;
  const end = Math.min(touched.length, PREFIX_TOUCHED);
  for (let i = 0; i < end; i++) {
    const id = touched[i]!;
    const rel = relevance[id]!;
    if (rel < cutoff || alwaysMask[id] !== 0 || mayMask === undefined || mayMask[id] !== 0) continue;
    if (size < top) size = pushLeast(heap, size, rel);
    else if (rel > heap[0]!) replaceLeast(heap, rel);
  }
  return size < top ? 0 : heap[0]!;
}

/** Adds `value` to the min-heap heap[0, size); the new size. */
export function pushLeast(heap: Float64Array, size: number, value: number): number {
  let at = size;
  while (at > 0) {
    const up = (at - 1) >>> 1;
    if (heap[up]! <= value) break;
    heap[at] = heap[up]!;
    at = up;
  }
  heap[at] = value;
  return size + 1;
}

/** Replaces the least value of the full min-heap `heap` with a larger `value`. */
export function replaceLeast(heap: Float64Array, value: number): void {
  const size = heap.length;
  let at = 0;
  for (;;) {
    let child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1]! < heap[child]!) child++;
    if (heap[child]! >= value) break;
    heap[at] = heap[child]!;
    at = child;
  }
  heap[at] = value;
}
