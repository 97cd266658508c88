// A store for the write-journal tests (test/lib/rank-cache/journal.test.ts, patch.test.ts): sandboxed cards, a
// heading and a bullet that is no entry in the middle of MEMORY.md (line numbers and unparsed lines must follow
// the edits), every file aged past the racy window, and memctl run in process against it.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { RANK_DELTA } from "../../lib/rank-cache/delta.js";
import { RANK_CACHE } from "../../lib/rank-cache/read.js";
import { ageStore, runCli, sandbox, testIo, type CardSpec } from "../helpers.js";

/** `cards` in a sandbox removed after the test, with "## Later" and a plain bullet inserted before MEMORY.md's line `at` (0-based). */
export function journalWorld(t: { after: (fn: () => void) => void }, cards: CardSpec[], at: number) {
  const s = sandbox(cards);
  t.after(() => s.cleanup());
  const index = fs.readFileSync(path.join(s.memory, "MEMORY.md"), "utf8").split("\n");
  index.splice(at, 0, "## Later", "- a bullet without a link");
  fs.writeFileSync(path.join(s.memory, "MEMORY.md"), index.join("\n"));
  ageStore(s.memory);
  const io = testIo({ cwd: s.repo, home: s.home, env: { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory } });
  /** One memctl command, which must succeed. */
  const cli = async (...argv: string[]) => {
    const r = await runCli(argv, io);
    assert.equal(r.code, 0, r.stderr);
  };
  /** Past the racy window: the next load may write its delta. */
  const past = () => new Promise((resolve) => setTimeout(resolve, 120));
  return { s, cli, past };
}

/** As a keeper just checked every card: the rank delta's (else the cache's) mtime now, so the next load trusts it. */
export function checkedNow(memory: string): void {
  const delta = path.join(memory, ".memctl", RANK_DELTA);
  const file = fs.existsSync(delta) ? delta : path.join(memory, ".memctl", RANK_CACHE);
  const now = new Date(Date.now() - 50);
  fs.utimesSync(file, now, now);
}
