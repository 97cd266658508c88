// The keeper's loop in process (lib/rank-cache/keeper.ts), its clock and sleep injected: the real processes are
// test/hooks/keeper.test.ts's.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { FULL_CHECK_MAX, loadRankable } from "../../../lib/rank-cache/load.js";
import { KEEPER_IDLE_MS, KEEPER_LOCK, keepFresh, keeperSettings, type KeeperOptions } from "../../../lib/rank-cache/keeper.js";
import { KEEPER_MIN } from "../../../lib/rank-cache/keeper-lock.js";
import { askKeeper, type ChangedSince } from "../../../lib/rank-cache/keeper-ask.js";
import { tryStoreLock } from "../../../lib/store/lock.js";
import { CARD_CACHE, readCardCatalog } from "../../../lib/store/card-cache.js";
import { CARD_CHECK } from "../../../lib/store/full-check.js";
import { CARD_DELTA } from "../../../lib/store/card-delta.js";
import { MOVED_MAX } from "../../../lib/store/card-cache-settle.js";
import { withTrustedCardCache } from "../../../lib/store/card-cache-trusted.js";
import { runCli, testIo } from "../../helpers.js";
import { keptStore, onCardStat } from "../../support/keeper-store.js";
import { questionsLeft } from "../../support/keepers.js";

const cards = Array.from({ length: 12 }, (_, i) => ({ file: `feedback_${i}.md`, title: `Card ${i}`, hook: `note ${i}` }));

/** A fake clock the keeper's sleeps advance; `checks` counts the loads it made (the cache's mtime is each one's start). */
function fakeTime(start: number, idleMs: number, fullCheckMax = 10): KeeperOptions & { checks: () => number } {
  let now = start;
  let sleeps = 0;
  return {
    idleMs,
    intervalMs: 1_000,
    fullCheckMax,
    now: () => now,
    sleep: async (ms) => {
      sleeps++;
      now += Math.max(ms, 1);
    },
    checks: () => sleeps,
  };
}

test("settings: the defaults, and MEMCTL_KEEPER_IDLE_MS / MEMCTL_FULL_CHECK_MAX / MEMCTL_KEEPER_MIN when they are numbers", () => {
  assert.deepEqual(keeperSettings({}), { idleMs: KEEPER_IDLE_MS, intervalMs: 1_000, fullCheckMax: FULL_CHECK_MAX, keeperMin: KEEPER_MIN });
  assert.deepEqual(keeperSettings({ MEMCTL_KEEPER_IDLE_MS: "1500", MEMCTL_FULL_CHECK_MAX: "10" }), { idleMs: 1_500, intervalMs: 1_000, fullCheckMax: 10, keeperMin: 10 });
  assert.deepEqual(keeperSettings({ MEMCTL_KEEPER_MIN: "0" }).keeperMin, 0);
  assert.deepEqual(keeperSettings({ MEMCTL_KEEPER_IDLE_MS: "soon", MEMCTL_FULL_CHECK_MAX: "-1", MEMCTL_KEEPER_MIN: "few" }), keeperSettings({}));
});

test("a check about every interval, each recorded as the cache's mtime, until the idle time passes; then the lock is released", async (t) => {
  const s = await keptStore(t, cards);
  const start = Date.now() + 60_000; // later than the real clock: every check's time is visibly the keeper's
  const clock = fakeTime(start, 5_000);
  assert.equal(await keepFresh(s.memory, clock), "idle");
  assert.equal(clock.checks(), 5); // at start, +1 s, … +4 s; at +5 s it is idle
  assert.ok(Math.abs(fs.statSync(path.join(s.memory, ".memctl", "rank-cache.bin")).mtimeMs - (start + 4_000)) < 1); // to the file system's precision
  assert.equal(fs.existsSync(path.join(s.memory, ".memctl", KEEPER_LOCK)), false);
});

test("one keeper per store: a held lock means busy; a store at or under the full-check size ends it; no .memctl/ is never made", async (t) => {
  const s = await keptStore(t, cards);
  const held = tryStoreLock(s.memory, { name: KEEPER_LOCK })!;
  assert.equal(await keepFresh(s.memory, fakeTime(Date.now(), 5_000)), "busy");
  held.release();
  assert.equal(await keepFresh(s.memory, fakeTime(Date.now(), 5_000, cards.length)), "small");
  fs.rmSync(path.join(s.memory, ".memctl"), { recursive: true });
  assert.equal(await keepFresh(s.memory, fakeTime(Date.now(), 5_000)), "gone");
  assert.equal(fs.existsSync(path.join(s.memory, ".memctl")), false);
});

test("each round checks the card cache too when there is one (never makes one), one stat a card for both caches, recorded at the round's start", async (t) => {
  const s = await keptStore(t, cards);
  const cardCache = path.join(s.memory, ".memctl", CARD_CACHE);
  assert.equal(await keepFresh(s.memory, fakeTime(Date.now(), 1_000)), "idle");
  assert.equal(fs.existsSync(cardCache), false, "no first card cache from the keeper");

  // Past the racy window of ageStore's utimes (which moved every ctime): a cache written within it would not be
  // trusted to match until a command rewrote it, and the keeper only verifies.
  await new Promise((r) => setTimeout(r, 250));
  await readCardCatalog(s.memory);
  // Every stat of a card file during one round, whichever cache asks.
  const seen: string[] = [];
  onCardStat(t, (file) => seen.push(path.basename(file)));
  const start = Date.now() + 60_000;
  assert.equal(await keepFresh(s.memory, fakeTime(start, 1_000)), "idle");
  t.mock.restoreAll();
  assert.deepEqual(seen.sort(), cards.map((c) => c.file).sort(), "each card stat'ed once in the round");
  const check = JSON.parse(fs.readFileSync(path.join(s.memory, ".memctl", CARD_CHECK), "utf8")) as { at: number };
  assert.equal(check.at, start);
  assert.ok(Math.abs(fs.statSync(path.join(s.memory, ".memctl", "rank-cache.bin")).mtimeMs - start) < 1, "the rank cache's check recorded too");
});

test("a round that finds more cards changed since the card cache than it settles leaves the cache as it is and records no check of it; the rank cache's check still lands", async (t) => {
  // One card edited in place is settled into a delta with its check recorded (card-cache-settle.ts), and so was this
  // store whenever its cache was written past the racy window of the ageing: past MOVED_MAX cards, never.
  const many = Array.from({ length: MOVED_MAX + 4 }, (_, i) => ({ file: `feedback_${i}.md`, title: `Card ${i}`, hook: `note ${i}` }));
  const s = await keptStore(t, many, { cardCache: true });
  const cardCache = path.join(s.memory, ".memctl", CARD_CACHE);
  const cacheBytes = fs.readFileSync(cardCache);
  const cacheMtime = fs.statSync(cardCache).mtimeMs;
  // Edits by hand, in place, long enough ago to be trusted as settled.
  const old = new Date(Date.now() - 60_000);
  for (let i = 0; i <= MOVED_MAX; i++) {
    const card = path.join(s.memory, `feedback_${i}.md`);
    fs.writeFileSync(card, fs.readFileSync(card, "utf8").replace(`note ${i}`, `note ${i} rewritten by hand`));
    fs.utimesSync(card, old, old);
  }
  const start = Date.now() + 60_000;
  assert.equal(await keepFresh(s.memory, fakeTime(start, 1_000)), "idle");
  assert.deepEqual(fs.readFileSync(cardCache), cacheBytes, "the card cache is not rewritten by the keeper");
  assert.equal(fs.statSync(cardCache).mtimeMs, cacheMtime);
  assert.equal(fs.existsSync(path.join(s.memory, ".memctl", CARD_DELTA)), false, "nothing settled");
  assert.equal(fs.existsSync(path.join(s.memory, ".memctl", CARD_CHECK)), false, "no check recorded over a cache that no longer matches");
  assert.ok(
    Math.abs(fs.statSync(path.join(s.memory, ".memctl", "rank-cache.bin")).mtimeMs - start) < 1 || fs.existsSync(path.join(s.memory, ".memctl", "rank-delta.json")),
    "the rank cache's check recorded",
  );
  // The next command checks every card itself and reads the edits.
  const catalog = await readCardCatalog(s.memory);
  for (let i = 0; i <= MOVED_MAX; i++) assert.match(JSON.stringify(catalog.cards.find((c) => c.file === `feedback_${i}.md`)), /rewritten by hand/);
});

test("with its watch, a round after a verified one stats no card and reads no card name, and still records both checks at its start", {
  skip: process.platform !== "linux",
}, async (t) => {
  const s = await keptStore(t, cards, { cardCache: true });
  const perRound: number[] = [];
  let seen = 0;
  onCardStat(t, () => seen++);
  const start = Date.now() + 60_000;
  const clock = fakeTime(start, 4_000);
  const sleep = clock.sleep;
  clock.sleep = async (ms) => {
    perRound.push(seen);
    seen = 0;
    await sleep(ms);
  };
  assert.equal(await keepFresh(s.memory, clock), "idle");
  t.mock.restoreAll();
  // The first round stats every card once for both caches; the second looks each up in the watch; the later ones
  // look up none.
  assert.deepEqual(perRound, [cards.length, 0, 0, 0]);
  const check = JSON.parse(fs.readFileSync(path.join(s.memory, ".memctl", CARD_CHECK), "utf8")) as { at: number };
  assert.equal(check.at, start + 3_000);
  assert.ok(Math.abs(fs.statSync(path.join(s.memory, ".memctl", "rank-cache.bin")).mtimeMs - (start + 3_000)) < 1);
});

test("without its watch (watch: false) every round stats every card, as where the watch cannot vouch", async (t) => {
  const s = await keptStore(t, cards, { cardCache: true });
  let seen = 0;
  const perRound: number[] = [];
  onCardStat(t, () => seen++, ["lstatSync"]);
  const clock = { ...fakeTime(Date.now() + 60_000, 3_000), watch: false };
  const sleep = clock.sleep;
  clock.sleep = async (ms) => {
    perRound.push(seen);
    seen = 0;
    await sleep(ms);
  };
  assert.equal(await keepFresh(s.memory, clock), "idle");
  t.mock.restoreAll();
  assert.deepEqual(perRound, [cards.length, cards.length, cards.length]);
});

/**
 * The machine's clock, as the files' stamps are: each sleep waits for real (the too-recent windows are the real
 * ones), and after `rounds` sleeps the clock reads past the idle time so the keeper ends there.
 */
function realTime(rounds: number, intervalMs: number): KeeperOptions & { sleeps: () => number } {
  let sleeps = 0;
  const idleMs = 60_000;
  return {
    idleMs,
    intervalMs,
    fullCheckMax: 10,
    now: () => Date.now() + (sleeps >= rounds ? idleMs : 0),
    sleep: async (ms) => {
      sleeps++;
      await new Promise((r) => setTimeout(r, ms));
    },
    sleeps: () => sleeps,
  };
}

test("with its watch, the round after a save stats the saved card only, folds the save as a rebuild reads it, and settles it into the card cache's delta with its check recorded", {
  skip: process.platform !== "linux",
}, async (t) => {
  const s = await keptStore(t, cards, { cardCache: true });
  const io = testIo({ cwd: s.repo, home: s.home, env: { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory } });
  const perRound: number[] = [];
  let seen = 0;
  let namesRead = 0;
  onCardStat(t, () => seen++);
  const realOpen = fs.openSync;
  t.mock.method(fs, "openSync", (p: fs.PathLike, ...rest: unknown[]) => {
    if (String(p).endsWith(`/.memctl/${CARD_CACHE}`)) namesRead++;
    return (realOpen as (...a: unknown[]) => unknown)(p, ...rest);
  });
  const clock = realTime(6, 300);
  const sleep = clock.sleep;
  const opened: number[] = [];
  let savedAt = 0;
  clock.sleep = async (ms) => {
    perRound.push(seen);
    opened.push(namesRead);
    if (perRound.length === 2) {
      savedAt = Date.now();
      const r = await runCli(["save", "feedback_4", "-t", "feedback", "-d", "the zanzibar flag moved"], io);
      assert.equal(r.code, 0, r.stderr);
      // Past the too-recent window of the save's stamps however long round 2 took: the next round settles it.
      await new Promise((r) => setTimeout(r, 250));
    }
    seen = 0;
    namesRead = 0;
    await sleep(ms);
  };
  assert.equal(await keepFresh(s.memory, clock), "idle");
  t.mock.restoreAll();
  // Round 3 follows the save: the saved card's stamp for the watch and its read; then nothing again. The card
  // cache is opened in every round as at rest (its head), and no more often after the save than before it.
  assert.deepEqual(perRound.slice(0, 2), [cards.length, 0]);
  assert.ok(perRound[2]! >= 1 && perRound[2]! <= 3, `round after the save: ${perRound[2]} stats`);
  assert.deepEqual(perRound.slice(3), [0, 0, 0]);
  assert.ok(
    opened.slice(2).every((n) => n <= opened[1]! + 2),
    `card-cache opens per round: ${opened}`,
  );
  assert.deepEqual(opened.slice(4), [opened[1], opened[1]], `card-cache opens per round at rest again: ${opened}`);
  // The keeper folded it: a prompt inside its window reads the save's line without a refresh of its own.
  const delta = fs.statSync(path.join(s.memory, ".memctl", "rank-delta.json")).mtimeMs;
  const trusted = await loadRankable(s.memory, { nowMs: delta + 500, fullCheckMax: 10, writeCache: false });
  assert.equal(trusted.cache, "fresh");
  const rebuilt = await loadRankable(s.memory, { nowMs: Date.now(), force: true, writeCache: false });
  const lines = (st: typeof trusted) => Array.from({ length: st.index.size }, (_, id) => [st.index.entry(id).raw, st.index.lineText?.(id)]);
  assert.deepEqual(lines(trusted), lines(rebuilt));
  assert.ok(lines(trusted).some(([raw]) => raw?.includes("the zanzibar flag moved")));
  // And settled the save into the card cache's delta (the cache file itself not rewritten), its check recorded
  // after the save: the next command reads the cache trusted, the save's card as a full read finds it.
  const check = JSON.parse(fs.readFileSync(path.join(s.memory, ".memctl", CARD_CHECK), "utf8")) as { at: number };
  assert.ok(check.at > savedAt, "the card-cache check recorded since the save");
  assert.ok(fs.existsSync(path.join(s.memory, ".memctl", CARD_DELTA)), "a delta, not a rewrite");
  assert.equal(
    withTrustedCardCache(s.memory, { nowMs: check.at + 500, fullCheckMax: 10 }, () => true),
    true,
    "read trusted",
  );
  const listed = await runCli(["list", "--json"], io);
  assert.match(listed.stdout, /the zanzibar flag moved/);
});

test("a question asked as the round after a save starts is answered once the rank cache has folded the save, before that round's card-cache pass ends", {
  skip: process.platform !== "linux",
}, async (t) => {
  const s = await keptStore(t, cards, { cardCache: true });
  const io = testIo({ cwd: s.repo, home: s.home, env: { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory } });
  const clock = realTime(5, 300);
  const sleep = clock.sleep;
  let asked: Promise<ChangedSince | undefined> | undefined;
  let ended = 0; // rounds ended
  let askNow = false;
  const now = clock.now;
  // A prompt's question, made as the round after the save starts (its first reading of the clock): the keeper
  // serves from its second round on.
  clock.now = () => {
    if (askNow) {
      askNow = false;
      asked = askKeeper(s.memory, 10_000);
      assert.ok(asked, "the keeper serves");
    }
    return now();
  };
  let leftAtItsEnd: string[] | undefined;
  clock.sleep = async (ms) => {
    // The keeper runs in this process: what it answered in a round is on disk when the round ends (the answer written,
    // then the question removed), whenever this side's watch of the answer fires.
    if (ended === 2 && asked) leftAtItsEnd ??= questionsLeft(s.memory);
    if (++ended === 2) {
      const r = await runCli(["save", "feedback_4", "-t", "feedback", "-d", "the zanzibar flag moved"], io);
      assert.equal(r.code, 0, r.stderr);
      await new Promise((r) => setTimeout(r, 250)); // past the save's too-recent window: the next round folds it
      askNow = true;
      return sleep(0);
    }
    await sleep(ms);
  };
  assert.equal(await keepFresh(s.memory, clock), "idle");
  const answer = await asked!;
  assert.ok(answer, "answered, not unsure");
  assert.deepEqual(leftAtItsEnd, [], "answered before the round after the save ended (its card-cache pass included)");
  // The answer names the rank cache with the save folded: a prompt past the 2 s window that opens it checks no card
  // but those named and ranks the save's line without a refresh of its own.
  const store = await loadRankable(s.memory, { nowMs: Date.now() + 60_000, fullCheckMax: 10, writeCache: false, changedSince: answer });
  assert.equal(store.cache, "fresh");
  assert.ok(Array.from({ length: store.index.size }, (_, id) => store.index.entry(id).raw).some((raw) => raw.includes("the zanzibar flag moved")));
});
