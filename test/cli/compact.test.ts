import { spawn } from "node:child_process";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { withoutAgentMarks } from "../support/agent-env.js";
import { CLI, makeWorld, memctl } from "../support/fixture.js";
import { compactFile, handWrittenCards, readCompactJson, snapshot } from "../support/compact-fixture.js";

// Seed 000's five compaction rules, through the CLI against real stores.

test("rule 1: compaction reads the records and writes only the slot — every record byte-identical, no history entry", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  assert.equal((await memctl(w, ["save", "deploy", "-t", "reference", "-d", "how to deploy the service"])).code, 0);
  const before = snapshot(w.mem);
  const shown = (await memctl(w, ["show", "deploy"])).stdout;
  const r = await memctl(w, ["compact", "--mechanical", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual(snapshot(w.mem), before, "no record, index or history byte changed");
  assert.equal((await memctl(w, ["show", "deploy"])).stdout, shown);
  assert.equal(out.generator, "mechanical");
  assert.equal(out.records, 61);
  assert.ok(out.bytes_with < out.bytes_without, `${out.bytes_with} < ${out.bytes_without}`);
  const slot = readCompactJson(w);
  assert.equal(slot.generated_by, "human");
  assert.equal(slot.generated_at, "2026-12-02T09:40:00.000Z");
  assert.equal(slot.watermark.length, 61);
  assert.deepEqual(
    slot.watermark.find((e: any) => e.card === "reference_deploy.md"),
    { card: "reference_deploy.md", name: "deploy", rev: 1 },
    "a card with history is covered at its history revision",
  );
  assert.match(slot.watermark.find((e: any) => e.card === "project_topic-1.md").rev, /^h:[0-9a-f]{16}$/, "a card with no history gets a content-hash pseudo-revision");
  for (let i = 1; i <= 60; i++)
    assert.ok(
      slot.summary.includes(`- topic-${i} — what the team decided about topic-${i}, with the reason it matters`),
      "mechanical is lossless: every name and description verbatim",
    );
});

test("rule 2: a record written or updated since is injected as its live line; a hand edit or a revive counts as newer too", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  await memctl(w, ["save", "old", "-t", "user", "-d", "prefers small commits"]);
  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 0);
  let show = JSON.parse((await memctl(w, ["compact", "--show", "--json"])).stdout);
  assert.equal(show.current, true);
  assert.deepEqual([show.newer, show.removed], [[], []]);
  assert.match((await memctl(w, ["compact", "--show"])).stdout, /Nothing outstanding/);

  await memctl(w, ["save", "fresh", "-t", "feedback", "-d", "never push on Fridays"]);
  await memctl(w, ["save", "topic-3", "-d", "topic-3 was reversed: we now do the opposite"]);
  fs.appendFileSync(path.join(w.mem, "project_topic-9.md"), "hand edit\n");
  show = JSON.parse((await memctl(w, ["compact", "--show", "--json"])).stdout);
  assert.equal(show.current, false);
  assert.deepEqual(show.newer.map((n: any) => n.card).sort(), ["feedback_fresh.md", "project_topic-3.md", "project_topic-9.md"]);
  const human = (await memctl(w, ["compact", "--show"])).stdout;
  assert.match(human, /Written or updated since \(3;/);
  assert.match(human, /- \[fresh\]\(feedback_fresh\.md\) — never push on Fridays/);
  assert.match(human, /- \[topic-3\]\(project_topic-3\.md\) — topic-3 was reversed/);

  // delete → revive: a new revision, so it reads as new even with identical content
  await memctl(w, ["rm", "old"]);
  await memctl(w, ["save", "old", "-t", "user", "-d", "prefers small commits"]);
  show = JSON.parse((await memctl(w, ["compact", "--show", "--json"])).stdout);
  assert.ok(
    show.newer.some((n: any) => n.card === "user_old.md" && n.rev === 3),
    JSON.stringify(show.newer),
  );
});

test("rule 2: a record removed since the compact is called out, never left as a stale summary claim", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  await memctl(w, ["save", "gone-soon", "-t", "project", "-d", "the staging cluster is eu-west-1"]);
  await memctl(w, ["compact", "--mechanical"]);
  await memctl(w, ["rm", "gone-soon"]);
  const show = JSON.parse((await memctl(w, ["compact", "--show", "--json"])).stdout);
  assert.deepEqual(show.removed, [{ card: "project_gone-soon.md", name: "gone-soon", rev: 1 }]);
  assert.equal(show.current, false);
  assert.match((await memctl(w, ["compact", "--show"])).stdout, /Removed since \(1;[^\n]*\n  gone-soon \(project_gone-soon\.md\)/);
});

test("rule 3: recompaction regenerates from the records, never from the previous compact", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  await memctl(w, ["compact", "--mechanical"]);
  const tampered = readCompactJson(w);
  tampered.summary = tampered.summary.replace("topic-5 — what the team decided", "topic-5 — STALE CLAIM FROM THE OLD COMPACT");
  fs.writeFileSync(compactFile(w), JSON.stringify(tampered));
  await memctl(w, ["save", "topic-7", "-d", "topic-7 changed after the first compact"]);
  await memctl(w, ["save", "newcomer", "-t", "reference", "-d", "the dashboard lives at grafana/d/abc"]);
  const r = await memctl(w, ["compact", "--mechanical", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /compacting 61 records; last compact 0m ago \(mechanical, by human\); mechanical generator/);
  const slot = readCompactJson(w);
  assert.doesNotMatch(slot.summary, /STALE CLAIM/);
  assert.match(slot.summary, /- topic-5 — what the team decided about topic-5/);
  assert.match(slot.summary, /- topic-7 — topic-7 changed after the first compact/);
  assert.match(slot.summary, /- newcomer — the dashboard lives at grafana\/d\/abc/);
  assert.equal(JSON.parse(r.stdout).replaced.generator, "mechanical");
  assert.equal(JSON.parse((await memctl(w, ["compact", "--show", "--json"])).stdout).current, true);
});

test("rule 5: a compact that would not shrink the assembled body is rejected — nothing written, exit 1, both sizes and what helps", async () => {
  const w = makeWorld();
  await memctl(w, ["save", "a", "-t", "user", "-d", "likes tests"]);
  await memctl(w, ["save", "b", "-t", "project", "-d", "node 20"]);
  const before = snapshot(w.mem);
  const r = await memctl(w, ["compact", "--mechanical"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /would not shrink the injected memory: (\d+) bytes without it, (\d+) bytes with it/);
  const [, without, withIt] = /(\d+) bytes without it, (\d+) bytes with it/.exec(r.stderr)!;
  assert.ok(Number(withIt) >= Number(without));
  assert.match(r.stderr, /Nothing was written; there is no compact yet/);
  assert.match(r.stderr, /curate the records .*or raise \[doctor\] warn_bytes/);
  assert.equal(fs.existsSync(compactFile(w)), false);
  assert.deepEqual(snapshot(w.mem), before);
  const json = await memctl(w, ["compact", "--mechanical", "--json"]);
  const err = JSON.parse(json.stdout).error;
  assert.equal(err.code, "E_COMPACT_GROWS");
  assert.equal(err.bytes_without, Number(without));
});

test("--show without a compact, --clear twice, and flags that cannot combine", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  const none = await memctl(w, ["compact", "--show"]);
  assert.equal(none.code, 0);
  assert.match(none.stdout, /No compact \(\.memctl\/compact\.json does not exist\)\.\nInjection uses the full index: 60 records, \d+ bytes/);
  await memctl(w, ["compact", "--mechanical"]);
  const shown = await memctl(w, ["compact", "--show"]);
  assert.match(
    shown.stdout,
    /generated  2026-12-02T09:40:00\.000Z by human\n  generator  mechanical\n  covers     60 records\n  injected   \d+ bytes with it, \d+ bytes without it\nSummary:\n  Cards by type/,
  );
  assert.deepEqual(JSON.parse((await memctl(w, ["compact", "--clear", "--json"])).stdout).cleared, true);
  assert.equal(fs.existsSync(compactFile(w)), false);
  assert.match((await memctl(w, ["compact", "--clear"])).stdout, /no compact to clear/);
  assert.equal((await memctl(w, ["compact", "--show", "--clear"])).code, 2);
  assert.equal((await memctl(w, ["compact", "--llm", "--mechanical"])).code, 2);
});

test("an agent may not compact (the compact reaches every later session); an unreadable slot is reported, not trusted", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  const r = await memctl(w, ["compact", "--task-id", "t1", "--json"]);
  assert.equal(r.code, 1);
  assert.equal(JSON.parse(r.stdout).error.code, "E_READ_ONLY");
  assert.equal(fs.existsSync(compactFile(w)), false);
  fs.mkdirSync(path.dirname(compactFile(w)), { recursive: true });
  fs.writeFileSync(compactFile(w), "{not json");
  const show = JSON.parse((await memctl(w, ["compact", "--show", "--json"])).stdout);
  assert.equal(show.status, "invalid");
  assert.equal(show.bytes_with, null);
  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 0, "regenerating overwrites an unusable slot");
  assert.equal(readCompactJson(w).version, 1);
});

test("no lock: concurrent compactions (real processes) each write a whole artifact; the last writer wins, nothing torn", async () => {
  const w = makeWorld();
  handWrittenCards(w, 60);
  const runs = await Promise.all(
    [0, 1, 2, 3].map(
      () =>
        new Promise<{ code: number | null; stderr: string }>((resolve) => {
          const child = spawn(process.execPath, [CLI, "compact", "--mechanical"], { cwd: w.repo, env: { ...withoutAgentMarks(process.env), ...w.env, HOME: w.home } });
          let stderr = "";
          child.stderr.on("data", (d) => (stderr += d));
          child.on("close", (code) => resolve({ code, stderr }));
        }),
    ),
  );
  for (const r of runs) assert.equal(r.code, 0, r.stderr);
  const slot = readCompactJson(w);
  assert.equal(slot.watermark.length, 60);
  assert.deepEqual(
    fs.readdirSync(path.dirname(compactFile(w))).filter((f) => f.includes("compact")),
    ["compact.json"],
    "no temp file left behind",
  );
  assert.equal(JSON.parse((await memctl(w, ["compact", "--show", "--json"])).stdout).current, true);
});

test("a store without MEMORY.md is a clear error for compact and --show, never an internal one", async () => {
  const w = makeWorld();
  fs.unlinkSync(path.join(w.mem, "MEMORY.md"));
  for (const argv of [
    ["compact", "--mechanical"],
    ["compact", "--show"],
  ]) {
    const r = await memctl(w, argv);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /has no MEMORY\.md, so there is no index to compact/);
    assert.doesNotMatch(r.stderr, /internal error/);
  }
});
