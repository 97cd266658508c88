// A linked card's stamp as a keeper's check takes it (lib/rank-cache/stamps.ts cardStamp with the round's stats): a
// card with nothing at its path is handed over as ABSENT, which the watch keeps and its creation's event drops; a
// dangling symlink is not absent (its target may appear where no watch sees it), and a link out of the store is
// never looked at.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { cardStamp, MISSING } from "../../../lib/rank-cache/stamps.js";
import { ABSENT, type CardStamps } from "../../../lib/store/full-check.js";
import { tempDir } from "../../helpers.js";

test("a missing card is handed to the round's stats as ABSENT and read back as missing; a dangling symlink is not", (t) => {
  const dir = tempDir("memctl-stamps-");
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, "here.md"), "x\n");
  fs.symlinkSync(path.join(dir, "nowhere-target.md"), path.join(dir, "dangling.md"));
  const stats: CardStamps = new Map();
  for (const f of ["gone.md", "dangling.md", "../outside.md", "here.md"]) assert.equal(cardStamp(dir, f, stats)[0] === -1, f !== "here.md", f);
  assert.deepEqual([...stats.keys()], ["gone.md"], "only the card with nothing at its path; a present card is the card cache's to hand over");
  assert.deepEqual(stats.get("gone.md"), ABSENT);
  assert.deepEqual(cardStamp(dir, "gone.md", stats), MISSING, "held: read as the rank cache's stamp of a missing card");
  // Held, it is not stat'ed again: only the watch's event (which drops it) makes the card seen.
  fs.writeFileSync(path.join(dir, "gone.md"), "now here\n");
  assert.deepEqual(cardStamp(dir, "gone.md", stats), MISSING);
  stats.delete("gone.md");
  assert.notEqual(cardStamp(dir, "gone.md", stats)[0], -1);
});
