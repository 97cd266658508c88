// The refresh in proportion to the change (lib/rank-cache/patch.ts): memctl's journaled writes applied to the
// delta's runs, and the keeper's check narrowed to the cards its watch named, give what a rebuild from the files
// reads, through any sequence of saves, new cards, removals and in-place edits; what they are not told of is read
// as before.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable, type RankableStore } from "../../../lib/rank-cache/load.js";
import { checkedNow, journalWorld } from "../../support/journal-world.js";
import { prng } from "../../support/prng.js";

const LARGE = { fullCheckMax: 10 };
const TERMS = ["wombat", "quokka", "zanzibar", "journal", "numbat", "bilby"];
const cards = Array.from({ length: 40 }, (_, i) => ({ file: `feedback_p${String(i).padStart(2, "0")}.md`, title: `Card p${i}`, hook: `about p${i}`, topics: ["journal"] }));

/** What ranking sees of a store: every entry with its line and fields, some terms' postings, the unparsed lines, the counts. */
function shape(store: RankableStore) {
  const entries = Array.from({ length: store.index.size }, (_, id) => {
    const e = store.index.entry(id);
    return [e.line, e.file, e.title, e.hook, e.raw, e.priority ?? "", e.status ?? "", store.index.lineText?.(id) ?? ""];
  });
  const postings = Object.fromEntries(
    TERMS.map((term) => {
      const list = store.index.postings(term);
      return [term, list ? Array.from(list.id, (id) => store.index.file(id)).sort() : []];
    }),
  );
  const always = store.index.alwaysIds.map((id) => store.index.file(id)).sort();
  return {
    entries,
    postings,
    always,
    unparsed: store.unparsed.map((u) => [u.line, u.raw]),
    entryCount: store.entryCount,
    cardCount: store.cardCount,
    plainFiles: store.plainFiles,
  };
}

const world = (t: { after: (fn: () => void) => void }) => journalWorld(t, cards, 14);

const settled = async (memory: string) => shape(await loadRankable(memory, { nowMs: Date.now(), force: true, writeCache: false }));

test("any sequence of saves, new cards, removals and topic edits reaches the next trusted load as a rebuild reads it, one write or several between loads", async (t) => {
  for (const seed of [1, 2, 3]) {
    const { s, cli, past } = world(t);
    const rand = prng(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const live = cards.map((c) => c.file.replace(/\.md$/, ""));
    let made = 0;
    assert.equal((await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE })).cache, "rebuilt");
    for (let step = 0; step < 9; step++) {
      const writes = 1 + Math.floor(rand() * 3);
      const did: string[] = [];
      for (let w = 0; w < writes; w++) {
        const kind = pick(["describe", "new", "rm", "topics", "pin"] as const);
        const name = pick(live);
        const term = pick(TERMS);
        if (kind === "describe") await cli("save", name, "-t", "feedback", "-d", `a ${term} note, step ${step}`);
        else if (kind === "new") {
          const fresh = `feedback_new${seed}_${made++}`;
          await cli("save", fresh, "-t", "feedback", "-d", `a new ${term} card`);
          live.push(fresh);
        } else if (kind === "rm" && live.length > 5) {
          await cli("rm", name);
          live.splice(live.indexOf(name), 1);
        } else if (kind === "topics")
          await cli("save", name, "--topics", term); // its index line kept: the card re-read
        else if (kind === "pin") await cli("save", name, "-t", "feedback", "-d", `pinned ${term}`, "--priority", "always");
        did.push(`${kind} ${name}`);
      }
      await past();
      checkedNow(s.memory);
      const loaded = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
      assert.equal(loaded.verified, false, "a trusted load: only what the journal names is checked");
      assert.deepEqual(shape(loaded), await settled(s.memory), `seed ${seed}, step ${step}: ${did.join(", ")}`);
    }
  }
});

test("an index whose lines do not each link their own card (a card linked twice) is still brought up to date through the journal", async (t) => {
  const { s, cli, past } = world(t);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  fs.appendFileSync(path.join(s.memory, "MEMORY.md"), "- [Card p3 again](feedback_p03.md) — the same card twice\n");
  await past();
  const twice = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE, checkAllCards: true });
  assert.equal(twice.plainFiles, false);
  for (const argv of [
    ["save", "feedback_p03", "-t", "feedback", "-d", "the wombat moved"],
    ["save", "feedback_extra", "-t", "feedback", "-d", "a quokka card"],
    ["rm", "feedback_p10"],
  ]) {
    await cli(...argv);
    await past();
    checkedNow(s.memory);
    const loaded = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
    assert.deepEqual(shape(loaded), await settled(s.memory), argv.join(" "));
  }
});

test("the keeper's check told which cards changed since its last one stats only those and the journaled ones, and folds them as a rebuild would", async (t) => {
  const { s, cli, past } = world(t);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  let stats = 0;
  const real = fs.statSync;
  t.mock.method(fs, "statSync", (p: fs.PathLike, ...rest: unknown[]) => {
    if (/\/feedback_\w+\.md$/.test(String(p))) stats++;
    return (real as (...a: unknown[]) => unknown)(p, ...rest);
  });
  const check = (changedSince?: { checked: string; cards: ReadonlySet<string> }) =>
    loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE, ...(changedSince ? { changedSince } : {}) });
  const first = await check();
  assert.ok(first.checked);
  // A card edited in place by hand (its watch names it) and a save of another (journaled).
  const p07 = path.join(s.memory, "feedback_p07.md");
  fs.writeFileSync(p07, fs.readFileSync(p07, "utf8").replace('  - "journal"', '  - "journal"\n  - "quokka"'));
  await cli("save", "feedback_p21", "-t", "feedback", "-d", "the zanzibar flag moved");
  await past();
  stats = 0;
  const folded = await check({ checked: first.checked!, cards: new Set(["feedback_p07.md", "feedback_p21.md"]) });
  assert.ok(stats <= 4, `${stats} card stats`);
  assert.equal(folded.verified, true);
  assert.deepEqual(shape(folded), await settled(s.memory));
  assert.deepEqual(shape(folded).postings.quokka, ["feedback_p07.md"]);
  assert.ok(folded.checked, "the delta it wrote is what the next check is told about");
  stats = 0;
  const quiet = await check({ checked: folded.checked!, cards: new Set() });
  assert.deepEqual([stats, quiet.verified], [0, true]);
  // A card made by hand moves the store directory with no record: every card is checked, whatever it is told.
  fs.writeFileSync(path.join(s.memory, "feedback_hand.md"), "---\nname: hand\ndescription: by hand\ntype: feedback\n---\nx\n");
  fs.writeFileSync(p07, fs.readFileSync(p07, "utf8").replace('  - "quokka"', '  - "bilby"'));
  await past();
  stats = 0;
  const moved = await check({ checked: quiet.checked ?? folded.checked!, cards: new Set(["feedback_hand.md"]) });
  assert.ok(stats >= cards.length, `${stats} card stats`);
  assert.deepEqual(shape(moved), await settled(s.memory));
});
