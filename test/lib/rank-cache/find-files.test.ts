// The rank cache finds the entries linking given paths without decoding every path (CacheView.findFiles): a few by a
// native search of the path blob, many (a hold listing hundreds of held cards, lib/hook/held-ids.ts) by one pass
// hashing each entry's path. Both answer what reading every entry's path answers.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable } from "../../../lib/rank-cache/load.js";
import { openCache } from "../../../lib/rank-cache/read.js";
import { ageStore, sandbox } from "../../helpers.js";

for (const paths of ["ASCII", "not all ASCII"])
  test(`findFiles answers as a read of every path does, for a few paths and for many (${paths})`, async (t) => {
    const names = Array.from({ length: 60 }, (_, i) => (i % 7 === 0 && paths !== "ASCII" ? `feedback_ké${i}.md` : i % 5 === 0 ? `project_a${i}.md` : `feedback_a${i}.md`));
    const s = sandbox(names.map((file, i) => ({ file, title: `Card ${i}`, hook: `note ${i}` })));
    t.after(() => s.cleanup());
    // Two lines linking one card, and a path that is another's prefix and suffix.
    fs.appendFileSync(path.join(s.memory, "MEMORY.md"), `- [Again](${names[3]}) — the same card twice\n`);
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: Date.now() });
    const cache = openCache(s.memory);
    assert.ok(cache, "the rank cache was written");
    const every = Array.from({ length: cache.view.n }, (_, id) => cache.view.file(id));
    const expect = (wanted: string[]) => new Map(wanted.map((f) => [f, every.flatMap((g, id) => (g === f ? [id] : []))]));
    for (const wanted of [
      [names[3]!, "feedback_a1", "nope.md"],
      [...names.filter((_, i) => i % 2 === 1), names[3]!.slice(1), "absent.md", "a1.md"],
    ]) {
      assert.deepEqual(cache.view.findFiles(wanted), expect(wanted), `${wanted.length} paths`);
    }
  });
