import assert from "node:assert/strict";
import { test } from "node:test";
import { indexHas, removeIndexLines, upsertIndexLine } from "../../../lib/core/index-edit.js";

const INDEX = "# Memory\r\n\r\nProse stays.\r\n- [a](a.md) — x\r\n- [b](./b.md) — y\r\n```\r\n- [b](b.md) — in a fence, not an entry\r\n```\r\n- [b](b.md) — duplicate";

test("upsert replaces only the first line of that card, byte for byte elsewhere", () => {
  const next = upsertIndexLine(INDEX, "b.md", "- [b](b.md) — z");
  assert.equal(next, INDEX.replace("- [b](./b.md) — y", "- [b](b.md) — z"));
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
