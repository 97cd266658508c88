// lib/rank/hit-candidates.ts
import { kthLargest, prefixBest } from "./order.js";
import { FRECENCY_BOOST, RELATIVE_CUTOFF, sinkReason } from "./tier-rules.js";
function hitCandidates(index, relevance, touched, alwaysMask, mayMask, best, options, onCount) {
  const count = touched.length;
  const normal = new Uint32Array(count);
  const marked = new Uint32Array(count);
  const top = options.top;
  const aside = new Uint32Array(top === void 0 ? 0 : count);
  const cutoff = best * RELATIVE_CUTOFF;
  const slots = top === void 0 ? 0 : Math.min(top, count);
  const low = slots === 0 ? Number.POSITIVE_INFINITY : prefixBest(touched, relevance, cutoff, alwaysMask, mayMask, slots) / (1 + FRECENCY_BOOST);
  const split = collectHits(touched, relevance, cutoff, alwaysMask, mayMask, low, normal, marked, aside);
  let { normal: normalCount, aside: asideCount } = split;
  const sunk = [];
  for (let i = 0; i < split.marked; i++) {
    const id = marked[i];
    if (mayMask?.[id] === 1 || sinkReason(index.sinkFields(id), options.today)) {
      sunk.push(id);
      continue;
    }
    normal[normalCount++] = id;
    if (relevance[id] >= low) aside[asideCount++] = id;
  }
  const normalIds = normal.subarray(0, normalCount);
  onCount(normalCount + sunk.length);
  if (options.onHitIds) {
    const hitIds = new Uint32Array(normalCount + sunk.length);
    hitIds.set(normalIds);
    hitIds.set(sunk, normalCount);
    options.onHitIds(hitIds);
  }
  if (top === void 0) return [...normalIds, ...sunk];
  let floor = 0;
  if (normalCount > top && asideCount > 0) {
    const rels = new Float64Array(asideCount);
    for (let i = 0; i < asideCount; i++) rels[i] = relevance[aside[i]];
    floor = kthLargest(rels, top) / (1 + FRECENCY_BOOST);
  }
  const kept = [];
  for (let i = 0; i < asideCount; i++) if (relevance[aside[i]] >= floor) kept.push(aside[i]);
  const left = top - normalCount;
  if (left > 0 && sunk.length > 0) {
    if (sunk.length <= left) return kept.concat(sunk);
    const sunkFloor = kthLargest(
      Float64Array.from(sunk, (id) => relevance[id]),
      left
    ) / (1 + FRECENCY_BOOST);
    for (let i = 0; i < sunk.length; i++) if (relevance[sunk[i]] >= sunkFloor) kept.push(sunk[i]);
  }
  return kept;
}
function collectHits(touched, relevance, cutoff, alwaysMask, mayMask, low, normal, marked, aside) {
  let normalCount = 0;
  let markedCount = 0;
  let asideCount = 0;
  for (let i = 0; i < touched.length; i++) {
    const id = touched[i];
    const rel = relevance[id];
    if (rel < cutoff || alwaysMask[id] !== 0) continue;
    if (mayMask === void 0 || mayMask[id] !== 0) {
      marked[markedCount++] = id;
      continue;
    }
    normal[normalCount++] = id;
    if (rel >= low) aside[asideCount++] = id;
  }
  return { normal: normalCount, marked: markedCount, aside: asideCount };
}
export {
  hitCandidates
};
