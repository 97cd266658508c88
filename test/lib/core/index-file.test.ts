import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCard } from "../../../lib/core/card.js";
import { parseIndex } from "../../../lib/core/index-file.js";

test("MEMORY.md: entries parsed, malformed bullet lines reported with a reason, never dropped", () => {
  const text = [
    "# Memory",
    "",
    "- [Good](feedback_a.md) — a hook",
    "- no link here",
    "- [Not a card](https://x.y/z)",
    "* [Star](user_b.md): colon hook",
    "```",
    "- [Fenced](c.md) — ignored",
    "```",
  ].join("\n");
  const parsed = parseIndex(text);
  assert.deepEqual(
    parsed.entries.map((e) => [e.line, e.title, e.file, e.hook]),
    [
      [3, "Good", "feedback_a.md", "a hook"],
      [6, "Star", "user_b.md", "colon hook"],
    ],
  );
  assert.deepEqual(
    parsed.unparsed.map((u) => u.line),
    [4, 5],
  );
  assert.ok(parsed.unparsed.every((u) => u.reason.length > 0));
});

test("card frontmatter: ranking fields read, the legacy metadata block kept verbatim in frontmatterText", () => {
  const fm =
    'name: x\ndescription: d\nmetadata:\n  node_type: memory\n  type: feedback\n  originSessionId: abc\ntopics: [a, b]\npriority: always\nstatus: active\nupdated_at: "2026-01-01"\nrepo_refs: []';
  const card = parseCard(`---\n${fm}\n---\nbody\n`);
  assert.equal(card.meta.priority, "always");
  assert.deepEqual(card.meta.topics, ["a", "b"]);
  assert.equal(card.meta.metadata?.type, "feedback");
  assert.ok(card.frontmatterText.includes("metadata:\n  node_type: memory\n  type: feedback\n  originSessionId: abc"));
});
