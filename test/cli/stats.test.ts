import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { displayDir, measureIndexInjectBytes } from "../../lib/core/block.js";
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
    "cards_pinned",
    "pinned_cards",
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
  const expected = measureIndexInjectBytes(entries, { projectKey: projectKey(p.repo), source: "env", entryCount: entries.length, dir: displayDir(p.memory, p.home) });
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

// Issue "Memory that stays true", finding B: the numbers a retention decision is made on.

test("a pinned card (priority: always) printed on every prompt is injected, never a never-hit candidate to retire", async () => {
  const p = makeProject();
  p.write("user_owner.md", card("owner", { priority: "always", description: "the owner reviews every PR" }));
  p.write("feedback_deploy.md", card("deploy", { description: "promote the release pipeline" }));
  p.write("feedback_lint.md", card("lint", { description: "run the linter" }));
  p.write(
    "MEMORY.md",
    index([
      "- [Owner](user_owner.md) — the owner reviews every PR",
      "- [Deploy](feedback_deploy.md) — promote the release pipeline",
      "- [Lint](feedback_lint.md) — run the linter",
    ]),
  );
  const hook = await p.run(["hook", "user-prompt-submit", "--host", "generic"], {}, JSON.stringify({ cwd: p.repo, prompt: "how do we promote the release pipeline?" }));
  assert.match(hook.stdout, /user_owner\.md/, "the pinned card is in the block");
  const { report } = await p.json(["stats"]);
  assert.deepEqual(report.never_hit_cards, ["feedback_lint.md"]);
  assert.equal(report.cards_never_hit, 1);
  assert.deepEqual(report.pinned_cards, ["user_owner.md"]);
  assert.equal(report.cards_pinned, 1);
  assert.equal(report.concentration.hit_coverage_pct, 50, "coverage is over the ranked cards: 1 of deploy, lint");
  const human = (await p.run(["stats"])).stdout;
  assert.match(human, /Pinned \(1\)\s+injected on every prompt/);
  const retire = human.slice(human.indexOf("Never hit"));
  assert.doesNotMatch(retire, /user_owner\.md/, "a pinned card is never listed as a candidate to retire");
});

test("every unreadable usage or episodes source is error, never an empty history: FIFO, directory, at each path", async () => {
  const fifo = (file: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const r = spawnSync("mkfifo", [file]);
    assert.equal(r.status, 0, String(r.stderr));
  };
  const cases: { rel: string; make: (file: string) => void; field: "usage_store" | "episodes_status" }[] = [];
  for (const rel of [".memctl/usage.log", ".memctl/usage.tsv", ".memctl/usage.1700000000000-1.folding"]) {
    cases.push({ rel, make: fifo, field: "usage_store" }, { rel, make: (f) => fs.mkdirSync(f, { recursive: true }), field: "usage_store" });
  }
  for (const rel of ["episodes.jsonl", "episodes.2026-10.jsonl"]) {
    cases.push({ rel, make: fifo, field: "episodes_status" }, { rel, make: (f) => fs.mkdirSync(f, { recursive: true }), field: "episodes_status" });
  }
  for (const c of cases) {
    const p = makeProject();
    writeCleanStore(p, 2);
    c.make(path.join(p.memory, c.rel));
    const started = Date.now();
    const { code, report } = await p.json(["stats"]);
    assert.ok(Date.now() - started < 10_000, `${c.rel} never blocks`);
    assert.equal(code, 0);
    assert.equal(report[c.field], "error", `${c.rel} (${fs.statSync(path.join(p.memory, c.rel)).isDirectory() ? "directory" : "FIFO"}) is ${c.field} error`);
    if (c.field === "usage_store") {
      assert.equal(report.cards_never_hit, null, `${c.rel}: hit counts unknown, not zero`);
      assert.deepEqual(report.never_hit_cards, []);
    }
  }
});

test("an unreadable (mode 000) usage log is error even when it is empty", { skip: process.getuid?.() === 0 ? "root reads mode 000 files" : false }, async () => {
  const p = makeProject();
  writeCleanStore(p, 2);
  p.write(".memctl/usage.log", "");
  fs.chmodSync(path.join(p.memory, ".memctl/usage.log"), 0);
  const { report } = await p.json(["stats"]);
  assert.equal(report.usage_store, "error");
});

test("index_inject_bytes is the byte count of the block the hook really prints with every line selected (store path included)", async () => {
  const p = makeProject();
  const names = ["alpha", "beta", "gamma"];
  for (const n of names) p.write(`feedback_${n}.md`, card(n, { description: `rotation rule for ${n}` }));
  p.write("MEMORY.md", index(names.map((n) => `- [${n}](feedback_${n}.md) — rotation rule for ${n}, 支付 ${n}`)));
  const hook = await p.run(
    ["hook", "user-prompt-submit", "--host", "generic", "--max-bytes", "100000", "--max-entries", "100"],
    {},
    JSON.stringify({ cwd: p.repo, prompt: "rotation rule alpha beta gamma" }),
  );
  for (const n of names) assert.match(hook.stdout, new RegExp(`feedback_${n}\\.md`), "every line is printed");
  assert.match(hook.stdout, /cards in /, "the block's preamble names the store");
  const { report } = await p.json(["stats"]);
  assert.equal(report.index_inject_bytes, Buffer.byteLength(hook.stdout));
});

test("an observe-only host's hook run (grok: no block reaches the model) is not counted as an injection", async () => {
  const p = makeProject();
  p.write("feedback_deploy.md", card("deploy"));
  p.write("MEMORY.md", index(["- [Deploy](feedback_deploy.md) — promote the release pipeline"]));
  const payload = JSON.stringify({ cwd: p.repo, prompt: "how do we promote the release pipeline?", sessionId: "g1" });
  const grok = await p.run(["hook", "user-prompt-submit", "--host", "grok"], {}, payload);
  assert.equal(grok.code, 0);
  const after = (await p.json(["stats"])).report;
  assert.equal(after.total_access, 0, "grok ignores the hook's output: nothing was injected");
  assert.deepEqual(after.never_hit_cards, ["feedback_deploy.md"]);
  const why = (await p.json(["why"])).report;
  assert.equal(why.runs.at(-1).status, "observed", "the why log records an observe-only run, not an injection");
  await p.run(["hook", "user-prompt-submit", "--host", "generic"], {}, payload);
  assert.equal((await p.json(["stats"])).report.total_access, 1, "a host that injects still counts");
});
