// The bounded line diff (lib/core/line-diff.ts diffHunks) that finds a hand edit's lines in MEMORY.md: its hunks,
// applied in order, make the first sequence the second; it removes and adds no more than the edits made; past its
// bound it says so. Property-tested against random sequences and random edits of them.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { diffHunks, type Hunk } from "../../../lib/core/line-diff.js";

/** `a` with the hunks applied: each one's lines of `b` in place of its lines of `a`. */
function applied(a: readonly string[], b: readonly string[], hunks: readonly Hunk[]): string[] {
  const out: string[] = [];
  let at = 0;
  for (const h of hunks) {
    assert.ok(h.aStart >= at && h.aEnd >= h.aStart && h.bEnd >= h.bStart, "hunks in order");
    out.push(...a.slice(at, h.aStart), ...b.slice(h.bStart, h.bEnd));
    at = h.aEnd;
  }
  return [...out, ...a.slice(at)];
}

const edit = fc.record({ at: fc.nat(), removed: fc.nat({ max: 4 }), inserted: fc.array(fc.constantFrom("x", "y", "z", "a"), { maxLength: 4 }) });

test("the hunks make the first sequence the second, with no more lines removed and added than the edits made", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 60 }), fc.array(edit, { maxLength: 6 }), (a, edits) => {
      const b: string[] = [...a];
      let made = 0;
      for (const e of edits) {
        const at = e.at % (b.length + 1);
        made += b.splice(at, e.removed, ...e.inserted).length + e.inserted.length;
      }
      const hunks = diffHunks(a.length, b.length, (i, j) => a[i] === b[j], 1000)!;
      assert.deepEqual(applied(a, b, hunks), b);
      const size = hunks.reduce((n, h) => n + (h.aEnd - h.aStart) + (h.bEnd - h.bStart), 0);
      assert.ok(size <= made, `${size} lines changed for ${made} edited`);
      for (let k = 1; k < hunks.length; k++) assert.ok(hunks[k]!.aStart > hunks[k - 1]!.aEnd, "hunks apart");
    }),
  );
});

test("a line moved across a long sequence is two one-line hunks; past the bound the answer is none", () => {
  const a = Array.from({ length: 100_000 }, (_, i) => `line ${i}`);
  const b = [...a.slice(1, 90_000), a[0]!, ...a.slice(90_000)];
  const hunks = diffHunks(a.length, b.length, (i, j) => a[i] === b[j], 8)!;
  assert.deepEqual(hunks, [
    { aStart: 0, aEnd: 1, bStart: 0, bEnd: 0 },
    { aStart: 90_000, aEnd: 90_000, bStart: 89_999, bEnd: 90_000 },
  ]);
  assert.deepEqual(
    diffHunks(a.length, a.length, (i, j) => a[i] === a[j], 0),
    [],
    "the same sequence: nothing",
  );
  const rewritten = a.map((l) => `${l}!`);
  assert.equal(
    diffHunks(a.length, a.length, (i, j) => a[i] === rewritten[j], 64),
    undefined,
  );
  assert.equal(
    diffHunks(0, 100, () => false, 64),
    undefined,
    "100 lines added past a bound of 64",
  );
});
