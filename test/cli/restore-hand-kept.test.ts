// A new user's store holds cards memctl never wrote (no topics/priority/status/updated_at/repo_refs fields, or a
// long description an import kept). `rm` adopts such a card and removes it; history then says "memctl restore NAME
// REV writes one back", and restore refused it for lacking the standard fields (and for the long description an
// import kept). A restore adds the fields it lacks as fix-fields does, and judges the description as unchanged.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

test("rm then restore NAME 1 brings a hand-written card back, its lines kept and the standard fields added; a live subfolder card restores in place", async () => {
  const w = makeWorld();
  const text = `---\nname: elementor-cache\ndescription: ${"Purge the Elementor cache after every template change, ".repeat(5)}\ntype: feedback\n---\nbody\n`;
  fs.writeFileSync(path.join(w.mem, "feedback_elementor_cache.md"), text);
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Elementor cache](feedback_elementor_cache.md) — purge it\n");
  const index = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8");
  assert.equal((await memctl(w, ["rm", "elementor-cache"])).code, 0);
  const restore = await memctl(w, ["restore", "elementor-cache", "1"]);
  assert.equal(restore.code, 0, restore.stderr);
  const back1 = fs.readFileSync(path.join(w.mem, "feedback_elementor_cache.md"), "utf8");
  for (const line of text.split("\n")) assert.ok(back1.split("\n").includes(line), line);
  assert.match(back1, /^topics: \[\]$/m);
  assert.equal((await memctl(w, ["doctor", "--json"])).stdout.includes("feedback_elementor_cache.md: topics"), false);
  // Its line is back where it was, with its title; its hook follows the description, as on every save.
  const lines = fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8").split("\n");
  assert.equal(lines.length, index.split("\n").length);
  assert.ok(lines[3]!.startsWith("- [Elementor cache](feedback_elementor_cache.md) — Purge the Elementor"), lines[3]);

  fs.mkdirSync(path.join(w.mem, "decisions"));
  const v1 = "---\nname: queue-over-cron\ndescription: jobs\n---\nJobs go through the queue.\n";
  fs.writeFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), v1);
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [Queue](decisions/queue-over-cron.md) — jobs\n");
  assert.equal((await memctl(w, ["adopt", "queue-over-cron"])).code, 0);
  fs.writeFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), v1.replace("queue.", "cron."));
  assert.equal((await memctl(w, ["adopt", "queue-over-cron"])).code, 0);
  const back = await memctl(w, ["restore", "queue-over-cron", "1"]);
  assert.equal(back.code, 0, back.stderr);
  assert.match(fs.readFileSync(path.join(w.mem, "decisions", "queue-over-cron.md"), "utf8"), /Jobs go through the queue\./);
});

test("a restore still refuses what a save refuses: invisible tag characters", async () => {
  const w = makeWorld();
  const hidden = String.fromCodePoint(0xe0041, 0xe0042);
  fs.writeFileSync(path.join(w.mem, "feedback_x.md"), `---\nname: x\ndescription: x\n---\nbody${hidden}\n`);
  assert.equal((await memctl(w, ["rm", "x"])).code, 0);
  const restore = await memctl(w, ["restore", "x", "1"]);
  assert.notEqual(restore.code, 0);
  assert.match(restore.stderr, /invisible Unicode tag characters/);
  assert.equal(fs.existsSync(path.join(w.mem, "feedback_x.md")), false);
});
