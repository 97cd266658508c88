import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import fc from "fast-check";
import { ensureNumbered } from "../../../lib/usage/cards.js";
import { foldUsage, frecency, openUsage, rankedUsage, readUsage, recordHitsSync } from "../../../lib/usage/usage.js";
import { tempDir } from "../../helpers.js";

// rankedUsage is what the hook ranks with: for every position it must give exactly the frecency of readUsage's
// numbers, whatever mix of folded rows, index, by-path and compact pending lines, decay and odd days produced them.

const CARDS = Array.from({ length: 12 }, (_, i) => `c${i}.md`);
const DAYS = ["2026-11-01", "2026-11-30", "2026-12-01", "2026-02-30", "2026-12-02"];
const op = fc.oneof(
  fc.record({ kind: fc.constant("path" as const), cards: fc.uniqueArray(fc.constantFrom(...CARDS, "x.md"), { minLength: 1, maxLength: 5 }), day: fc.constantFrom(...DAYS) }),
  fc.record({
    kind: fc.constant("numbered" as const),
    cards: fc.uniqueArray(fc.constantFrom(...CARDS.slice(0, 8)), { minLength: 1, maxLength: 8 }),
    day: fc.constantFrom(...DAYS),
  }),
  fc.record({ kind: fc.constant("fold" as const) }),
  fc.record({ kind: fc.constant("number-more" as const) }),
);

test("rankedUsage gives every position readUsage's frecency (property, on real sidecars)", () => {
  fc.assert(
    fc.property(
      fc.array(op, { minLength: 1, maxLength: 10 }),
      fc.array(fc.constantFrom(...CARDS, "x.md", "missing.md"), { maxLength: 14 }),
      fc.constantFrom("2026-12-02", "2027-01-20", "2027-08-01"),
      (ops, asked, today) => {
        const dir = tempDir();
        try {
          let reg = ensureNumbered(dir, CARDS.slice(0, 8))!;
          let stamp = Date.now();
          for (const o of ops) {
            if (o.kind === "path") recordHitsSync(dir, o.cards, o.day);
            else if (o.kind === "numbered")
              recordHitsSync(dir, [], o.day, { distinct: true, numbered: { registry: reg.registry.id, numbers: o.cards.map((c) => reg.numbers.get(c)!) } });
            else if (o.kind === "fold") foldUsage(dir, "2026-12-02", () => (stamp += 60_000));
            else reg = ensureNumbered(dir, CARDS)!;
          }
          const full = readUsage(dir, today);
          const numbers = { registry: reg.registry.id, byPosition: asked.map((c) => reg.numbers.get(c) ?? 0xffffffff) };
          const ranked = rankedUsage(dir, today, asked, numbers);
          const lazy = openUsage(dir, today, new Set(asked), { registry: reg.registry.id, numbers: reg.numbers });
          assert.equal(ranked.store, full.store);
          asked.forEach((card, i) => {
            assert.equal(ranked.frecencyAt(i), frecency(full.cards.get(card), today), `${card} at ${i}`);
            assert.deepEqual(lazy.get(card), full.cards.get(card), card);
          });
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    ),
    { numRuns: 150 },
  );
});

test("rankedUsage without a sidecar, without numbers, and on an unreadable one", () => {
  const dir = tempDir();
  try {
    assert.equal(rankedUsage(dir, "2026-12-02", ["a.md"]).store, "none");
    assert.equal(rankedUsage(dir, "2026-12-02", ["a.md"]).frecencyAt(0), 0);
    recordHitsSync(dir, ["a.md", "b.md"], "2026-12-01");
    recordHitsSync(dir, ["a.md"], "2026-12-02");
    const ranked = rankedUsage(dir, "2026-12-02", ["b.md", "a.md", "z.md"]);
    assert.deepEqual(
      [0, 1, 2].map((i) => ranked.frecencyAt(i)),
      [1, 2, 0],
    );
    fs.writeFileSync(`${dir}/.memctl/usage.tsv`, "not a snapshot\n");
    assert.equal(rankedUsage(dir, "2026-12-02", ["a.md"]).store, "error");
    assert.equal(rankedUsage(dir, "2026-12-02", ["a.md"]).frecencyAt(0), 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
