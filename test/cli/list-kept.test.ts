// `list --json` above the full-check size prints the rows it rendered from the card-cache file the trust rule
// proves fresh (lib/cli/list.ts, lib/store/card-derived.ts): byte for byte what rendering them gives, never rows of
// another cache file, never a planted file's control bytes, and every change is in the list from 2 s on.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { LIST_ROWS } from "../../lib/cli/list.js";
import { CARD_CHECK, VERIFIED_FOR_MS } from "../../lib/store/full-check.js";
import { editInPlace, handCard, sleep } from "../support/card-cache-fixture.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

const CARDS = 12;
const TRUSTING = { MEMCTL_FULL_CHECK_MAX: "5" };
/** A size no store here reaches: every card checked, nothing kept (the rendering the kept rows must equal). */
const CHECKING = { MEMCTL_FULL_CHECK_MAX: "1000" };

async function store(t: TestContext): Promise<World> {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  for (let i = 0; i < CARDS; i++) fs.writeFileSync(path.join(w.mem, `project_c${String(i).padStart(2, "0")}.md`), handCard(`c${i}`, `card number ${i} 東京`, `Body ${i}.`));
  const past = new Date(Date.now() - 3_600_000);
  for (const name of fs.readdirSync(w.mem)) fs.utimesSync(path.join(w.mem, name), past, past);
  fs.utimesSync(w.mem, past, past);
  await sleep(250);
  return w;
}

async function list(w: World, nowMs: number, env = TRUSTING): Promise<string> {
  const r = await memctl(w, ["list", "--json"], { now: new Date(nowMs), env });
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

const kept = (w: World) => path.join(w.mem, ".memctl", LIST_ROWS);
const checkedAt = (w: World) => (JSON.parse(fs.readFileSync(path.join(w.mem, ".memctl", CARD_CHECK), "utf8")) as { at: number }).at;

/** Lists until a check is recorded and the rows are kept for the cache it names; the time of that check. */
async function settled(w: World, nowMs: number): Promise<number> {
  for (let i = 0; i < 3 && !fs.existsSync(kept(w)); i++) await list(w, nowMs + i);
  assert.ok(fs.existsSync(kept(w)), "the rows were kept");
  return checkedAt(w);
}

test("the kept rows print byte for byte what rendering every card prints", async (t) => {
  const w = await store(t);
  const at = await settled(w, Date.now());
  const rendered = await list(w, at + 1, CHECKING);
  const inode = fs.statSync(kept(w)).ino;
  assert.equal(await list(w, at + 1), rendered);
  assert.equal(fs.statSync(kept(w)).ino, inode, "printed from the kept file, not rendered and kept again");
  assert.equal(JSON.parse(rendered).count, CARDS);
});

test("a change is in the list from 2 s after the check on, as the catalog shows it; inside the window both trust the check", async (t) => {
  const w = await store(t);
  const at = await settled(w, Date.now());
  editInPlace(path.join(w.mem, "project_c04.md"), "card number 4", "CARD NUMBER 4");
  const inside = await list(w, at + 1);
  assert.match(inside, /"card number 4 東京"/, "inside the window the recorded check is trusted, as by every command");
  const after = await list(w, at + VERIFIED_FOR_MS);
  assert.match(after, /"CARD NUMBER 4 東京"/);
  // The next check is recorded and the rows kept again for the rewritten cache: they say the same.
  const again = await settled(w, at + VERIFIED_FOR_MS + 1);
  assert.match(await list(w, again + 1), /"CARD NUMBER 4 東京"/);
  assert.equal(await list(w, again + 1), await list(w, again + 1, CHECKING));
});

test("rows kept for another cache file, or holding bytes the renderer makes inert, are not printed", async (t) => {
  const w = await store(t);
  const at = await settled(w, Date.now());
  const rendered = await list(w, at + 1, CHECKING);
  const file = kept(w);
  const original = fs.readFileSync(file);
  const nl = original.indexOf(10);
  const head = JSON.parse(original.toString("utf8", 0, nl)) as { cache: number[]; facts: object };
  // Planted: the same stamp, an escape sequence in a description.
  const planted = Buffer.from(original.toString("utf8").replace("card number 7 東京", "card \u001b]0;pwned\u0007 7"), "utf8");
  fs.writeFileSync(file, planted);
  assert.equal(await list(w, at + 1), rendered);
  // A bidi override (U+202E), raw: the renderer escapes it.
  fs.writeFileSync(file, Buffer.from(original.toString("utf8").replace("card number 7 東京", "card \u202e7"), "utf8"));
  assert.equal(await list(w, at + 1), rendered);
  // Another cache file's rows (a stale file after a rewrite): a different inode in the stamp.
  const other = `${JSON.stringify({ ...head, cache: [...head.cache.slice(0, 3), head.cache[3]! + 1] })}\n`;
  fs.writeFileSync(
    file,
    other +
      original
        .subarray(nl + 1)
        .toString("utf8")
        .replace("card number 8", "CARD NUMBER 8"),
  );
  assert.equal(await list(w, at + 1), rendered);
});

test("a store at or below the full-check size keeps no rows", async (t) => {
  const w = await store(t);
  await list(w, Date.now(), CHECKING);
  await list(w, Date.now(), CHECKING);
  assert.equal(fs.existsSync(kept(w)), false);
});
