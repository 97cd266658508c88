// The merged index's ids answered from a delta's runs (lib/rank-cache/run-map.ts), checked against the arrays the
// size of the index that every prompt with a delta in force used to fill: merged id → source and line shift, base
// id → merged id, a term's postings mapped (the list itself when nothing moved), and the runs no refresh writes refused.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { RunMap } from "../../../lib/rank-cache/run-map.js";

/** The old map: every merged id's source (base id, or -k-1 for delta entry k) and line shift, and base id → merged id. */
function arrays(runs: readonly number[], baseSize: number) {
  const toBase: number[] = [];
  const shift: number[] = [];
  for (let r = 0; r < runs.length; r += 3) {
    const [from, count, s] = [runs[r]!, runs[r + 1]!, runs[r + 2]!];
    for (let i = 0; i < count; i++) {
      toBase.push(from >= 0 ? from + i : from - i);
      shift.push(s);
    }
  }
  const fromBase = new Array<number>(baseSize).fill(-1);
  toBase.forEach((b, j) => {
    if (b >= 0) fromBase[b] = j;
  });
  return { toBase, shift, fromBase };
}

/**
 * Runs as a refresh writes them: the base cut into pieces (some dropped: removed lines, cards the delta holds anew),
 * the kept pieces in any order (lines moved by hand), delta entries in between, each piece with a line shift.
 */
const runsArb = fc
  .record({
    cuts: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 10 }),
    keep: fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }),
    order: fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
    added: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 11, maxLength: 11 }),
    shifts: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 10, maxLength: 10 }),
  })
  .map(({ cuts, keep, order, added, shifts }) => {
    const pieces: [number, number][] = [];
    let at = 0;
    for (const c of cuts) {
      pieces.push([at, c]);
      at += c;
    }
    const kept = pieces
      .map((p, i) => ({ p, i }))
      .filter(({ i }) => keep[i])
      .sort((a, b) => order[a.i]! - order[b.i]! || a.i - b.i);
    const runs: number[] = [];
    let entries = 0;
    kept.forEach(({ p, i }, k) => {
      if (added[k]! > 0) {
        runs.push(-entries - 1, added[k]!, 0);
        entries += added[k]!;
      }
      runs.push(p[0], p[1], shifts[i]!);
    });
    if (added[10]! > 0) {
      runs.push(-entries - 1, added[10]!, 0);
      entries += added[10]!;
    }
    return { runs, baseSize: at, entries };
  });

test("a run map answers what the whole arrays answered, for any runs a refresh writes", () => {
  fc.assert(
    fc.property(runsArb, fc.array(fc.nat(), { maxLength: 30 }), ({ runs, baseSize, entries }, picks) => {
      const map = RunMap.of(runs, baseSize, entries);
      assert.ok(map, "runs a refresh writes are taken");
      const { toBase, shift, fromBase } = arrays(runs, baseSize);
      assert.equal(map.size, toBase.length);
      toBase.forEach((b, j) => {
        assert.equal(map.source(j), b, `source of ${j}`);
        assert.equal(map.lineShiftOf(j), shift[j], `shift of ${j}`);
      });
      assert.deepEqual([...map.toBase], toBase);
      assert.deepEqual([...map.lineShift], shift);
      for (let b = 0; b < baseSize; b++) assert.equal(map.merged(b), fromBase[b], `merged of base ${b}`);
      assert.deepEqual(
        map.deltaIds(),
        toBase.flatMap((b, j) => (b < 0 ? [j] : [])),
      );
      // A term's postings: ascending base ids, each with its tf and mask; room left for the delta's own.
      const ids = [...new Set(picks.map((p) => p % Math.max(1, baseSize)))].filter((b) => b < baseSize).sort((a, b) => a - b);
      const list = { length: ids.length, id: Uint32Array.from(ids), tf: Float32Array.from(ids, (b) => b / 2), mask: Uint8Array.from(ids, (b) => b % 7) };
      const want = ids.flatMap((b) => (fromBase[b]! >= 0 ? [[fromBase[b]!, Math.fround(b / 2), b % 7]] : []));
      for (const extra of [0, 2]) {
        const got = map.mapPostings(list, baseSize, extra);
        assert.equal(got.length, want.length);
        assert.equal(got.id.length, want.length + extra, "room for the delta's postings");
        assert.deepEqual(
          Array.from({ length: got.length }, (_, i) => [got.id[i], got.tf[i], got.mask[i]]),
          want,
        );
        // Nothing moved or left out: the list itself, no copy.
        const kept = want.every(([j], i) => j === ids[i]) && want.length === ids.length;
        assert.equal(got === list, kept && extra === 0, "the list itself exactly when nothing moved");
      }
    }),
    { numRuns: 300 },
  );
});

test("runs that point outside the base or the delta's entries, or name one entry twice, are refused", () => {
  assert.equal(RunMap.of([0, 5, 0], 4, 0), undefined, "past the base");
  assert.equal(RunMap.of([-1, 2, 0], 4, 1), undefined, "past the entries");
  assert.equal(RunMap.of([0, 3, 0, 2, 2, 0], 4, 0), undefined, "a base entry twice");
  assert.equal(RunMap.of([-1, 2, 0, -2, 1, 0], 4, 2), undefined, "a delta entry twice");
  assert.equal(RunMap.of([0, -1, 0], 4, 0), undefined, "a negative count");
  assert.equal(RunMap.of([0, 2, 0, 1], 4, 0), undefined, "not triples");
  assert.ok(RunMap.of([2, 2, 1, -1, 1, 0, 0, 2, 0, 0, 0, 5], 4, 1), "pieces out of order, an empty run");
  assert.throws(() => RunMap.of([0, 4, 0], 4, 0)!.source(4), RangeError);
  assert.throws(() => RunMap.of([0, 4, 0], 4, 0)!.mapPostings({ length: 2, id: [1, 9], tf: [1, 1], mask: [1, 1] }, 4, 0), RangeError, "a posting past the base");
});
