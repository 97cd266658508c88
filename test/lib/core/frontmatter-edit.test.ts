import assert from "node:assert/strict";
import { test } from "node:test";
import { MemctlError } from "../../../lib/core/errors.js";
import { replaceBody, setFrontmatterFields, splitBlocks } from "../../../lib/core/frontmatter-edit.js";

test("replaces only the named blocks; comments, quoting, order and the legacy metadata block keep their bytes", () => {
  const card = [
    "---",
    "name: x   # trailing comment",
    "description: >-",
    "  folded",
    "",
    "  text",
    "metadata:",
    "  node_type: memory",
    "  type: feedback",
    "  originSessionId: 'abc'",
    "# a comment line",
    "topics:",
    "- a",
    "- b",
    "priority: normal",
    "---",
    "body",
  ].join("\n");
  const next = setFrontmatterFields(card, { description: "short", topics: ["c"], status: "active" });
  assert.equal(
    next,
    [
      "---",
      "name: x   # trailing comment",
      "description: short",
      "metadata:",
      "  node_type: memory",
      "  type: feedback",
      "  originSessionId: 'abc'",
      "# a comment line",
      "topics:",
      "  - c",
      "priority: normal",
      "status: active",
      "---",
      "body",
    ].join("\n"),
  );
});

test("CRLF cards stay CRLF, and a frontmatter without the final newline still gets new keys on their own lines", () => {
  const crlf = "---\r\nname: x\r\npriority: low\r\n---\r\nbody\r\n";
  assert.equal(setFrontmatterFields(crlf, { priority: "always", updated_at: "2026-12-02" }), '---\r\nname: x\r\npriority: always\r\nupdated_at: "2026-12-02"\r\n---\r\nbody\r\n');
  assert.equal(setFrontmatterFields("---\n---\nb", { name: "z" }), "---\nname: z\n---\nb");
});

test("an unparsable frontmatter or a card without one is refused, never rewritten", () => {
  assert.throws(
    () => setFrontmatterFields("no frontmatter", { name: "x" }),
    (e: MemctlError) => e.code === "E_CARD_FRONTMATTER",
  );
  assert.throws(
    () => setFrontmatterFields("---\nname: [unclosed\n---\n", { name: "x" }),
    (e: MemctlError) => e.code === "E_CARD_FRONTMATTER",
  );
});

test("splitBlocks gives back the exact text", () => {
  const fm = "a: 1\n\nb:\n  - x\n\n  - y\n# c\nd: |\n  t\n";
  assert.equal(
    splitBlocks(fm)
      .map((b) => b.text)
      .join(""),
    fm,
  );
  assert.deepEqual(
    splitBlocks(fm).map((b) => b.key ?? null),
    ["a", null, "b", null, "d"],
  );
});

test("replaceBody keeps the frontmatter bytes", () => {
  assert.equal(replaceBody("---\nname: x\n---\nold\n", "new\n"), "---\nname: x\n---\nnew\n");
});
