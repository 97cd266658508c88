// Issue "Memory that stays true" item 2: editors write cards in place (same inode, the directory's mtime
// untouched), and the next prompt's block must reflect the edit at any store size up to 10,000 cards.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { generateStore, type GeneratedCard } from "../../bench/gen-store.js";
import { loadRankable } from "../../lib/rank-cache/load.js";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";
import { stopKeepers } from "../support/keepers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const payload = (cwd: string, prompt: string) => JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd, hook_event_name: "UserPromptSubmit", prompt });

/**
 * A generated store of `cards` cards, at rest, with its rank cache written and used, removed after the test. Above
 * KEEPER_MIN entries a prompt starts a freshness keeper, which writes under .memctl/ about every second: it is
 * stopped, and awaited, before the store goes (removing the store under it failed with ENOTEMPTY).
 */
async function restingStore(t: TestContext, cards: number) {
  const s = sandbox([]);
  t.after(async () => {
    await stopKeepers(s.home);
    s.cleanup();
  });
  const store = generateStore({ cards, dir: s.memory, usageCalls: 0 });
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const prompt = async (text: string) => {
    const r = await runBounded([HOOK, "--host", "generic"], payload(s.repo, text), env, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    assert.doesNotMatch(r.stdout, /UNAVAILABLE/);
    return r.stdout;
  };
  await prompt("ok"); // writes the rank cache: the edits below meet a cache that is fresh
  assert.equal((await loadRankable(s.memory, { nowMs: Date.now(), writeCache: false })).cache, "fresh");
  return { s, cards: store.cards, prompt };
}

/** Rewrites a card through its existing path (no rename: same inode, the directory's mtime unchanged). */
function editInPlace(memory: string, file: string, edit: (text: string) => string, options: { keepMtime?: boolean } = {}) {
  const abs = path.join(memory, file);
  const before = fs.statSync(abs);
  const dirBefore = fs.statSync(memory).mtimeMs;
  fs.writeFileSync(abs, edit(fs.readFileSync(abs, "utf8")));
  if (options.keepMtime) fs.utimesSync(abs, before.atime, before.mtime); // an edit within the same timestamp tick
  const after = fs.statSync(abs);
  assert.equal(after.ino, before.ino);
  assert.equal(fs.statSync(memory).mtimeMs, dirBefore);
  return { before, after };
}

const linked = (block: string, file: string) => block.indexOf(`](${file})`);
/** The card's number in its file name ("feedback_deploy_00042.md" → "00042"): a term no other card has. */
const numberOf = (card: GeneratedCard) => /_(\d{5})\.md$/.exec(card.file)![1]!;
const plain = (cards: GeneratedCard[]) => cards.filter((c) => c.priority === "normal" && c.status === "active");

for (const size of [2_000, 10_000]) {
  test(`${size} cards: in-place edits to a card's frontmatter are in the very next prompt's block`, async (t) => {
    const { s, cards, prompt } = await restingStore(t, size);
    // Cards far apart in the store, none pinned, low or stale; the first ones, so a card pinned by the edit
    // prints before the store's other pinned cards.
    const [pin, sameTick, topical, sink, rival] = plain(cards).filter((_, i) => i % 7 === 0);
    const revived = cards.find((c) => c.status === "stale" && c.priority === "normal")!;
    const matchBoth = `${numberOf(sink!)} ${numberOf(rival!)}`;
    const broad = `${revived.topics[0]} ${numberOf(revived)}`;

    const before = { ok: await prompt("ok"), topic: await prompt("the zanzibar rollout"), both: await prompt(matchBoth), broad: await prompt(broad) };
    assert.equal(linked(before.ok, pin!.file), -1);
    assert.equal(linked(before.ok, sameTick!.file), -1);
    assert.equal(linked(before.topic, topical!.file), -1);
    assert.ok(linked(before.both, sink!.file) >= 0 && linked(before.both, sink!.file) < linked(before.both, rival!.file), before.both);
    assert.equal(linked(before.broad, revived.file), -1); // stale: below the budget of a broad prompt

    // priority: normal → always is a same-size edit: only the mtime (and ctime) say the card changed.
    const pinned = editInPlace(s.memory, pin!.file, (text) => text.replace("priority: normal", "priority: always"));
    assert.equal(pinned.after.size, pinned.before.size);
    // The same edit with the mtime put back (an edit within the same timestamp tick): only the ctime moved.
    editInPlace(s.memory, sameTick!.file, (text) => text.replace("priority: normal", "priority: always"), { keepMtime: true });
    // A topic ranking uses: the card becomes the one match for a word no card had.
    editInPlace(s.memory, topical!.file, (text) => text.replace("topics:\n", 'topics:\n  - "zanzibar"\n'));
    // status: superseded takes the card out of the block (docs/ranking.md); stale → active lifts one.
    editInPlace(s.memory, sink!.file, (text) => text.replace("status: active", "status: superseded"));
    editInPlace(s.memory, revived.file, (text) => text.replace("status: stale", "status: active"));

    const ok = await prompt("ok");
    assert.ok(linked(ok, pin!.file) >= 0, "the card edited to priority: always is pinned on the next prompt");
    assert.ok(linked(ok, sameTick!.file) >= 0, "an edit that kept size and mtime is seen too");
    assert.ok(linked(await prompt("the zanzibar rollout"), topical!.file) >= 0, "a topic added in place makes the card a match");
    const both = await prompt(matchBoth);
    assert.ok(linked(both, rival!.file) >= 0 && linked(both, sink!.file) === -1, `a superseded card is no longer injected: ${both}`);
    assert.ok(linked(await prompt(broad), revived.file) >= 0, "a card made active again is ranked on the next prompt");
  });
}
