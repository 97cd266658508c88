// MEMORY.md's line keys (lib/store/index-lines.ts): the edits found from them make the old index's lines the new
// index's lines exactly as parseIndex cuts them (CRLF or LF), the keys after those edits are the new index's keys,
// and what cannot be carried as line edits (a fence mark, a lone "\r", a rewrite) is refused, so the caller parses.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { applyToLines, decodeLines, encodeLines, HAND_LINES, handEdits, linesBytes } from "../../../lib/store/index-lines.js";
import { lineHashes } from "../../../lib/core/line-key.js";

const cut = (text: string) => text.split(/\r?\n/);
const LINE = fc.constantFrom("# Memory", "", "Prose.", "- [a](project_a.md) — first", "- [b](./project_b.md) — second", "- not a link", "- [a](project_a.md) — again", "déjà vu ✓");

/** The lines `edits` make of `lines`, applied in order as a reader applies them (line `at` 1-based). */
function edited(lines: readonly string[], edits: readonly (readonly [number, number, readonly string[]])[]): string[] {
  const out = [...lines];
  for (const [at, removed, inserted] of edits) out.splice(at - 1, removed, ...inserted);
  return out;
}

test("the edits found make the old lines the new ones, and the keys after them are the new index's", () => {
  fc.assert(
    fc.property(
      fc.array(LINE, { minLength: 1, maxLength: 40 }),
      fc.array(fc.record({ at: fc.nat(), removed: fc.nat({ max: 3 }), inserted: fc.array(LINE, { maxLength: 3 }) }), { maxLength: 5 }),
      fc.boolean(),
      fc.boolean(),
      (before, changes, crlf, lastBreak) => {
        const after = [...before];
        for (const c of changes) after.splice(c.at % (after.length + 1), c.removed, ...c.inserted);
        const join = (lines: string[]) => lines.join(crlf ? "\r\n" : "\n") + (lastBreak ? "\n" : "");
        const old = decodeLines(encodeLines(Buffer.from(join(before))))!;
        const now = Buffer.from(join(after.length > 0 ? after : [""]));
        const found = handEdits(old, now)!;
        assert.ok(found, "a few lines changed are found");
        assert.deepEqual(edited(cut(join(before)), found.edits), cut(now.toString("utf8")));
        assert.deepEqual([...found.table.keys], [...lineHashes(now, old.seed)]);
        assert.deepEqual([...applyToLines(old, found.edits)!.keys], [...found.table.keys], "the edits applied to the keys");
      },
    ),
  );
});

test("nothing changed but the stamp is one edit that changes nothing; CRLF for LF changes no line", () => {
  const text = "# Memory\n\n- [a](project_a.md) — first\n";
  const old = decodeLines(encodeLines(Buffer.from(text)))!;
  assert.deepEqual(handEdits(old, Buffer.from(text))!.edits, [[1, 0, []]]);
  assert.deepEqual(handEdits(old, Buffer.from(text.replaceAll("\n", "\r\n")))!.edits, [[1, 0, []]]);
  assert.deepEqual(handEdits(old, Buffer.from(text.replace("first", "first, edited")))!.edits, [[3, 1, ["- [a](project_a.md) — first, edited"]]]);
});

test("what line edits cannot carry is refused: a fence mark, a lone CR, a rewrite, an index with a fence when the keys were made", () => {
  const text = "# Memory\n\n- [a](project_a.md) — first\n";
  const old = decodeLines(encodeLines(Buffer.from(text)))!;
  assert.equal(handEdits(old, Buffer.from(`${text}\`\`\`\n- [b](project_b.md) — fenced\n\`\`\`\n`)), undefined, "a fence opened");
  assert.equal(handEdits(old, Buffer.from(text.replace("first", "fi\rrst"))), undefined, "a lone CR inside a line");
  const many = Array.from({ length: HAND_LINES + 1 }, (_, i) => `- [c${i}](project_c${i}.md) — new`).join("\n");
  assert.equal(handEdits(old, Buffer.from(`${text}${many}\n`)), undefined, "more lines than a hand edit");
  assert.equal(encodeLines(Buffer.from("~~~\n- [a](project_a.md)\n~~~\n")).length, 0, "no keys for a fenced index");
  assert.equal(applyToLines(old, [[5, 1, []]]), undefined, "an edit past the lines kept");
});

test("a lines section that is not what linesBytes wrote is refused", () => {
  const good = encodeLines(Buffer.from("a\nb\n"));
  assert.deepEqual(decodeLines(good)?.keys.length, 6);
  assert.equal(decodeLines(good.subarray(0, good.length - 4)), undefined, "torn");
  assert.equal(decodeLines(Buffer.alloc(0)), undefined, "none kept");
  const planted = Buffer.from(good);
  planted.writeUInt32LE(1000, 0);
  assert.equal(decodeLines(planted), undefined, "a count past the bytes");
  assert.ok(linesBytes(decodeLines(good)!).equals(good));
});
