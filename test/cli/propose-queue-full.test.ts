// `memctl propose` numbers each proposal after the highest number staged (nextSeq). It read and parsed the whole queue
// and archive to find it: with 2,000 pending of ~95 KB (an agent's memory_propose loop), every propose read 190 MB. The
// newest files by name (staging order) hold the highest numbers, so only they are read. The built CLI in child processes.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { plantedId as idOf, plantedProposal, plantProposals, proposalDir } from "../support/planted-proposals.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];
const TOTAL = 1990; // under the queue limit (2,000)

const PROPOSE = ["propose", "canary-rollouts", "-t", "project", "-d", "canary rollouts go to one region first", "--source", "a conversation", "--json"];

test("memctl propose with ~2,000 pending proposals of ~95 KB reads the newest, not the queue, and still numbers after the highest", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const dir = proposalDir(s.memory);
  fs.writeFileSync(path.join(dir, `${idOf(1)}.json`), plantedProposal(1, { body: "a small one" }));
  const small = await runBounded([CLI, ...PROPOSE], "", env, s.repo);
  assert.equal(small.code, 0, small.stderr);
  for (const f of fs.readdirSync(dir)) if (f !== idOf(1) + ".json" && f.endsWith(".json")) fs.rmSync(path.join(dir, f));
  const body = "x".repeat(95_000);
  plantProposals(s.memory, 2, TOTAL, () => ({ body }));
  // The archive holds the highest number so far (decided last).
  plantProposals(s.memory, TOTAL + 1, TOTAL + 1, () => ({ body, status: "rejected" }), "archive");

  const full = await runBounded([CLI, ...PROPOSE], "", env, s.repo);
  assert.equal(full.signal, null, `propose killed after ${full.ms} ms, peak ${full.peakKiB} KiB`);
  assert.equal(full.code, 0, full.stderr);
  const staged = (JSON.parse(full.stdout) as { proposal: { id: string; seq: number } }).proposal;
  assert.equal(staged.seq, TOTAL + 2);
  assert.ok(full.peakKiB < small.peakKiB + 40 * 1024, `peak RSS ${full.peakKiB} KiB with the queue full, ${small.peakKiB} KiB with one`);
});
