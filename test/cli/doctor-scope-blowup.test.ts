// doctor asks whether each card's scope names anything in the checkout, walking the tree segment by segment. A
// scope of alternating `**` and a name reached the same folder through every way of splitting the path between its
// `**`s: one card with 16 scopes of 39 `**/a` (each under the 200-character limit) against a project's 40 nested `a`
// folders cost doctor 95 s of CPU. The card can come from a teammate's push, the folders from a cloned project.
// The built CLI, a real checkout, CPU time from /proc.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runBounded } from "../support/bounded-run.js";
import { CLI, makeWorld, spawnEnv } from "../support/fixture.js";

test("doctor's scope check visits each folder once per scope segment", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  fs.mkdirSync(path.join(w.repo, ...Array<string>(40).fill("a")), { recursive: true });
  const scopes = Array.from({ length: 16 }, (_, i) => `${Array<string>(39).fill("**/a").join("/")}/b${i}`);
  assert.ok(scopes.every((s) => s.length <= 200));
  fs.writeFileSync(
    path.join(w.mem, "project_scoped.md"),
    `---\nname: scoped\ndescription: where the nested code lives\ntopics: []\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\nscope: ${JSON.stringify(scopes)}\n---\nbody\n`,
  );
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Scoped](project_scoped.md) — where the nested code lives\n");
  const r = await runBounded([CLI, "doctor", "--json"], "", spawnEnv(w), w.repo, 60_000);
  assert.equal(r.signal, null, `doctor killed after ${r.ms} ms, ${r.cpuMs} ms CPU`);
  assert.ok(r.cpuMs < 5000, `doctor took ${r.cpuMs} ms of CPU`);
  const report = JSON.parse(r.stdout) as { unmatched_scopes: { scope: string }[] };
  assert.deepEqual(report.unmatched_scopes.map((u) => u.scope).sort(), [...scopes].sort(), "each scope still reported as matching nothing");
});
