import assert from "node:assert/strict";
import { test } from "node:test";
import { sourceFile } from "../../../lib/proposals/trust.js";

test("a source names a repository file by its first word or a path: ref; prose, URLs and escapes name none", () => {
  assert.equal(sourceFile("ci.yml line 40"), "ci.yml");
  assert.equal(sourceFile("path:scripts/release.sh"), "scripts/release.sh");
  assert.equal(sourceFile("docs/setup.md: the table"), "docs/setup.md");
  assert.equal(sourceFile("standup"), undefined);
  assert.equal(sourceFile("chat, 2 Dec"), undefined);
  assert.equal(sourceFile("https://example.com/x.md"), undefined);
  assert.equal(sourceFile("../outside.txt"), undefined);
  assert.equal(sourceFile("/etc/passwd"), undefined);
});
