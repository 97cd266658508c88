import { isMeasurable } from "../usage/usage.js";
import type { EpisodesTally } from "./episodes-tally.js";
import type { StoreView } from "../records/store-view.js";

// The stats report as a pure function: what memory buys (hits, concentration, recency) and which cards never
// pay their way. An unreadable usage sidecar is "error" with null totals, never presented as "no activity".

/** The usage sidecar as read (contract: lib/usage/usage.ts readUsage). */
export interface UsageFacts {
  store: string;
  error?: string;
  cards: Map<string, { access_count: number; last_access_day: string }>;
  malformed?: number;
}

/** One recency bucket boundary (contract: lib/usage/usage.ts AGE_BUCKETS). */
export interface BucketFacts {
  label: string;
  maxDays: number;
}

export interface StatsInput {
  memoryDir: string;
  view: StoreView;
  indexInjectBytes: number;
  /** The whole-index view with the compact (lib/compact/status.ts), when a valid compact exists. */
  compact?: { injectBytes: number; current: boolean; recordsSince: number } | null;
  budget: { host: string; maxBytes: number; maxEntries: number };
  usage: UsageFacts;
  buckets: readonly BucketFacts[];
  /** The bucket label a last-access day falls in, computed by the ranking's own function. */
  bucketOf: (lastDay: string) => string;
  episodes: EpisodesTally;
  /**
   * Linked targets inside the store with no file (doctor's dead links, "file does not exist"): not card files, so
   * neither counted as cards nor listed as never hit.
   */
  missing?: ReadonlySet<string>;
  /** Linked cards with `priority: always`: printed on every prompt, never recorded as hits (lib/hook/inject.ts). */
  pinned?: ReadonlySet<string>;
  hitLimit: number;
  neverHitLimit: number;
}

export interface CardHit {
  card: string;
  access_count: number;
  last_access_day: string;
}

export interface StatsReport {
  memory_dir: string;
  index_entry_count: number;
  unparsed_index_entries: number;
  card_count: number;
  index_inject_bytes: number;
  inject_budget_bytes: number;
  inject_budget_entries: number;
  inject_host: string;
  usage_store: string;
  usage_error?: string;
  /** Pending sidecar lines that did not parse (torn writes); counted, never trusted. */
  usage_malformed: number;
  cards_with_hits: number | null;
  cards_never_hit: number | null;
  total_access: number | null;
  concentration: { hit_coverage_pct: number | null; top5_share_pct: number | null; flat_top5_share_pct: number | null };
  last_hit_buckets: { label: string; max_days: number | null; cards: number }[];
  card_hits: CardHit[];
  card_hits_truncated: boolean;
  never_hit_cards: string[];
  never_hit_cards_truncated: boolean;
  unmeasurable_cards: string[];
  /** Pinned cards: injected on every prompt the hook runs, so neither hit nor never-hit (never a retirement candidate). */
  cards_pinned: number;
  pinned_cards: string[];
  episodes_total: number;
  episodes_with_summary: number;
  episode_fill_rate_pct: number | null;
  episodes_malformed: number;
  episodes_status: EpisodesTally["status"];
  episodes_error?: string;
  shard_count: number;
  /** The same whole-index block with the compact in place of the listing; null without a valid compact. */
  compact_inject_bytes: number | null;
  /** Whether that compact covers every current record; null without one. */
  compact_current: boolean | null;
}

/** Percent with one decimal; null when there is nothing to divide by. */
export function pct(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;
}

export function buildStatsReport(input: StatsInput): StatsReport {
  const { view, usage } = input;
  // card_count is "distinct linked card files" (seed 001): a dead link is no file, so it is no card.
  const linked = input.missing?.size ? view.linkedCards.filter((c) => !input.missing!.has(c)) : view.linkedCards;
  const unmeasurable = linked.filter((c) => !isMeasurable(c) && !input.pinned?.has(c));
  const pinned = linked.filter((c) => input.pinned?.has(c));
  // Hits and never-hits are over the ranked cards: a pinned card is printed on every prompt and recorded on none.
  const measurable = linked.filter((c) => isMeasurable(c) && !input.pinned?.has(c));
  const usable = usage.store !== "error";

  const hits: CardHit[] = [];
  const neverHit: string[] = [];
  for (const card of measurable) {
    const u = usage.cards.get(card);
    if (u && u.access_count > 0) hits.push({ card, access_count: u.access_count, last_access_day: u.last_access_day });
    else neverHit.push(card);
  }
  hits.sort(
    (a, b) => b.access_count - a.access_count || (a.last_access_day < b.last_access_day ? 1 : a.last_access_day > b.last_access_day ? -1 : 0) || (a.card < b.card ? -1 : 1),
  );
  const total = hits.reduce((n, h) => n + h.access_count, 0);
  const top5 = hits.slice(0, 5).reduce((n, h) => n + h.access_count, 0);

  const bucketCounts = new Map(input.buckets.map((b) => [b.label, 0]));
  for (const h of hits) {
    const label = input.bucketOf(h.last_access_day);
    bucketCounts.set(label, (bucketCounts.get(label) ?? 0) + 1);
  }
  const cap = <T>(items: T[], limit: number): [T[], boolean] => (limit > 0 && items.length > limit ? [items.slice(0, limit), true] : [items, false]);
  const [cardHits, hitsTruncated] = cap(usable ? hits : [], input.hitLimit);
  const [neverHitCards, neverTruncated] = cap(usable ? neverHit : [], input.neverHitLimit);

  const report: StatsReport = {
    memory_dir: input.memoryDir,
    index_entry_count: view.entries.length,
    unparsed_index_entries: view.unparsed.length,
    card_count: linked.length,
    index_inject_bytes: input.indexInjectBytes,
    inject_budget_bytes: input.budget.maxBytes,
    inject_budget_entries: input.budget.maxEntries,
    inject_host: input.budget.host,
    usage_store: usage.store,
    ...(usage.error !== undefined ? { usage_error: usage.error } : {}),
    usage_malformed: usage.malformed ?? 0,
    cards_with_hits: usable ? hits.length : null,
    cards_never_hit: usable ? neverHit.length : null,
    total_access: usable ? total : null,
    concentration: {
      hit_coverage_pct: usable ? pct(hits.length, measurable.length) : null,
      top5_share_pct: usable ? pct(top5, total) : null,
      flat_top5_share_pct: usable ? pct(Math.min(5, hits.length) * 100, hits.length * 100) : null,
    },
    last_hit_buckets: usable ? input.buckets.map((b) => ({ label: b.label, max_days: Number.isFinite(b.maxDays) ? b.maxDays : null, cards: bucketCounts.get(b.label) ?? 0 })) : [],
    card_hits: cardHits,
    card_hits_truncated: hitsTruncated,
    never_hit_cards: neverHitCards,
    never_hit_cards_truncated: neverTruncated,
    unmeasurable_cards: unmeasurable,
    cards_pinned: pinned.length,
    pinned_cards: pinned,
    episodes_total: input.episodes.total,
    episodes_with_summary: input.episodes.withSummary,
    episode_fill_rate_pct: pct(input.episodes.withSummary, input.episodes.total),
    episodes_malformed: input.episodes.malformed,
    episodes_status: input.episodes.status,
    ...(input.episodes.error !== undefined ? { episodes_error: input.episodes.error } : {}),
    shard_count: view.shards.length + view.episodeShards.length,
    compact_inject_bytes: input.compact ? input.compact.injectBytes : null,
    compact_current: input.compact ? input.compact.current : null,
  };
  return report;
}
