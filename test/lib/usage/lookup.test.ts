import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import fc from "fast-check";
import { addPendingFor, findSnapshotRow, pendingLineDay } from "../../../lib/usage/lookup.js";
import { parseSnapshot, parseSnapshotRow, renderSnapshot, type CardUsage } from "../../../lib/usage/format.js";
import { addPending } from "../../../lib/usage/pending.js";
import { foldUsage, openUsage, readUsage, recordHitsSync } from "../../../lib/usage/usage.js";

// The hook's lookups must give exactly the numbers of the full readers (addPending, parseSnapshot) for every
// card they are asked about, on any text: malformed lines, repeats, cards that are prefixes or suffixes of others.

const cardNames = [
  "a.md",
  "ba.md",
  "a.md.bak",
  "a",
  ".md",
  "a.m",
  "b.md",
  "dir/a.md",
  "a b.md",
  " a.md",
  "a.md ",
  "笔记 a.md",
  "笔记",
  "ａ.md",
  "\ud83d\ude00.md",
  "\ue000.md",
  "a.md\r",
  "2026-01-02",
  "-",
  "é.md",
  "e\u0301.md",
];
const card = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...cardNames) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("a", "b", ".", "md", " ", "笔", "\ud83d\ude00", "\r"), minLength: 1, maxLength: 5 }) },
);
const day = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom("2026-01-01", "2026-01-02", "2026-02-28", "2025-12-31") },
  { weight: 1, arbitrary: fc.constantFrom("", "2026-1-01", "not-a-day", "2026-01-01x", " 2026-01-01", "2026-01-01\r", "a.md") },
);
const validLine = fc.tuple(day, fc.array(card, { minLength: 1, maxLength: 6 })).map(([d, hits]) => [d, ...hits].join("\t"));
// Torn and hand-damaged lines: empty hits, a leading or trailing tab, no hit at all, raw tab-bearing noise.
const line = fc.oneof(
  { weight: 6, arbitrary: validLine },
  { weight: 1, arbitrary: validLine.map((l) => `${l}\t`) },
  { weight: 1, arbitrary: validLine.map((l) => l.replace("\t", "\t\t")) },
  { weight: 1, arbitrary: validLine.map((l) => `\t${l}`) },
  { weight: 1, arbitrary: day },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom("\t", "a", ".md", "2026-01-01", " "), maxLength: 8 }) },
);
const log = fc.tuple(fc.array(line, { maxLength: 12 }), fc.boolean()).map(([lines, endsInNewline]) => lines.join("\n") + (endsInNewline && lines.length > 0 ? "\n" : ""));
// What the hook asks about: logged and unlogged cards, plus ones no field can ever equal.
const asked = fc.array(fc.oneof(card, fc.constantFrom("", "a\tb.md", "a.md\n", "missing.md")), { maxLength: 8 }).map((xs) => new Set(xs));

/** The reference: every card counted by the full reader, then only those asked about. */
function reference(text: string, only: ReadonlySet<string>): Map<string, CardUsage> {
  const all = new Map<string, CardUsage>();
  addPending(all, text);
  return new Map([...all].filter(([c]) => only.has(c)));
}

test("addPendingFor gives the cards asked about exactly addPending's numbers, on any log", () => {
  fc.assert(
    fc.property(fc.array(log, { minLength: 1, maxLength: 3 }), asked, (texts, only) => {
      const fast = new Map<string, CardUsage>();
      const full = new Map<string, CardUsage>();
      // Several pending files add into one map, as openUsage reads folding files then usage.log.
      for (const text of texts) {
        addPendingFor(fast, text, only);
        for (const [c, u] of reference(text, only)) {
          const prev = full.get(c);
          full.set(
            c,
            prev ? { access_count: prev.access_count + u.access_count, last_access_day: u.last_access_day > prev.last_access_day ? u.last_access_day : prev.last_access_day } : u,
          );
        }
      }
      assert.deepEqual(fast, full, JSON.stringify({ texts, only: [...only] }));
    }),
    { numRuns: 2000 },
  );
});

test("addPendingFor: exact field matches, one count per line, the latest day, malformed lines never trusted", () => {
  const text = [
    "2026-01-01\tba.md\ta.md.bak\ta.md\ta.md",
    "2026-01-03\ta.md",
    "2026-01-02\tx.md\ta.md",
    "2026-01-09\ta.md\t\tb.md",
    "2026-01-09\ta.md\t",
    "2026-1-09\ta.md",
    "2026-01-09",
    "",
    "2026-01-09\ta.md", // no newline: addPending counts it too (unconsumed() has already cut a torn tail)
  ].join("\n");
  const got = new Map<string, CardUsage>();
  addPendingFor(got, text, new Set(["a.md", "b.md", "a", "md"]));
  assert.deepEqual(got, new Map([["a.md", { access_count: 4, last_access_day: "2026-01-09" }]]));
  assert.deepEqual(got, reference(text, new Set(["a.md", "b.md", "a", "md"])));
  addPendingFor(got, text, new Set());
  assert.equal(got.size, 1);
  assert.equal(pendingLineDay("2026-01-01\ta.md"), "2026-01-01");
  assert.equal(pendingLineDay("2026-01-01\ta.md\t"), undefined);
});

// Card paths for snapshots: prefixes of each other, CJK, astral and private-use characters (UTF-16 order differs
// from code point order there, and renderSnapshot sorts by UTF-16 code units).
const snapshotCard = fc.oneof(
  fc.constantFrom(...cardNames),
  fc.string({ unit: fc.constantFrom("a", "b", "/", ".", "笔", "\ud83d\ude00", "\uff41", "\ue000", " "), minLength: 1, maxLength: 6 }),
);
const usage = fc.record({ access_count: fc.integer({ min: 1, max: 500 }), last_access_day: fc.constantFrom("2026-01-01", "2026-03-04") });

test("findSnapshotRow finds exactly the rows parseSnapshot reads, and nothing else", () => {
  fc.assert(
    fc.property(fc.dictionary(snapshotCard, usage, { maxKeys: 40 }), fc.array(snapshotCard, { maxLength: 10 }), (cards, extra) => {
      const text = renderSnapshot({ epoch: "2026-01-01", folded: new Map([["usage.1-2.folding", 7]]), cards: new Map(Object.entries(cards)) });
      const parsed = parseSnapshot(text);
      const from = text.indexOf("\n") + 1;
      for (const c of [...parsed.cards.keys(), ...extra, "", "\uffff", "\u0000"]) {
        const row = findSnapshotRow(text, from, c);
        assert.deepEqual(row === undefined ? undefined : parseSnapshotRow(row)?.[1], parsed.cards.get(c), JSON.stringify({ c, text }));
      }
    }),
    { numRuns: 1000 },
  );
  // A damaged file (blank, tabless or unsorted rows): the search still ends, and any row it returns is the card's.
  const row = fc.oneof(fc.constantFrom("", "a.md", "\t", "a.md\t", "b.md\t1\t2026-01-01"), fc.string({ unit: fc.constantFrom("a", "\t", ".md", "\n"), maxLength: 6 }));
  fc.assert(
    fc.property(fc.array(row, { maxLength: 12 }), snapshotCard, (rows, c) => {
      const text = rows.join("\n");
      for (const found of [findSnapshotRow(text, 0, c), findSnapshotRow(`h\n${text}`, 2, c)]) {
        assert.ok(found === undefined || found === c || found.startsWith(`${c}\t`), JSON.stringify({ text, c, found }));
      }
    }),
    { numRuns: 1000 },
  );
  assert.equal(findSnapshotRow("# memctl usage v1\tdecay_epoch=\tfolded=\n", 39, "a.md"), undefined);
  assert.equal(findSnapshotRow("", 0, "a.md"), undefined);
  // A last row with no newline, and a blank row, are still searched without looping forever.
  assert.equal(findSnapshotRow("h\n\na.md\t1\t2026-01-01\nb.md\t2\t2026-01-02", 2, "b.md"), "b.md\t2\t2026-01-02");
});

test("openUsage with `only` agrees with readUsage across snapshot, folding files and usage.log", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-usage-lookup-"));
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
      const asked = new Set([...cards, "new.md", "missing.md", "a"]);
      const lazy = openUsage(dir, today, asked);
      for (const c of asked) assert.deepEqual(lazy.get(c), full.cards.get(c), `${c} on ${today}`);
      assert.equal(openUsage(dir, today, new Set()).get("new.md"), undefined);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
