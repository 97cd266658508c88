import assert from "node:assert/strict";
import { test } from "node:test";
import { hasBlock, removeBlock, upsertBlock } from "../../install/markdown.js";

const BODY = "## Memory\n\nUse memctl.";

for (const [name, before] of Object.entries({ empty: "", "user text": "# Mine\n\nKeep *this*  exactly.\n", "trailing blank lines": "x\n\n", CRLF: "a\r\nb\r\n" })) {
  test(`marker block round trip: ${name}`, () => {
    const after = upsertBlock(before, "codex", BODY);
    assert.ok(after.startsWith(before.replace(/\n?$/, "")), "user text stays first and intact");
    assert.ok(hasBlock(after, "codex"));
    assert.equal(upsertBlock(after, "codex", BODY), after, "second run is a no-op");
    assert.equal(removeBlock(after, "codex"), before);
  });
}

test("a changed body replaces the block in place; other blocks and text are untouched", () => {
  const first = upsertBlock(upsertBlock("top\n", "codex", "old"), "generic", "g");
  const second = upsertBlock(first, "codex", "new");
  assert.ok(second.includes("new") && !second.includes("old") && second.includes("g\n<!-- memctl:end generic -->"));
  assert.equal(removeBlock(removeBlock(second, "codex"), "generic"), "top\n");
});

test("unbalanced markers throw E_CONFIG_PARSE", () => {
  assert.throws(
    () => upsertBlock("<!-- memctl:begin codex -->\nno end\n", "codex", BODY),
    (e: { code?: string }) => e.code === "E_CONFIG_PARSE",
  );
});
