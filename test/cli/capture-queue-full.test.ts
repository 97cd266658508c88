// Capture at session end compares each candidate with every pending and decided proposal's wording. It read the whole
// queue and archive at once, bodies and all: ~2,000 pending of ~95 KB (an agent's memory_propose loop) held 270 MB at
// every session end. The wording is all it needs; files are read a page at a time and their bodies let go, so the run
// fits a 48 MB heap (V8 collects lazily: peak RSS still reaches ~160 MB without the cap). The built CLI.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { runBounded } from "../support/bounded-run.js";
import { CLI } from "../support/fixture.js";
import { LINT, pending, transcript, world } from "../support/capture-world.js";
import { plantProposals } from "../support/planted-proposals.js";

test("session-end capture with ~2,000 proposals of ~95 KB waiting keeps their wording, not their bodies, and still drops a restatement", async (t) => {
  const w = world();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  // The full run's JavaScript heap is capped: what capture keeps of the queue must fit, what it let go is collected.
  const end = (file: string, session: string, heap: string[] = []) =>
    runBounded(
      [...heap, CLI, "hook", "session-end", "--host", "claude", "--foreground"],
      JSON.stringify({ cwd: w.proj, session_id: session, transcript_path: file, hook_event_name: "SessionEnd" }),
      w.env,
      w.proj,
    );
  const small = await end(transcript(w, [LINT]), "s1");
  assert.equal(small.code, 0, small.stderr);
  assert.equal(pending(w).length, 1);
  const body = "x".repeat(95_000);
  const bulk = (i: number) => ({ description: `bulk note number ${i} about the service`, body });
  plantProposals(w.store, 1, 1900, bulk);
  plantProposals(w.store, 1901, 1950, (i) => ({ ...bulk(i), status: "rejected" }), "archive");

  const full = await end(transcript(w, [LINT, "We'll use Postgres because we need JSONB queries."], "s2"), "s2", ["--max-old-space-size=48"]);
  assert.equal(full.signal, null, `session end killed after ${full.ms} ms, peak ${full.peakKiB} KiB`);
  assert.equal(full.code, 0, full.stderr);
  assert.match(full.stdout, /restates proposal/, full.stdout);
  assert.equal(pending(w).filter((p) => /Postgres|JSONB/.test(p.card.description)).length, 1, full.stdout);
});
