// Above the full-check bound (100,000 cards in use; 20 entries here through MEMCTL_FULL_CHECK_MAX) a prompt asks its
// store's keeper which cards changed, as it does below the bound, instead of trusting a full check up to 2 s old.
// End to end with the real compiled hook and a real keeper: an edit made by hand right before a prompt is in that
// prompt's block, prompts asked at once each see it, and a keeper SIGKILLed or SIGSTOPped costs a prompt its deadline
// and no more: it takes today's path (the same block as with the keeper turned off) and leaves no question behind.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { processAlive } from "../../lib/store/lock.js";
import { askKeeper, keeperAskDir } from "../../lib/rank-cache/keeper-ask.js";
import { openCache } from "../../lib/rank-cache/read.js";
import { checkedText, openDelta } from "../../lib/rank-cache/delta.js";
import { ageStore, cardText, REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { keeperHolder, questionsLeft, stopKeepers, waitFor } from "../support/keepers.js";
import { editInPlace, sleep } from "../support/card-cache-fixture.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const linux = { skip: process.platform !== "linux", timeout: 120_000 };
const cards = Array.from({ length: 40 }, (_, i) => {
  const n = String(i).padStart(3, "0");
  return { file: `feedback_b${n}.md`, title: `Card b${n}`, hook: `note number b${n} about the build`, topics: ["build"] };
});

function largeStore(t: { after: (fn: () => Promise<void>) => void }) {
  const s = sandbox(cards);
  ageStore(s.memory);
  t.after(async () => {
    await stopKeepers(s.home);
    s.cleanup();
  });
  const off = path.join(s.home, "off.toml");
  fs.writeFileSync(off, "[hook]\nkeeper = false\n");
  const env = {
    PATH: process.env.PATH,
    HOME: s.home,
    MEMCTL_MEMORY_DIR: s.memory,
    MEMCTL_CONFIG_FILE: path.join(s.home, "none.toml"),
    MEMCTL_FULL_CHECK_MAX: "20",
    MEMCTL_KEEPER_MIN: "10",
  };
  const prompt = async (text: string, more: Record<string, string> = {}) => {
    const r = await runBounded([HOOK, "--host", "generic"], JSON.stringify({ cwd: s.repo, prompt: text }), { ...env, ...more }, s.repo, 30_000);
    assert.equal(r.code, 0, r.stderr);
    return r;
  };
  /** A live keeper whose answer names the cache on disk and no card (so its last round's check is < 2 s old). */
  const atRest = async () => {
    await waitFor(() => keeperHolder(s.memory) !== undefined && processAlive(keeperHolder(s.memory)!), 15_000, "a keeper");
    for (const deadline = Date.now() + 20_000; ; ) {
      const answer = await askKeeper(s.memory, 2_000);
      const base = openCache(s.memory);
      // The asker reads an answer before the keeper removes its name: a signal sent in between would leave it there.
      if (answer && answer.cards.size === 0 && base && answer.checked === checkedText(base, openDelta(s.memory, base)?.text)) {
        await waitFor(() => questionsLeft(s.memory).length === 0, 10_000, "the answered question's name removed");
        return keeperHolder(s.memory)!;
      }
      if (Date.now() > deadline) assert.fail("no keeper answering above the full-check bound");
      await sleep(50);
    }
  };
  return { s, off, prompt, atRest };
}

test("above the full-check bound the keeper answers: an in-place edit, a new card and concurrent prompts each see the edit made right before", linux, async (t) => {
  const { s, prompt, atRest } = largeStore(t);
  assert.match((await prompt("the build")).stdout, /feedback_b001\.md/);
  const slow = { MEMCTL_KEEPER_ANSWER_MS: "10000" }; // a loaded machine: the answer, not the deadline, decides

  // In place, size and mtime kept: no directory moves; within the keeper's 2 s window only its watch sees it.
  await atRest();
  editInPlace(path.join(s.memory, "feedback_b007.md"), '- "build"', '- "zorro"');
  assert.match((await prompt("zorro", slow)).stdout, /feedback_b007\.md/);

  // A new card and its index line, written as an editor would (MEMORY.md edited by hand).
  await atRest();
  fs.writeFileSync(path.join(s.memory, "project_newt.md"), cardText({ file: "project_newt.md", title: "Newt", hook: "a newt made by hand", topics: ["newt"] }));
  fs.appendFileSync(path.join(s.memory, "MEMORY.md"), "- [Newt](project_newt.md) — a newt made by hand\n");
  assert.match((await prompt("newt", slow)).stdout, /project_newt\.md/);

  // Six prompts at once, right after another in-place edit: each is answered and each sees it.
  await atRest();
  editInPlace(path.join(s.memory, "feedback_b011.md"), '- "build"', '- "okapi"');
  const blocks = await Promise.all(Array.from({ length: 6 }, () => prompt("okapi", slow)));
  for (const b of blocks) assert.match(b.stdout, /feedback_b011\.md/);
  await waitFor(() => fs.readdirSync(keeperAskDir(s.memory)).length === 0, 10_000, "no question left");
});

for (const signal of ["SIGKILL", "SIGSTOP"] as const) {
  test(`above the full-check bound a ${signal}ed keeper costs a prompt its deadline, then today's path`, linux, async (t) => {
    const { s, off, prompt, atRest } = largeStore(t);
    await prompt("the build");
    const pid = await atRest();
    process.kill(pid, signal);
    t.after(() => {
      if (processAlive(pid)) process.kill(pid, "SIGKILL");
    });
    if (signal === "SIGKILL") await waitFor(() => !processAlive(pid), 20_000, "the keeper gone");
    const own = await prompt("the build");
    assert.ok(own.ms < 10_000, `answered in ${own.ms} ms`);
    assert.match(own.stdout, /feedback_b\d+\.md/);
    assert.equal(own.stdout, (await prompt("the build", { MEMCTL_CONFIG_FILE: off })).stdout, "the block of a prompt that asks no keeper");
    assert.deepEqual(questionsLeft(s.memory), [], "the unanswered question removed");
    // Then an edit is seen: past the 2 s window a prompt beside a stopped keeper stats every card itself; a killed
    // keeper is replaced by the one the prompt above started, which answers.
    if (signal === "SIGSTOP") await sleep(2_100);
    else await atRest();
    editInPlace(path.join(s.memory, "feedback_b013.md"), '- "build"', '- "gecko"');
    const more: Record<string, string> = signal === "SIGKILL" ? { MEMCTL_KEEPER_ANSWER_MS: "10000" } : {};
    assert.match((await prompt("gecko", more)).stdout, /feedback_b013\.md/);
    if (processAlive(pid)) process.kill(pid, "SIGKILL");
    await waitFor(() => !processAlive(pid), 20_000, "the keeper gone");
  });
}
