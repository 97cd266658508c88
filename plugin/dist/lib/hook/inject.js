// lib/hook/inject.ts
import { composeBlock, toInjectLine, utf8Bytes } from "../core/block.js";
import { lazyLine } from "./lazy-line.js";
import { isHit, rank } from "../rank/score.js";
import { queryTerms } from "../rank/tokenize.js";
import { loadRankable, stillFresh } from "../rank-cache/load.js";
import { readUsage, recordHitsSync } from "../usage/usage.js";
import { readPromptHold } from "../store/prompt-hold.js";
import { heldIds } from "./held-ids.js";
import { utcDay } from "../core/frecency.js";
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
  if (store.entryCount === 0 && !options.all) return { store, ranked: [], hitCount: 0, hitIds: [] };
  const today = utcDay(now);
  const query = queryTerms(prompt);
  const all = options.all ?? false;
  let hitCount = 0;
  let hitIds = [];
  let usage;
  const held = options.hold ? heldIds(options.hold, store.index) : void 0;
  const ranked = rank(store.index, query, {
    today,
    all,
    ...held ? { held } : {},
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
  const hold = readPromptHold(req.memoryDir);
  const rankAndCompose = async (force, checkAllCards = req.all ?? false) => {
    const changedSince = !force && !checkAllCards && req.keeperAnswer ? await req.keeperAnswer : void 0;
    const r = await rankStore(req.memoryDir, req.prompt, req.now, {
      ...changedSince ? { changedSince } : {},
      all: req.all ?? false,
      checkAllCards,
      force,
      top: scanLimit(req),
      ...req.scopeAt !== void 0 ? { scopeAt: req.scopeAt } : {},
      ...hold ? { hold } : {},
      ...req.fullCheckMax !== void 0 ? { fullCheckMax: req.fullCheckMax } : {}
    });
    try {
      let ranked2 = hold ? r.ranked.filter((x) => !hold.held(r.store.index.file(x.index))) : r.ranked;
      for (let depth = scanLimit(req); hold && !req.all && ranked2.length < r.ranked.length && ranked2.length < scanLimit(req) && r.ranked.length >= depth; ) {
        depth *= 8;
        Object.assign(r, rankLoaded(req.memoryDir, r.store, req.prompt, req.now, { top: depth, hold, ...req.scopeAt !== void 0 ? { scopeAt: req.scopeAt } : {} }));
        ranked2 = r.ranked.filter((x) => !hold.held(r.store.index.file(x.index)));
      }
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
function current(r) {
  return isHit(r) && stillTrue(r);
}
function stillTrue(r) {
  return r.sink !== "status: superseded" && !r.sink?.startsWith("expired ");
}
function composeWith(req, store, ranked, hitCount, lineOf) {
  const skip = req.skipLine;
  const always = ranked.filter((r) => r.tier === "always" && stillTrue(r)).map(lineOf);
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
export {
  RANKED_TOP,
  buildInjection,
  rankStore
};
