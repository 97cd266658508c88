import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  runStats
} from "./reports-episodes-tally.mjs";
import "./usage-fold.mjs";
import {
  bar,
  bytes,
  inert,
  num as num2,
  percent,
  table
} from "./cli-report-format.mjs";
import "./reports-open.mjs";
import "./compact-status.mjs";
import "./compact-artifact.mjs";
import "./config-budget.mjs";
import "./compact-generate.mjs";
import "./compact-mentions.mjs";
import "./records-store-view.mjs";
import "./core-line-key.mjs";
import "./rank-stem.mjs";
import "./core-block.mjs";
import "./rank-stop-words-data.mjs";
import "./core-frecency.mjs";
import "./store-full-check.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import "./store-episodes.mjs";
import "./store-episode-shards.mjs";
import "./store-episode-tail.mjs";
import "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import "./core-card.mjs";
import "./core-card-types.mjs";
import "./store-lock.mjs";
import {
  colorsFor,
  printJson
} from "./cli-output.mjs";
import {
  PROJECT_FLAGS,
  bool,
  commandSummary,
  num,
  parseArgs,
  projectFrom,
  str
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import "./core-sanitize.mjs";
import {
  HOST_NAMES,
  isHostName
} from "./config-config-keys.mjs";
import "./core-closest.mjs";
import "./core-sha256.mjs";
import "./store-paths.mjs";
import "./core-bytes.mjs";
import {
  usageError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/stats-render.ts
function renderStats(r, io) {
  const c = colorsFor(io);
  const out = [`${c.bold("memctl stats")}  ${inert(r.memory_dir)}`, ""];
  const unparsed = r.unparsed_index_entries > 0 ? c.yellow(` (${r.unparsed_index_entries} unparsed)`) : "";
  const shards = r.shard_count > 0 ? `, ${r.shard_count} shard${r.shard_count === 1 ? "" : "s"}` : "";
  const overBudget = r.index_inject_bytes > r.inject_budget_bytes;
  out.push(
    ...table([
      ["index", `${num2(r.index_entry_count)} entries${unparsed} \u2192 ${num2(r.card_count)} cards${shards}`],
      [
        "inject",
        `${num2(r.index_inject_bytes)} B${r.index_inject_bytes >= 1024 ? ` (${bytes(r.index_inject_bytes)})` : ""} for the whole index, ${overBudget ? c.dim("ranked down to") : c.dim("fits")} budget ${num2(r.inject_budget_bytes)} B / ${r.inject_budget_entries} entries ${c.dim(`(${r.inject_host})`)}`
      ],
      ...r.compact_inject_bytes !== null ? [["compact", `${num2(r.compact_inject_bytes)} B for the whole index with the compact${r.compact_current ? "" : c.yellow(" (behind the records: memctl compact)")}`]] : [],
      ["usage", usageLine(r, c)],
      ["episodes", episodesLine(r, c)]
    ])
  );
  if (r.usage_store !== "error" && r.cards_with_hits !== null && r.cards_with_hits > 0) {
    out.push("", c.bold("Concentration") + c.dim("  (flat ranking = coverage near 100% with top-5 share near the flat value)"), ...concentration(r, c));
    const maxBucket = Math.max(...r.last_hit_buckets.map((b) => b.cards), 1);
    out.push(
      "",
      c.bold("Last hit"),
      ...table(
        r.last_hit_buckets.map((b) => [b.label, num2(b.cards), c.cyan(bar(b.cards, maxBucket, 24))]),
        { right: [1] }
      )
    );
    out.push("", c.bold(`Most hit${r.card_hits_truncated ? ` (top ${r.card_hits.length} of ${num2(r.cards_with_hits)})` : ""}`));
    out.push(...table([[c.dim("card"), c.dim("hits"), c.dim("last hit")], ...r.card_hits.map((h) => [inert(h.card), num2(h.access_count), h.last_access_day])], { right: [1] }));
  }
  if (r.pinned_cards.length > 0) {
    out.push("", c.bold(`Pinned (${num2(r.cards_pinned)})`) + c.dim("  injected on every prompt (priority: always); not ranked, so never counted as hits"));
    out.push(...r.pinned_cards.map((card) => `  ${inert(card)}`));
  }
  if (r.never_hit_cards.length > 0) {
    const more = r.never_hit_cards_truncated ? c.dim(`\u2026 and ${num2((r.cards_never_hit ?? 0) - r.never_hit_cards.length)} more (--never-hit-limit 0 lists all)`) : "";
    out.push("", c.bold(`Never hit (${num2(r.cards_never_hit ?? 0)})`) + c.dim("  candidates to rewrite their hook, merge, or retire"));
    out.push(...r.never_hit_cards.map((card) => `  ${inert(card)}`));
    if (more) out.push(`  ${more}`);
  }
  if (r.unmeasurable_cards.length > 0) {
    out.push("", c.bold(`Unmeasurable (${r.unmeasurable_cards.length})`) + c.dim("  paths with a tab or newline; the usage sidecar cannot record them \u2014 rename the file"));
    out.push(...r.unmeasurable_cards.map((card) => `  ${inert(card)}`));
  }
  return out.join("\n") + "\n";
}
function usageLine(r, c) {
  if (r.usage_store === "error") return c.red(`usage sidecar unreadable: ${inert(r.usage_error ?? "error")} \u2014 hit counts unknown, not zero`);
  if (r.usage_store === "none") return c.yellow("no usage sidecar yet (the hook records hits once it runs)") + ` \u2014 ${num2(r.cards_never_hit ?? 0)} cards never hit`;
  const pinned = r.cards_pinned > 0 ? `, ${num2(r.cards_pinned)} pinned (injected on every prompt)` : "";
  return `${num2(r.cards_with_hits ?? 0)} of ${num2(r.card_count - r.unmeasurable_cards.length - r.cards_pinned)} cards hit, ${num2(r.total_access ?? 0)} accesses ${c.dim(`(${r.usage_store})`)}${pinned}`;
}
function episodesLine(r, c) {
  if (r.episodes_status === "error") return c.red(`episodes.jsonl unreadable: ${inert(r.episodes_error ?? "error")} \u2014 history unknown, not empty`);
  if (r.episodes_status === "none") return c.dim("no episodes.jsonl yet");
  const malformed = r.episodes_malformed > 0 ? c.yellow(`, ${num2(r.episodes_malformed)} malformed line(s) kept on disk`) : "";
  return `${num2(r.episodes_total)} total, ${num2(r.episodes_with_summary)} with a summary (${percent(r.episode_fill_rate_pct)})${malformed}`;
}
function concentration(r, c) {
  const conc = r.concentration;
  const cell = (p, paint) => paint(bar(p ?? 0, 100, 25));
  const flat = conc.flat_top5_share_pct;
  const near = conc.top5_share_pct !== null && flat !== null && conc.hit_coverage_pct !== null && conc.hit_coverage_pct >= 90 && conc.top5_share_pct <= flat * 1.25;
  return table(
    [
      ["coverage", percent(conc.hit_coverage_pct), cell(conc.hit_coverage_pct, c.cyan), c.dim("cards ever hit")],
      [
        "top-5 share",
        percent(conc.top5_share_pct),
        cell(conc.top5_share_pct, near ? c.yellow : c.cyan),
        near ? c.yellow("near flat: ranking is not discriminating") : c.dim("accesses going to the 5 most-hit cards")
      ],
      ["flat value", percent(flat), cell(flat, c.dim), c.dim("top-5 share if every hit card were hit equally")]
    ],
    { right: [1] }
  );
}

// lib/cli/stats.ts
var spec = {
  name: "stats",
  summary: commandSummary("stats"),
  flags: {
    ...PROJECT_FLAGS,
    host: { type: "string", valueName: "HOST", description: "whose per-prompt budget to report: claude, codex, generic, grok, opencode (default generic)" },
    "hit-limit": { type: "number", valueName: "N", description: "most-hit cards to list (default 20, 0 = all); totals are never capped" },
    "never-hit-limit": { type: "number", valueName: "N", description: "never-hit cards to list (default 20, 0 = all); the count is never capped" },
    json: { type: "boolean", description: "print one JSON object (schema_version 1)" }
  },
  exitCodes: { 0: "report emitted (an unhealthy number is never an error)", 1: "the canonical memory selection is invalid or missing", 2: "usage error" },
  notes: 'Numbers come from MEMORY.md, the usage sidecar the hook writes, and episodes.jsonl. usage_store "error" means the\nsidecar exists but cannot be read: hit counts are unknown (null), not zero.',
  examples: ["memctl stats", "memctl stats --json --hit-limit 0", "memctl stats --host claude --never-hit-limit 50"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  const host = str(args, "host");
  if (host !== void 0 && !isHostName(host)) throw usageError(`unknown host "${host}" for --host; use one of ${HOST_NAMES.join(", ")}`);
  const outcome = await runStats({ ...projectFrom(args), host, hitLimit: num(args, "hit-limit") ?? 20, neverHitLimit: num(args, "never-hit-limit") ?? 20 }, io);
  const json = bool(args, "json");
  if (!outcome.ok) {
    if (json) printJson(io, { memory_dir: null, resolution_issues: outcome.resolution_issues });
    else {
      const c = colorsFor(io);
      for (const issue of outcome.resolution_issues)
        io.stdout.write(
          `${c.red("\u2717")} no report: ${issue.source}: ${inert(issue.reason)}
  ${c.dim("fix:")} memctl resolve shows the selection; memctl doctor lists what else is wrong
`
        );
    }
    return 1;
  }
  if (json) printJson(io, outcome.report);
  else io.stdout.write(renderStats(outcome.report, io));
  return 0;
}
export {
  run,
  spec
};
