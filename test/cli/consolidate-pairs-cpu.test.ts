// `memctl consolidate` weighs every pair of pending proposals (near-duplicates, contradictions across names). For each
// related pair it listed and sorted the terms the two bodies share, which the pass never reports: 200 related
// proposals of ~95 KB (an agent's loop restating one fact with long bodies) cost about 20 s of CPU, a full queue hours.
// The shared terms are counted once per pair and listed only where they are shown (review). The built CLI, its CPU
// time from /proc (not wall time: the machine is shared).
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { prng } from "../support/prng.js";
import { plantProposals } from "../support/planted-proposals.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const N = 200;

test("memctl consolidate over 200 related proposals of ~95 KB does not list every pair's shared terms", async (t) => {
  const s = sandbox([]);
  t.after(() => s.cleanup());
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const rnd = prng(11);
  const vocab = Array.from({ length: 1500 }, (_, i) => `w${i.toString(36)}${"abcdefg".slice(0, 3 + (i % 5))}`);
  plantProposals(s.memory, 1, N, (i) => {
    const words: string[] = [];
    for (let k = 0; k < 11_000; k++) words.push(vocab[Math.floor(rnd() * vocab.length)]!);
    return { name: `deploy-note-${i}`, description: `deploys go out region by region, rollout wave ${i % 3 ? "early" : "late"}`, body: words.join(" ") };
  });
  const run = await runBounded([CLI, "consolidate", "--dry-run", "--json"], "", env, s.repo, 120_000);
  assert.equal(run.signal, null, `consolidate killed after ${run.ms} ms (${run.cpuMs} ms CPU), peak ${run.peakKiB} KiB`);
  assert.equal(run.code, 0, run.stderr);
  const plan = JSON.parse(run.stdout) as { pending_before: number; content_matches: { id: string; proposal: string | null }[] };
  assert.equal(plan.pending_before, N);
  // Each proposal nearly duplicates every earlier one (the same words in other orders): the pairs are all found.
  assert.equal(plan.content_matches.length, (N * (N - 1)) / 2);
  assert.ok(run.cpuMs < 10_000, `${run.cpuMs} ms of CPU`);
});
