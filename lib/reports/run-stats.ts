import fs from "node:fs";
import path from "node:path";
import { resolveStoreBudget } from "../config/budget.js";
import { compactPath } from "../compact/artifact.js";
import { compactStatus } from "../compact/status.js";
import { readHistory } from "../store/history.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { parseCard } from "../core/card.js";
import type { BlockContext } from "../core/block.js";
import type { StoreView } from "../records/store-view.js";
import { readEpisodes } from "../store/episodes.js";
import { displayDir, measureIndexInjectBytes } from "../core/block.js";
import type { Io } from "../store/io.js";
import { AGE_BUCKETS, ageBucket, readUsage } from "../usage/usage.js";
import type { ResolutionIssue } from "./doctor.js";
import { tallyEpisodes } from "./episodes-tally.js";
import { isRegularFile, openStore } from "./open.js";
import { buildStatsReport, type StatsReport } from "./stats.js";
import { utcDay } from "../core/frecency.js";

// Gathers what stats aggregates — the index, the usage sidecar the hook writes, episodes.jsonl — read-only,
// and hands it to the pure report builder. Every number comes from files other commands maintain.

export interface StatsOptions {
  repoRoot?: string;
  allowNonGit?: boolean;
  host?: string;
  hitLimit: number;
  neverHitLimit: number;
}

export type StatsOutcome = { ok: true; report: StatsReport } | { ok: false; memory_dir: null; resolution_issues: ResolutionIssue[] };

export async function runStats(options: StatsOptions, io: Io): Promise<StatsOutcome> {
  const opened = await openStore({ repoRoot: options.repoRoot, allowNonGit: options.allowNonGit, cards: false }, io);
  const { resolution, view } = opened;
  if (!view || opened.issue) return { ok: false, memory_dir: null, resolution_issues: [opened.issue!] };
  const dir = resolution.memory_dir!;
  const today = utcDay(io.now());
  const host = options.host ?? "generic";
  const budget = resolveStoreBudget({ host, config: opened.config.value }, { ...resolution, memory_dir: dir }, io);
  // The preamble names the store as the hook prints it: without the path the figure is short of the real block.
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
    ...linkedFacts(dir, view),
    hitLimit: options.hitLimit,
    neverHitLimit: options.neverHitLimit,
  });
  return { ok: true, report };
}

/** The compact's size and coverage; only looked at when the slot exists (it reads every card for revisions). */
function compactFacts(dir: string, view: StoreView, context: BlockContext): { injectBytes: number; current: boolean; recordsSince: number } | null {
  if (!fs.existsSync(compactPath(dir))) return null;
  const s = compactStatus(dir, view, readHistory(dir).entries, context);
  return s.bytes_with === null ? null : { injectBytes: s.bytes_with, current: s.current === true, recordsSince: s.records_since ?? 0 };
}

/**
 * Linked cards with `priority: always` (the hook prints them on every prompt and, by design, records no hit for
 * them), and linked targets with no file (doctor's dead links: no card). One read of each linked card; a stat only
 * when the read fails, as doctor's dead-link check looks.
 */
function linkedFacts(dir: string, view: StoreView): { pinned: Set<string>; missing: Set<string> } {
  const pinned = new Set<string>();
  const missing = new Set<string>();
  for (const card of view.linkedCards) {
    try {
      if (parseCard(readRegularUtf8(path.join(dir, card), PINNED_READ_CAP, { nofollow: true })).meta.priority === "always") pinned.add(card);
    } catch {
      // Unreadable: not printed as pinned either (doctor names it); it stays with the ranked cards. Absent: no card.
      if (!isRegularFile(dir, card)) missing.add(card);
    }
  }
  return { pinned, missing };
}

const PINNED_READ_CAP = 1024 * 1024;
