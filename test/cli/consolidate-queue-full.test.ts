// `memctl consolidate` compares every pending proposal with every other (duplicates, conflicts, near-duplicates
// across names), and it read the whole queue at once to do it: 2,000 of ~95 KB (an agent's memory_propose loop, or
// a teammate's push within the limits) held every body. It reads a page at a time now and keeps each proposal's
// terms and a digest of its content; the pairs it finds across pages are the same. The built CLI in child processes,
// under a 48 MB heap (what it keeps, not when V8 collects: the whole read aborts there).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { plantedId as idOf, plantProposals, proposalDir } from "../support/planted-proposals.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];
const TOTAL = 1990; // under the queue limit (2,000)
const BIG = "x".repeat(95_000);
const HEAP = ["--max-old-space-size=48"];

// Pairs 1,500 apart (30 pages of 50): the same content under one name (spaced and cased apart), the same content
// under two names, two values for one card, a near-duplicate under another name.
const SPECIAL = new Map<number, [string, string, string]>([
  [3, ["deploy-region", "deploys go to one region first", `${BIG} alpha`]],
  [1503, ["deploy-region", "Deploys go to  one region first", `${BIG}   ALPHA`]],
  [5, ["ci-runner", "CI runs on Buildkite", `${BIG} beta`]],
  [1505, ["ci-platform", "CI runs on Buildkite", `${BIG} beta`]],
  [7, ["cache-ttl", "cache entries live ten minutes", `${BIG} gamma`]],
  [1507, ["cache-ttl", "cache entries live forty minutes", `${BIG} delta`]],
  [9, ["lint-rule", "the linter rejects default exports in lib", `${BIG} epsilon`]],
  [1509, ["lint-exports", "the linter rejects default exports in the lib folder", `${BIG} zeta`]],
]);

test("memctl consolidate over 1,990 pending proposals of ~95 KB holds a page, and finds the same pairs across pages", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const dir = proposalDir(s.memory);
  plantProposals(s.memory, 1, TOTAL, (i) => {
    const [name, description, body] = SPECIAL.get(i) ?? [`note-${i}`, `note ${i}`, BIG];
    return { name, description, body };
  });

  const dry = await runBounded([...HEAP, CLI, "consolidate", "--dry-run", "--json"], "", env, s.repo, 120_000);
  assert.equal(dry.signal, null, `consolidate --dry-run killed after ${dry.ms} ms, peak ${dry.peakKiB} KiB`);
  assert.equal(dry.code, 0, dry.stderr);
  const plan = JSON.parse(dry.stdout);
  assert.equal(plan.pending_before, TOTAL);
  assert.deepEqual(plan.merged, [
    { into: idOf(3), ids: [idOf(1503)], card: "project_deploy-region.md" },
    { into: idOf(5), ids: [idOf(1505)], card: "project_ci-runner.md" },
  ]);
  assert.deepEqual(plan.conflicts, [{ card: "project_cache-ttl.md", ids: [idOf(7), idOf(1507)] }]);
  assert.deepEqual(plan.content_matches, [{ id: idOf(1509), relation: "near_duplicate", card: "project_lint-rule.md", proposal: idOf(9) }]);
  assert.deepEqual([plan.contradictions, plan.stale, plan.scope_suggestions, plan.accepted, plan.held], [[], [], [], [], []]);
  assert.equal(plan.left_pending, TOTAL - 2);

  // The real pass folds the same two, reading only the proposals it folds.
  const real = await runBounded([...HEAP, CLI, "consolidate", "--json"], "", env, s.repo, 120_000);
  assert.equal(real.signal, null, `consolidate killed after ${real.ms} ms, peak ${real.peakKiB} KiB`);
  assert.equal(real.code, 0, real.stderr);
  assert.deepEqual(JSON.parse(real.stdout).merged, plan.merged);
  const primary = JSON.parse(fs.readFileSync(path.join(dir, `${idOf(3)}.json`), "utf8"));
  assert.deepEqual(
    primary.merged.map((m: { id: string }) => m.id),
    [idOf(1503)],
  );
  assert.equal(primary.card.body, `${BIG} alpha`);
  for (const i of [1503, 1505]) {
    assert.equal(fs.existsSync(path.join(dir, `${idOf(i)}.json`)), false);
    const archived = JSON.parse(fs.readFileSync(path.join(dir, "archive", `${idOf(i)}.json`), "utf8"));
    assert.equal(archived.status, "merged");
    assert.equal(archived.card.body.length, BIG.length + (i === 1503 ? 8 : 5));
  }
  assert.equal(fs.readdirSync(dir).filter((f) => f.endsWith(".json")).length, TOTAL - 2);
});
