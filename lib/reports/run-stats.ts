import { resolveBudget } from "../budget.js";
import { readEpisodes } from "../episodes.js";
import { measureIndexInjectBytes } from "../inject.js";
import type { Io } from "../io.js";
import { AGE_BUCKETS, ageBucket, readUsage } from "../usage.js";
import type { ResolutionIssue } from "./doctor.js";
import { tallyEpisodes } from "./episodes-tally.js";
import { openStore, todayOf } from "./open.js";
import { buildStatsReport, type StatsReport } from "./stats.js";

// Gathers what stats aggregates — the index, the usage sidecar the hook writes, episodes.jsonl — read-only,
// and hands it to the pure report builder. Every number comes from files other commands maintain.

export interface StatsOptions {
  repoRoot?: string;
  host?: string;
  hitLimit: number;
  neverHitLimit: number;
}

export type StatsOutcome = { ok: true; report: StatsReport } | { ok: false; memory_dir: null; resolution_issues: ResolutionIssue[] };

export async function runStats(options: StatsOptions, io: Io): Promise<StatsOutcome> {
  const opened = await openStore({ repoRoot: options.repoRoot, cards: false }, io);
  const { resolution, view } = opened;
  if (!view || opened.issue) return { ok: false, memory_dir: null, resolution_issues: [opened.issue!] };
  const dir = resolution.memory_dir!;
  const today = todayOf(io);
  const host = options.host ?? "generic";
  const budget = resolveBudget({ host, config: opened.config.value });
  const context = { projectKey: resolution.project_key, source: resolution.resolution_source, entryCount: view.entries.length };
  const report = buildStatsReport({
    memoryDir: dir,
    view,
    indexInjectBytes: measureIndexInjectBytes(view.entries, context),
    budget: { host, maxBytes: budget.maxBytes, maxEntries: budget.maxEntries },
    usage: readUsage(dir, today),
    buckets: AGE_BUCKETS.map((b) => ({ label: b.label, maxDays: b.maxDays })),
    bucketOf: (day) => ageBucket(day, today).label,
    episodes: tallyEpisodes(readEpisodes(dir)),
    hitLimit: options.hitLimit,
    neverHitLimit: options.neverHitLimit,
  });
  return { ok: true, report };
}
