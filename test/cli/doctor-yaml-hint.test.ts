// Claude Code writes descriptions such as `description: Paths — Z: drive has a path problem` and
// "include `weight: 1` in frontmatter": a ": " inside an unquoted value is not YAML. doctor's fix said to make the
// card "a readable regular file (not a FIFO, device or directory)", which it is. It names the line to quote now.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

test("doctor names the frontmatter line whose unquoted value holds ': ' and how to quote it", async () => {
  const w = makeWorld();
  fs.writeFileSync(path.join(w.mem, "project_paths.md"), "---\nname: Working paths\ndescription: Real paths — drive Z: has a problem, use C:\\dev\ntype: project\n---\nbody\n");
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Working paths](project_paths.md) — where we work\n");
  const json = JSON.parse((await memctl(w, ["doctor", "--json"])).stdout);
  assert.equal(json.unreadable_cards.length, 1);
  assert.match(json.unreadable_cards[0].fix, /line 3 .*description/);
  const text = (await memctl(w, ["doctor"])).stdout;
  assert.doesNotMatch(text, /FIFO/, "the card is a regular file: that advice does not apply");
  assert.match(text, /quote/);
});
