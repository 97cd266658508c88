// lib/rank/order.ts
var TIER_ORDER = { always: 0, relevant: 1, irrelevant: 2, "sunk-relevant": 3, sunk: 4 };
function compareRanked(a, b) {
  return TIER_ORDER[a.tier] - TIER_ORDER[b.tier] || b.score - a.score || b.relevance - a.relevance || a.index - b.index;
}
function isHit(r) {
  return r.tier === "relevant" || r.tier === "sunk-relevant";
}
function firstPlaces(ranked, k) {
  const pinned = [];
  const byTier = [[], [], [], [], []];
  for (let i = 0; i < ranked.length; i++) {
    const r = ranked[i];
    if (r.tier === "always") pinned.push(r);
    else byTier[TIER_ORDER[r.tier]].push(r);
  }
  const out = pinned.sort(compareRanked);
  let left = k;
  for (let tier = 1; tier < byTier.length && left > 0; tier++) {
    let list = byTier[tier];
    if (list.length > left) {
      const scores = new Float64Array(list.length);
      for (let i = 0; i < list.length; i++) scores[i] = list[i].score;
      const floor = kthLargest(scores, left);
      const kept = [];
      for (let i = 0; i < list.length; i++) if (list[i].score >= floor) kept.push(list[i]);
      list = kept;
    }
    const placed = list.sort(compareRanked).slice(0, left);
    for (let i = 0; i < placed.length; i++) out.push(placed[i]);
    left -= placed.length;
  }
  return out;
}
function kthLargest(values, k) {
  if (!(k >= 1 && k <= values.length)) throw new RangeError(`no ${k}-th of ${values.length} values`);
  const a = values;
  const target = a.length - k;
  let lo = 0;
  let hi = a.length - 1;
  while (lo < hi) {
    const x = a[lo];
    const y = a[lo + hi >>> 1];
    const z = a[hi];
    const pivot = x < y ? y < z ? y : x < z ? z : x : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return a[target];
  }
  return a[target];
}
var PREFIX_TOUCHED = 2048;
function prefixBest(touched, relevance, cutoff, alwaysMask, mayMask, top) {
  const heap = new Float64Array(top);
  let size = 0;
  const end = Math.min(touched.length, PREFIX_TOUCHED);
  for (let i = 0; i < end; i++) {
    const id = touched[i];
    const rel = relevance[id];
    if (rel < cutoff || alwaysMask[id] !== 0 || mayMask === void 0 || mayMask[id] !== 0) continue;
    if (size < top) size = pushLeast(heap, size, rel);
    else if (rel > heap[0]) replaceLeast(heap, rel);
  }
  return size < top ? 0 : heap[0];
}
function pushLeast(heap, size, value) {
  let at = size;
  while (at > 0) {
    const up = at - 1 >>> 1;
    if (heap[up] <= value) break;
    heap[at] = heap[up];
    at = up;
  }
  heap[at] = value;
  return size + 1;
}
function replaceLeast(heap, value) {
  const size = heap.length;
  let at = 0;
  for (; ; ) {
    let child = 2 * at + 1;
    if (child >= size) break;
    if (child + 1 < size && heap[child + 1] < heap[child]) child++;
    if (heap[child] >= value) break;
    heap[at] = heap[child];
    at = child;
  }
  heap[at] = value;
}
export {
  TIER_ORDER,
  compareRanked,
  firstPlaces,
  isHit,
  kthLargest,
  prefixBest,
  pushLeast,
  replaceLeast
};
