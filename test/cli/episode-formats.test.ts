import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { episodeReminder, readLastEpisode } from "../../lib/store/episode-tail.js";
import { REPO_ROOT } from "../helpers.js";
import { makeProject, writeCleanStore } from "../lib/reports/fixture.js";

// Seed 001's episodes.jsonl rows carry `date` and `writer_host` (memctl writes `ts` and `host`); a skeleton
// row from the retired Stop hook has no summary. Both are episodes: read them, count skeletons in the fill rate.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

function cli(p: ReturnType<typeof makeProject>, args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { cwd: p.repo, env: { PATH: process.env.PATH, ...p.env }, encoding: "utf8" });
}

function hook(p: ReturnType<typeof makeProject>) {
  const payload = JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd: p.repo, hook_event_name: "UserPromptSubmit", prompt: "what is hook number 0 about" });
  return spawnSync(process.execPath, [HOOK, "--host", "generic"], { input: payload, env: { PATH: process.env.PATH, ...p.env }, encoding: "utf8" });
}

const memctlRow = (ts: string, summary: string) => JSON.stringify({ ts, host: "claude", summary, project_key: "k", repo: "/r", actor: "human" });
const seedRow = (fields: Record<string, unknown>) => JSON.stringify({ writer_host: "codex", ...fields });

test("stats --json counts seed rows (date / writer_host) as episodes and summary-less rows as skeletons, not malformed", (t) => {
  const p = makeProject();
  t.after(() => fs.rmSync(p.root, { recursive: true, force: true }));
  writeCleanStore(p, 1);
  p.write(
    "episodes.jsonl",
    [
      memctlRow("2026-11-20T09:00:00.000Z", "memctl row"),
      seedRow({ date: "2026-11-21T09:00:00Z", summary: "seed row" }),
      seedRow({ date: "2026-11-22", summary: "   " }),
      seedRow({ date: "2026-11-23T09:00:00Z", session_id: "abc" }), // a skeleton: no summary key
      "{torn line",
    ].join("\n") + "\n",
  );
  const r = cli(p, ["stats", "--json"]);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.episodes_status, "ok");
  assert.equal(report.episodes_total, 4);
  assert.equal(report.episodes_with_summary, 2);
  assert.equal(report.episode_fill_rate_pct, 50);
  assert.equal(report.episodes_malformed, 1);
});

test("the newest episode is read in the seed's format (date / writer_host); the per-prompt hook no longer prints the reminder", (t) => {
  const p = makeProject();
  t.after(() => fs.rmSync(p.root, { recursive: true, force: true }));
  writeCleanStore(p, 1);
  const now = new Date();
  const day = (offset: number) => new Date(now.getTime() - offset * 86400_000).toISOString();
  p.write("episodes.jsonl", memctlRow(day(10), "old memctl row") + "\n" + seedRow({ date: day(4), summary: "seed row" }) + "\n");
  // The reminder is said once per session (session start), not on every prompt (issue 19).
  assert.match(episodeReminder(readLastEpisode(p.memory), now) ?? "", /last session episode was logged 4 days ago/);
  const old = hook(p);
  assert.equal(old.status, 0, old.stderr);
  assert.doesNotMatch(old.stdout, /episode/);

  p.write("episodes.jsonl", seedRow({ date: day(0.1) }) + "\n"); // a fresh skeleton still marks a session
  assert.equal(episodeReminder(readLastEpisode(p.memory), now), undefined);
});

test("doctor: episodes.summary.md and episodes.YYYY-MM.jsonl shards are episode artifacts, not cards", (t) => {
  const p = makeProject();
  t.after(() => fs.rmSync(p.root, { recursive: true, force: true }));
  writeCleanStore(p, 1);
  p.write("episodes.summary.md", "# Episodes summary\n\n- 2026-11-21 (codex): seed row\n");
  p.write("episodes.2026-10.jsonl", seedRow({ date: "2026-10-01", summary: "archived" }) + "\n");
  const r = cli(p, ["doctor", "--json"]);
  const report = JSON.parse(r.stdout);
  assert.deepEqual(report.orphan_cards, []);
  assert.deepEqual(report.cards_missing_fields, []);
  assert.equal(report.issues_count, 0);
  assert.equal(r.status, 0, r.stdout);
});
