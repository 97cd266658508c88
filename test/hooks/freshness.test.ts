// Issue "Memory that stays true" item 2: editors write cards in place (same inode, the directory's mtime
// untouched), and the next prompt's block must reflect the edit at any store size up to 10,000 cards.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ageStore, generateStore, type GeneratedCard } from "../../bench/gen-store.js";
import { loadRankable } from "../../lib/rank/cache.js";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const payload = (cwd: string, prompt: string) => JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd, hook_event_name: "UserPromptSubmit", prompt });

/** A generated store of `cards` cards, at rest, with its rank cache written and used. */
async function restingStore(cards: number) {
  const s = sandbox([]);
  const store = generateStore({ cards, dir: s.memory, usageCalls: 0 });
  const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
  const prompt = async (text: string) => {
    const r = await runBounded([HOOK, "--host", "generic"], payload(s.repo, text), env, s.repo, 30_000);
    assert.equal(r.code, 0, r.stdout);
    assert.doesNotMatch(r.stdout, /UNAVAILABLE/);
    return r.stdout;
  };
  /** Backdates `files` (cards just edited) and lets a prompt write the cache again: the next edit meets a fresh cache. */
  const settle = async (files: string[]) => {
    ageStore(
      s.memory,
      files.map((file) => ({ file })),
    );
    await prompt("ok");
    assert.equal((await loadRankable(s.memory, { nowMs: Date.now(), writeCache: false })).cache, "fresh");
  };
  await settle([]);
  return { s, cards: store.cards, prompt, settle };
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
    const { s, cards, prompt, settle } = await restingStore(size);
    t.after(() => s.cleanup());
    // Cards far apart in the store, none pinned, low or stale; the first ones, so a pinned one prints before the
    // other pinned cards of the store.
    const [pin, sameTick, topical, sink, rival] = plain(cards).filter((_, i) => i % 7 === 0);

    // priority: normal → always is a same-size edit: only the mtime says the card changed.
    assert.equal(linked(await prompt("ok"), pin!.file), -1);
    const { before, after } = editInPlace(s.memory, pin!.file, (text) => text.replace("priority: normal", "priority: always"));
    assert.equal(after.size, before.size);
    assert.ok(linked(await prompt("ok"), pin!.file) >= 0, "the card edited to priority: always is pinned on the next prompt");
    await settle([pin!.file]);

    // The same edit with the mtime put back (an edit in the same timestamp tick): same size, same mtime.
    editInPlace(s.memory, sameTick!.file, (text) => text.replace("priority: normal", "priority: always"), { keepMtime: true });
    assert.ok(linked(await prompt("ok"), sameTick!.file) >= 0, "an edit that kept size and mtime is seen too");
    await settle([sameTick!.file]);

    // A topic ranking uses: the card becomes the one match for a word no card had.
    assert.equal(linked(await prompt("the zanzibar rollout"), topical!.file), -1);
    editInPlace(s.memory, topical!.file, (text) => text.replace("topics:\n", 'topics:\n  - "zanzibar"\n'));
    assert.ok(linked(await prompt("the zanzibar rollout"), topical!.file) >= 0, "a topic added in place makes the card a match");
    await settle([topical!.file]);

    // status: superseded sinks the card below a card that matches the prompt as well.
    const query = `${numberOf(sink!)} ${numberOf(rival!)}`;
    const first = await prompt(query);
    assert.ok(linked(first, sink!.file) >= 0 && linked(first, sink!.file) < linked(first, rival!.file), first);
    editInPlace(s.memory, sink!.file, (text) => text.replace("status: active", "status: superseded"));
    const sunk = await prompt(query);
    assert.ok(linked(sunk, rival!.file) >= 0 && linked(sunk, sink!.file) > linked(sunk, rival!.file), `a superseded card sinks: ${sunk}`);
    await settle([sink!.file]);

    // A stale card made active again rises from below the budget to the top of a broad prompt's block.
    const revived = cards.find((c) => c.status === "stale" && c.priority === "normal")!;
    const broad = `${revived.topics[0]} ${numberOf(revived)}`;
    assert.equal(linked(await prompt(broad), revived.file), -1);
    editInPlace(s.memory, revived.file, (text) => text.replace("status: stale", "status: active"));
    assert.ok(linked(await prompt(broad), revived.file) >= 0, "a card made active again is ranked on the next prompt");
  });
}
