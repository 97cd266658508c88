// lib/reports/stats.ts
import { isMeasurable } from "../usage/usage.js";
function pct(part, whole) {
  return whole > 0 ? Math.round(part * 1e3 / whole) / 10 : null;
}
function buildStatsReport(input) {
  const { view, usage } = input;
  const linked = input.missing?.size ? view.linkedCards.filter((c) => !input.missing.has(c)) : view.linkedCards;
  const unmeasurable = linked.filter((c) => !isMeasurable(c) && !input.pinned?.has(c));
  const pinned = linked.filter((c) => input.pinned?.has(c));
  const measurable = linked.filter((c) => isMeasurable(c) && !input.pinned?.has(c));
  const usable = usage.store !== "error";
  const hits = [];
  const neverHit = [];
  for (const card of measurable) {
    const u = usage.cards.get(card);
    if (u && u.access_count > 0) hits.push({ card, access_count: u.access_count, last_access_day: u.last_access_day });
    else neverHit.push(card);
  }
  hits.sort(
    (a, b) => b.access_count - a.access_count || (a.last_access_day < b.last_access_day ? 1 : a.last_access_day > b.last_access_day ? -1 : 0) || (a.card < b.card ? -1 : 1)
  );
  const total = hits.reduce((n, h) => n + h.access_count, 0);
  const top5 = hits.slice(0, 5).reduce((n, h) => n + h.access_count, 0);
  const bucketCounts = new Map(input.buckets.map((b) => [b.label, 0]));
  for (const h of hits) {
    const label = input.bucketOf(h.last_access_day);
    bucketCounts.set(label, (bucketCounts.get(label) ?? 0) + 1);
  }
  const cap = (items, limit) => limit > 0 && items.length > limit ? [items.slice(0, limit), true] : [items, false];
  const [cardHits, hitsTruncated] = cap(usable ? hits : [], input.hitLimit);
  const [neverHitCards, neverTruncated] = cap(usable ? neverHit : [], input.neverHitLimit);
  const report = {
    memory_dir: input.memoryDir,
    index_entry_count: view.entries.length,
    unparsed_index_entries: view.unparsed.length,
    card_count: linked.length,
    index_inject_bytes: input.indexInjectBytes,
    inject_budget_bytes: input.budget.maxBytes,
    inject_budget_entries: input.budget.maxEntries,
    inject_host: input.budget.host,
    usage_store: usage.store,
    ...usage.error !== void 0 ? { usage_error: usage.error } : {},
    usage_malformed: usage.malformed ?? 0,
    cards_with_hits: usable ? hits.length : null,
    cards_never_hit: usable ? neverHit.length : null,
    total_access: usable ? total : null,
    concentration: {
      hit_coverage_pct: usable ? pct(hits.length, measurable.length) : null,
      top5_share_pct: usable ? pct(top5, total) : null,
      flat_top5_share_pct: usable ? pct(Math.min(5, hits.length) * 100, hits.length * 100) : null
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
    ...input.episodes.error !== void 0 ? { episodes_error: input.episodes.error } : {},
    shard_count: view.shards.length + view.episodeShards.length,
    compact_inject_bytes: input.compact ? input.compact.injectBytes : null,
    compact_current: input.compact ? input.compact.current : null
  };
  return report;
}
export {
  buildStatsReport,
  pct
};
