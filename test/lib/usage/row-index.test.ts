import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ensureNumbered } from "../../../lib/usage/cards.js";
import { renderSnapshot } from "../../../lib/usage/format.js";
import { encodeSnapshotIndex, IN_TEXT, NO_ROW, openSnapshotIndex } from "../../../lib/usage/row-index.js";
import { foldUsage, openUsage, rankedUsage, readUsage, recordHitsSync, frecency } from "../../../lib/usage/usage.js";
import { tempDir } from "../../helpers.js";

const TODAY = "2026-12-02";

/** Every asked card's usage from openUsage and its frecency from rankedUsage, beside readUsage's. */
function agree(dir: string, today: string, registry: { id: string; numbers: Map<string, number> }, cards: readonly string[]): void {
  const full = readUsage(dir, today).cards;
  const lazy = openUsage(dir, today, new Set(cards), { registry: registry.id, numbers: registry.numbers });
  const ranked = rankedUsage(dir, today, cards, { registry: registry.id, byPosition: cards.map((c) => registry.numbers.get(c) ?? 0xffffffff) });
  cards.forEach((card, i) => {
    assert.deepEqual(lazy.get(card), full.get(card), `${card} on ${today}`);
    assert.equal(ranked.frecencyAt(i), frecency(full.get(card), today), `frecency of ${card} on ${today}`);
  });
}

function indexOf(dir: string, registryId: string) {
  const state = path.join(dir, ".memctl");
  return openSnapshotIndex(fs.readFileSync(path.join(state, "usage.idx")), registryId, fs.statSync(path.join(state, "usage.tsv")));
}

test("the fold's index holds each numbered card's count and day, and lookups through it agree with readUsage", () => {
  const dir = tempDir();
  try {
    // Cards hit by path before they had numbers, then numbered (c.md only after the fold).
    recordHitsSync(dir, ["a.md", "b.md", "c.md"], "2026-11-30");
    const { registry, numbers } = ensureNumbered(dir, ["b.md", "a.md", "z.md"])!;
    recordHitsSync(dir, [], TODAY, { distinct: true, numbered: { registry: registry.id, numbers: [numbers.get("a.md")!] } });
    assert.equal(foldUsage(dir, TODAY), true);
    const index = indexOf(dir, registry.id)!;
    assert.ok(index, "the fold wrote an index of this snapshot");
    assert.equal(index.count, 3);
    assert.deepEqual([index.table[2 * numbers.get("a.md")!], index.table[2 * numbers.get("b.md")!]], [2, 1]);
    assert.equal(index.table[2 * numbers.get("z.md")! + 1], NO_ROW);
    assert.equal(index.table[2 * numbers.get("a.md")! + 1], Date.parse(`${TODAY}T00:00:00Z`) / 86_400_000);
    const all = ensureNumbered(dir, ["a.md", "b.md", "c.md", "z.md"])!;
    recordHitsSync(dir, ["b.md"], TODAY);
    for (const today of [TODAY, "2027-01-15", "2027-06-01"])
      agree(dir, today, { id: all.registry.id, numbers: all.numbers }, ["a.md", "b.md", "c.md", "z.md", "missing.md", "a.md"]);
    assert.equal(indexOf(dir, "otherregistry"), undefined, "another registry's numbers are never read through it");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("an index no longer describing usage.tsv (edited, refolded, damaged) is never applied", () => {
  const dir = tempDir();
  try {
    const { registry, numbers } = ensureNumbered(dir, ["a.md", "b.md"])!;
    recordHitsSync(dir, ["a.md", "b.md"], TODAY);
    assert.equal(foldUsage(dir, TODAY), true);
    const state = path.join(dir, ".memctl");
    const idxFile = path.join(state, "usage.idx");
    const reg = { id: registry.id, numbers };
    const cards = ["a.md", "b.md"];
    // A hand edit that keeps the file's size: the index's stat no longer matches, the text answers.
    const tsv = path.join(state, "usage.tsv");
    fs.writeFileSync(tsv, fs.readFileSync(tsv, "utf8").replace("b.md\t1\t", "b.md\t7\t"));
    assert.equal(indexOf(dir, registry.id), undefined);
    assert.equal(readUsage(dir, TODAY).cards.get("b.md")?.access_count, 7);
    agree(dir, TODAY, reg, cards);
    // The index of an earlier snapshot (another fold) is never applied to this one.
    recordHitsSync(dir, ["b.md"], TODAY);
    assert.equal(
      foldUsage(dir, TODAY, () => Date.now() + 60_000),
      true,
    );
    fs.copyFileSync(idxFile, `${idxFile}.new`);
    recordHitsSync(dir, ["a.md"], TODAY);
    assert.equal(
      foldUsage(dir, TODAY, () => Date.now() + 120_000),
      true,
    );
    fs.copyFileSync(`${idxFile}.new`, idxFile);
    assert.equal(indexOf(dir, registry.id), undefined);
    agree(dir, TODAY, reg, cards);
    // Damaged: garbage, cut short, one byte too many.
    for (const bytes of [Buffer.from("garbage"), fs.readFileSync(`${idxFile}.new`).subarray(0, 40), Buffer.concat([fs.readFileSync(`${idxFile}.new`), Buffer.alloc(1)])]) {
      fs.writeFileSync(idxFile, bytes);
      agree(dir, TODAY, reg, cards);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("rows two numbers cannot hold exactly are left to the text", () => {
  const text = renderSnapshot({
    epoch: "2026-11-01",
    folded: new Map(),
    cards: new Map([
      ["a.md", { access_count: 3, last_access_day: "2026-11-30" }],
      ["b.md", { access_count: 2, last_access_day: "2026-02-30" }], // Date reads it as March 2
      ["c.md", { access_count: 1.5, last_access_day: "2026-11-30" }],
      ["d.md", { access_count: 1, last_access_day: "1969-12-31" }],
    ]),
  });
  const written = { size: Buffer.byteLength(text), ino: 7, mtimeMs: 1.5 };
  const numbers = new Map([
    ["a.md", 0],
    ["b.md", 1],
    ["c.md", 2],
    ["d.md", 3],
    ["e.md", 4],
  ]);
  const index = openSnapshotIndex(encodeSnapshotIndex(text, "abcdefgh", numbers, 5, written), "abcdefgh", written)!;
  assert.deepEqual(Array.from(index.table), [3, Date.parse("2026-11-30T00:00:00Z") / 86_400_000, 0, IN_TEXT, 0, IN_TEXT, 0, IN_TEXT, NO_ROW, NO_ROW]);
  assert.equal(index.header, text.slice(0, text.indexOf("\n")));
  assert.equal(openSnapshotIndex(encodeSnapshotIndex(text, "abcdefgh", numbers, 5, written), "abcdefgh", { ...written, mtimeMs: 1.25 }), undefined);
});
