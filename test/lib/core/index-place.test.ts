import assert from "node:assert/strict";
import { test } from "node:test";
import { indexPlaceOf, placeIndexLineBytes } from "../../../lib/core/index-place.js";

const A = "- [A](project_a.md) — a";
const B = "- [B](project_b.md) — b";
const C = "- [C](project_c.md) — c";

test("a line's place is its neighbouring entries, blank lines skipped, a heading or a fence between ends the walk", () => {
  assert.deepEqual(indexPlaceOf(Buffer.from(`# M\n${A}\n\n${B}\n${C}\n`), "project_b.md"), { after: "project_a.md", before: "project_c.md" });
  assert.deepEqual(indexPlaceOf(Buffer.from(`# M\n## S\n${B}\n${C}\n`), "project_b.md"), { before: "project_c.md" });
  // A link inside a fenced block is no entry: it names no place.
  assert.equal(indexPlaceOf(Buffer.from(`# M\n\`\`\`\n${A}\n\`\`\`\n${B}\n`), "project_b.md"), undefined);
  assert.equal(indexPlaceOf(Buffer.from(`# M\n${A}\n`), "project_b.md"), undefined);
});

test("placing a line: after the card above, else before the card below, else nothing (the caller appends); CRLF kept", () => {
  const index = Buffer.from(`# M\r\n${A}\r\n${C}\r\n`);
  assert.equal(placeIndexLineBytes(index, "project_b.md", B, { after: "project_a.md", before: "project_c.md" })?.toString(), `# M\r\n${A}\r\n${B}\r\n${C}\r\n`);
  assert.equal(placeIndexLineBytes(index, "project_b.md", B, { after: "project_gone.md", before: "project_c.md" })?.toString(), `# M\r\n${A}\r\n${B}\r\n${C}\r\n`);
  assert.equal(placeIndexLineBytes(index, "project_b.md", B, { after: "project_gone.md" }), undefined);
  // Already linked: the upsert's to replace, not a second line.
  assert.equal(placeIndexLineBytes(Buffer.from(`${A}\n${B}\n`), "project_b.md", B, { after: "project_a.md" }), undefined);
  // The card above is the last line, without a line break: appending is the same place.
  assert.equal(placeIndexLineBytes(Buffer.from(`# M\n${A}`), "project_b.md", B, { after: "project_a.md" }), undefined);
});
