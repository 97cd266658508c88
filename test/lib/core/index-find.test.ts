// The byte edits of MEMORY.md find a card's lines without parsing the whole index (lib/core/index-find.ts); they
// must find exactly what parseIndex finds: fences, CRLF, ./ and <…> links, percent-escapes, duplicates, prose.
import assert from "node:assert/strict";
import { mock, test } from "node:test";
import fc from "fast-check";
import { FILE, indexArb } from "../../support/index-pieces.js";
import { indexHas, indexHasBytes, removeIndexLines, removeIndexLinesBytes, upsertIndexLine, upsertIndexLineBytes } from "../../../lib/core/index-edit.js";
import { findIndexLine, findIndexLines, hasFenceMark } from "../../../lib/core/index-find.js";
import { parseIndex } from "../../../lib/core/index-file.js";

test("findIndexLines finds exactly the lines parseIndex links to the card, in order", () => {
  fc.assert(
    fc.property(indexArb, (text) => {
      const expected = parseIndex(text)
        .entries.filter((e) => e.file.replace(/^\.\//, "") === FILE)
        .map((e) => e.raw);
      const buf = Buffer.from(text, "utf8");
      const found = findIndexLines(buf, FILE).map((h) => buf.toString("utf8", h.start, h.end));
      assert.deepEqual(found, expected);
    }),
    { numRuns: 2000 },
  );
});

test("findIndexLine is findIndexLines' first line, before or after findIndexLines searched the same bytes", () => {
  fc.assert(
    fc.property(indexArb, fc.boolean(), (text, allFirst) => {
      const buf = Buffer.from(text, "utf8");
      const expected = findIndexLines(Buffer.from(text, "utf8"), FILE)[0];
      if (allFirst) findIndexLines(buf, FILE);
      assert.deepEqual(findIndexLine(buf, FILE), expected);
      assert.deepEqual(findIndexLine(buf, FILE), expected, "asked again");
    }),
    { numRuns: 2000 },
  );
});

test("a save's look-up stops at its card's line: the rest of a large index is not searched", () => {
  const lines = ["# Memory", "", "- [A](project_a.md) — the card"];
  for (let i = 0; i < 2000; i++) lines.push(`- [c${i}](project_c${i}.md) — card ${i}`);
  const buf = Buffer.from(lines.join("\n") + "\n", "utf8");
  const file = Buffer.from(FILE);
  let searches = 0;
  const indexOf = Buffer.prototype.indexOf;
  mock.method(Buffer.prototype, "indexOf", function (this: Buffer, ...args: Parameters<Buffer["indexOf"]>) {
    if (this === buf && Buffer.isBuffer(args[0]) && args[0].equals(file)) searches++;
    return indexOf.apply(this, args);
  });
  try {
    assert.equal(findIndexLine(buf, FILE)?.entry.title, "A");
  } finally {
    mock.restoreAll();
  }
  assert.equal(searches, 1, "one search, ended at the card's line");
});

test("the byte edits give the same bytes as the parsed ones", () => {
  fc.assert(
    fc.property(indexArb, (text) => {
      const buf = Buffer.from(text, "utf8");
      const line = "- [A](project_a.md) — new hook";
      assert.equal(upsertIndexLineBytes(buf, FILE, line).toString("utf8"), upsertIndexLine(text, FILE, line));
      const removed = removeIndexLines(text, FILE);
      const removedBytes = removeIndexLinesBytes(buf, FILE);
      assert.equal(removedBytes.bytes.toString("utf8"), removed.text);
      assert.equal(removedBytes.removed, removed.removed);
      assert.equal(indexHasBytes(buf, FILE), indexHas(text, FILE));
    }),
    { numRuns: 2000 },
  );
});

test("bytes that are not UTF-8 outside the edited line are kept", () => {
  const buf = Buffer.concat([Buffer.from("# Memory\n- [X](x.md) — caf"), Buffer.from([0xe9, 0xff]), Buffer.from(`\n- [A](${FILE}) — old\n`)]);
  const out = upsertIndexLineBytes(buf, FILE, "- [A](project_a.md) — new");
  assert.deepEqual(out, Buffer.concat([buf.subarray(0, buf.indexOf("- [A]")), Buffer.from("- [A](project_a.md) — new\n")]));
});

test("findIndexLines asked twice about the same bytes answers the same, and a caller's array is its own", () => {
  const index = Buffer.from("# Memory\n\n- [A](a.md) — one\n- [B](b.md) — two\n- [A again](./a.md) — three\n");
  const first = findIndexLines(index, "a.md");
  assert.deepEqual(
    first.map((h) => h.entry.title),
    ["A", "A again"],
  );
  first.pop();
  assert.deepEqual(
    findIndexLines(index, "a.md").map((h) => h.entry.title),
    ["A", "A again"],
  );
  assert.deepEqual(
    findIndexLines(index, "b.md").map((h) => h.entry.title),
    ["B"],
  );
  // Other bytes with the same text are their own question.
  const edited = upsertIndexLineBytes(index, "b.md", "- [B](b.md) — edited");
  assert.deepEqual(
    findIndexLines(edited, "b.md").map((h) => index.length !== edited.length && edited.toString("utf8", h.start, h.end)),
    ["- [B](b.md) — edited"],
  );
});

test("hasFenceMark sees a fence mark anywhere, a fence line or not, before or after a search of the same bytes", () => {
  const cases: [string, boolean][] = [
    ["# Memory\n- [A](a.md) — x\n", false],
    ["# Memory\n```\n- [A](a.md) — x\n```\n", true],
    ["# Memory\n- [A](a.md) — a ``` inside a line\n", true],
    ["# Memory\n- [A](a.md) — x ~~~\n", true],
    ["# Memory\n- [A](a.md) — two `` ticks\n", false],
  ];
  for (const [text, marked] of cases) {
    assert.equal(hasFenceMark(Buffer.from(text)), marked, text);
    const searched = Buffer.from(text);
    findIndexLines(searched, "a.md");
    assert.equal(hasFenceMark(searched), marked, `after a search: ${text}`);
  }
});
