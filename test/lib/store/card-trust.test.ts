// The card cache's trust in a recent full check (lib/store/card-cache.ts, card-trust.ts, full-check.ts): above the
// full-check size a call within 2 s of a recorded check of this very cache file stats no card but those memctl's
// journal names; at or below it, and 2 s after the check, every card is checked. Each call is given its start
// (`nowMs`), so the window is tested exactly; the stores, the journal and memctl's writes are real.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { readCardCatalog } from "../../../lib/store/card-cache.js";
import { CARD_CHECK, VERIFIED_FOR_MS } from "../../../lib/store/full-check.js";
import { WRITE_JOURNAL } from "../../../lib/store/write-journal.js";
import { editInPlace, handCard, sleep } from "../../support/card-cache-fixture.js";
import { makeWorld, memctl, type World } from "../../support/fixture.js";

const MAX = 5;
const CARDS = 12;

/** 12 hand-written cards, an hour old (past every racy window), and full checks recorded at `at`. */
async function checkedStore(t: TestContext): Promise<{ w: World; at: number }> {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  for (let i = 0; i < CARDS; i++) fs.writeFileSync(path.join(w.mem, `project_c${String(i).padStart(2, "0")}.md`), handCard(`c${i}`, `card number ${i}`, `Body ${i}.`));
  const past = new Date(Date.now() - 3_600_000);
  for (const name of fs.readdirSync(w.mem)) fs.utimesSync(path.join(w.mem, name), past, past);
  fs.utimesSync(w.mem, past, past);
  await sleep(250); // utimes moved every ctime to now: past the cache's racy window
  const at = Date.now();
  // The first read makes .memctl/ (moving the store directory after its walk); the second walks again and settles.
  for (let i = 0; i < 2; i++) assert.equal((await readCardCatalog(w.mem, { freshness: { nowMs: at, fullCheckMax: MAX } })).cards.length, CARDS);
  assert.ok(fs.existsSync(path.join(w.mem, ".memctl", CARD_CHECK)), "a full check above the size is recorded");
  return { w, at };
}

/** An in-place edit only a full check sees: a call that still shows the old text trusted the recorded check. */
const canary = (w: World) => editInPlace(path.join(w.mem, "project_c11.md"), "card number 11", "CARD NUMBER 11");
const trustedIt = (seen: Record<string, string | undefined>) => assert.equal(seen["project_c11.md"], "card number 11", "the call trusted the check");

const described = async (w: World, nowMs: number, fullCheckMax = MAX) =>
  Object.fromEntries((await readCardCatalog(w.mem, { freshness: { nowMs, fullCheckMax } })).cards.map((c) => [c.file, c.description]));

test("above the size, an in-place edit after the check is trusted away inside 2 s and seen by every call from 2 s on", async (t) => {
  const { w, at } = await checkedStore(t);
  editInPlace(path.join(w.mem, "project_c03.md"), "card number 3", "CARD NUMBER 3");
  // Inside the window the check stands: no card was stat'ed, so the edit made after it is not seen yet.
  assert.equal((await described(w, at + VERIFIED_FOR_MS - 1))["project_c03.md"], "card number 3");
  // From 2 s after the check, every call checks every card again (and the ctime gives the edit away).
  assert.equal((await described(w, at + VERIFIED_FOR_MS))["project_c03.md"], "CARD NUMBER 3");
});

test("at or below the size every call checks every card, whatever check was recorded", async (t) => {
  const { w, at } = await checkedStore(t);
  editInPlace(path.join(w.mem, "project_c03.md"), "card number 3", "CARD NUMBER 3");
  assert.equal((await described(w, at + 1, CARDS))["project_c03.md"], "CARD NUMBER 3");
  // And without a freshness at all (a caller that never trusts), the same.
  editInPlace(path.join(w.mem, "project_c04.md"), "card number 4", "CARD NUMBER 4");
  const plain = await readCardCatalog(w.mem);
  assert.equal(plain.cards.find((c) => c.file === "project_c04.md")?.description, "CARD NUMBER 4");
});

test("a check record of another cache file, from the future, or damaged is not trusted", async (t) => {
  const { w, at } = await checkedStore(t);
  const record = path.join(w.mem, ".memctl", CARD_CHECK);
  type Rec = { cache: number[]; at: number; journal: number[] };
  // Each variant of the record as it is now (every full check below rewrites the cache and records itself).
  const variants: [string, (good: Rec) => string][] = [
    ["another cache file (a stale or copied record)", (g) => JSON.stringify({ ...g, cache: [g.cache[0], g.cache[1], g.cache[2], g.cache[3]! + 1] })],
    ["a check in the future", (g) => JSON.stringify({ ...g, at: at + 10 * VERIFIED_FOR_MS })],
    ["no journal mark", (g) => JSON.stringify({ cache: g.cache, at: g.at })],
    ["not JSON", () => "{"],
  ];
  // The record as written is trusted (the control), then each variant is not.
  canary(w);
  trustedIt(await described(w, at + 1));
  let n = 0;
  for (const [what, variant] of variants) {
    const good = JSON.parse(fs.readFileSync(record, "utf8")) as Rec;
    assert.ok(good.at <= at + 1, "the last full check was recorded");
    const from = `card number ${n}`;
    const to = from.toUpperCase();
    editInPlace(path.join(w.mem, `project_c0${n}.md`), from, to);
    fs.writeFileSync(record, variant(good));
    assert.equal((await described(w, at + 1))[`project_c0${n}.md`], to, what);
    n++;
  }
  // Through a link, never: a planted link to a valid record elsewhere is not read.
  const elsewhere = path.join(w.root, "record");
  const now = JSON.parse(fs.readFileSync(record, "utf8")) as { cache: number[] };
  fs.writeFileSync(elsewhere, JSON.stringify({ cache: now.cache, at: at + 5, journal: [-1, 0] }));
  fs.rmSync(record);
  fs.symlinkSync(elsewhere, record);
  editInPlace(path.join(w.mem, "project_c09.md"), "card number 9", "CARD NUMBER 9");
  assert.equal((await described(w, at + 6))["project_c09.md"], "CARD NUMBER 9");
});

test("memctl's own save and rm are seen by the very next call inside the window, through the write journal", async (t) => {
  const { w, at } = await checkedStore(t);
  canary(w);
  const saved = await memctl(w, ["save", "wombat", "-t", "project", "-d", "the wombat migration runs at noon"]);
  assert.equal(saved.code, 0, saved.stderr);
  assert.match(fs.readFileSync(path.join(w.mem, ".memctl", WRITE_JOURNAL), "utf8"), /project_wombat\.md/);
  const seen = await described(w, at + 1);
  assert.equal(seen["project_wombat.md"], "the wombat migration runs at noon");
  trustedIt(seen); // the save was read through the journal, not by a full check
  const updated = await memctl(w, ["save", "wombat", "-t", "project", "-d", "the wombat migration moved to one"]);
  assert.equal(updated.code, 0, updated.stderr);
  assert.equal((await described(w, at + 2))["project_wombat.md"], "the wombat migration moved to one");
  const removed = await memctl(w, ["rm", "wombat"]);
  assert.equal(removed.code, 0, removed.stderr);
  const after = await described(w, at + 3);
  assert.equal("project_wombat.md" in after, false);
  trustedIt(after);
});

test("a card created or deleted by hand moves a directory no journal accounts for: the next call lists again", async (t) => {
  const { w, at } = await checkedStore(t);
  fs.writeFileSync(path.join(w.mem, "project_hand.md"), handCard("hand", "made by hand", "By hand."));
  fs.rmSync(path.join(w.mem, "project_c07.md"));
  const seen = await described(w, at + 1);
  assert.equal(seen["project_hand.md"], "made by hand");
  assert.equal("project_c07.md" in seen, false);
});

test("a card made by hand just before a save (whose journal record masks the directory's move) is found by the next full check", async (t) => {
  const { w, at } = await checkedStore(t);
  canary(w);
  fs.writeFileSync(path.join(w.mem, "project_hidden.md"), handCard("hidden", "made by hand", "By hand."));
  assert.equal((await memctl(w, ["save", "wombat", "-t", "project", "-d", "saved after"])).code, 0);
  // Inside the window the save is seen; the hand-made card may not be (it is newer than the check: within the bound).
  const trusted = await described(w, at + 1);
  assert.equal(trusted["project_wombat.md"], "saved after");
  trustedIt(trusted);
  // The trusted call kept the directories as the check recorded them, so the next full check walks the store.
  assert.equal((await described(w, at + VERIFIED_FOR_MS))["project_hidden.md"], "made by hand");
});

test("a journal record naming a path outside the store is never stat'ed or listed", async (t) => {
  const { w, at } = await checkedStore(t);
  fs.writeFileSync(path.join(w.root, "outside.md"), handCard("outside", "not in the store", "Outside."));
  // Move the store directory, then plant a record that accounts for the move and names the file outside.
  fs.writeFileSync(path.join(w.mem, "tmp.txt"), "");
  fs.rmSync(path.join(w.mem, "tmp.txt"));
  const mtime = fs.statSync(w.mem).mtimeMs;
  const planted = { i: null, o: null, c: ["../outside.md", "/etc/passwd.md", ".memctl/x.md"], d: [["", mtime]] };
  fs.appendFileSync(path.join(w.mem, ".memctl", WRITE_JOURNAL), `${JSON.stringify(planted)}\n`);
  canary(w);
  const seen = await described(w, at + 1);
  trustedIt(seen); // the planted record was taken as accounting for the move; its names were not
  const files = Object.keys(seen);
  assert.equal(files.length, CARDS);
  assert.ok(
    files.every((f) => /^project_c\d\d\.md$/.test(f)),
    files.join(", "),
  );
});

test("a journal record that says read everything (a sync repair, a change too large to name) ends the trust: the next call checks every card", async (t) => {
  const { w, at } = await checkedStore(t);
  const readEverything = { i: null, o: null, x: 1, c: [], d: [] };
  fs.appendFileSync(path.join(w.mem, ".memctl", WRITE_JOURNAL), `${JSON.stringify(readEverything)}\n`);
  canary(w);
  assert.equal((await described(w, at + 1))["project_c11.md"], "CARD NUMBER 11");
});
