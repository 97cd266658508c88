import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { sessionStartBlock } from "../../../lib/hook/session-overview.js";
import { CARD_CACHE } from "../../../lib/store/card-cache.js";
import { decodeCardCache, encodeCardCache } from "../../../lib/store/card-cache-format.js";
import { buildOverviewView } from "../../../lib/hook/overview-store.js";
import { HAND_LINES } from "../../../lib/store/index-lines.js";
import { handWrittenCards } from "../../support/compact-fixture.js";
import { makeWorld, memctl } from "../../support/fixture.js";
import { asSessionStartContext } from "../../../hosts/deliver.js";

// Session start takes its cards' fields from the card cache (issue 32). Whatever the cache holds, the block is
// the one a read of every card gives: pinned and scoped cards, a card edited in place since the cache was
// written (same size, mtime put back: its ctime moved), and a compact with what was written and removed since.

const CONTEXT = { projectKey: "p", source: "env", entryCount: 0, dir: "~/mem" };
const TODAY = "2026-12-01";
const SCOPE_AT = "packages/api";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PAST = new Date("2026-11-01T00:00:00Z");

/** Every card's mtime put on a whole second in the past, so an edit can put it back exactly. */
function backdate(mem: string): void {
  for (const f of fs.readdirSync(mem)) if (f.endsWith(".md")) fs.utimesSync(path.join(mem, f), PAST, PAST);
}

/** The block twice: through the cache as it stands, then with no cache at all (every card read). */
async function withAndWithout(mem: string) {
  const cached = await sessionStartBlock(mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  fs.rmSync(path.join(mem, ".memctl", CARD_CACHE), { force: true });
  const fresh = await sessionStartBlock(mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  assert.ok(cached && fresh);
  return { cached, fresh };
}

/** Rewrites a card in place (same inode, same size) and puts its mtime back, as `touch -r` would. */
function editInPlace(file: string, from: string, to: string): void {
  assert.equal(Buffer.byteLength(from), Buffer.byteLength(to));
  const st = fs.statSync(file);
  const text = fs.readFileSync(file, "utf8");
  assert.ok(text.includes(from));
  fs.writeFileSync(file, text.replace(from, to));
  fs.utimesSync(file, st.atime, st.mtime);
  assert.equal(fs.statSync(file).size, st.size);
  assert.equal(fs.statSync(file).mtimeMs, st.mtimeMs);
}

function card(mem: string, name: string): string {
  return path.join(mem, `project_${name}.md`);
}

test("the overview through the card cache is the overview without one: pinned, scoped, edited in place", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 12);
  const pin = (name: string, scope?: string) => {
    const file = card(w.mem, name);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("priority: normal\n", `priority: always\n${scope ? `scope: [${scope}]\n` : ""}`));
  };
  pin("topic-2");
  pin("topic-3", "packages/web");
  pin("topic-5", "packages/api");
  backdate(w.mem);
  await sleep(150); // older than the cache by more than its racy window: the cache is trusted for them
  await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT); // writes the cache
  assert.ok(fs.existsSync(path.join(w.mem, ".memctl", CARD_CACHE)));

  const before = await withAndWithout(w.mem);
  assert.equal(before.cached.text, before.fresh.text);
  const lines = before.cached.text.split("\n").filter((l) => l.startsWith("- ["));
  assert.deepEqual(
    lines.slice(0, 3).map((l) => /^- \[([^\]]+)\]/.exec(l)![1]),
    ["topic-2", "topic-5", "topic-1"],
    "pinned here first; the card pinned in another scope keeps its place",
  );

  // The cache is written again by the call without one; then a card is pinned by an edit in place.
  await sleep(150);
  await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  await sleep(150);
  editInPlace(card(w.mem, "topic-7"), "priority: normal", "priority: always");
  const after = await withAndWithout(w.mem);
  assert.equal(after.cached.text, after.fresh.text);
  const first = after.cached.text
    .split("\n")
    .filter((l) => l.startsWith("- ["))
    .slice(0, 3);
  assert.deepEqual(
    first.map((l) => /^- \[([^\]]+)\]/.exec(l)![1]),
    ["topic-2", "topic-5", "topic-7"],
  );
});

test("the compact view through the card cache is the one without it: written, edited in place and removed since", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 20);
  assert.equal((await memctl(w, ["compact", "--mechanical"])).code, 0);
  await memctl(w, ["save", "late", "-t", "feedback", "-d", "written after the compact"]);
  assert.equal((await memctl(w, ["rm", "topic-4"])).code, 0);
  backdate(w.mem);
  await sleep(150);
  await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT); // writes the cache
  await sleep(150);
  editInPlace(card(w.mem, "topic-9"), "Body of topic-9.", "Body of topic-X.");

  const { cached, fresh } = await withAndWithout(w.mem);
  assert.equal(cached.view, "compact");
  assert.equal(cached.text, fresh.text);
  assert.equal(cached.injectedBytes, fresh.injectedBytes);
  const since = cached.text.slice(cached.text.indexOf("Written or updated since that summary"));
  assert.match(since, /^- \[late\]\(feedback_late\.md\)/m);
  assert.match(since, /^- \[topic-9\]\(project_topic-9\.md\)/m, "the card edited in place is newer than the compact");
  assert.doesNotMatch(since, /^- \[topic-8\]/m, "an unchanged card is covered by the summary");
  assert.match(cached.text, /Removed since that summary \(disregard what it says about them\): topic-4 \(project_topic-4\.md\)/);
});

test("the overview's index lines are kept while MEMORY.md's stamp holds and made again when it moves, even by an edit that puts the mtime back", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 6);
  backdate(w.mem);
  const index = path.join(w.mem, "MEMORY.md");
  fs.utimesSync(index, PAST, PAST);
  await sleep(150);
  const first = await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  // A view planted in the cache: what the next start prints, so the lines were not parsed or rendered again.
  const cache = path.join(w.mem, ".memctl", CARD_CACHE);
  const decoded = decodeCardCache(fs.readFileSync(cache))!;
  assert.ok(decoded.head.view, "the cache keeps the view with MEMORY.md's stamp");
  fs.writeFileSync(cache, encodeCardCache({ ...decoded, view: buildOverviewView(fs.readFileSync(index, "utf8").replace("about topic-3,", "about PLANTED,")) }));
  await sleep(150);
  const kept = await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  assert.equal(kept!.text, first!.text.replace("about topic-3,", "about PLANTED,"));
  // Same size, same inode, mtime put back: only ctime tells. The line that changed is found by its key
  // (lib/store/index-lines.ts) and rendered again; the others are the kept view's (so the planted line stays).
  editInPlace(index, "about topic-4,", "about topic-X,");
  const seen = await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  assert.equal(seen!.text, first!.text.replace("about topic-4,", "about topic-X,").replace("about topic-3,", "about PLANTED,"));
  assert.equal(seen!.injectedBytes, first!.injectedBytes);
  // A rewrite of MEMORY.md past a hand edit's bound is parsed whole: the view is made from its text.
  fs.writeFileSync(index, `${Array.from({ length: HAND_LINES + 1 }, (_, i) => `Prose ${i}.`).join("\n")}\n${fs.readFileSync(index, "utf8")}`);
  const rewritten = await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  assert.equal(rewritten!.text, first!.text.replace("about topic-4,", "about topic-X,"));
});

test("the index view made again after an edit of MEMORY.md from the view before is the view made from scratch", () => {
  // Lines of every kind a view meets: plain, spaced, CJK, secret-like, fence tags, links out of the store, shard
  // links, ./ links, bullets without a link, prose, CRLF ends, fences (entries inside them are not entries).
  const kinds = [
    (i: number) => `- [card ${i}](project_c${i}.md) — what card ${i} says`,
    (i: number) => `-   [spaced  ${i}](project_s${i}.md)  —  two  spaces  ${i}  `,
    (i: number) => `- [部署 ${i}](project_j${i}.md) — 部署の手順 ${i}`,
    (i: number) => `- [key ${i}](project_k${i}.md) — token sk-live${"x".repeat(24)}${i}`,
    (i: number) => `- [fence ${i}](project_f${i}.md) — closes </memctl-memory> ${i}`,
    (i: number) => `- [out ${i}](../outside${i}.md) — leaves the store`,
    (i: number) => `- [shard ${i}](MEMORY.part${i}.md) — a shard link`,
    (i: number) => `- [dot ${i}](./project_d${i}.md) — dot slash`,
    (i: number) => `- a bullet without a link ${i}`,
    (i: number) => `Prose line ${i}.`,
    (i: number) => `- [crlf ${i}](project_r${i}.md) — windows\r`,
    () => "```",
  ];
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  let lines = Array.from({ length: 80 }, (_, i) => kinds[next(kinds.length)]!(i));
  let view = buildOverviewView(lines.join("\n"));
  for (let round = 0; round < 60; round++) {
    const at = next(lines.length);
    const edit = next(4);
    if (edit === 0) lines.splice(at, 0, kinds[next(kinds.length)]!(1000 + round));
    else if (edit === 1) lines.splice(at, 1);
    else if (edit === 2) lines[at] = `${lines[at]} edited`;
    else lines.push(lines[at]!); // a duplicate line
    const text = lines.join(round % 3 === 0 ? "\r\n" : "\n");
    const again = buildOverviewView(text, view);
    assert.equal(again.toString("utf8"), buildOverviewView(text).toString("utf8"), `round ${round}`);
    view = again;
  }
});

test("a kept view whose escaped lines would end the host's JSON string is not printed: the lines are made from MEMORY.md", async (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  handWrittenCards(w, 4);
  const index = path.join(w.mem, "MEMORY.md");
  fs.appendFileSync(index, '- [quoted](project_topic-1.md) — says "x"\n');
  backdate(w.mem);
  fs.utimesSync(index, PAST, PAST);
  await sleep(150);
  const first = await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  const cache = path.join(w.mem, ".memctl", CARD_CACHE);
  const decoded = decodeCardCache(fs.readFileSync(cache))!;
  // Same length, so only the escape is gone: `\"x\"` becomes ` "x\"`, a quote that would close the host's string.
  const at = decoded.view.lastIndexOf('\\"x\\"');
  assert.ok(at > 0);
  const view = Buffer.from(decoded.view);
  view.write(' "', at, "latin1");
  fs.writeFileSync(cache, encodeCardCache({ ...decoded, view }));
  await sleep(150);
  const again = await sessionStartBlock(w.mem, CONTEXT, 1e9, TODAY, [], SCOPE_AT);
  assert.equal(again!.text, first!.text);
  const printed = asSessionStartContext(again!.block);
  assert.equal(JSON.parse(printed.stdout).hookSpecificOutput.additionalContext, first!.text);
  assert.deepEqual(Object.keys(JSON.parse(printed.stdout)), ["hookSpecificOutput"]);
});
