import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { headingSlug, proseDescription, splitProse } from "../../../lib/core/memory-prose.js";

const cards = (file: string) => file === "feedback_a.md" || file === "project_b.md";

test("runs: under their heading, split by card links, blank ends dropped, CRLF and closing #s kept as written", () => {
  const text = "intro line\r\n\r\n## Setup ##\r\n- step one\r\n\r\n- [A](feedback_a.md) — a card\r\n- step two\r\n### Deep\r\nunder deep\r\n";
  const { runs, linkLines, headingLines } = splitProse(text, cards);
  assert.deepEqual(
    runs.map((r) => [r.heading, r.line, r.text, r.ordinal, r.siblings]),
    [
      [undefined, 1, "intro line\r\n", 1, []],
      ["Setup", 4, "- step one\r\n", 1, ["feedback_a.md"]],
      ["Setup", 7, "- step two\r\n", 2, ["feedback_a.md"]],
      ["Setup: Deep", 9, "under deep\r\n", 1, []],
    ],
  );
  assert.equal(linkLines, 1);
  assert.equal(headingLines, 2);
});

test("a lone level-1 heading is the document's title; several are sections", () => {
  const one = splitProse("# Memory\ntop\n## A\n### B\nx\n", cards).runs.map((r) => r.heading);
  assert.deepEqual(one, ["Memory", "A: B"]);
  const two = splitProse("# Build\n## Flags\nx\n# Test\ny\n", cards).runs.map((r) => r.heading);
  assert.deepEqual(two, ["Build: Flags", "Test"]);
});

test("a thematic break after a blank line ends a section: a footer is the document's, not the last heading's", () => {
  const runs = splitProse("# Memory\n## Reference\nx\n\n---\n\n**Note:** footer\n", cards).runs;
  assert.deepEqual(
    runs.map((r) => [r.heading, r.text]),
    [
      ["Reference", "x\n"],
      ["Memory", "**Note:** footer\n"],
    ],
  );
  const setext = splitProse("## A\nTitle\n---\n", cards).runs;
  assert.deepEqual(
    setext.map((r) => r.text),
    ["Title\n---\n"],
    "right under a line it is that line's underline: prose",
  );
});

test("a byte-order mark before the first line is no text: the title under it is still a heading", () => {
  const plain = "# Memory\n\n## Build\n- [A](feedback_a.md) — a\n- use pnpm\n";
  const { runs, headingLines } = splitProse(`\uFEFF${plain}`, cards);
  assert.deepEqual(
    runs.map((r) => [r.heading, r.line, r.text]),
    [["Build", 5, "- use pnpm\n"]],
  );
  assert.equal(headingLines, 2);
});

test("a link to no card and a link inside a fence are prose", () => {
  const text = "## H\n- [Gone](project_gone.md) — retired\n```\n- [A](feedback_a.md)\n# comment\n```\n";
  const { runs, linkLines } = splitProse(text, cards);
  assert.equal(linkLines, 0);
  assert.deepEqual(
    runs.map((r) => r.text),
    ["- [Gone](project_gone.md) — retired\n```\n- [A](feedback_a.md)\n# comment\n```\n"],
  );
});

test("nothing is lost: every line that is not a heading or a card link is in exactly one run, in order", () => {
  const line = fc.oneof(
    fc.constantFrom("---", "***", "## Heading", "# Title", "### Sub", "- [A](feedback_a.md) — x", "* [B](./project_b.md)", "- [C](missing.md)", "```", "", "  ", "\t- nested"),
    fc.string({ maxLength: 20 }).map((s) => s.replace(/[\r\n]/g, " ")),
  );
  fc.assert(
    fc.property(fc.array(line, { maxLength: 30 }), fc.boolean(), (lines, crlf) => {
      const eol = crlf ? "\r\n" : "\n";
      const text = lines.map((l) => l + eol).join("");
      const split = splitProse(text, cards);
      const carried = split.runs.map((r) => r.text).join("");
      // Each run is a contiguous slice of the text, in order.
      let at = 0;
      for (const r of split.runs) {
        const found = text.indexOf(r.text, at);
        assert.ok(found >= at, JSON.stringify(r));
        at = found + r.text.length;
      }
      const nonBlank = lines.filter((l) => l.trim() !== "").length;
      const carriedLines = carried.split(eol).filter((l) => l.trim() !== "").length;
      assert.equal(carriedLines + split.linkLines + split.headingLines, nonBlank);
    }),
  );
});

test("description: one line from the text, markers and link targets out, at most 200 characters", () => {
  assert.equal(proseDescription("- Uses [the guide](https://x.test/g) daily\n- second:\n  third\n"), "Uses the guide daily; second: third");
  assert.equal(proseDescription("```sh\nmake all\n```\n"), "make all");
  assert.equal(proseDescription("see below\n```sh\nmake all\n```\n"), "see below");
  const long = proseDescription("word ".repeat(100));
  assert.ok([...long].length <= 200 && long.endsWith("…"), long);
});

test("slug: lower-case ASCII words joined by _, cut at a word", () => {
  assert.equal(headingSlug("Tracker (`tracker/`)"), "tracker_tracker");
  assert.equal(headingSlug("日本語"), "");
  const s = headingSlug("Ring Architecture — SELF-HOSTED COMPILATION COMPLETE");
  assert.ok(s.length <= 48 && !s.endsWith("_"), s);
});
