import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { measureIndexInjectBytes } from "../../lib/core/block.js";
import { claudeSlug, projectKey } from "../../lib/config/project.js";
import { parseIndex } from "../../lib/core/index-file.js";
import { AGE_BUCKETS, recordHitsSync } from "../../lib/usage/usage.js";
import { card, index, makeProject, snapshotTree, TODAY, writeCleanStore } from "../lib/reports/fixture.js";

/** Five measurable cards (a–e), one linked twice, one unmeasurable path, one unparsed line; hits on a, b, c. */
function usageStore() {
  const p = makeProject();
  for (const n of ["a", "b", "c", "d", "e"]) p.write(`feedback_${n}.md`, card(n));
  p.write("feedback_tab\there.md", card("tab"));
  p.write(
    "MEMORY.md",
    index([
      "- [A](feedback_a.md) — alpha",
      "- [A again](feedback_a.md) — alpha from another angle",
      "- [B](feedback_b.md) — beta",
      "- [C](feedback_c.md) — gamma",
      "- [D](feedback_d.md) — delta",
      "- [E](feedback_e.md) — epsilon",
      "- [Tab](<feedback_tab\there.md>) — a path the sidecar cannot hold",
      "- a bullet with no link",
    ]),
  );
  for (let i = 0; i < 5; i++) recordHitsSync(p.memory, ["feedback_a.md"], TODAY, { foldAtBytes: 1 << 30 });
  for (let i = 0; i < 3; i++) recordHitsSync(p.memory, ["feedback_b.md"], "2026-11-28", { foldAtBytes: 1 << 30 });
  recordHitsSync(p.memory, ["feedback_c.md"], "2026-10-01", { foldAtBytes: 1 << 30 });
  return p;
}

test("stats counts entries, cards, hits, concentration and recency buckets from the real sidecar", async () => {
  const p = usageStore();
  const { code, report } = await p.json(["stats"]);
  assert.equal(code, 0);
  assert.deepEqual(Object.keys(report), [
    "schema_version",
    "memory_dir",
    "index_entry_count",
    "unparsed_index_entries",
    "card_count",
    "index_inject_bytes",
    "inject_budget_bytes",
    "inject_budget_entries",
    "inject_host",
    "usage_store",
    "usage_malformed",
    "cards_with_hits",
    "cards_never_hit",
    "total_access",
    "concentration",
    "last_hit_buckets",
    "card_hits",
    "card_hits_truncated",
    "never_hit_cards",
    "never_hit_cards_truncated",
    "unmeasurable_cards",
    "episodes_total",
    "episodes_with_summary",
    "episode_fill_rate_pct",
    "episodes_malformed",
    "episodes_status",
    "shard_count",
    "compact_inject_bytes",
    "compact_current",
  ]);
  assert.equal(report.index_entry_count, 7);
  assert.equal(report.unparsed_index_entries, 1);
  assert.equal(report.card_count, 6, "two lines pointing at one card count as one card");
  assert.equal(report.usage_store, "tsv");
  assert.equal(report.cards_with_hits, 3);
  assert.equal(report.cards_never_hit, 2);
  assert.equal(report.total_access, 9);
  assert.deepEqual(report.concentration, { hit_coverage_pct: 60, top5_share_pct: 100, flat_top5_share_pct: 100 });
  assert.deepEqual(report.card_hits, [
    { card: "feedback_a.md", access_count: 5, last_access_day: TODAY },
    { card: "feedback_b.md", access_count: 3, last_access_day: "2026-11-28" },
    { card: "feedback_c.md", access_count: 1, last_access_day: "2026-10-01" },
  ]);
  assert.equal(report.card_hits_truncated, false);
  assert.deepEqual(report.never_hit_cards, ["feedback_d.md", "feedback_e.md"]);
  assert.deepEqual(report.unmeasurable_cards, ["feedback_tab\there.md"]);
  assert.deepEqual(
    report.last_hit_buckets.map((b: { label: string }) => b.label),
    AGE_BUCKETS.map((b) => b.label),
    "the ranking's own boundaries",
  );
  const byLabel = Object.fromEntries(report.last_hit_buckets.map((b: { label: string; cards: number }) => [b.label, b.cards]));
  assert.deepEqual(byLabel, { "<=1d": 1, "<=7d": 1, "<=30d": 0, "<=90d": 1, ">90d": 0 });
  assert.equal(report.last_hit_buckets.at(-1).max_days, null, "Infinity is null in JSON");
});

test("index_inject_bytes is what lib/core/block.ts measures for the same index; budgets follow host and config", async () => {
  const p = usageStore();
  const entries = parseIndex(fs.readFileSync(path.join(p.memory, "MEMORY.md"), "utf8")).entries;
  const expected = measureIndexInjectBytes(entries, { projectKey: projectKey(p.repo), source: "env", entryCount: entries.length });
  const { report } = await p.json(["stats"]);
  assert.equal(report.index_inject_bytes, expected);
  assert.equal(report.inject_budget_bytes, 3000);
  assert.equal(report.inject_budget_entries, 20);
  // Claude's reduced budget only where Claude Code loads this store's MEMORY.md itself (its auto-memory directory).
  const claude = (await p.json(["stats", "--host", "claude"])).report;
  assert.deepEqual([claude.inject_budget_bytes, claude.inject_budget_entries], [3000, 20]);
  const auto = path.join(p.home, ".claude", "projects", claudeSlug(p.repo), "memory");
  fs.cpSync(p.memory, auto, { recursive: true });
  const native = (await p.json(["stats", "--host", "claude"], { MEMCTL_MEMORY_DIR: auto })).report;
  assert.deepEqual([native.inject_budget_bytes, native.inject_budget_entries], [1500, 10]);
  fs.writeFileSync(p.configFile, "[hook]\nmax_bytes = 2222\n");
  assert.equal((await p.json(["stats"])).report.inject_budget_bytes, 2222);
});

test("--hit-limit and --never-hit-limit bound the lists, never the totals", async () => {
  const p = usageStore();
  const { report } = await p.json(["stats", "--hit-limit", "2", "--never-hit-limit", "1"]);
  assert.equal(report.card_hits.length, 2);
  assert.equal(report.card_hits_truncated, true);
  assert.equal(report.cards_with_hits, 3);
  assert.equal(report.total_access, 9);
  assert.deepEqual(report.never_hit_cards, ["feedback_d.md"]);
  assert.equal(report.never_hit_cards_truncated, true);
  assert.equal(report.cards_never_hit, 2);
  const all = (await p.json(["stats", "--hit-limit", "0"])).report;
  assert.equal(all.card_hits.length, 3);
  assert.equal(all.card_hits_truncated, false);
});

test("a corrupt usage sidecar is usage_store error with unknown (null) totals, distinct from an absent one", async () => {
  const p = makeProject();
  writeCleanStore(p, 3);
  const absent = (await p.json(["stats"])).report;
  assert.equal(absent.usage_store, "none");
  assert.equal(absent.cards_never_hit, 3, "no sidecar: nothing was ever recorded");
  assert.equal(absent.cards_with_hits, 0);

  p.write(".memctl/usage.tsv", "this is not a usage snapshot\n");
  const { code, report } = await p.json(["stats"]);
  assert.equal(code, 0, "an unhealthy number is never an error exit");
  assert.equal(report.usage_store, "error");
  assert.match(report.usage_error, /header/);
  assert.equal(report.cards_with_hits, null);
  assert.equal(report.cards_never_hit, null);
  assert.equal(report.total_access, null);
  assert.deepEqual(report.never_hit_cards, [], "an unreadable sidecar is not evidence of never-hit cards");
  const human = await p.run(["stats"]);
  assert.match(human.stdout, /usage sidecar unreadable: .* hit counts unknown, not zero/);
});

test("episodes: malformed lines are counted, blank summaries lower the fill rate, an unreadable file is error", async () => {
  const p = makeProject();
  writeCleanStore(p, 1);
  assert.equal((await p.json(["stats"])).report.episodes_status, "none");
  const ep = (summary: string) => JSON.stringify({ ts: "2026-12-01T09:00:00.000Z", host: "claude", summary, project_key: "k", repo: p.repo, actor: "human" });
  p.write("episodes.jsonl", [ep("did a thing"), ep("   "), "{torn line", ep("did another")].join("\n") + "\n");
  const { report } = await p.json(["stats"]);
  assert.equal(report.episodes_status, "ok");
  assert.equal(report.episodes_total, 3);
  assert.equal(report.episodes_with_summary, 2);
  assert.equal(report.episode_fill_rate_pct, 66.7);
  assert.equal(report.episodes_malformed, 1);
  assert.match(fs.readFileSync(path.join(p.memory, "episodes.jsonl"), "utf8"), /\{torn line/, "the malformed line stays on disk");

  fs.rmSync(path.join(p.memory, "episodes.jsonl"));
  fs.mkdirSync(path.join(p.memory, "episodes.jsonl"));
  const broken = await p.json(["stats"]);
  assert.equal(broken.code, 0);
  assert.equal(broken.report.episodes_status, "error");
  assert.equal(broken.report.episodes_total, 0);
  assert.match((await p.run(["stats"])).stdout, /episodes\.jsonl unreadable: .* history unknown, not empty/);
});

test("an invalid explicit selection exits 1 with a resolution issue; usage errors exit 2", async () => {
  const p = makeProject();
  writeCleanStore(p);
  const bad = await p.json(["stats"], { MEMCTL_MEMORY_DIR: path.join(p.root, "nope") });
  assert.equal(bad.code, 1);
  assert.equal(bad.report.memory_dir, null);
  assert.equal(bad.report.resolution_issues[0].source, "env");
  assert.equal((await p.run(["stats", "--hit-limit", "-1"])).code, 2);
  assert.equal((await p.run(["stats", "--never-hit-limit", "many"])).code, 2);
  assert.equal((await p.run(["stats", "--host", "emacs"])).code, 2);
});

test("stats writes nothing, and its human report leads with the numbers and a concentration chart", async () => {
  const p = usageStore();
  const before = snapshotTree(p.memory);
  const human = await p.run(["stats"]);
  assert.equal(human.code, 0);
  assert.deepEqual(snapshotTree(p.memory), before);
  const lines = human.stdout.split("\n");
  assert.match(lines[2]!, /^\s+index\s+7 entries \(1 unparsed\) → 6 cards/);
  assert.match(human.stdout, /coverage\s+60\.0%\s+█+/);
  assert.match(human.stdout, /Most hit/);
  assert.match(human.stdout, /feedback_a\.md\s+5\s+2026-12-02/);
  assert.match(human.stdout, /Never hit \(2\)/);
  assert.match(human.stdout, /feedback_tab\\x09here\.md/, "the tab is shown inert");
});

test("the hits the real hook records are the hits stats reports (same card keys, same day)", async () => {
  const p = makeProject();
  p.write("feedback_deploy.md", card("deploy"));
  p.write("feedback_lint.md", card("lint"));
  p.write(
    "MEMORY.md",
    index([
      "- [Deploy checklist](./feedback_deploy.md) — tag the release, wait for the pipeline, then promote",
      "- [Lint](feedback_lint.md) — run the linter with --fix before committing",
    ]),
  );
  const hook = await p.run(["hook", "user-prompt-submit", "--host", "generic"], {}, JSON.stringify({ cwd: p.repo, prompt: "how do we promote the release pipeline?" }));
  assert.equal(hook.code, 0);
  assert.match(hook.stdout, /feedback_deploy\.md/);
  const { report } = await p.json(["stats"]);
  assert.equal(report.usage_store, "tsv");
  assert.deepEqual(report.card_hits, [{ card: "feedback_deploy.md", access_count: 1, last_access_day: TODAY }]);
  assert.deepEqual(report.never_hit_cards, ["feedback_lint.md"]);
});
