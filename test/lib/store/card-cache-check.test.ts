// The keeper's check of the card cache from its names and numbers (lib/store/card-cache-check.ts): on real stores
// with a real card cache, it records a check exactly when the full pass over the decoded cache (card-cache.ts,
// verifyOnly) records one, writes nothing else, and never stats a name a listing would not give.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { readCardCatalog, readFresh } from "../../../lib/store/card-cache.js";
import { checkCardCache, checkCardStamps } from "../../../lib/store/card-cache-check.js";
import { CARD_CHECK, type CardStamps } from "../../../lib/store/full-check.js";
import { CACHE_READ_CAP } from "../../../lib/store/card-read.js";
import { editInPlace, handCard, sleep } from "../../support/card-cache-fixture.js";
import { makeWorld, type World } from "../../support/fixture.js";

const MAX = 5;
const CARDS = 12;
const name = (i: number) => `project_c${String(i).padStart(2, "0")}.md`;

/** 12 hand-written cards an hour old (past every racy window) and a card cache over them, at rest. */
async function cachedStore(t: TestContext): Promise<World> {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  for (let i = 0; i < CARDS; i++) fs.writeFileSync(path.join(w.mem, name(i)), handCard(`c${i}`, `card number ${i}`, `Body ${i}.`));
  const past = new Date(Date.now() - 3_600_000);
  for (const f of fs.readdirSync(w.mem)) fs.utimesSync(path.join(w.mem, f), past, past);
  fs.utimesSync(w.mem, past, past);
  await sleep(250); // utimes moved every ctime to now: past the cache's racy window
  // The first read makes .memctl/ (moving the store directory after its walk); the second walks again and settles.
  for (let i = 0; i < 2; i++) await readCardCatalog(w.mem, { freshness: { nowMs: Date.now(), fullCheckMax: MAX } });
  // The directory's mtime (moved by .memctl/) was too recent to trust when that cache was written: a read past the
  // racy window that trusts no check settles it (rewrites the cache), after which every stamp trails the cache's mtime.
  await sleep(250);
  await readCardCatalog(w.mem);
  return w;
}

const checkFile = (w: World) => path.join(w.mem, ".memctl", CARD_CHECK);
const cacheFile = (w: World) => path.join(w.mem, ".memctl", "card-cache");
const recordedAt = (w: World) => (fs.existsSync(checkFile(w)) ? (JSON.parse(fs.readFileSync(checkFile(w), "utf8")) as { at: number }).at : undefined);

/** Whether the full pass over the decoded cache records a check at `nowMs` (the record removed first, then compared). */
async function fullPassRecords(w: World, nowMs: number): Promise<boolean> {
  fs.rmSync(checkFile(w), { force: true });
  await readFresh(w.mem, { freshness: { nowMs, fullCheckMax: MAX, checkAll: true }, stateDirMade: false, verifyOnly: true });
  return recordedAt(w) === nowMs;
}

/** The stamp check's outcome at `nowMs`, whether it recorded the check, and the cache file left as it was. */
function stampCheck(w: World, nowMs: number, stats?: CardStamps) {
  fs.rmSync(checkFile(w), { force: true });
  const before = fs.statSync(cacheFile(w));
  const r = checkCardStamps(w.mem, { nowMs, fullCheckMax: MAX }, stats);
  const after = fs.statSync(cacheFile(w));
  assert.deepEqual([after.ino, after.mtimeMs, after.size], [before.ino, before.mtimeMs, before.size], "the stamp check never writes the cache");
  return { outcome: r?.outcome, recorded: recordedAt(w) === nowMs };
}

test("at rest: every card stat'ed into the keeper's map and the check recorded, as the full pass records it", async (t) => {
  const w = await cachedStore(t);
  const stats: CardStamps = new Map();
  const now = Date.now();
  assert.deepEqual(stampCheck(w, now, stats), { outcome: "verified", recorded: true });
  assert.deepEqual(
    [...stats.keys()].sort(),
    Array.from({ length: CARDS }, (_, i) => name(i)),
  );
  const st = fs.lstatSync(path.join(w.mem, name(3)));
  assert.deepEqual(stats.get(name(3)), [st.mtimeMs, st.size, st.ctimeMs, st.nlink]);
  assert.equal(await fullPassRecords(w, now + 1), true);
  // At or below the full-check size it verifies but records nothing, as the full pass.
  fs.rmSync(checkFile(w), { force: true });
  assert.equal(checkCardStamps(w.mem, { nowMs: now, fullCheckMax: CARDS })?.outcome, "verified");
  assert.equal(fs.existsSync(checkFile(w)), false);
});

test("an in-place edit only the ctime shows, a MEMORY.md edit, a removed card: no check, as the full pass", async (t) => {
  const edits: [string, (w: World) => void][] = [
    ["in-place card edit", (w) => editInPlace(path.join(w.mem, name(7)), "card number 7", "CARD NUMBER 7")],
    ["MEMORY.md edit", (w) => fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [C 3](project_c03.md) — three\n")],
    ["card removed", (w) => fs.rmSync(path.join(w.mem, name(11)))],
  ];
  for (const [what, edit] of edits) {
    const w = await cachedStore(t);
    edit(w);
    const now = Date.now();
    assert.deepEqual(stampCheck(w, now), { outcome: "changed", recorded: false }, what);
    assert.equal(await fullPassRecords(w, now), false, what);
    // The keeper's entry gives the count and records nothing either; the next command reads the change.
    fs.rmSync(checkFile(w), { force: true });
    const entry = await checkCardCache(w.mem, { nowMs: now, fullCheckMax: MAX });
    assert.deepEqual([entry?.outcome, entry?.cards], ["changed", CARDS], what);
    assert.equal(fs.existsSync(checkFile(w)), false, what);
  }
});

test("a card added, or stamps too recent to trust: the full pass decides, and the keeper's entry records what it records", async (t) => {
  const added = await cachedStore(t);
  fs.writeFileSync(path.join(added.mem, "project_new.md"), handCard("new", "a new card", "New."));
  let now = Date.now();
  assert.equal(stampCheck(added, now).outcome, "unsure"); // the directory moved, every cached card as recorded
  const addedFull = await fullPassRecords(added, now);
  fs.rmSync(checkFile(added), { force: true });
  await checkCardCache(added.mem, { nowMs: now, fullCheckMax: MAX });
  assert.equal(recordedAt(added) === now, addedFull);
  assert.equal(addedFull, false, "a card added: the full pass stops at the new listing");

  // A cache written just now over cards written just now: their stamps are too recent to trust. (A MEMORY.md that
  // recent is "changed": the full pass parses its links again and stops, leaving it to the next command.)
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const past = new Date(Date.now() - 3_600_000);
  fs.utimesSync(path.join(w.mem, "MEMORY.md"), past, past);
  await sleep(250);
  for (let i = 0; i < CARDS; i++) fs.writeFileSync(path.join(w.mem, name(i)), handCard(`c${i}`, `card number ${i}`, `Body ${i}.`));
  await readCardCatalog(w.mem, { freshness: { nowMs: Date.now(), fullCheckMax: MAX } });
  now = Date.now();
  assert.equal(stampCheck(w, now).outcome, "unsure");
  const full = await fullPassRecords(w, now);
  fs.rmSync(checkFile(w), { force: true });
  await checkCardCache(w.mem, { nowMs: now, fullCheckMax: MAX });
  assert.equal(recordedAt(w) === now, full);
});

test("a planted or damaged cache: no stat outside the store, no check recorded", async (t) => {
  const w = await cachedStore(t);
  const outside = path.join(w.root, "outside1.md");
  fs.writeFileSync(outside, "not a card\n");
  const bytes = fs.readFileSync(cacheFile(w));
  // The same length, so every section still adds up: only the name's check can refuse it.
  const planted = Buffer.from(bytes.toString("latin1").replace(`${name(0)}\n`, "../outside1.md\n"), "latin1");
  assert.equal(planted.length, bytes.length);
  fs.writeFileSync(cacheFile(w), planted);
  fs.rmSync(checkFile(w), { force: true });
  const stats: CardStamps = new Map();
  assert.equal(checkCardStamps(w.mem, { nowMs: Date.now(), fullCheckMax: MAX }, stats), undefined);
  assert.equal(stats.size, 0);
  assert.equal(fs.existsSync(checkFile(w)), false);
  // Cut short: the numbers no longer fit.
  fs.writeFileSync(cacheFile(w), bytes.subarray(0, bytes.length - 8));
  assert.equal(checkCardStamps(w.mem, { nowMs: Date.now(), fullCheckMax: MAX }), undefined);
  assert.equal(await checkCardCache(w.mem, { nowMs: Date.now(), fullCheckMax: MAX }), undefined);
  assert.equal(fs.existsSync(checkFile(w)), false);
  // Past the cache read cap, with no line end to stop the head's read (a sparse file of zeros: nothing is written):
  // refused before any read, as the full decode refuses it, instead of reading ever larger pieces up to its end.
  fs.truncateSync(cacheFile(w), 0);
  fs.truncateSync(cacheFile(w), CACHE_READ_CAP + 1);
  assert.equal(checkCardStamps(w.mem, { nowMs: Date.now(), fullCheckMax: MAX }), undefined);
  assert.equal(fs.existsSync(checkFile(w)), false);
});

test("the keeper's round: a change does not stop it looking up every card, and a round as before reads no card but still MEMORY.md", async (t) => {
  const w = await cachedStore(t);
  const stats: CardStamps = new Map();
  fs.rmSync(checkFile(w), { force: true });
  const first = checkCardStamps(w.mem, { nowMs: Date.now(), fullCheckMax: MAX }, stats, { mark: undefined });
  assert.equal(first?.outcome, "verified");
  assert.equal(recordedAt(w), undefined, "no journal mark given: nothing recorded, as with no journal");
  // As before, with the stamp of the very cache file verified: no card looked up or stat'ed, the check recorded.
  const looked: string[] = [];
  const spy = new (class extends Map<string, readonly [number, number, number, number?]> {
    override get(file: string) {
      looked.push(file);
      return super.get(file);
    }
  })();
  const mark: [number, number] = [1, 0];
  const now = Date.now();
  assert.equal(checkCardStamps(w.mem, { nowMs: now, fullCheckMax: MAX }, spy, { mark, cardsAsBefore: first!.cache })?.outcome, "verified");
  assert.deepEqual(looked, []);
  assert.deepEqual(JSON.parse(fs.readFileSync(checkFile(w), "utf8")), { cache: first!.cache, at: now, journal: mark });
  // Another cache file's stamp: every card is read, as without it.
  const other: typeof first.cache = [first!.cache[0], first!.cache[1], first!.cache[2], first!.cache[3] + 1];
  assert.equal(checkCardStamps(w.mem, { nowMs: now, fullCheckMax: MAX }, spy, { mark, cardsAsBefore: other })?.outcome, "verified");
  assert.equal(looked.length, CARDS);
  // MEMORY.md is stat'ed even as before: changed.
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [x](x.md) — x\n");
  assert.equal(checkCardStamps(w.mem, { nowMs: now, fullCheckMax: MAX }, stats, { mark, cardsAsBefore: first!.cache })?.outcome, "changed");
  // With the keeper's stats, a card changed (or MEMORY.md) does not stop the round: every card is stat'ed into them.
  stats.clear();
  editInPlace(path.join(w.mem, name(0)), "card number 0", "card NUMBER 0");
  assert.equal(checkCardStamps(w.mem, { nowMs: now, fullCheckMax: MAX }, stats, { mark })?.outcome, "changed");
  assert.equal(stats.size, CARDS);
});

test("a directory moved with no card changed is settled against the round's clock, not the machine's", async (t) => {
  // The store directory's mtime moved (a file that is no card made and removed), then set ten minutes back: every
  // card as recorded, so the round settles the directories by one listing, unless the move is too recent for the
  // round's clock (`after` ms after it).
  const outcome = async (after: number) => {
    const w = await cachedStore(t);
    fs.writeFileSync(path.join(w.mem, "notes.txt"), "not a card\n");
    fs.rmSync(path.join(w.mem, "notes.txt"));
    const moved = Date.now() - 600_000;
    fs.utimesSync(w.mem, new Date(moved), new Date(moved));
    fs.rmSync(checkFile(w), { force: true });
    return (await checkCardCache(w.mem, { nowMs: moved + after, fullCheckMax: MAX }, undefined, { mark: [-1, 0] }))?.outcome;
  };
  // Inside the 100 ms window by the round's clock: the full pass decides, and the round answers unsure.
  assert.equal(await outcome(50), "unsure");
  // Ten seconds after: settled by the listing.
  assert.equal(await outcome(10_000), "verified");
});
