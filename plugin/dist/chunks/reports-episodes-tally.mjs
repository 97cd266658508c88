import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  readUsage
} from "./usage-fold.mjs";
import {
  openStore
} from "./reports-open.mjs";
import {
  compactStatus
} from "./compact-status.mjs";
import {
  compactPath
} from "./compact-artifact.mjs";
import {
  resolveStoreBudget
} from "./config-budget.mjs";
import {
  isMeasurable
} from "./core-line-key.mjs";
import {
  displayDir,
  measureIndexInjectBytes
} from "./core-block.mjs";
import {
  AGE_BUCKETS,
  ageBucket,
  utcDay
} from "./core-frecency.mjs";
import {
  readEpisodes
} from "./store-episodes.mjs";
import {
  readHistory
} from "./store-history.mjs";
import {
  readRegularUtf8
} from "./core-bytes.mjs";
import {
  parseCard
} from "./core-card.mjs";

// lib/reports/run-stats.ts
import fs from "node:fs";
import path from "node:path";

// lib/reports/episodes-tally.ts
function tallyEpisodes(read) {
  const withSummary = read.episodes.filter((e) => typeof e.summary === "string" && e.summary.trim() !== "").length;
  return { status: read.status, ...read.error !== void 0 ? { error: read.error } : {}, total: read.episodes.length, withSummary, malformed: read.malformed };
}

// lib/reports/stats.ts
function pct(part, whole) {
  return whole > 0 ? Math.round(part * 1e3 / whole) / 10 : null;
}
function buildStatsReport(input) {
  const { view, usage } = input;
  const unmeasurable = view.linkedCards.filter((c) => !isMeasurable(c) && !input.pinned?.has(c));
  const pinned = view.linkedCards.filter((c) => input.pinned?.has(c));
  const measurable = view.linkedCards.filter((c) => isMeasurable(c) && !input.pinned?.has(c));
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
    card_count: view.linkedCards.length,
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

// lib/reports/run-stats.ts
async function runStats(options, io) {
  const opened = await openStore({ repoRoot: options.repoRoot, allowNonGit: options.allowNonGit, cards: false }, io);
  const { resolution, view } = opened;
  if (!view || opened.issue) return { ok: false, memory_dir: null, resolution_issues: [opened.issue] };
  const dir = resolution.memory_dir;
  const today = utcDay(io.now());
  const host = options.host ?? "generic";
  const budget = resolveStoreBudget({ host, config: opened.config.value }, { ...resolution, memory_dir: dir }, io);
  const context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: view.entries.length, dir: displayDir(dir, io.home) };
  const report = buildStatsReport({
    memoryDir: dir,
    view,
    indexInjectBytes: measureIndexInjectBytes(view.entries, context),
    compact: compactFacts(dir, view, context),
    budget: { host, maxBytes: budget.maxBytes, maxEntries: budget.maxEntries },
    usage: readUsage(dir, today),
    buckets: AGE_BUCKETS.map((b) => ({ label: b.label, maxDays: b.maxDays })),
    bucketOf: (day) => ageBucket(day, today).label,
    episodes: tallyEpisodes(readEpisodes(dir)),
    pinned: pinnedCards(dir, view),
    hitLimit: options.hitLimit,
    neverHitLimit: options.neverHitLimit
  });
  return { ok: true, report };
}
function compactFacts(dir, view, context) {
  if (!fs.existsSync(compactPath(dir))) return null;
  const s = compactStatus(dir, view, readHistory(dir).entries, context);
  return s.bytes_with === null ? null : { injectBytes: s.bytes_with, current: s.current === true, recordsSince: s.records_since ?? 0 };
}
function pinnedCards(dir, view) {
  const pinned = /* @__PURE__ */ new Set();
  for (const card of view.linkedCards) {
    try {
      if (parseCard(readRegularUtf8(path.join(dir, card), PINNED_READ_CAP, { nofollow: true })).meta.priority === "always") pinned.add(card);
    } catch {
    }
  }
  return pinned;
}
var PINNED_READ_CAP = 1024 * 1024;

export {
  runStats
};
