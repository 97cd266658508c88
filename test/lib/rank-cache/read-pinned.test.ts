// The rank cache's header names the pinned cards' paths (lib/rank-cache/read.ts pinnedFiles), served as the cards'
// files without the view's checks: a cache planted with a path that is no card's (outside the store, absolute)
// must mean "rebuild" to the real prompt hook, and `memctl why` must never list that path as a card.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ageStore, REPO_ROOT, writeStore } from "../../helpers.js";
import { editBytesInPlace, hookDirs, runHook, runIn } from "../../support/hook-process.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
/** Eleven bytes, as each planted path is: the cache is edited in place, its length and mtime kept, so still trusted. */
const PINNED = "fb_pin_a.md";

for (const planted of ["../x/out.md", "/etc/passwd"]) {
  test(`a rank cache whose pinned path was edited to ${planted}: the hook rebuilds and why shows the card's own path`, async (t) => {
    const dirs = hookDirs(t, "memctl-pinned-");
    writeStore(dirs.memory, [
      { file: PINNED, title: "Always squash", hook: "squash merge every branch", priority: "always" },
      ...Array.from({ length: 4 }, (_, i) => ({ file: `feedback_k${i}.md`, title: `kiwi ${i}`, hook: `kiwi note ${i} about the build` })),
    ]);
    ageStore(dirs.memory);
    await new Promise((r) => setTimeout(r, 250));
    const run = () => runHook(dirs, "kiwi build note 2");
    // `why` lists each injected line's card: the paths the load served, not the printed lines' text.
    const why = () => runIn(dirs, "", [CLI, "why", "--json", "--last", "1"]);
    const clean = run();
    assert.equal(clean.status, 0, clean.stderr);
    assert.match(clean.stdout, /fb_pin_a\.md/);
    const cache = path.join(dirs.memory, ".memctl", "rank-cache.bin");
    const from = `"pinnedFiles":["${PINNED}"]`;
    assert.equal(fs.readFileSync(cache, "latin1").split(from).length, 2, "the header names the pinned path once");
    editBytesInPlace(cache, from, `"pinnedFiles":["${planted}"]`);
    for (let i = 0; i < 2; i++) {
      const r = run();
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /fb_pin_a\.md/);
      assert.ok(!r.stdout.includes(planted), r.stdout);
      const w = why();
      assert.equal(w.status, 0, w.stderr);
      assert.match(w.stdout, /fb_pin_a\.md/);
      assert.ok(!w.stdout.includes(planted), w.stdout);
    }
  });
}
