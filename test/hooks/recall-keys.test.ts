// Issue 28: recall keys through the compiled hook. A prompt worded like a card's key gets the card, the key's
// text never reaches the host, and a key edited in place is matched on the very next prompt (the rank cache in use).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable } from "../../lib/rank-cache/load.js";
import { ageStore, cardText, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const payload = (cwd: string, prompt: string) => JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd, hook_event_name: "UserPromptSubmit", prompt });

const withKeys = (text: string, keys: readonly string[]) => text.replace(/^priority: /m, `recall:\n${keys.map((k) => `  - ${JSON.stringify(k)}`).join("\n")}\npriority: `);

const KEYED = { file: "feedback_await_writes.md", title: "Await every write before showing success", hook: "the save handler awaits persistence" };
const OTHERS = Array.from({ length: 8 }, (_, i) => ({ file: `project_other_${i}.md`, title: `Other note ${i}`, hook: `unrelated detail number ${i}` }));

test("through the hook: a key's wording finds its card, the key is never printed, and an in-place key edit is seen next prompt", async (t) => {
  const s = sandbox([KEYED, ...OTHERS]);
  t.after(() => s.cleanup());
  const card = path.join(s.memory, KEYED.file);
  fs.writeFileSync(card, withKeys(cardText(KEYED), ["toast appears but the edit is gone after reload", "changes vanish on refresh"]));
  ageStore(s.memory);
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const prompt = async (text: string) => {
    const r = await runBounded([HOOK, "--host", "generic"], payload(s.repo, text), env, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    return r.stdout;
  };

  const first = await prompt("my edit is gone after a reload even though a toast appeared");
  assert.match(first, /feedback_await_writes\.md/);
  assert.ok(!first.includes("toast appears but the edit is gone after reload"), first);
  assert.ok(!first.includes("changes vanish on refresh"), first);
  assert.equal((await loadRankable(s.memory, { nowMs: Date.now(), writeCache: false })).cache, "fresh", "the rank cache is in use");

  // The keys edited in place (same inode, the directory untouched).
  const dirTime = fs.statSync(s.memory).mtime;
  const ino = fs.statSync(card).ino;
  fs.writeFileSync(card, withKeys(cardText(KEYED), ["spinner spins forever on submit"]));
  fs.utimesSync(s.memory, dirTime, dirTime);
  assert.equal(fs.statSync(card).ino, ino);
  const next = await prompt("the spinner spins forever when I submit");
  assert.match(next, /feedback_await_writes\.md/);
  assert.ok(!next.includes("spinner spins forever on submit"), next);
});
