import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../lib/cli/main.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { sandbox } from "../helpers.js";

// shard and rebuild-summary (issue 18, deliverable 5; seed 001 maintenance): old episodes move into
// episodes.YYYY-MM.jsonl, every reader still sees all of them, the summary is written from them without empty
// skeletons, and doctor counts both kinds of shard and does not take the summary for an orphan card.

const CARDS = [{ file: "feedback_run-tests.md", title: "run-tests", hook: "Run the whole suite before pushing" }];

function episode(ts: string, summary: string | null, host = "claude"): string {
  return JSON.stringify({ ts, host, summary, project_key: "k", repo: "/r", actor: `host:${host}` });
}

const LINES = [
  episode("2026-09-03T10:00:00Z", "Moved the billing webhooks to the queue"),
  episode("2026-09-20T10:00:00Z", null), // a skeleton from the retired Stop hook
  "{not json",
  episode("2026-10-05T10:00:00Z", "Wrote the flamingo migration plan", "codex"),
  episode("2026-11-30T23:00:00Z", "Fixed the flaky login test"),
  episode("2026-12-01T08:00:00Z", "Started the December release"),
];

function world() {
  const s = sandbox(CARDS);
  fs.writeFileSync(path.join(s.memory, "episodes.jsonl"), LINES.join("\n") + "\n");
  const run = async (argv: string[]) => {
    const out = new BufferSink();
    const err = new BufferSink();
    const code = await main(argv, { ...s.io, stdout: out, stderr: err } as Io);
    return { code, stdout: out.text, stderr: err.text, json: () => JSON.parse(out.text) };
  };
  const allLines = () =>
    fs
      .readdirSync(s.memory)
      .filter((f) => /^episodes(\.\d{4}-\d{2})?\.jsonl$/.test(f))
      .flatMap((f) => fs.readFileSync(path.join(s.memory, f), "utf8").split("\n"))
      .filter((l) => l.trim() !== "")
      .sort();
  return { ...s, run, allLines };
}

test("shard moves episodes before the current month into monthly files; nothing lost or duplicated; readers see all shards", async (t) => {
  const w = world();
  t.after(w.cleanup);
  const statsBefore = (await w.run(["stats", "--json"])).json();
  const r = await w.run(["shard", "--json"]);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const report = r.json();
  assert.equal(report.before, "2026-12");
  assert.deepEqual(report.shards, [
    { file: "episodes.2026-09.jsonl", moved: 2 },
    { file: "episodes.2026-10.jsonl", moved: 1 },
    { file: "episodes.2026-11.jsonl", moved: 1 },
  ]);
  assert.equal(report.moved, 4);
  assert.deepEqual(w.allLines(), [...LINES].sort(), "every line exactly once");
  const kept = fs.readFileSync(path.join(w.memory, "episodes.jsonl"), "utf8");
  assert.equal(kept, ["{not json", LINES[5]].join("\n") + "\n", "the malformed line and this month's episode stay");

  const stats = (await w.run(["stats", "--json"])).json();
  assert.deepEqual(
    [stats.episodes_total, stats.episodes_with_summary, stats.episodes_malformed],
    [statsBefore.episodes_total, statsBefore.episodes_with_summary, statsBefore.episodes_malformed],
  );
  const search = (await w.run(["search", "flamingo", "--in", "episodes", "--json"])).json();
  assert.equal(search.count, 1);
  assert.equal(search.results[0].id, "episodes.2026-10.jsonl:1");
  const recall = (await w.run(["recall", "--episodes", "10", "--json"])).json();
  assert.equal(recall.episodes.length, 5);
  assert.equal(recall.episodes[0].summary, "Started the December release");

  const again = (await w.run(["shard", "--json"])).json();
  assert.equal(again.moved, 0, "a second run moves nothing");
  assert.deepEqual(w.allLines(), [...LINES].sort());
});

test("shard keeps the newest episode in episodes.jsonl so the hook's reminder reads one file", async (t) => {
  const w = world();
  t.after(w.cleanup);
  const r = await w.run(["shard", "--before", "2027-01", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.json().moved, 4);
  assert.equal(fs.readFileSync(path.join(w.memory, "episodes.jsonl"), "utf8"), ["{not json", LINES[5]].join("\n") + "\n");
  assert.deepEqual(w.allLines(), [...LINES].sort());
  const bad = await w.run(["shard", "--before", "December"]);
  assert.equal(bad.code, 2);
});

test("shard → rebuild-summary → doctor: summary without skeletons, shard_count counts both kinds, no orphan, healthy", async (t) => {
  const w = world();
  t.after(w.cleanup);
  fs.writeFileSync(path.join(w.memory, "MEMORY.archive.md"), "# Archive\n- [run-tests](feedback_run-tests.md) — Run the whole suite before pushing\n");
  assert.equal((await w.run(["shard"])).code, 0);
  const rs = await w.run(["rebuild-summary", "--json"]);
  assert.equal(rs.code, 0, rs.stderr + rs.stdout);
  assert.equal(rs.json().file, "episodes.summary.md");
  assert.deepEqual([rs.json().episodes, rs.json().skipped_empty], [4, 1]);
  const summary = fs.readFileSync(path.join(w.memory, "episodes.summary.md"), "utf8");
  for (const s of ["Moved the billing webhooks to the queue", "Wrote the flamingo migration plan", "Fixed the flaky login test", "Started the December release"])
    assert.ok(summary.includes(s), s);
  assert.match(summary, /## 2026-09/);
  assert.doesNotMatch(summary, /2026-09-20/, "the skeleton is skipped");
  const again = await w.run(["rebuild-summary"]);
  assert.equal(again.code, 0);
  assert.equal(fs.readFileSync(path.join(w.memory, "episodes.summary.md"), "utf8"), summary, "rebuilding is byte-stable");

  const doctor = await w.run(["doctor", "--json"]);
  const d = doctor.json();
  assert.equal(d.shard_count, 4, "MEMORY.archive.md + three monthly episode shards");
  assert.deepEqual(d.orphan_cards, []);
  assert.equal(doctor.code, 0, doctor.stdout);
  assert.equal((await w.run(["stats", "--json"])).json().shard_count, 4);
  const cardsSearch = (await w.run(["search", "flamingo", "--json"])).json();
  assert.deepEqual(
    cardsSearch.results.map((h: { id: string }) => h.id),
    ["episodes.2026-10.jsonl:1"],
    "the summary file is not searched as a card",
  );
});

test("doctor and stats count monthly episode shards as shards, beside MEMORY.<name>.md", async (t) => {
  const w = world();
  t.after(w.cleanup);
  fs.writeFileSync(path.join(w.memory, "MEMORY.archive.md"), "# Archive\n");
  fs.writeFileSync(path.join(w.memory, "episodes.2026-08.jsonl"), episode("2026-08-01T10:00:00Z", "August work") + "\n");
  assert.equal((await w.run(["doctor", "--json"])).json().shard_count, 2);
  const stats = (await w.run(["stats", "--json"])).json();
  assert.equal(stats.shard_count, 2);
  assert.equal(stats.episodes_total, LINES.length - 1 + 1, "the August shard's episode is counted");
});
