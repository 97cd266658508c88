// `memctl propose` numbers each proposal after the highest number staged (nextSeq). It read and parsed the whole queue
// and archive to find it: with 2,000 pending of ~95 KB (an agent's memory_propose loop), every propose read 190 MB. The
// newest files by name (staging order) hold the highest numbers, so only they are read. The built CLI in child processes.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];
const TOTAL = 1990; // under the queue limit (2,000)
const idOf = (i: number) => `p-20260101T${String(Math.floor(i / 60)).padStart(4, "0")}${String(i % 60).padStart(2, "0")}Z-${i.toString(16).padStart(6, "0")}`;

function proposal(id: string, seq: number, body: string): string {
  return JSON.stringify({
    id,
    seq,
    status: "pending",
    created_at: "2026-01-01T00:00:00Z",
    proposer: "host:claude",
    source: "mcp",
    provenance: { kind: "unverified", source: "mcp" },
    card: { name: `note-${seq}`, type: "project", description: `note ${seq}`, body },
  });
}

const PROPOSE = ["propose", "canary-rollouts", "-t", "project", "-d", "canary rollouts go to one region first", "--source", "a conversation", "--json"];

test("memctl propose with ~2,000 pending proposals of ~95 KB reads the newest, not the queue, and still numbers after the highest", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const dir = path.join(s.memory, ".memctl", "proposals");
  fs.mkdirSync(path.join(dir, "archive"), { recursive: true });
  fs.writeFileSync(path.join(dir, `${idOf(1)}.json`), proposal(idOf(1), 1, "a small one"));
  const small = await runBounded([CLI, ...PROPOSE], "", env, s.repo);
  assert.equal(small.code, 0, small.stderr);
  for (const f of fs.readdirSync(dir)) if (f !== idOf(1) + ".json" && f.endsWith(".json")) fs.rmSync(path.join(dir, f));
  const body = "x".repeat(95_000);
  for (let i = 2; i <= TOTAL; i++) fs.writeFileSync(path.join(dir, `${idOf(i)}.json`), proposal(idOf(i), i, body));
  // The archive holds the highest number so far (decided last).
  fs.writeFileSync(path.join(dir, "archive", `${idOf(TOTAL + 1)}.json`), proposal(idOf(TOTAL + 1), TOTAL + 1, body).replace('"pending"', '"rejected"'));

  const full = await runBounded([CLI, ...PROPOSE], "", env, s.repo);
  assert.equal(full.signal, null, `propose killed after ${full.ms} ms, peak ${full.peakKiB} KiB`);
  assert.equal(full.code, 0, full.stderr);
  const staged = (JSON.parse(full.stdout) as { proposal: { id: string; seq: number } }).proposal;
  assert.equal(staged.seq, TOTAL + 2);
  assert.ok(full.peakKiB < small.peakKiB + 40 * 1024, `peak RSS ${full.peakKiB} KiB with the queue full, ${small.peakKiB} KiB with one`);
});
