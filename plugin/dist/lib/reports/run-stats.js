// lib/reports/run-stats.ts
import fs from "node:fs";
import path from "node:path";
import { resolveStoreBudget } from "../config/budget.js";
import { compactPath } from "../compact/artifact.js";
import { compactStatus } from "../compact/status.js";
import { readHistory } from "../store/history.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { parseCard } from "../core/card.js";
import { readEpisodes } from "../store/episodes.js";
import { displayDir, measureIndexInjectBytes } from "../core/block.js";
import { AGE_BUCKETS, ageBucket, readUsage } from "../usage/usage.js";
import { tallyEpisodes } from "./episodes-tally.js";
import { isRegularFile, openStore } from "./open.js";
import { buildStatsReport } from "./stats.js";
import { utcDay } from "../core/frecency.js";
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
    ...linkedFacts(dir, view),
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
function linkedFacts(dir, view) {
  const pinned = /* @__PURE__ */ new Set();
  const missing = /* @__PURE__ */ new Set();
  for (const card of view.linkedCards) {
    try {
      if (parseCard(readRegularUtf8(path.join(dir, card), PINNED_READ_CAP, { nofollow: true })).meta.priority === "always") pinned.add(card);
    } catch {
      if (!isRegularFile(dir, card)) missing.add(card);
    }
  }
  return { pinned, missing };
}
var PINNED_READ_CAP = 1024 * 1024;
export {
  runStats
};
