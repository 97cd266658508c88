// The one reader asked about a few cards (the hook) must give them exactly the numbers of a full read, on any
// snapshot and any log: malformed lines, repeats, cards that are prefixes or suffixes of others.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { parseSnapshot, renderSnapshot } from "../../../lib/usage/format.js";
import { foldUsage, readUsage, recordHitsSync } from "../../../lib/usage/usage.js";
import { scratchDir } from "../../support/scratch.js";

const snapshotCard = fc.oneof(
  fc.constantFrom("a.md", "ba.md", "a.md.bak", "a", "dir/a.md", "笔记 a.md", "\ud83d\ude00.md", "é.md"),
  fc.string({ unit: fc.constantFrom("a", "b", "/", ".", "笔", "\ud83d\ude00", "\uff41", "\ue000", " "), minLength: 1, maxLength: 6 }),
);
const usage = fc.record({ access_count: fc.integer({ min: 1, max: 500 }), last_access_day: fc.constantFrom("2026-01-01", "2026-03-04") });

test("parseSnapshot for some cards finds exactly the rows a full parse reads, and nothing else", () => {
  fc.assert(
    fc.property(fc.dictionary(snapshotCard, usage, { maxKeys: 40 }), fc.array(snapshotCard, { maxLength: 10 }), (cards, extra) => {
      const text = renderSnapshot({ epoch: "2026-01-01", folded: new Map([["usage.1-2.folding", 7]]), cards: new Map(Object.entries(cards)) });
      const full = parseSnapshot(text);
      const asked = new Set([...full.cards.keys(), ...extra, "\uffff", "\u0000"]);
      const some = parseSnapshot(text, asked);
      assert.deepEqual(some.folded, full.folded);
      for (const c of asked) assert.deepEqual(some.cards.get(c), full.cards.get(c), JSON.stringify({ c, text }));
    }),
    { numRuns: 1000 },
  );
  // A last row with no newline, and a blank row, are still searched without looping forever.
  assert.deepEqual(parseSnapshot("# memctl usage v1\n\na.md\t1\t2026-01-01\nb.md\t2\t2026-01-02", new Set(["b.md"])).cards.get("b.md"), {
    access_count: 2,
    last_access_day: "2026-01-02",
  });
});

test("readUsage with `only` agrees with a full read across snapshot, folding files and usage.log", () => {
  const dir = scratchDir("memctl-usage-read-");
  try {
    const cards = ["a.md", "ba.md", "a.md.bak", "笔记 a.md", "dir/a.md"];
    for (let i = 0; i < 12; i++)
      recordHitsSync(
        dir,
        cards.filter((_, k) => (i + k) % 3 !== 0),
        `2026-01-0${1 + (i % 9)}`,
      );
    foldUsage(dir, "2026-01-09");
    recordHitsSync(dir, ["a.md", "new.md"], "2026-02-01");
    // A fold that renamed usage.log aside and crashed before writing its snapshot: the folding file stays pending.
    fs.renameSync(path.join(dir, ".memctl", "usage.log"), path.join(dir, ".memctl", `usage.${Date.now()}-1.folding`));
    recordHitsSync(dir, ["ba.md", "a.md"], "2026-02-03");
    fs.appendFileSync(path.join(dir, ".memctl", "usage.log"), "2026-02-04\ta.md\t\tb.md\n2026-02-05\ta.md\n2026-02-0");
    for (const today of ["2026-02-05", "2026-05-01"]) {
      const full = readUsage(dir, today);
      assert.equal(full.malformed, 1);
      const asked = new Set([...cards, "new.md", "missing.md", "a"]);
      const some = readUsage(dir, today, asked);
      for (const c of asked) assert.deepEqual(some.cards.get(c), full.cards.get(c), `${c} on ${today}`);
      assert.equal(readUsage(dir, today, new Set()).cards.get("new.md"), undefined);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a fold keeps the lines it cannot count in usage.rejected instead of dropping them", () => {
  const dir = scratchDir("memctl-usage-read-");
  try {
    const today = "2026-12-02";
    recordHitsSync(dir, ["b.md"], today);
    // A line of an older format and a hand-damaged one: neither can be attributed.
    fs.appendFileSync(path.join(dir, ".memctl", "usage.log"), `${today}@abc123\tn0\nnot-a-day\tb.md\n`);
    recordHitsSync(dir, ["b.md"], today);
    assert.equal(foldUsage(dir, today), true);
    assert.deepEqual(Object.fromEntries(readUsage(dir, today).cards), { "b.md": { access_count: 2, last_access_day: today } });
    const rejected = fs
      .readFileSync(path.join(dir, ".memctl", "usage.rejected"), "utf8")
      .split("\n")
      .filter(Boolean);
    assert.deepEqual(rejected, [`${today}@abc123\tn0`, "not-a-day\tb.md"]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("hits an older memctl left pending (card numbers in usage.cards) are counted after an upgrade, never dropped", () => {
  const dir = scratchDir("memctl-usage-read-");
  try {
    const today = "2026-12-02";
    const state = path.join(dir, ".memctl");
    fs.mkdirSync(state);
    // Two creators raced: b.md holds numbers 1 and 3.
    fs.writeFileSync(path.join(state, "usage.cards"), "# memctl usage cards v1\tabc12345\na.md\nb.md\nc.md\nb.md\n");
    const bitmap = Buffer.from([0b1010]).toString("base64url"); // numbers 1 and 3: b.md once
    fs.writeFileSync(
      path.join(state, "usage.log"),
      [`${today}@abc12345\tn0,2`, `${today}@abc12345\tb${bitmap}`, `${today}@abc12345\tn1\td.md`, `${today}@zzz99999\tn0`, `${today}@abc12345\tn9`, ""].join("\n"),
    );
    recordHitsSync(dir, ["a.md"], today);
    const counts = () => Object.fromEntries([...readUsage(dir, today).cards].map(([c, u]) => [c, u.access_count]));
    const want = { "a.md": 2, "b.md": 2, "c.md": 1, "d.md": 1 };
    assert.deepEqual(counts(), want);
    assert.equal(readUsage(dir, today).malformed, 2, "another registry's line and an unknown number are never attributed");
    assert.deepEqual(Object.fromEntries([...readUsage(dir, today, new Set(["b.md"])).cards].map(([c, u]) => [c, u.access_count])), { "b.md": 2 });
    assert.equal(foldUsage(dir, today), true);
    assert.deepEqual(counts(), want);
    const rejected = fs.readFileSync(path.join(state, "usage.rejected"), "utf8").split("\n").filter(Boolean);
    assert.deepEqual(rejected, [`${today}@zzz99999\tn0`, `${today}@abc12345\tn9`]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
