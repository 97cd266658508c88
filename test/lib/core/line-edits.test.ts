// The one splice of journaled line edits (lib/core/line-edits.ts) that the links table, session start's view and
// the rank cache's items share, checked against the naive splice it replaced: keep the entries before the edit,
// put the inserted ones, move the rest by the change in lines (and, for byte columns, by the change in bytes).
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parseIndexLine } from "../../../lib/core/index-file.js";
import { editSpan, insertedLines, type JournaledEdit, lowerBound, spliceLineTable, spliceRows } from "../../../lib/core/line-edits.js";

interface Entry {
  line: number;
  pieces: string[]; // one per byte column
}

const COLUMNS = 2;
const pieceArb = fc.string({ minLength: 1, maxLength: 5 });
/** Entries on increasing lines (gaps between them: lines that are not entries), each with a piece per column. */
const entriesArb = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 3 }), pieces: fc.array(pieceArb, { minLength: COLUMNS, maxLength: COLUMNS }) }), { maxLength: 12 })
  .map((rows) => {
    let line = 0;
    return rows.map((r): Entry => ({ line: (line += r.gap), pieces: r.pieces }));
  });
/** An edit: from `at`, `removed` lines became `inserted` lines, some of them entries (`isEntry`). */
const editArb = fc.record({
  at: fc.integer({ min: 1, max: 40 }),
  removed: fc.integer({ min: 0, max: 10 }),
  inserted: fc.array(fc.record({ isEntry: fc.boolean(), pieces: fc.array(pieceArb, { minLength: COLUMNS, maxLength: COLUMNS }) }), { maxLength: 6 }),
});

const naiveSplice = (entries: Entry[], at: number, removed: number, added: Entry[], shift: number): Entry[] => [
  ...entries.filter((e) => e.line < at),
  ...added,
  ...entries.filter((e) => e.line >= at + removed).map((e) => ({ ...e, line: e.line + shift })),
];

const byteLength = (s: string) => Buffer.byteLength(s);
function tableOf(entries: Entry[]) {
  const ends = Array.from({ length: COLUMNS }, (_, c) => {
    let at = 0;
    return Uint32Array.from(entries, (e) => (at += byteLength(e.pieces[c]!)));
  });
  return { lines: Uint32Array.from(entries, (e) => e.line), ends };
}
const columnBytes = (entries: Entry[], c: number) => Buffer.from(entries.map((e) => e.pieces[c]).join(""));

test("spliceLineTable and spliceRows give what the naive splice gives, and cut marks the removed entries' bytes", () => {
  fc.assert(
    fc.property(entriesArb, editArb, (entries, { at, removed, inserted }) => {
      const edit: JournaledEdit = [at, removed, inserted.map(() => "")];
      const added = inserted.flatMap((r, k) => (r.isEntry ? [{ line: at + k, pieces: r.pieces }] : []));
      const expected = naiveSplice(entries, at, removed, added, inserted.length - removed);
      const span = editSpan(entries.length, (i) => entries[i]!.line, edit);

      assert.deepEqual(
        spliceRows(entries, span, added, (e, shift) => ({ ...e, line: e.line + shift })),
        expected,
      );

      const rows = added.map((a) => ({ line: a.line, lengths: a.pieces.map(byteLength) }));
      const { table, cut } = spliceLineTable(tableOf(entries), span, rows);
      assert.deepEqual(table, tableOf(expected));
      for (let c = 0; c < COLUMNS; c++) {
        const [from, to] = cut[c]!;
        const before = columnBytes(entries, c);
        const spliced = Buffer.concat([before.subarray(0, from), columnBytes(added, c), before.subarray(to)]);
        assert.deepEqual(spliced, columnBytes(expected, c));
      }
    }),
    { numRuns: 3_000 },
  );
});

test("lowerBound is the first position at or above the target, as a linear search finds it", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 50 })), fc.integer({ min: -1, max: 52 }), (values, target) => {
      const sorted = values.sort((a, b) => a - b);
      const linear = sorted.findIndex((v) => v >= target);
      assert.equal(
        lowerBound(sorted.length, (i) => sorted[i]!, target),
        linear === -1 ? sorted.length : linear,
      );
    }),
  );
});

test("insertedLines parses each inserted line at its new number once per edit; another edit is parsed for itself", () => {
  const edit: JournaledEdit = [3, 1, ["- [A](a.md) — one", "prose", "- no link"]];
  const lines = insertedLines(edit);
  assert.deepEqual(
    lines,
    edit[2].map((raw, k) => parseIndexLine(raw, 3 + k)),
  );
  assert.equal(insertedLines(edit), lines); // the second caller on session start's path reuses the parse
  const moved: JournaledEdit = [5, 1, edit[2]];
  assert.equal((insertedLines(moved)[0] as { line: number }).line, 5);
});
