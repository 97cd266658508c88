// Session start's pinned lines through the pins kept beside a trusted card cache (lib/hook/overview-pins.ts): the
// block is the one a read of every card gives, in every scope, and pins of another cache file, or pins that do not
// fit the view, are never used. Real stores; each call is given its start, so the trust window is exact.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test, type TestContext } from "node:test";
import { sessionStartBlock } from "../../../lib/hook/session-overview.js";
import { OVERVIEW_PINS } from "../../../lib/hook/overview-pins.js";
import { CARD_CHECK, VERIFIED_FOR_MS } from "../../../lib/store/full-check.js";
import { handWrittenCards } from "../../support/compact-fixture.js";
import { editInPlace, holdCard, sleep } from "../../support/card-cache-fixture.js";
import { makeWorld, type World } from "../../support/fixture.js";

const CONTEXT = { projectKey: "p", source: "env", entryCount: 0, dir: "~/mem" };
const TODAY = "2026-12-01";
const MAX = 5;

/** 12 cards, topic-2 pinned everywhere, topic-3 in packages/web, topic-5 in packages/api; old enough to trust. */
async function pinnedStore(t: TestContext): Promise<World> {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 12);
  const pin = (name: string, scope?: string) => {
    const file = path.join(w.mem, `project_${name}.md`);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("priority: normal\n", `priority: always\n${scope ? `scope: [${scope}]\n` : ""}`));
  };
  pin("topic-2");
  pin("topic-3", "packages/web");
  pin("topic-5", "packages/api");
  const past = new Date(Date.now() - 3_600_000);
  for (const f of fs.readdirSync(w.mem)) fs.utimesSync(path.join(w.mem, f), past, past);
  fs.utimesSync(w.mem, past, past);
  await sleep(250);
  return w;
}

const block = async (w: World, scopeAt: string | null, nowMs?: number) =>
  (await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], scopeAt, nowMs === undefined ? undefined : { nowMs, fullCheckMax: MAX }))!.text;
const pinsFile = (w: World) => path.join(w.mem, ".memctl", OVERVIEW_PINS);
const checkedAt = (w: World) => (JSON.parse(fs.readFileSync(path.join(w.mem, ".memctl", CARD_CHECK), "utf8")) as { at: number }).at;

/** Starts until a check is recorded and pins kept for the cache it names; the check's time. */
async function withPins(w: World, nowMs: number): Promise<number> {
  for (let i = 0; i < 4 && !fs.existsSync(pinsFile(w)); i++) await block(w, null, nowMs + i);
  assert.ok(fs.existsSync(pinsFile(w)), "a trusted start kept the pins");
  return checkedAt(w);
}

test("with pins kept, the block in every scope is the one a read of every card gives", async (t) => {
  const w = await pinnedStore(t);
  const at = await withPins(w, Date.now());
  const inode = fs.statSync(pinsFile(w)).ino;
  const scopes = [null, "packages/api", "packages/web", "elsewhere"];
  const kept = [];
  for (const scopeAt of scopes) kept.push(await block(w, scopeAt, at + 1));
  const lines = (await block(w, "packages/api", at + 1)).split("\n").filter((l) => l.startsWith("- ["));
  assert.equal(fs.statSync(pinsFile(w)).ino, inode, "read, not made again");
  // A read of every card last: on a loaded machine it can start 2 s after the check and record a new one.
  for (const [i, scopeAt] of scopes.entries()) assert.equal(kept[i], await block(w, scopeAt), String(scopeAt));
  assert.deepEqual(
    lines.slice(0, 3).map((l) => /^- \[([^\]]+)\]/.exec(l)![1]),
    ["topic-2", "topic-5", "topic-1"],
  );
});

test("a card pinned since is first from 2 s after the check on, and pins are kept again for the new cache", async (t) => {
  const w = await pinnedStore(t);
  const at = await withPins(w, Date.now());
  editInPlace(path.join(w.mem, "project_topic-9.md"), "priority: normal", "priority: always");
  await block(w, null, at + VERIFIED_FOR_MS); // the full check sees the edit and rewrites the cache
  const again = await withPins(w, at + VERIFIED_FOR_MS + 1);
  const text = await block(w, null, again + 1);
  assert.equal(text, await block(w, null));
  assert.deepEqual(
    text
      .split("\n")
      .filter((l) => l.startsWith("- ["))
      .slice(0, 2)
      .map((l) => /^- \[([^\]]+)\]/.exec(l)![1]),
    ["topic-2", "topic-9"],
  );
});

test("pins of another cache file, or that do not fit the view, are not used", async (t) => {
  const w = await pinnedStore(t);
  const at = await withPins(w, Date.now());
  const expected = await block(w, "packages/api");
  const original = fs.readFileSync(pinsFile(w), "utf8");
  const head = JSON.parse(original.slice(0, original.indexOf("\n"))) as { cache: number[]; facts: { entries: number; cards: unknown[] } };
  const plant = (cache: number[], facts: object) => fs.writeFileSync(pinsFile(w), `${JSON.stringify({ cache, facts })}\n`);
  // Another cache file's: topic-7 claimed pinned.
  plant([...head.cache.slice(0, 3), head.cache[3]! + 1], { ...head.facts, cards: [["project_topic-7.md", null, [6]]] });
  assert.equal(await block(w, "packages/api", at + 1), expected);
  // This cache's stamp, a view of another length: the lines do not fit, the catalog decides.
  plant(head.cache, { ...head.facts, entries: head.facts.entries - 1 });
  assert.equal(await block(w, "packages/api", at + 1), expected);
  // An entry past the view's end, a name no listing gives.
  plant(head.cache, { ...head.facts, cards: [["project_topic-2.md", null, [head.facts.entries]]] });
  assert.equal(await block(w, "packages/api", at + 1), expected);
  plant(head.cache, { ...head.facts, cards: [["../outside.md", null, [0]]] });
  assert.equal(await block(w, "packages/api", at + 1), expected);
});

/** Sets a card's status or expiry by rewriting its frontmatter line; every file aged again so the cache is trusted. */
async function retire(w: World, edits: [name: string, from: string, to: string][]): Promise<void> {
  for (const [name, from, to] of edits) {
    const file = path.join(w.mem, `project_${name}.md`);
    const text = fs.readFileSync(file, "utf8");
    assert.ok(text.includes(from));
    fs.writeFileSync(file, text.replace(from, to));
  }
  const past = new Date(Date.now() - 3_600_000);
  for (const f of fs.readdirSync(w.mem)) if (f.endsWith(".md")) fs.utimesSync(path.join(w.mem, f), past, past);
  fs.utimesSync(w.mem, past, past);
  await sleep(250);
}

const on = async (w: World, today: string, scopeAt: string | null, nowMs?: number) =>
  (await sessionStartBlock(w.mem, CONTEXT, 1e9, today, [], scopeAt, nowMs === undefined ? undefined : { nowMs, fullCheckMax: MAX }))!;
const titles = (text: string) => text.split("\n").flatMap((l) => (/^- \[([^\]]+)\]/.exec(l) ? [/^- \[([^\]]+)\]/.exec(l)![1]!] : []));

test("with pins kept, superseded and expired cards are left out as a read of every card leaves them out; an expiry takes effect on its day without a write", async (t) => {
  const w = await pinnedStore(t);
  await retire(w, [
    ["topic-4", "status: active", "status: superseded"],
    ["topic-5", "status: active", 'status: active\nexpires_at: "2026-11-30"'], // pinned in packages/api, and expired
    ["topic-6", "status: active", 'status: active\nexpires_at: "2026-12-01"'], // its last day is TODAY
  ]);
  const at = await withPins(w, Date.now());
  const inode = fs.statSync(pinsFile(w)).ino;
  const kept = [await on(w, TODAY, "packages/api", at + 1), await on(w, "2026-12-02", "packages/api", at + 1), await on(w, "2026-11-29", null, at + 1)];
  assert.equal(fs.statSync(pinsFile(w)).ino, inode, "the same pins answer every day: nothing written");
  assert.deepEqual(titles(kept[0]!.text), ["topic-2", "topic-1", "topic-3", "topic-6", "topic-7", "topic-8", "topic-9", "topic-10", "topic-11", "topic-12"]);
  assert.equal(kept[0]!.entryCount, 10);
  assert.deepEqual(titles(kept[1]!.text), ["topic-2", "topic-1", "topic-3", "topic-7", "topic-8", "topic-9", "topic-10", "topic-11", "topic-12"]);
  assert.equal(kept[1]!.entryCount, 9);
  assert.deepEqual(titles(kept[2]!.text).slice(0, 5), ["topic-2", "topic-1", "topic-3", "topic-5", "topic-6"], "before its expiry topic-5 is shown");
  // The sizes are those of what is printed (doctor's measure): less by exactly the lines left out.
  const full = await on(w, TODAY, "packages/api");
  assert.equal(kept[0]!.text, full.text);
  assert.equal(kept[0]!.injectedBytes, full.injectedBytes);
  assert.equal(kept[1]!.text, (await on(w, "2026-12-02", "packages/api")).text);
  assert.equal(kept[2]!.text, (await on(w, "2026-11-29", null)).text);
  assert.equal(kept[0]!.injectedBytes - kept[1]!.injectedBytes, Buffer.byteLength(kept[0]!.text) - Buffer.byteLength(kept[1]!.text));
});

test("a held card and a superseded one are both left out, whichever path reads the store", async (t) => {
  const w = await pinnedStore(t);
  await retire(w, [["topic-4", "status: active", "status: superseded"]]);
  const held = "project_topic-8.md";
  holdCard(w.mem, held);
  const trusted = await on(w, TODAY, null, Date.now());
  const full = await on(w, TODAY, null);
  assert.equal(trusted.text, full.text);
  const shown = titles(full.text);
  assert.ok(!shown.includes("topic-4") && !shown.includes("topic-8"), full.text);
  assert.equal(full.entryCount, 10);
  assert.deepEqual(shown.slice(0, 2), ["topic-2", "topic-1"], "pinned first still");
});
