// One request-scoped memory query: rank the store against a prompt, record the keyword hits, and compose
// the budgeted block. Shared by the UserPromptSubmit hook, `memctl prepare` and the OpenCode plugin.
import type { HostAdapter } from "../../hosts/index.js";
import type { Budget } from "../budget.js";
import { episodeReminder, readLastEpisode } from "../episode-tail.js";
import { composeBlock, toInjectLine, type Composed } from "../inject.js";
import { isHit, rank, type Ranked } from "../rank/score.js";
import { queryTerms } from "../rank/tokenize.js";
import { loadRankable, stillFresh, type RankableStore } from "../store/rank-cache.js";
import { openUsage, readUsage, recordHitsSync, type RecordResult, type UsageLookup } from "../usage.js";
import { utcDay } from "../utc.js";

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
  /** Record keyword hits in the usage sidecar (the hook and prepare do; `context` does not). */
  record: boolean;
  /** Rank every entry and check every card's fingerprint (people-facing `memctl context`). */
  all?: boolean;
}

export interface Injection {
  store: RankableStore;
  ranked: Ranked[];
  hits: string[];
  composed: Composed;
  /** The usage sidecar as read for this ranking (its `store` says none / tsv / error). */
  usage?: Pick<UsageLookup, "store">;
  recorded?: RecordResult;
  recordError?: string;
}

export function dayOf(now: Date): string {
  return utcDay(now);
}

/**
 * Ranking materialises (entry, frecency, exact order) only the hits that can reach this many first places;
 * every hit is still recorded, by card file, without being materialised.
 */
export const RANKED_TOP = 64;
/** First-fit looks at no more than this many relevant lines per allowed entry (and at least 30). */
const SCAN_PER_ENTRY = 3;

/** Ranks the store for a query; reads the usage sidecar only when frecency can change the order. */
export async function rankStore(memoryDir: string, prompt: string, now: Date, options: { all?: boolean; checkAllCards?: boolean; force?: boolean; top?: number } = {}): Promise<{ store: RankableStore; ranked: Ranked[]; hitCount: number; hitFiles: string[]; usage?: Pick<UsageLookup, "store"> }> {
  const store = await loadRankable(memoryDir, { nowMs: now.getTime(), ...options });
  try {
    return rankLoaded(memoryDir, store, prompt, now, options);
  } catch (err) {
    // A cache that opened cleanly but holds a damaged entry is rebuilt from the files, never reported as unreadable.
    if (store.cache !== "fresh") throw err;
    return rankLoaded(memoryDir, await loadRankable(memoryDir, { nowMs: now.getTime(), ...options, force: true }), prompt, now, options);
  }
}

function rankLoaded(memoryDir: string, store: RankableStore, prompt: string, now: Date, options: { all?: boolean; top?: number }) {
  const today = dayOf(now);
  const query = queryTerms(prompt);
  const all = options.all ?? false;
  let hitCount = 0;
  let hitIds: readonly number[] = [];
  let usage: Pick<UsageLookup, "store"> | undefined;
  const ranked = rank(store.index, query, {
    today,
    all,
    ...(all ? {} : { top: options.top ?? RANKED_TOP }),
    onHitCount: (count) => (hitCount = count),
    onHitIds: (ids) => (hitIds = ids),
    // People (all) get the whole sidecar read and validated; the hook looks up only the cards it ranks.
    loadUsage: (files) => {
      if (all) {
        const read = readUsage(memoryDir, today);
        usage = read;
        return read.cards;
      }
      const lookup = openUsage(memoryDir, today, new Set(files));
      usage = lookup;
      return lookup;
    },
  });
  // People are shown every entry: read them all here, where a damaged cache entry still means "rebuild".
  if (all) for (const r of ranked) void r.entry;
  const files = hitIds.map((id) => store.index.file(id));
  const hitFiles = store.plainFiles ? files : [...new Set(files)];
  return { store, ranked, hitCount, hitFiles, ...(usage ? { usage } : {}) };
}

export async function buildInjection(req: InjectionRequest): Promise<Injection> {
  const rankAndCompose = async (force: boolean) => {
    const r = await rankStore(req.memoryDir, req.prompt, req.now, { all: req.all ?? false, checkAllCards: req.all ?? false, force, top: Math.max(RANKED_TOP, scanLimit(req)) });
    try {
      return { ...r, composed: compose(req, r.store, r.ranked, r.hitCount) };
    } catch (err) {
      // Entries are read from the cache while composing: a damaged one means rebuild, like one met while ranking.
      if (r.store.cache !== "fresh") throw err;
      return undefined;
    }
  };
  let ranking = await rankAndCompose(false);
  // A damaged cache entry, or a card about to be printed that changed since the cache was built: rebuild and rank again.
  if (!ranking || (ranking.store.cache === "fresh" && !stillFresh(req.memoryDir, ranking.store, [...ranking.composed.always, ...ranking.composed.lines].map((l) => l.file)))) {
    ranking = (await rankAndCompose(true))!;
  }
  const { store, ranked, usage, hitFiles, composed } = ranking;
  const result: Injection = { store, ranked, hits: hitFiles, composed, ...(usage ? { usage } : {}) };
  if (req.record && hitFiles.length > 0) {
    try {
      result.recorded = recordHitsSync(req.memoryDir, hitFiles, dayOf(req.now), { distinct: store.plainFiles });
    } catch (err) {
      result.recordError = (err as Error).message;
    }
  }
  return result;
}

function scanLimit(req: InjectionRequest): number {
  return Math.max(30, SCAN_PER_ENTRY * req.budget.maxEntries);
}

function compose(req: InjectionRequest, store: RankableStore, ranked: Ranked[], hitCount: number): Composed {
  const always = ranked.filter((r) => r.tier === "always").map((r) => toInjectLine(r.entry));
  const relevant = ranked.filter(isHit).slice(0, scanLimit(req)).map((r) => toInjectLine(r.entry));
  if (always.length === 0 && relevant.length === 0) return composeBlock({ context: ctx(req, store), always, ranked: relevant, budget: req.budget, ceilingBytes: req.host.hardCeilingBytes });
  const reminder = episodeReminder(readLastEpisode(req.memoryDir), req.now);
  const maxBytes = Math.min(req.budget.maxBytes, req.host.hardCeilingBytes);
  return composeBlock({
    context: ctx(req, store),
    always,
    ranked: relevant,
    relevantTotal: Math.max(hitCount, relevant.length),
    budget: { maxBytes, maxEntries: req.budget.maxEntries },
    ceilingBytes: req.host.hardCeilingBytes,
    ...(reminder ? { episodeReminder: reminder } : {}),
    unparsed: store.unparsed.length,
  });
}

function ctx(req: InjectionRequest, store: RankableStore) {
  return { projectKey: req.projectKey, source: req.source, entryCount: store.entryCount, ...(req.displayDir ? { dir: req.displayDir } : {}) };
}
