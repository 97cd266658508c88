// One request-scoped memory query: rank the store against a prompt, compose the budgeted block, and record the
// cards it printed. Shared by the UserPromptSubmit hook, `memctl prepare` and the OpenCode plugin.
import type { HostAdapter } from "../../hosts/index.js";
import type { Budget } from "../config/budget.js";
import { composeBlock, toInjectLine, utf8Bytes, type Composed, type InjectLine } from "../core/block.js";
import { lazyLine } from "./lazy-line.js";
import { isHit, rank, type Ranked } from "../rank/score.js";
import { queryTerms } from "../rank/tokenize.js";
import { loadRankable, stillFresh, type LoadOptions, type RankableStore } from "../rank-cache/load.js";
import { readUsage, recordHitsSync, type RecordResult, type UsageRead } from "../usage/usage.js";
import { readPromptHold, type PromptHold } from "../store/prompt-hold.js";
import { heldIds } from "./held-ids.js";
import { utcDay } from "../core/frecency.js";

export interface InjectionRequest {
  memoryDir: string;
  projectKey: string;
  /** The memory directory as the preamble shows it (see displayDir); omitted when undefined. */
  displayDir?: string;
  source: string;
  prompt: string;
  host: HostAdapter;
  budget: Budget;
  now: Date;
  /** Record the printed cards in the usage sidecar (the hook and prepare do; `context` does not). */
  record: boolean;
  /** Rank every entry and check every card's fingerprint (people-facing `memctl context`). */
  all?: boolean;
  /**
   * The prompt's working directory relative to its repository root (lib/config/scope-at.ts), null outside any
   * repository: decides which scoped cards may be injected (docs/ranking.md, "Scope"). Undefined applies no scope.
   */
  scopeAt?: string | null;
  /** Lines this session already holds (lib/hook/session-state.ts): left out, so the budget goes to new ones. */
  skipLine?: (line: InjectLine) => boolean;
  /** Above this many entries a recent full check is trusted (default FULL_CHECK_MAX; MEMCTL_FULL_CHECK_MAX for tests). */
  fullCheckMax?: number;
  /** The store's keeper's answer (lib/rank-cache/keeper-ask.ts), awaited as late as can be: the cards to stat. */
  keeperAnswer?: Promise<LoadOptions["changedSince"]>;
}

export interface Injection {
  store: RankableStore;
  ranked: Ranked[];
  hits: string[];
  composed: Composed;
  /** Relevant lines left out by skipLine (already shown this session). */
  skipped: InjectLine[];
  /** Pinned lines left out by skipLine. */
  skippedPinned: InjectLine[];
  /** The ranking that put a composed line forward (the why log's rule and score); undefined for other lines. */
  rankedOf(line: InjectLine): Ranked | undefined;
  /** The usage sidecar as read for this ranking (its `store` says none / tsv / error). */
  usage?: Pick<UsageRead, "store">;
  recorded?: RecordResult;
  recordError?: string;
}

/** Ranking materialises (entry, frecency, exact order) only the hits that can reach this many first places. */
export const RANKED_TOP = 64;
/** First-fit looks at no more than this many relevant lines per allowed entry (and at least 30). */
const SCAN_PER_ENTRY = 3;

/** Ranks the store for a query; reads the usage sidecar only when frecency can change the order. */
export async function rankStore(
  memoryDir: string,
  prompt: string,
  now: Date,
  options: Omit<LoadOptions, "nowMs"> & RankLoadedOptions = {},
): Promise<{ store: RankableStore; ranked: Ranked[]; hitCount: number; hitIds: ArrayLike<number>; usage?: Pick<UsageRead, "store"> }> {
  const store = await loadRankable(memoryDir, { nowMs: now.getTime(), ...options });
  try {
    return rankLoaded(memoryDir, store, prompt, now, options);
  } catch (err) {
    // A cache that opened cleanly but holds a damaged entry is rebuilt from the files, never reported as unreadable.
    if (!fromCache(store)) throw err;
    return rankLoaded(memoryDir, await loadRankable(memoryDir, { nowMs: now.getTime(), ...options, force: true }), prompt, now, options);
  }
}

interface RankLoadedOptions {
  all?: boolean;
  top?: number;
  scopeAt?: string | null;
  /** The hold: its cards are ranked out of the result and the statistics (held-ids.ts). */
  hold?: PromptHold;
}

function rankLoaded(memoryDir: string, store: RankableStore, prompt: string, now: Date, options: RankLoadedOptions) {
  // An index without entries ranks nothing: the prompt is not tokenised, no day is formatted (~1 ms a prompt).
  if (store.entryCount === 0 && !options.all) return { store, ranked: [], hitCount: 0, hitIds: [] };
  const today = utcDay(now);
  const query = queryTerms(prompt);
  const all = options.all ?? false;
  let hitCount = 0;
  let hitIds: ArrayLike<number> = [];
  let usage: Pick<UsageRead, "store"> | undefined;
  const held = options.hold ? heldIds(options.hold, store.index) : undefined;
  const ranked = rank(store.index, query, {
    today,
    all,
    ...(held ? { held } : {}),
    ...(all ? {} : { top: options.top ?? RANKED_TOP }),
    ...(options.scopeAt !== undefined ? { scopeAt: options.scopeAt } : {}),
    onHitCount: (count) => (hitCount = count),
    onHitIds: (ids) => (hitIds = ids),
    // People (all) get the whole sidecar read and validated; the hook reads only the cards it ranks.
    loadUsage: (files) => {
      const read = readUsage(memoryDir, today, all ? undefined : new Set(files));
      usage = read;
      return read.cards;
    },
  });
  // People are shown every entry: read them all here, where a damaged cache entry still means "rebuild".
  if (all) for (const r of ranked) void r.entry;
  return { store, ranked, hitCount, hitIds, ...(usage ? { usage } : {}) };
}

/** Read through the cache (its entries may be damaged), not from the files just now. */
function fromCache(store: RankableStore): boolean {
  return store.cache === "fresh" || store.cache === "updated";
}

function hitPaths(store: RankableStore, ids: ArrayLike<number>): string[] {
  const files = Array.from(ids, (id) => store.index.file(id));
  return store.plainFiles ? files : [...new Set(files)];
}

export async function buildInjection(req: InjectionRequest): Promise<Injection> {
  // What a sync brought in and the owner has not accepted (or quarantined) is never injected: one stat when
  // there is no hold list, a look-up in its sidecar per candidate otherwise (a hash per held one).
  const hold = readPromptHold(req.memoryDir);
  const rankAndCompose = async (force: boolean, checkAllCards = req.all ?? false) => {
    // The block looks at no more than scanLimit relevant lines, so no more first places need materialising
    // (for Claude's 10 entries that is 30 cards' frecency and order, not 64).
    const changedSince = !force && !checkAllCards && req.keeperAnswer ? await req.keeperAnswer : undefined;
    const r = await rankStore(req.memoryDir, req.prompt, req.now, {
      ...(changedSince ? { changedSince } : {}),
      all: req.all ?? false,
      checkAllCards,
      force,
      top: scanLimit(req),
      ...(req.scopeAt !== undefined ? { scopeAt: req.scopeAt } : {}),
      ...(hold ? { hold } : {}),
      ...(req.fullCheckMax !== undefined ? { fullCheckMax: req.fullCheckMax } : {}),
    });
    try {
      let ranked = hold ? r.ranked.filter((x) => !hold.held(r.store.index.file(x.index))) : r.ranked;
      // Held cards took places in a ranking cut at `top`: ranked deeper (eight times, until no cut), so a crowd of
      // pushed cards nobody accepted, matching every prompt, costs the owner's cards no place in the block.
      for (let depth = scanLimit(req); hold && !req.all && ranked.length < r.ranked.length && ranked.length < scanLimit(req) && r.ranked.length >= depth; ) {
        depth *= 8;
        Object.assign(r, rankLoaded(req.memoryDir, r.store, req.prompt, req.now, { top: depth, hold, ...(req.scopeAt !== undefined ? { scopeAt: req.scopeAt } : {}) }));
        ranked = r.ranked.filter((x) => !hold.held(r.store.index.file(x.index)));
      }
      return { ...r, ranked, ...compose(req, r.store, ranked, r.hitCount - (r.ranked.length - ranked.length)) };
    } catch (err) {
      // Entries are read from the cache while composing: a damaged one means rebuild, like one met while ranking.
      if (!fromCache(r.store)) throw err;
      return undefined;
    }
  };
  let ranking = await rankAndCompose(false);
  // A damaged cache entry: rebuild and rank again. A card about to be printed that changed since the cache was
  // built: check every card (the delta then holds each changed one) and rank again. A load that checked every
  // card (lib/rank-cache/load.ts) has nothing left to re-check.
  if (!ranking) ranking = (await rankAndCompose(true))!;
  else if (
    fromCache(ranking.store) &&
    !ranking.store.verified &&
    !stillFresh(
      req.memoryDir,
      ranking.store,
      [...ranking.composed.always, ...ranking.composed.lines].map((l) => l.file),
    )
  ) {
    ranking = (await rankAndCompose(false, true)) ?? (await rankAndCompose(true))!;
  }
  const { store, ranked, usage, hitIds, composed, skipped, skippedPinned, rankedOf } = ranking;
  let hitFiles: string[] | undefined;
  const result: Injection = {
    store,
    ranked,
    // Every keyword hit's card, for people and tests; the hook records only what it printed.
    get hits() {
      return (hitFiles ??= hitPaths(store, hitIds));
    },
    composed,
    skipped,
    skippedPinned,
    rankedOf,
    ...(usage ? { usage } : {}),
  };
  // The printed relevant lines, not the pinned ones (printed every time, they would say nothing about use).
  if (req.record && composed.lines.length > 0) {
    try {
      result.recorded = recordHitsSync(
        req.memoryDir,
        composed.lines.map((l) => l.file),
        utcDay(req.now),
      );
    } catch (err) {
      result.recordError = (err as Error).message;
    }
  }
  return result;
}

function scanLimit(req: InjectionRequest): number {
  return Math.max(30, SCAN_PER_ENTRY * req.budget.maxEntries);
}

type ComposedLines = { composed: Composed; skipped: InjectLine[]; skippedPinned: InjectLine[] };

function compose(req: InjectionRequest, store: RankableStore, ranked: Ranked[], hitCount: number): ComposedLines & Pick<Injection, "rankedOf"> {
  const byLine = new Map<InjectLine, Ranked>();
  const remembered = (lineOf: (r: Ranked) => InjectLine) => (r: Ranked) => {
    const line = lineOf(r);
    byLine.set(line, r);
    return line;
  };
  const rankedOf = (line: InjectLine) => byLine.get(line);
  const first = composeWith(
    req,
    store,
    ranked,
    hitCount,
    remembered((r) => lazyLine(store.index, r)),
  );
  // The cached sizes were computed by the same renderer when the cache was built: a mismatch (a renderer that
  // changed without a cache format bump) must never overrun a budget, so the block is then filled from texts.
  const printed = [...first.composed.always, ...first.composed.lines];
  if (printed.every((l) => l.bytes === undefined || l.bytes === utf8Bytes(l.text))) return { ...first, rankedOf };
  return {
    ...composeWith(
      req,
      store,
      ranked,
      hitCount,
      remembered((r) => toInjectLine(r.entry)),
    ),
    rankedOf,
  };
}

/**
 * A hit that still reads as true: superseded and expired cards are never injected (docs/ranking.md, "What is no
 * longer true"); `memctl search` and `show` still find them. Stale and low-priority hits only sink.
 */
function current(r: Ranked): boolean {
  return isHit(r) && stillTrue(r);
}

/** Pinned or relevant, a superseded or expired card is not printed (a pin says "always", not "even when false"). */
function stillTrue(r: Ranked): boolean {
  return r.sink !== "status: superseded" && !r.sink?.startsWith("expired ");
}

function composeWith(req: InjectionRequest, store: RankableStore, ranked: Ranked[], hitCount: number, lineOf: (r: Ranked) => InjectLine): ComposedLines {
  const skip = req.skipLine;
  const always = ranked.filter((r) => r.tier === "always" && stillTrue(r)).map(lineOf);
  const hits = ranked.filter(isHit);
  const currentHits = hits.filter(current);
  // The "more relevant" count leaves out the no-longer-true hits it knows of (those among the ranked first places).
  hitCount -= hits.length - currentHits.length;
  const relevant = currentHits.slice(0, scanLimit(req)).map(lineOf);
  if (!skip) return { composed: composeFresh(req, store, always, relevant, hitCount), skipped: [], skippedPinned: [] };
  const skipped = relevant.filter(skip);
  const skippedPinned = always.filter(skip);
  const fresh = relevant.filter((l) => !skipped.includes(l));
  const freshAlways = always.filter((l) => !skippedPinned.includes(l));
  return { composed: composeFresh(req, store, freshAlways, fresh, hitCount - skipped.length), skipped, skippedPinned };
}

function composeFresh(req: InjectionRequest, store: RankableStore, always: InjectLine[], relevant: InjectLine[], hitCount: number): Composed {
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
    ...truncated,
  });
}

function ctx(req: InjectionRequest, store: RankableStore) {
  return { projectKey: req.projectKey, source: req.source, entryCount: store.entryCount, ...(req.displayDir ? { dir: req.displayDir } : {}) };
}
