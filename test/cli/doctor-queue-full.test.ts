// doctor counts the proposals waiting and, for a synced store, lists the sync conflicts among them. It read the whole
// queue to do both: ~2,000 pending of ~95 KB (an agent's memory_propose loop) held 190 MB of bodies. The count is by
// file name and the conflict list keeps a flag per proposal, a page of files at a time. The built CLI, the heap capped.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { plantedId as idOf, plantProposals } from "../support/planted-proposals.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];

test("doctor and sync --status with ~2,000 pending proposals of ~95 KB fit a 48 MB heap and still count them and name the conflict", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  execFileSync("git", ["init", "-q", "-b", "main", s.memory], { env: { PATH: process.env.PATH, HOME: s.home, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" } });
  const env = {
    PATH: process.env.PATH,
    HOME: s.home,
    MEMCTL_MEMORY_DIR: s.memory,
    MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml"),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
  };
  const body = "x".repeat(95_000);
  // One sync conflict among them.
  const conflict = {
    source: "memctl sync: feedback_testing.md edited on two machines",
    extra: { conflict: { reason: "edited-both", card: "feedback_testing.md", sha256: "0".repeat(64) } },
  };
  plantProposals(s.memory, 1, 1990, (i) => ({ body, ...(i === 777 ? conflict : {}) }));
  const heap = ["--max-old-space-size=48"];
  const doctor = await runBounded([...heap, CLI, "doctor", "--json"], "", env, s.repo);
  assert.equal(doctor.signal, null, `doctor killed after ${doctor.ms} ms, peak ${doctor.peakKiB} KiB`);
  const report = JSON.parse(doctor.stdout) as { pending_proposals: number; sync: { conflicts: { proposals: string[] } } };
  assert.equal(report.pending_proposals, 1990);
  assert.deepEqual(report.sync.conflicts.proposals, [idOf(777)]);
  const status = await runBounded([...heap, CLI, "sync", "--status", "--json"], "", env, s.repo);
  assert.equal(status.signal, null, `sync --status killed after ${status.ms} ms, peak ${status.peakKiB} KiB`);
  assert.deepEqual((JSON.parse(status.stdout) as { conflicts: { proposals: string[] } }).conflicts.proposals, [idOf(777)]);
});
