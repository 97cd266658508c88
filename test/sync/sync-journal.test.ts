// A sync pull reaches the next prompt through the write journal (lib/store/write-journal.ts journalChange,
// lib/sync/run.ts): the prompt after it applies the merge's edit of MEMORY.md and re-checks only the files the merge
// changed, and what it ranks is what a rebuild from the files gives. Two machines, one bare remote, real git and
// the built CLI; bob is the machine whose prompts are observed.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable, type RankableStore } from "../../lib/rank-cache/load.js";
import { journalPath } from "../../lib/store/write-journal.js";
import { ageStore, cardText, writeStore } from "../helpers.js";
import { hookOn, ok, syncedPair } from "../support/machines.js";

/** Above this many entries a prompt within VERIFIED_FOR_MS of a full check trusts it (lib/rank-cache/load.ts). */
const LARGE = { fullCheckMax: 10 };
const cards = Array.from({ length: 30 }, (_, i) => {
  const n = String(i).padStart(2, "0");
  return { file: `feedback_s${n}.md`, title: `Card s${n}`, hook: `about s${n}`, topics: ["sync"] };
});

/** Alice and bob share a remote (own trust: arrivals apply); bob has pulled alice's 30 cards and ranked them once. */
async function pulled(t: { after: (fn: () => void) => void }) {
  const { a, b } = await syncedPair(t, "own");
  writeStore(a.mem, cards);
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  ageStore(b.mem); // past the racy window: the first load writes its cache
  assert.equal((await loadRankable(b.mem, { nowMs: Date.now(), ...LARGE })).cache, "rebuilt");
  return { a, b };
}

/** What ranking sees: every entry with its line and fields, some terms' postings, the counts. */
function shape(store: RankableStore) {
  const entries = Array.from({ length: store.index.size }, (_, id) => {
    const e = store.index.entry(id);
    return [e.line, e.file, e.title, e.hook, e.raw];
  });
  const postings = Object.fromEntries(
    ["zanzibar", "quokka", "wombat", "sync"].map((term) => {
      const list = store.index.postings(term);
      return [term, list ? Array.from(list.id, (id) => store.index.file(id)).sort() : []];
    }),
  );
  return { entries, postings, unparsed: store.unparsed.map((u) => [u.line, u.raw]), entryCount: store.entryCount, cardCount: store.cardCount };
}

const rebuilt = async (memory: string) => shape(await loadRankable(memory, { nowMs: Date.now(), force: true, writeCache: false }));

test("the prompt after a sync pull re-checks only the pulled card, and its block has the pulled change", async (t) => {
  const { a, b } = await pulled(t);
  // A check of every card just now (a keeper's, or a prompt's): prompts within VERIFIED_FOR_MS trust it.
  const checkedAt = Date.now();
  fs.utimesSync(path.join(b.mem, ".memctl", "rank-cache.bin"), checkedAt / 1000, checkedAt / 1000);
  // Then an editor saves another card of bob's in place (same inode, no directory moves): a change only a check of
  // every card finds, so whether it is in the next load tells whether that load checked every card.
  fs.writeFileSync(path.join(b.mem, cards[7]!.file), cardText({ ...cards[7]!, topics: ["sync", "quokka"] }));
  await ok(a, ["save", "feedback_s05", "-t", "feedback", "-d", "the zanzibar flag moved"]);
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  assert.match(fs.readFileSync(journalPath(b.mem), "utf8"), /"c":\[[^\]]*"feedback_s05\.md"/, "the sync journaled the card it pulled");

  // A prompt inside the window: the merge's line edit applied and the pulled card read, no other card checked.
  const inWindow = await loadRankable(b.mem, { nowMs: checkedAt + 500, ...LARGE });
  assert.equal(inWindow.cache, "updated");
  assert.equal(inWindow.verified, false, "not every card was checked");
  const seen = shape(inWindow);
  assert.ok(seen.entries.some((e) => e[1] === "feedback_s05.md" && e[3] === "the zanzibar flag moved"));
  assert.deepEqual(seen.postings.zanzibar, ["feedback_s05.md"]);
  assert.deepEqual(seen.postings.quokka, [], "the card the journal did not name was not stat'ed");
  // Past the window a prompt checks every card: the in-place edit is in, and all of it is what a rebuild reads.
  const later = await loadRankable(b.mem, { nowMs: Date.now() + 5_000, ...LARGE, writeCache: false });
  assert.equal(later.verified, true);
  assert.deepEqual(shape(later), await rebuilt(b.mem));
  assert.match(hookOn(b, "where did the zanzibar flag go"), /feedback_s05\.md\) — the zanzibar flag moved/);
});

test("a pull that adds, removes and edits cards, and one that conflicts with a local edit, reach the next load as a rebuild reads them", async (t) => {
  const { a, b } = await pulled(t);
  const steps: [string, () => Promise<void>][] = [
    [
      "a new card and a removal",
      async () => {
        await ok(a, ["save", "feedback_wombat", "-t", "feedback", "-d", "a wombat note from alice"]);
        await ok(a, ["rm", "feedback_s03"]);
      },
    ],
    ["an edited description", () => ok(a, ["save", "feedback_s20", "-t", "feedback", "-d", "zanzibar moved again"]).then(() => undefined)],
    [
      "both sides edit one card (the loser becomes a proposal)",
      async () => {
        await ok(a, ["save", "feedback_s11", "-t", "feedback", "-d", "alice says zanzibar"]);
        await ok(b, ["save", "feedback_s11", "-t", "feedback", "-d", "bob says quokka"]);
      },
    ],
  ];
  for (const [what, change] of steps) {
    await change();
    await ok(a, ["sync"]);
    await ok(b, ["sync"]);
    const records = fs.readFileSync(journalPath(b.mem), "utf8").trim().split("\n");
    assert.equal(JSON.parse(records.at(-1)!).x, undefined, `${what}: the sync's record states the change exactly`);
    const loaded = await loadRankable(b.mem, { nowMs: Date.now(), ...LARGE, writeCache: false });
    assert.equal(loaded.cache, "updated", what);
    assert.deepEqual(shape(loaded), await rebuilt(b.mem), what);
  }
});
