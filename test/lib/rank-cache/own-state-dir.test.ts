// A store's first prompt creates .memctl/ (session state) before it ranks, which moves the store's mtime: a change
// of memctl's own, so the build must still be saved (test/hooks/first-prompt-cache.test.ts runs the real hook).
// The build used to tell that change by .memctl/'s birth time being the store's mtime, but the two are stamped by
// separate clock reads in one mkdir: a clock tick between them, or a fine-grained mtime after a stat of the store
// (Linux 6.13+ multigrain timestamps), makes them differ, and the second prompt built again. Here the hook's
// order, a stat of the store, then .memctl/ made, then the build, is repeated over fresh stores: every build saved.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable, RANK_CACHE } from "../../../lib/rank-cache/load.js";
import { ensureStateDir } from "../../../lib/store/lock.js";
import { ageStore, sandbox } from "../../helpers.js";

const cards = [
  { file: "feedback_a.md", title: "Redis cache", hook: "ttl sixty seconds" },
  { file: "project_b.md", title: "Deploy", hook: "argo" },
];

test("a build right after this process made .memctl/ is saved, however the store's mtime and .memctl/'s birth time were stamped", async (t) => {
  const s = sandbox([]);
  t.after(() => s.cleanup());
  let unsaved = 0;
  for (let i = 0; i < 40; i++) {
    const memory = path.join(s.root, `m${i}`);
    fs.mkdirSync(memory);
    fs.writeFileSync(path.join(memory, "MEMORY.md"), ["# Memory", "", ...cards.map((c) => `- [${c.title}](${c.file}) — ${c.hook}`)].join("\n") + "\n");
    for (const c of cards) fs.writeFileSync(path.join(memory, c.file), `---\nname: ${c.file.slice(0, -3)}\ndescription: ${c.hook}\n---\n`);
    ageStore(memory);
    const nowMs = Date.now(); // the hook's clock is read when it starts, before it makes .memctl/
    fs.statSync(memory); // as the hook's resolution does
    ensureStateDir(memory); // as its session state does, before ranking
    const store = await loadRankable(memory, { nowMs });
    if (store.cache !== "rebuilt" || !fs.existsSync(path.join(memory, ".memctl", RANK_CACHE))) unsaved++;
  }
  assert.equal(unsaved, 0, `${unsaved} of 40 first builds not saved`);
});

test("a change to the store after this process made .memctl/ still keeps the build unsaved", async (t) => {
  const s = sandbox(cards);
  t.after(() => s.cleanup());
  ageStore(s.memory);
  const nowMs = Date.now();
  ensureStateDir(s.memory);
  fs.writeFileSync(path.join(s.memory, "project_new.md"), "---\nname: project_new\n---\n"); // a card made meanwhile
  assert.equal((await loadRankable(s.memory, { nowMs })).cache, "uncached");
  assert.equal(fs.existsSync(path.join(s.memory, ".memctl", RANK_CACHE)), false);
});
