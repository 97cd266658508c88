// lib/rank/score.ts
import { frecency } from "../core/frecency.js";
import { compareRanked, firstPlaces } from "./order.js";
import { hitCandidates } from "./hit-candidates.js";
import { FRECENCY_BOOST, RELATIVE_CUTOFF, sinkReason } from "./tier-rules.js";
import { ABOUT, evidenceOf, NONE } from "./evidence.js";
import { applyScope, heldIn, scopeOf, withHeld } from "./scope-filter.js";
import { matchesOf, memoryIndex } from "./postings.js";
import { compareRanked as compareRanked2, isHit } from "./order.js";
import { SUBJECT_FIELDS } from "./evidence.js";
import { SCOPE_BOOST } from "./scope-filter.js";
function rank(index, query, options) {
  const n = index.size;
  const held = options.held !== void 0 && options.held.count > 0 ? options.held : void 0;
  const docs = held ? n - held.count : n;
  const scope = withHeld(scopeOf(index, options.scopeAt, n), held, n);
  const alwaysIds = scope ? index.alwaysIds.filter((id) => scope.out[id] === 0) : index.alwaysIds;
  const always = new Set(alwaysIds);
  const alwaysMask = new Uint8Array(n);
  for (let i = 0; i < alwaysIds.length; i++) alwaysMask[alwaysIds[i]] = 1;
  const relevance = new Float64Array(n);
  const touchedIds = new Uint32Array(n);
  const matched = [];
  const bestSoFar = new Float64Array(1);
  let touchedCount = 0;
  for (const [term, qtf] of query) {
    const list = index.postings(term);
    if (!list || list.length === 0) continue;
    const df = held ? list.length - heldIn(list.id, list.length, held.mask) : list.length;
    if (df === 0) continue;
    matched.push([term, list]);
    const weight = qtf * Math.log(1 + (docs - df + 0.5) / (df + 0.5));
    touchedCount = addPostings(list.id, list.tf, list.length, weight, relevance, touchedIds, touchedCount, alwaysMask, bestSoFar);
    if (touchedCount < 0) throw new RangeError(`a posting of "${term}" points past the ${n} entries`);
  }
  let best = bestSoFar[0];
  if (scope) {
    touchedCount = applyScope(scope, relevance, touchedIds, touchedCount);
    best = 0;
    for (let i = 0; i < touchedCount; i++) {
      const id = touchedIds[i];
      if (alwaysMask[id] === 0 && relevance[id] > best) best = relevance[id];
    }
  }
  const touched = touchedIds.subarray(0, touchedCount);
  const mayMask = index.maySink?.();
  const evidence = evidenceOf(query, matched, n, alwaysMask, scope?.out, relevance);
  if (evidence === NONE) best = Number.POSITIVE_INFINITY;
  else if (evidence !== ABOUT) {
    for (let i = 0; i < touched.length; i++) if (touched[i] !== evidence) relevance[touched[i]] = 0;
    best = relevance[evidence];
  }
  let hitCount = 0;
  const ids = options.all ? Array.from({ length: n }, (_, i) => i).filter((id) => held?.mask[id] !== 1) : alwaysIds.concat(hitCandidates(index, relevance, touched, alwaysMask, mayMask, best, options, (c) => hitCount = c));
  if (options.all) {
    const hitIds = Array.from(touched).filter((id) => !always.has(id) && relevance[id] >= best * RELATIVE_CUTOFF);
    hitCount = hitIds.length;
    options.onHitIds?.(hitIds);
  }
  options.onHitCount?.(hitCount);
  const files = index.files ? index.files(ids) : ids.map((id) => index.file(id));
  const usage = options.usage ?? (hitCount > 1 || options.all ? options.loadUsage?.(options.all ? [] : files) : void 0);
  const source = { index, matched };
  const ranked = ids.map((id, i) => {
    const rel = relevance[id];
    const fr = usage === void 0 ? 0 : frecency(usage.get(files[i]), options.today);
    const relevant = rel > 0 && rel >= best * RELATIVE_CUTOFF;
    const sink = scope !== void 0 && scope.out[id] === 1 ? scope.why(id) : mayMask !== void 0 && mayMask[id] === 0 ? void 0 : sinkReason(index.sinkFields(id), options.today);
    const tier = always.has(id) ? "always" : sink ? relevant ? "sunk-relevant" : "sunk" : relevant ? "relevant" : "irrelevant";
    const score = relevant ? rel * (1 + FRECENCY_BOOST * fr / (fr + 3)) : fr;
    return new RankedEntry(source, id, tier, rel, fr, score, sink);
  });
  return options.top === void 0 || options.all ? ranked.sort(compareRanked) : firstPlaces(ranked, options.top);
}
var RankedEntry = class {
  constructor(source, index, tier, relevance, frecency2, score, sink) {
    this.source = source;
    this.index = index;
    this.tier = tier;
    this.relevance = relevance;
    this.frecency = frecency2;
    this.score = score;
    if (sink) this.sink = sink;
  }
  /** Materialised on read: the hook reads only the lines it may print. */
  get entry() {
    return this.source.index.entry(this.index);
  }
  /** Only people (memctl context) read which terms matched: worked out on first read, not for every hook hit. */
  get matches() {
    return this.matchList ??= this.relevance > 0 ? matchesOf(this.index, this.source.matched) : [];
  }
};
function addPostings(ids, tfs, length, weight, relevance, touchedIds, touched, alwaysMask, best) {
  const n = relevance.length;
  let count = touched;
  let most = best[0];
  for (let k = 0; k < length; k++) {
    const id = ids[k];
    if (id >= n) return -1;
    const prev = relevance[id];
    if (prev === 0) touchedIds[count++] = id;
    const value = prev + weight * tfs[k];
    relevance[id] = value;
    if (value > most && alwaysMask[id] === 0) {
      most = value;
      best[0] = value;
    }
  }
  return count;
}
function rankEntries(entries, query, options) {
  return rank(memoryIndex(entries), query, { ...options, all: true });
}
export {
  SCOPE_BOOST,
  SUBJECT_FIELDS,
  compareRanked2 as compareRanked,
  isHit,
  rank,
  rankEntries
};
