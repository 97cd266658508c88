import assert from "node:assert/strict";
import { test } from "node:test";
import { inFormOf } from "../../../lib/core/index-file.js";
import { indexHas, indexLineEdit, removeIndexLines, upsertIndexLinePieces, upsertIndexLine, upsertIndexLineBytes } from "../../../lib/core/index-edit.js";

const INDEX = "# Memory\r\n\r\nProse stays.\r\n- [a](a.md) — x\r\n- [b](./b.md) — y\r\n```\r\n- [b](b.md) — in a fence, not an entry\r\n```\r\n- [b](b.md) — duplicate";

test("upsert replaces only the first line of that card, byte for byte elsewhere; the link as the owner wrote it", () => {
  const next = upsertIndexLine(INDEX, "b.md", "- [b](b.md) — z");
  assert.equal(next, INDEX.replace("- [b](./b.md) — y", "- [b](./b.md) — z"));
});

test("inFormOf: a rendered line takes the old line's marker, number, box, symbols, emphasis, target and separator", () => {
  const cases: [string, string, string][] = [
    ["1. [T](f.md) — old", "- [T](f.md) — new", "1. [T](f.md) — new"],
    ["- ★ [T](f.md) — same", "- [T](f.md) — same", "- ★ [T](f.md) — same"],
    ["- [x] [T](f.md)", "- [T](f.md) — now a hook", "- [x] [T](f.md) — now a hook"],
    ["- **[T](f.md)**: old", "- [U](f.md) — new", "- **[U](f.md)**: new"],
    ["\t* [T](<./f.md>)   —   same  ", "- [T](f.md) — same", "\t* [T](<./f.md>)   —   same  "],
    ["- [T](f.md) — old", "- [T](g.md) — old", "- [T](g.md) — old"],
    ["- [T](f.md) — old", "- [T](f.md)", "- [T](f.md)"],
  ];
  for (const [old, line, want] of cases) assert.equal(inFormOf(old, line), want, old);
});

test("upsert appends a missing card after a final newline, adding one if the file lacked it", () => {
  assert.equal(upsertIndexLine("# M\n", "c.md", "- [c](c.md)"), "# M\n- [c](c.md)\n");
  assert.equal(upsertIndexLine("# M", "c.md", "- [c](c.md)"), "# M\n- [c](c.md)\n");
  assert.equal(upsertIndexLine("# M\r\n", "c.md", "- [c](c.md)"), "# M\r\n- [c](c.md)\r\n");
});

test("remove drops every entry line of the card and nothing else", () => {
  const { text, removed } = removeIndexLines(INDEX, "b.md");
  assert.equal(removed, 2);
  assert.equal(text, "# Memory\r\n\r\nProse stays.\r\n- [a](a.md) — x\r\n```\r\n- [b](b.md) — in a fence, not an entry\r\n```\r\n");
  assert.equal(indexHas(text, "b.md"), false);
  assert.equal(removeIndexLines(INDEX, "zzz.md").text, INDEX);
});

test("indexLineEdit: the one edit of whole lines that turns one text into the other, numbered as parseIndex numbers them", async () => {
  const fc = (await import("fast-check")).default;
  const line = fc.constantFrom("# Memory", "", "- [A](a.md) — x", "- [B](b.md) — y", "- [A](a.md) — x", "- bare", "prose é");
  const eol = fc.constantFrom("\n", "\r\n");
  fc.assert(
    fc.property(
      fc.array(line, { minLength: 1, maxLength: 12 }),
      fc.array(line, { maxLength: 4 }),
      fc.nat(),
      fc.nat(),
      eol,
      fc.boolean(),
      (lines, inserted, from, count, nl, finalEol) => {
        const at = 1 + (from % (lines.length + 1)); // 1-based, up to one past the last line
        const removed = Math.min(count % 3, lines.length - at + 1);
        const next = [...lines.slice(0, at - 1), ...inserted, ...lines.slice(at - 1 + removed)];
        const text = (ls: string[]) => (ls.length === 0 ? "" : ls.join(nl) + (finalEol ? nl : ""));
        const edit = indexLineEdit(Buffer.from(text(lines)), Buffer.from(text(next)));
        if (text(lines) === text(next)) return edit === undefined;
        if (edit === undefined) return true; // refused (line 1): the reader reads the file instead
        // Applying the edit to the parsed lines of the old text gives the parsed lines of the new one. (Empty
        // lines at the end parse as nothing and have no line after them: they are not compared.)
        const split = (t: string) => t.split(/\r?\n/);
        const trim = (ls: string[]) => {
          let end = ls.length;
          while (end > 0 && ls[end - 1] === "") end--;
          return ls.slice(0, end);
        };
        const old = split(text(lines));
        assert.deepEqual(trim([...old.slice(0, edit.at - 1), ...edit.inserted, ...old.slice(edit.at - 1 + edit.removed)]), trim(split(text(next))));
        return true;
      },
    ),
    { numRuns: 2000 },
  );
  assert.equal(indexLineEdit(Buffer.from("# M\n- [A](a.md)\n"), Buffer.from("# M\n- [B](b.md)\n```\n")), undefined, "a fence anywhere: not expressible");
  assert.deepEqual(indexLineEdit(Buffer.from("# M\n- [A](a.md) — x\n- [C](c.md)\n"), Buffer.from("# M\n- [A](a.md) — y\n- [C](c.md)\n")), {
    at: 2,
    removed: 1,
    inserted: ["- [A](a.md) — y"],
  });
});

test("indexLineEdit over a large index (compared a chunk at a time): the edit of the line that changed, wherever it is", () => {
  const lines = ["# Memory", "", ...Array.from({ length: 6000 }, (_, i) => `- [Note ${i}](note_${i}.md) — routine entry number ${i}`)];
  const text = (ls: string[]) => Buffer.from(ls.join("\n") + "\n");
  const edited = (at: number, removed: number, inserted: string[]) => [...lines.slice(0, at - 1), ...inserted, ...lines.slice(at - 1 + removed)];
  for (const [at, removed, inserted] of [
    [3001, 1, ["- [Note 2998](note_2998.md) — rewritten"]],
    [3, 1, []],
    [lines.length + 1, 0, ["- [New](new.md) — appended"]],
    [lines.length, 1, []],
    [4000, 0, ["- [Mid](mid.md) — inserted"]],
  ] as [number, number, string[]][])
    assert.deepEqual(indexLineEdit(text(lines), text(edited(at, removed, inserted))), { at, removed, inserted }, `at ${at}`);
});

test("indexLineEdit refuses every pair where either text holds a fence mark, wherever the mark is", async () => {
  const fc = (await import("fast-check")).default;
  const line = fc.constantFrom("# Memory", "", "- [A](a.md) — x", "- [B](b.md) — y", "```", "~~~ts", "- [C](c.md) — a ``` inside", "prose");
  const fenced = (t: string) => t.includes("```") || t.includes("~~~");
  fc.assert(
    fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), fc.array(line, { maxLength: 4 }), fc.nat(), fc.nat(), (lines, inserted, from, count) => {
      const at = 1 + (from % (lines.length + 1));
      const next = [...lines.slice(0, at - 1), ...inserted, ...lines.slice(at - 1 + Math.min(count % 3, lines.length - at + 1))];
      const [a, b] = [lines.join("\n") + "\n", next.join("\n") + "\n"];
      const edit = indexLineEdit(Buffer.from(a), Buffer.from(b));
      return !(fenced(a) || fenced(b)) || edit === undefined;
    }),
    { numRuns: 3000 },
  );
});

test("upsertIndexLinePieces joins to upsertIndexLineBytes' bytes and reports indexLineEdit's edit between them", async () => {
  const fc = (await import("fast-check")).default;
  const line = fc.constantFrom("# Memory", "", "- [A](a.md) — x", "- [A](./a.md) — dup", "- [B](b.md) — y", "```", "prose é", "- [C](c.md) — \u00e9\u00e9");
  const replacement = fc.constantFrom("- [A](a.md) — x", "- [A](a.md) — new", "- [A](a.md) — with ``` mark", "- [A](a.md) — y", "- [A](a.md) — é");
  fc.assert(
    fc.property(
      fc.array(line, { minLength: 1, maxLength: 10 }),
      fc.constantFrom("\n", "\r\n"),
      fc.boolean(),
      fc.boolean(),
      fc.boolean(),
      replacement,
      (lines, nl, finalEol, badByte, noA, next) => {
        let index = Buffer.from(lines.join(nl) + (finalEol ? nl : ""));
        if (noA) index = Buffer.from(index.toString("latin1").replace(/\(\.?\/?a\.md\)/g, "(z.md)"), "latin1"); // the line is appended
        if (badByte) index = Buffer.concat([index, Buffer.from([0xff]), Buffer.from(`${nl}- [A](a.md) — after a bad byte${nl}`)]);
        const got = upsertIndexLinePieces(index, "a.md", next);
        const upserted = upsertIndexLineBytes(index, "a.md", next);
        if (got === undefined) return index.length > 0 && index[index.length - 1] !== 0x0a; // an append after a line without its break
        const joined = Buffer.concat(got.pieces);
        assert.ok(joined.equals(upserted));
        assert.equal(got.changed, !joined.equals(index));
        assert.deepEqual(got.edit, got.changed ? indexLineEdit(index, joined) : undefined);
        return true;
      },
    ),
    { numRuns: 3000 },
  );
  // The old line not UTF-8: refused as indexLineEdit refuses it.
  const bad = Buffer.concat([Buffer.from("# M\n- [A](a.md) — "), Buffer.from([0xff]), Buffer.from("\n")]);
  assert.equal(upsertIndexLinePieces(bad, "a.md", "- [A](a.md) — fixed")?.edit, undefined);
  assert.equal(indexLineEdit(bad, Buffer.from("# M\n- [A](a.md) — fixed\n")), undefined);
});
