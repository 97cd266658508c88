// The card cache read without decoding it (lib/store/card-cache-trusted.ts): it answers only where the catalog's
// own read (card-cache.ts readFresh) would trust a recent full check and change nothing, and then it answers what
// the catalog says. Real stores, the real write journal, real saves; each call is given its start (`nowMs`).
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { readCardCatalog } from "../../../lib/store/card-cache.js";
import { withTrustedCardCache } from "../../../lib/store/card-cache-trusted.js";
import { isReadable } from "../../../lib/store/card-cache-format.js";
import { CARD_CHECK, VERIFIED_FOR_MS, type Freshness } from "../../../lib/store/full-check.js";
import { WRITE_JOURNAL } from "../../../lib/store/write-journal.js";
import { buildOverviewView, editOverviewView } from "../../../lib/hook/overview-store.js";
import { cacheFile, editInPlace, handCard, sleep } from "../../support/card-cache-fixture.js";
import { makeWorld, memctl, type World } from "../../support/fixture.js";

const MAX = 5;
const CARDS = 12;

/** 12 cards (c02 and c05 pinned, c05 in one scope), an hour old, indexed in MEMORY.md; full checks recorded at `at`. */
async function checkedStore(t: TestContext): Promise<{ w: World; at: number }> {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  const lines: string[] = [];
  for (let i = 0; i < CARDS; i++) {
    const name = `c${String(i).padStart(2, "0")}`;
    let text = handCard(name, `card number ${i}`, `Body ${i}.`);
    if (i === 2) text = text.replace("priority: normal", "priority: always");
    if (i === 5) text = text.replace("priority: normal", "priority: always\nscope: [api]");
    fs.writeFileSync(path.join(w.mem, `project_${name}.md`), text);
    lines.push(`- [${name}](project_${name}.md) — card number ${i}`);
  }
  fs.writeFileSync(path.join(w.mem, "MEMORY.md"), `# Memory\n\n${lines.join("\n")}\n`);
  const past = new Date(Date.now() - 3_600_000);
  for (const name of fs.readdirSync(w.mem)) fs.utimesSync(path.join(w.mem, name), past, past);
  fs.utimesSync(w.mem, past, past);
  await sleep(250); // utimes moved every ctime to now: past the cache's racy window
  const at = Date.now();
  for (let i = 0; i < 2; i++) await catalog(w, { nowMs: at, fullCheckMax: MAX });
  assert.ok(fs.existsSync(path.join(w.mem, ".memctl", CARD_CHECK)), "a full check above the size is recorded");
  return { w, at };
}

const catalog = (w: World, freshness: Freshness) => readCardCatalog(w.mem, { view: buildOverviewView, freshness });

/** What the trusted reader answers: the view, and each pinned card's file, priority and scope. */
function trusted(w: World, nowMs: number, fullCheckMax = MAX) {
  return withTrustedCardCache(w.mem, { nowMs, fullCheckMax }, (c) => ({
    view: ((v) => v && (v.edits.length === 0 ? v.bytes() : editOverviewView(v.bytes(), v.edits)))(c.view()),
    always: c.always()?.map((r) => ({ file: r.file, priority: r.row.priority, scope: r.row.scope })),
  }));
}

/** The catalog's answer to the same questions (a read that may check and rewrite). */
async function fromCatalog(w: World, nowMs: number) {
  const c = await catalog(w, { nowMs, fullCheckMax: MAX });
  return {
    view: c.view,
    always: c
      .always()
      .filter(isReadable)
      .map((r) => ({ file: r.file, priority: r.priority, scope: r.scope })),
  };
}

test("where it answers, it answers what the catalog says: the view's bytes and the pinned cards with their scope", async (t) => {
  const { w, at } = await checkedStore(t);
  const fast = trusted(w, at + 1);
  assert.ok(fast, "a fresh check of an unchanged store is trusted");
  const slow = await fromCatalog(w, at + 1);
  assert.deepEqual(fast.always, [
    { file: "project_c02.md", priority: "always", scope: undefined },
    { file: "project_c05.md", priority: "always", scope: ["api"] },
  ]);
  assert.deepEqual(fast.always, slow.always);
  assert.ok(fast.view && slow.view && fast.view.equals(slow.view));
  // It never writes: the cache file and its check are as they were.
  const before = fs.statSync(cacheFile(w));
  trusted(w, at + 2);
  assert.equal(fs.statSync(cacheFile(w)).ino, before.ino);
});

test("no answer outside the window, at or below the full-check size, or for a check of another cache file", async (t) => {
  const { w, at } = await checkedStore(t);
  assert.equal(trusted(w, at + VERIFIED_FOR_MS), undefined);
  assert.equal(trusted(w, at - 1), undefined, "a check in the future is no check");
  assert.equal(trusted(w, at + 1, CARDS), undefined);
  const record = path.join(w.mem, ".memctl", CARD_CHECK);
  const good = JSON.parse(fs.readFileSync(record, "utf8")) as { cache: number[] };
  fs.writeFileSync(record, JSON.stringify({ ...good, cache: [...good.cache.slice(0, 3), good.cache[3]! + 1] }));
  assert.equal(trusted(w, at + 1), undefined);
});

test("no answer where the catalog would read something: an index edit, a card made by hand, a journaled save, a changed pin", async (t) => {
  const { w, at } = await checkedStore(t);
  assert.ok(trusted(w, at + 1));
  // MEMORY.md's stamp moved: its links and the view are read again.
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [extra](project_extra.md) — a line\n");
  assert.equal(trusted(w, at + 1), undefined);
  await fromCatalog(w, at + 1); // the catalog settles it and records the check against the file it wrote
  await sleep(150);
  await fromCatalog(w, at + 1);
  assert.ok(trusted(w, at + 1), "trusted again once the catalog rewrote the cache");

  // A card made by hand moves the store's directory, and no journal accounts for it.
  fs.writeFileSync(path.join(w.mem, "project_hand.md"), handCard("hand", "made by hand", "By hand."));
  assert.equal(trusted(w, at + 1), undefined);
  fs.rmSync(path.join(w.mem, "project_hand.md"));
});

test("a journaled save is re-checked by its stamp: no answer until the cache holds the saved card, then an answer again", async (t) => {
  const { w, at } = await checkedStore(t);
  const saved = await memctl(w, ["save", "c03", "-t", "project", "-d", "card number 3, saved", "--priority", "always"], { env: { MEMCTL_FULL_CHECK_MAX: String(MAX) } });
  assert.equal(saved.code, 0, saved.stderr);
  assert.equal(trusted(w, at + 1), undefined, "the saved card's stamp is not the cache's");
  await sleep(150); // past the racy window of the saved card, so the catalog's rewrite can trust its stamp
  const slow = await fromCatalog(w, at + 1);
  assert.ok(slow.always.some((r) => r.file === "project_c03.md"));
  await sleep(150);
  await fromCatalog(w, at + 1);
  const fast = trusted(w, at + 1);
  assert.ok(fast, "the journaled card now matches the cache: trusted, directory move accounted for by the journal");
  assert.deepEqual(fast.always, (await fromCatalog(w, at + 1)).always);
  assert.ok(fast.view?.equals((await fromCatalog(w, at + 1)).view!));

  // A journaled write that leaves MEMORY.md and the directory alone (a card rewritten in place, named in the journal).
  editInPlace(path.join(w.mem, "project_c09.md"), "priority: normal", "priority: always");
  fs.appendFileSync(path.join(w.mem, ".memctl", WRITE_JOURNAL), `${JSON.stringify({ i: null, o: null, c: ["project_c09.md"], d: [] })}\n`);
  assert.equal(trusted(w, at + 1), undefined, "the journaled card's stamp moved");
  assert.ok(
    (await fromCatalog(w, at + 1)).always.some((r) => r.file === "project_c09.md"),
    "the catalog reads it inside the window",
  );
});

test("an in-place edit inside the window is trusted away exactly as the catalog trusts it, and seen by both from 2 s on", async (t) => {
  const { w, at } = await checkedStore(t);
  editInPlace(path.join(w.mem, "project_c07.md"), "priority: normal", "priority: always");
  assert.deepEqual(trusted(w, at + 1)?.always, (await fromCatalog(w, at + 1)).always, "both trust the check");
  assert.equal(trusted(w, at + VERIFIED_FOR_MS), undefined);
  assert.ok((await fromCatalog(w, at + VERIFIED_FOR_MS)).always.some((r) => r.file === "project_c07.md"));
});

test("a card stamped too recently to trust, or a cache that does not decode, gets no answer", async (t) => {
  const { w, at } = await checkedStore(t);
  // Rewritten just before the cache is: its stamp is within the cache's racy window.
  editInPlace(path.join(w.mem, "project_c08.md"), "card number 8", "CARD NUMBER 8");
  fs.utimesSync(path.join(w.mem, "project_c08.md"), new Date(), new Date());
  await fromCatalog(w, at + VERIFIED_FOR_MS);
  const check = JSON.parse(fs.readFileSync(path.join(w.mem, ".memctl", CARD_CHECK), "utf8")) as { at: number };
  assert.equal(trusted(w, check.at + 1), undefined);
  // Damaged: a byte of the numbers section flipped.
  await sleep(150);
  await fromCatalog(w, at + 2 * VERIFIED_FOR_MS);
  const after = JSON.parse(fs.readFileSync(path.join(w.mem, ".memctl", CARD_CHECK), "utf8")) as { at: number; cache: number[] };
  assert.ok(trusted(w, after.at + 1), "settled, and trusted");
  const bytes = fs.readFileSync(cacheFile(w));
  const fd = fs.openSync(cacheFile(w), "r+");
  fs.writeSync(fd, Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), 0, 8, bytes.length - 8 * 3); // a record's flags
  fs.closeSync(fd);
  // The check re-recorded against the damaged file, so only the damage can refuse it.
  const st = fs.statSync(cacheFile(w));
  fs.writeFileSync(path.join(w.mem, ".memctl", CARD_CHECK), JSON.stringify({ ...after, cache: [st.mtimeMs, st.size, st.ctimeMs, st.ino] }));
  assert.equal(trusted(w, after.at + 1), undefined);
});
