import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  readUsage,
  recordHitsSync
} from "./usage-fold.mjs";
import {
  FIELD_BIT,
  PART_BIT,
  loadRankable,
  matchesOf,
  stillFresh
} from "./core-line-key.mjs";
import {
  queryTerms
} from "./rank-stem.mjs";
import {
  composeBlock,
  renderEntryLine,
  toInjectLine,
  utf8Bytes
} from "./core-block.mjs";
import {
  frecency,
  utcDay
} from "./core-frecency.mjs";
import {
  readHold
} from "./core-index-file.mjs";
import {
  inScope
} from "./core-card-types.mjs";
import {
  realpath
} from "./core-bytes.mjs";

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

// lib/rank/common-words-data.ts
var COMMON_SPOKEN_WORDS = "a about after again all alwai always am an and ani any anyth anything ar are around as at awai away back be becaus because been befor before believ believe better big but by call can come could d dai day did didn do doe does doesn doing don down even ever everyth everything feel find fine first for from get give go god going gonna good got great gui guy guys ha had has have he hei hello help her here hey hi him his home how i if in into is isn it just keep kind know last let life like littl little ll long look love m make man mayb maybe me mean monei money more mr much must my name need never new nice night no not noth nothing now of off oh okai okay old on one onli only or other our out over peopl people place pleas please put re realli really right s sai said say see she should sir so some someth something sorri sorry still stop sure t take talk tell than thank thanks that the thei their them then there these they thi thing things think this those thought time to told too two uh up us veri very wa wai wait want was way we well were what when where who why will with won work would ye yeah yes you your";

// lib/rank/common-words.ts
var common;
function isCommonSpoken(term) {
  return (common ??= new Set(COMMON_SPOKEN_WORDS.split(" "))).has(term);
}

// lib/rank/word-evidence.ts
var BOUNDARY = 255;
var KATAKANA_GRAMS = 2;
var isHiragana = (c) => c >= 12353 && c <= 12447;
var isKatakana = (c) => c >= 12449 && c <= 12543 && c !== 12539;
var isKatakanaPair = (t) => t.length === 2 && isKatakana(t.charCodeAt(0)) && isKatakana(t.charCodeAt(1));
function continuesRun(previous, term) {
  if (term.length === 1 && previous.length === 2 && previous.charCodeAt(0) === term.charCodeAt(0)) return true;
  return term.length === 2 && previous.length === 2 && previous.charCodeAt(1) === term.charCodeAt(0) && term.charCodeAt(0) >= 12352;
}
function continuesWord(previous, term) {
  return continuesRun(previous, term) && !(isHiragana(term.charCodeAt(0)) && !isHiragana(term.charCodeAt(1)));
}
function evidenceNeeds(terms) {
  const needs = new Uint8Array(terms.length);
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (t.length !== 2) continue;
    const a = t.charCodeAt(0);
    const b = t.charCodeAt(1);
    if (isKatakana(a) && isHiragana(b) || isHiragana(a) && isKatakana(b)) needs[i] = BOUNDARY;
    else if (isKatakanaPair(t) && (i === 0 || !isKatakanaPair(terms[i - 1]) || !continuesRun(terms[i - 1], t))) {
      let end = i + 1;
      while (end < terms.length && isKatakanaPair(terms[end]) && continuesRun(terms[end - 1], terms[end])) end++;
      if (end - i > 1) needs.fill(Math.min(KATAKANA_GRAMS, end - i), i, end);
    }
  }
  return needs;
}

// lib/rank/scope-filter.ts
var SCOPE_BOOST = 0.25;
function scopeOf(index, scopeAt, n) {
  if (scopeAt === void 0) return void 0;
  const scoped = index.scoped?.() ?? [];
  if (scoped.length === 0) return void 0;
  const out = new Uint8Array(n);
  const here = new Uint8Array(n);
  const scopes = /* @__PURE__ */ new Map();
  for (const [id, list] of scoped) {
    if (id >= n) throw new RangeError("a scoped entry points past the entries");
    scopes.set(id, list);
    if (scopeAt !== null && inScope(list, scopeAt)) here[id] = 1;
    else out[id] = 1;
  }
  const where = scopeAt === null ? "outside any repository" : scopeAt === "" ? "the repository root" : scopeAt;
  return { out, here, why: (id) => `scope: ${(scopes.get(id) ?? []).join(", ")} (not ${where})` };
}
function applyScope(scope, relevance, touchedIds, count) {
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const id = touchedIds[i];
    if (scope.out[id] === 1) {
      relevance[id] = 0;
      continue;
    }
    if (scope.here[id] === 1) relevance[id] = relevance[id] * (1 + SCOPE_BOOST);
    touchedIds[kept++] = id;
  }
  return kept;
}

// lib/rank/score.ts
var RELATIVE_CUTOFF = 0.1;
var SUBJECT_FIELDS = FIELD_BIT.title | FIELD_BIT.topics;
var FRECENCY_BOOST = 0.25;
var SUBJECT_PENDING = 128;
var SINK_STATUSES = /* @__PURE__ */ new Set(["stale", "superseded"]);
function sinkReason(entry, today) {
  if (entry.priority === "low") return "priority: low";
  if (entry.status && SINK_STATUSES.has(entry.status)) return `status: ${entry.status}`;
  if (entry.expires_at && /^\d{4}-\d{2}-\d{2}/.test(entry.expires_at) && entry.expires_at.slice(0, 10) < today) return `expired ${entry.expires_at.slice(0, 10)}`;
  return void 0;
}
function rank(index, query, options) {
  const n = index.size;
  const relevance = new Float64Array(n);
  const touchedIds = new Uint32Array(n);
  let touchedCount = 0;
  const termHits = new Uint8Array(n);
  const subject = new Uint8Array(n);
  const lastAt = new Uint32Array(n);
  const matched = [];
  const terms = [...query.keys()];
  const needs = evidenceNeeds(terms);
  const pending = new Uint8Array(n);
  for (let at = 1; at <= terms.length; at++) {
    const term = terms[at - 1];
    const qtf = query.get(term);
    const continues = at > 1 && continuesWord(terms[at - 2], term);
    const need = needs[at - 1];
    const chat = isCommonSpoken(term) || need === BOUNDARY;
    const morpheme = term.length === 1 && term.charCodeAt(0) >= 12352;
    const list = index.postings(term);
    if (!list || list.length === 0) continue;
    matched.push([term, list]);
    const weight = qtf * Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
    const ids2 = list.id;
    const tfs = list.tf;
    const masks = list.mask;
    const length = list.length;
    for (let k = 0; k < length; k++) {
      const id = ids2[k];
      if (id >= n) throw new RangeError(`a posting of "${term}" points past the ${n} entries`);
      const prev = relevance[id];
      if (prev === 0) touchedIds[touchedCount++] = id;
      relevance[id] = prev + weight * tfs[k];
      if (chat) continue;
      const run = continues && lastAt[id] === at - 1;
      lastAt[id] = at;
      const about = !morpheme && (masks[k] & SUBJECT_FIELDS) !== 0 && (masks[k] & PART_BIT) === 0;
      if (need !== 0) {
        const soFar = run ? pending[id] : 0;
        if (run && soFar === 0) continue;
        const count = (soFar & ~SUBJECT_PENDING) + 1;
        const flags = soFar & SUBJECT_PENDING | (about ? SUBJECT_PENDING : 0);
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
      const hits = termHits[id];
      if (hits < 255) termHits[id] = hits + 1;
      if (about) subject[id] = 1;
    }
  }
  const scope = scopeOf(index, options.scopeAt, n);
  if (scope) touchedCount = applyScope(scope, relevance, touchedIds, touchedCount);
  const touched = touchedIds.subarray(0, touchedCount);
  const alwaysIds = scope ? index.alwaysIds.filter((id) => scope.out[id] === 0) : index.alwaysIds;
  const always = new Set(alwaysIds);
  const alwaysMask = new Uint8Array(n);
  for (let i = 0; i < alwaysIds.length; i++) alwaysMask[alwaysIds[i]] = 1;
  const mayMask = index.maySink?.();
  let best = 0;
  let evidence = false;
  for (let i = 0, count = touched.length; i < count; i++) {
    const id = touched[i];
    if (alwaysMask[id] !== 0) continue;
    const rel = relevance[id];
    if (rel > best) best = rel;
    if (!evidence && (termHits[id] >= 2 || subject[id] !== 0)) evidence = true;
  }
  if (!evidence) best = Number.POSITIVE_INFINITY;
  let hitCount = 0;
  const ids = options.all ? Array.from({ length: n }, (_, i) => i) : alwaysIds.concat(candidates(index, relevance, touched, alwaysMask, mayMask, best, options, (c) => hitCount = c));
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
function candidates(index, relevance, touched, alwaysMask, mayMask, best, options, onCount) {
  const count = touched.length;
  const normal = new Uint32Array(count);
  const normalRelevance = new Float64Array(count);
  let normalCount = 0;
  const sunk = [];
  const cutoff = best * RELATIVE_CUTOFF;
  for (let i = 0; i < count; i++) {
    const id = touched[i];
    const rel = relevance[id];
    if (rel < cutoff || alwaysMask[id] !== 0) continue;
    if ((mayMask === void 0 || mayMask[id] !== 0) && sinkReason(index.sinkFields(id), options.today)) sunk.push(id);
    else {
      normal[normalCount] = id;
      normalRelevance[normalCount++] = rel;
    }
  }
  const normalIds = normal.subarray(0, normalCount);
  onCount(normalCount + sunk.length);
  options.onHitIds?.(sunk.length === 0 ? normalIds : [...normalIds, ...sunk]);
  const top = options.top;
  if (top === void 0) return [...normalIds, ...sunk];
  const floorFor = (values, k) => kthLargest(values.slice(), k) / (1 + FRECENCY_BOOST);
  const kept = [];
  if (normalCount <= top) for (let i = 0; i < normalCount; i++) kept.push(normal[i]);
  else {
    const floor = floorFor(normalRelevance.subarray(0, normalCount), top);
    for (let i = 0; i < normalCount; i++) if (normalRelevance[i] >= floor) kept.push(normal[i]);
  }
  const left = top - normalCount;
  if (left > 0 && sunk.length > 0) {
    if (sunk.length <= left) return kept.concat(sunk);
    const floor = floorFor(
      Float64Array.from(sunk, (id) => relevance[id]),
      left
    );
    for (let i = 0; i < sunk.length; i++) if (relevance[sunk[i]] >= floor) kept.push(sunk[i]);
  }
  return kept;
}

// lib/hook/inject.ts
var RANKED_TOP = 64;
var SCAN_PER_ENTRY = 3;
async function rankStore(memoryDir, prompt, now, options = {}) {
  const store = await loadRankable(memoryDir, { nowMs: now.getTime(), ...options });
  try {
    return rankLoaded(memoryDir, store, prompt, now, options);
  } catch (err) {
    if (!fromCache(store)) throw err;
    return rankLoaded(memoryDir, await loadRankable(memoryDir, { nowMs: now.getTime(), ...options, force: true }), prompt, now, options);
  }
}
function rankLoaded(memoryDir, store, prompt, now, options) {
  const today = utcDay(now);
  const query = queryTerms(prompt);
  const all = options.all ?? false;
  let hitCount = 0;
  let hitIds = [];
  let usage;
  const ranked = rank(store.index, query, {
    today,
    all,
    ...all ? {} : { top: options.top ?? RANKED_TOP },
    ...options.scopeAt !== void 0 ? { scopeAt: options.scopeAt } : {},
    onHitCount: (count) => hitCount = count,
    onHitIds: (ids) => hitIds = ids,
    // People (all) get the whole sidecar read and validated; the hook reads only the cards it ranks.
    loadUsage: (files) => {
      const read = readUsage(memoryDir, today, all ? void 0 : new Set(files));
      usage = read;
      return read.cards;
    }
  });
  if (all) for (const r of ranked) void r.entry;
  return { store, ranked, hitCount, hitIds, ...usage ? { usage } : {} };
}
function fromCache(store) {
  return store.cache === "fresh" || store.cache === "updated";
}
function hitPaths(store, ids) {
  const files = Array.from(ids, (id) => store.index.file(id));
  return store.plainFiles ? files : [...new Set(files)];
}
async function buildInjection(req) {
  const hold = readHold(req.memoryDir);
  const rankAndCompose = async (force, checkAllCards = req.all ?? false) => {
    const r = await rankStore(req.memoryDir, req.prompt, req.now, {
      all: req.all ?? false,
      checkAllCards,
      force,
      top: scanLimit(req),
      ...req.scopeAt !== void 0 ? { scopeAt: req.scopeAt } : {},
      ...req.fullCheckMax !== void 0 ? { fullCheckMax: req.fullCheckMax } : {}
    });
    try {
      const ranked2 = hold ? r.ranked.filter((x) => !hold.held(r.store.index.file(x.index))) : r.ranked;
      return { ...r, ranked: ranked2, ...compose(req, r.store, ranked2, r.hitCount - (r.ranked.length - ranked2.length)) };
    } catch (err) {
      if (!fromCache(r.store)) throw err;
      return void 0;
    }
  };
  let ranking = await rankAndCompose(false);
  if (!ranking) ranking = await rankAndCompose(true);
  else if (fromCache(ranking.store) && !ranking.store.verified && !stillFresh(
    req.memoryDir,
    ranking.store,
    [...ranking.composed.always, ...ranking.composed.lines].map((l) => l.file)
  )) {
    ranking = await rankAndCompose(false, true) ?? await rankAndCompose(true);
  }
  const { store, ranked, usage, hitIds, composed, skipped, skippedPinned, rankedOf } = ranking;
  let hitFiles;
  const result = {
    store,
    ranked,
    // Every keyword hit's card, for people and tests; the hook records only what it printed.
    get hits() {
      return hitFiles ??= hitPaths(store, hitIds);
    },
    composed,
    skipped,
    skippedPinned,
    rankedOf,
    ...usage ? { usage } : {}
  };
  if (req.record && composed.lines.length > 0) {
    try {
      result.recorded = recordHitsSync(
        req.memoryDir,
        composed.lines.map((l) => l.file),
        utcDay(req.now)
      );
    } catch (err) {
      result.recordError = err.message;
    }
  }
  return result;
}
function scanLimit(req) {
  return Math.max(30, SCAN_PER_ENTRY * req.budget.maxEntries);
}
function compose(req, store, ranked, hitCount) {
  const byLine = /* @__PURE__ */ new Map();
  const remembered = (lineOf) => (r) => {
    const line = lineOf(r);
    byLine.set(line, r);
    return line;
  };
  const rankedOf = (line) => byLine.get(line);
  const first = composeWith(
    req,
    store,
    ranked,
    hitCount,
    remembered((r) => lazyLine(store.index, r))
  );
  const printed = [...first.composed.always, ...first.composed.lines];
  if (printed.every((l) => l.bytes === void 0 || l.bytes === utf8Bytes(l.text))) return { ...first, rankedOf };
  return {
    ...composeWith(
      req,
      store,
      ranked,
      hitCount,
      remembered((r) => toInjectLine(r.entry))
    ),
    rankedOf
  };
}
function lazyLine(index, r) {
  if (!index.lineBytes) return toInjectLine(r.entry);
  return new LazyLine(index, r.index, index.lineBytes(r.index), r);
}
var LazyLine = class {
  constructor(index, id, bytes, ranked) {
    this.index = index;
    this.id = id;
    this.bytes = bytes;
    this.ranked = ranked;
  }
  get file() {
    return this.path ??= this.index.file(this.id);
  }
  get text() {
    return this.printed ??= this.index.lineText ? this.index.lineText(this.id) : renderEntryLine(this.ranked.entry);
  }
  get key() {
    return this.index.lineKey?.(this.id);
  }
};
function current(r) {
  return isHit(r) && r.sink !== "status: superseded" && !r.sink?.startsWith("expired ");
}
function composeWith(req, store, ranked, hitCount, lineOf) {
  const skip = req.skipLine;
  const always = ranked.filter((r) => r.tier === "always").map(lineOf);
  const hits = ranked.filter(isHit);
  const currentHits = hits.filter(current);
  hitCount -= hits.length - currentHits.length;
  const relevant = currentHits.slice(0, scanLimit(req)).map(lineOf);
  if (!skip) return { composed: composeFresh(req, store, always, relevant, hitCount), skipped: [], skippedPinned: [] };
  const skipped = relevant.filter(skip);
  const skippedPinned = always.filter(skip);
  const fresh = relevant.filter((l) => !skipped.includes(l));
  const freshAlways = always.filter((l) => !skippedPinned.includes(l));
  return { composed: composeFresh(req, store, freshAlways, fresh, hitCount - skipped.length), skipped, skippedPinned };
}
function composeFresh(req, store, always, relevant, hitCount) {
  const truncated = store.truncated ? { truncated: store.truncated } : {};
  if (always.length === 0 && relevant.length === 0)
    return composeBlock({ context: ctx(req, store), always, ranked: relevant, budget: req.budget, ceilingBytes: req.host.hardCeilingBytes, ...truncated });
  const maxBytes = Math.min(req.budget.maxBytes, req.host.hardCeilingBytes);
  return composeBlock({
    context: ctx(req, store),
    always,
    ranked: relevant,
    relevantTotal: Math.max(hitCount, relevant.length),
    budget: { maxBytes, maxEntries: req.budget.maxEntries },
    ceilingBytes: req.host.hardCeilingBytes,
    unparsed: store.unparsed.length,
    ...truncated
  });
}
function ctx(req, store) {
  return { projectKey: req.projectKey, source: req.source, entryCount: store.entryCount, ...req.displayDir ? { dir: req.displayDir } : {} };
}

// lib/config/scope-at.ts
import path from "node:path";
function scopeAtOf(resolution, cwd, repoRoot) {
  return scopeAtFor(resolution, path.resolve(cwd, repoRoot ?? "."));
}
function scopeAtFor(resolution, dir) {
  if (!resolution.git) return null;
  let real;
  try {
    real = realpath(dir);
  } catch {
    return null;
  }
  const rel = path.relative(resolution.repo_root, real);
  if (rel === "") return "";
  if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return null;
  return rel.split(path.sep).join("/");
}

export {
  buildInjection,
  scopeAtOf,
  scopeAtFor
};
