import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { makeWorld, memctl } from "../support/fixture.js";

// Audit finding 5: `import claude --from /nonexistent` exited 0 listing it as a source, and `instructions --dir
// /nonexistent` exited 0 composing for a directory that is not there. A path that is not a directory is bad input.

test("import claude --from and instructions --dir refuse a missing path or a file with exit 2", async () => {
  const w = makeWorld();
  const missing = path.join(w.root, "nonexistent");
  const file = path.join(w.root, "a-file");
  fs.writeFileSync(file, "x\n");
  for (const argv of [
    ["import", "claude", "--from", missing],
    ["import", "claude", "--from", missing, "--yes"],
    ["instructions", "--dir", missing],
  ]) {
    const r = await memctl(w, argv);
    assert.equal(r.code, 2, argv.join(" "));
    assert.match(r.stderr, /--(from|dir) \S+nonexistent does not exist; nothing was done/);
  }
  const r = await memctl(w, ["instructions", "--dir", file, "--json"]);
  assert.equal(r.code, 2);
  assert.equal(JSON.parse(r.stdout).error.code, "E_USAGE");
  assert.match(r.stderr, /is not a directory/);
  assert.deepEqual(fs.readdirSync(w.mem), ["MEMORY.md"], "nothing imported");
  // An existing directory still works.
  assert.equal((await memctl(w, ["instructions", "--dir", w.repo])).code, 0);
  assert.equal((await memctl(w, ["import", "claude", "--from", w.root])).code, 0);
});
