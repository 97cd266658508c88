// A hand-kept index may link many files that are not there (a card deleted, a link to a plan never written). The seed
// defines card_count as "distinct linked card files": a dead link is no card file, so stats counts it as none, and
// never offers it as a never-hit card to retire. doctor names each dead link; the JSON keys stay the same.
import assert from "node:assert/strict";
import { test } from "node:test";
import { recordHitsSync } from "../../lib/usage/usage.js";
import { card, index, makeProject, TODAY } from "../lib/reports/fixture.js";

test("stats counts only linked card files that exist; dead links in the store are not cards", async () => {
  const p = makeProject();
  for (const n of ["queue", "retries", "naming"]) p.write(`project_${n}.md`, card(n));
  p.write("decisions/ledger.md", card("ledger"));
  p.write(
    "MEMORY.md",
    index([
      "- [Queue](project_queue.md) — jobs go through the queue",
      "- [Queue, again](project_queue.md) — the same card from another angle",
      "- [Retries](project_retries.md) — never retry in the client",
      "- [Naming](project_naming.md) — nouns",
      "1. [Ledger](decisions/ledger.md) — rows are immutable",
      "- [Rollout plan](plans/rollout.md) — not written yet",
      "- [Old cache notes](project_cache.md) — deleted",
      "- [Deleted decision](decisions/gone.md) — deleted",
      "- [Outside](../../plans/q3.md) — outside the store",
    ]),
  );
  recordHitsSync(p.memory, ["project_queue.md"], TODAY, { foldAtBytes: 1 << 30 });
  recordHitsSync(p.memory, ["project_cache.md"], "2026-11-20", { foldAtBytes: 1 << 30 }); // before its card was deleted
  const { code, report } = await p.json(["stats"]);
  assert.equal(code, 0);
  assert.equal(report.index_entry_count, 9);
  assert.equal(report.card_count, 4, "queue, retries, naming, ledger: the files linked, each once");
  assert.equal(report.cards_with_hits, 1);
  assert.deepEqual(
    report.card_hits.map((h: { card: string }) => h.card),
    ["project_queue.md"],
  );
  assert.deepEqual(report.never_hit_cards, ["project_retries.md", "project_naming.md", "decisions/ledger.md"]);
  assert.equal(report.concentration.hit_coverage_pct, 25);
  const human = await p.run(["stats"]);
  assert.match(human.stdout, /9 entries → 4 cards/);
  const doctor = await p.json(["doctor"]);
  assert.equal(doctor.report.dead_links.length, 4, "doctor still names every dead link");
});
