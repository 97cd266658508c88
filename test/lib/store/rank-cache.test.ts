import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable, RANK_CACHE } from "../../../lib/store/rank-cache.js";
import { buildInjection } from "../../../lib/hook/inject.js";
import { HOSTS } from "../../../hosts/index.js";
import { ageStore, cardText, sandbox, writeStore } from "../../helpers.js";

const cards = [
  { file: "feedback_a.md", title: "Redis cache", hook: "ttl sixty seconds" },
  { file: "project_b.md", title: "Deploy", hook: "argo" },
];
const now = () => Date.now();

test("the cache is written once the sources are settled, then used while they are unchanged", async () => {
  const s = sandbox(cards);
  try {
    const justWritten = fs.statSync(path.join(s.memory, "MEMORY.md")).mtimeMs + 50;
    const racy = await loadRankable(s.memory, { nowMs: justWritten });
    assert.equal(racy.cache, "uncached"); // sources modified within the racy window: not written
    ageStore(s.memory);
    assert.equal((await loadRankable(s.memory, { nowMs: now() })).cache, "rebuilt");
    const fresh = await loadRankable(s.memory, { nowMs: now() });
    assert.equal(fresh.cache, "fresh");
    assert.equal(fresh.index.entry(0).file, "feedback_a.md");
    assert.equal(fresh.index.entry(0).title, "Redis cache");
    assert.ok(fresh.index.postings("redi"));
  } finally {
    s.cleanup();
  }
});

test("stale when MEMORY.md, the directory or a card changes; a corrupt cache is ignored", async () => {
  const s = sandbox(cards);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    // A card edited in place (no rename, directory mtime unchanged): caught by the full check.
    const card = path.join(s.memory, "project_b.md");
    const dirTime = fs.statSync(s.memory).mtime;
    fs.writeFileSync(card, cardText({ ...cards[1]!, priority: "always" }));
    fs.utimesSync(s.memory, dirTime, dirTime);
    const edited = await loadRankable(s.memory, { nowMs: now(), checkAllCards: true });
    assert.notEqual(edited.cache, "fresh");
    assert.deepEqual(edited.index.alwaysIds, [1]);
    // A new card and index line.
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    writeStore(s.memory, [...cards, { file: "user_c.md", title: "Owner", hook: "short" }]);
    assert.notEqual((await loadRankable(s.memory, { nowMs: now() })).cache, "fresh");
    // Corrupt cache bytes: never trusted.
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    fs.writeFileSync(path.join(s.memory, ".memctl", RANK_CACHE), "memctl-rank-cache 2 tok1\n{broken");
    const rebuilt = await loadRankable(s.memory, { nowMs: now() });
    assert.equal(rebuilt.cache, "rebuilt");
    assert.equal(rebuilt.entryCount, 3);
  } finally {
    s.cleanup();
  }
});

test("a card about to be printed that changed in place is re-read before printing", async () => {
  const s = sandbox(cards);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    const file = path.join(s.memory, "feedback_a.md");
    const dirTime = fs.statSync(s.memory).mtime;
    fs.writeFileSync(file, cardText({ ...cards[0]!, status: "superseded" }));
    fs.utimesSync(s.memory, dirTime, dirTime);
    const inj = await buildInjection({ memoryDir: s.memory, projectKey: "k", source: "env", prompt: "redis", host: HOSTS.generic, budget: { maxBytes: 3000, maxEntries: 20 }, now: new Date(), record: false });
    assert.equal(inj.ranked.find((r) => r.entry.file === "feedback_a.md")!.tier, "sunk-relevant");
  } finally {
    s.cleanup();
  }
});

test("a damaged cache (truncated, or a corrupt entry) is rebuilt, never trusted or reported as unreadable", async () => {
  const s = sandbox(cards);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    const file = path.join(s.memory, ".memctl", RANK_CACHE);
    const good = fs.readFileSync(file);
    fs.writeFileSync(file, good.subarray(0, good.length - 1));
    ageStore(s.memory); // the first load created .memctl just now
    assert.equal((await loadRankable(s.memory, { nowMs: now() })).cache, "rebuilt");
    // Corrupt the first entry's JSON (the entry blob sits just before the end marker).
    const damaged = Buffer.from(fs.readFileSync(file));
    const at = damaged.indexOf(Buffer.from('[3,"feedback_a.md"'));
    assert.ok(at > 0);
    damaged[at] = 0x7b; // "{" — no longer a JSON array
    fs.writeFileSync(file, damaged);
    const inj = await buildInjection({ memoryDir: s.memory, projectKey: "k", source: "env", prompt: "redis cache", host: HOSTS.generic, budget: { maxBytes: 3000, maxEntries: 20 }, now: new Date(), record: false });
    assert.match(inj.composed.text, /feedback_a\.md/);
  } finally {
    s.cleanup();
  }
});

test("a link out of the store (../, absolute) is ranked on its index line but its file is never read", async () => {
  const s = sandbox(cards);
  try {
    fs.writeFileSync(path.join(s.root, "outside.md"), cardText({ file: "outside.md", title: "Outside", hook: "x", priority: "always" }));
    fs.appendFileSync(path.join(s.memory, "MEMORY.md"), "- [Outside redis](../outside.md) — escapes the store\n");
    ageStore(s.memory);
    const store = await loadRankable(s.memory, { nowMs: now() });
    assert.deepEqual(store.index.alwaysIds, []);
    assert.equal(store.index.entry(2).file, "../outside.md");
    assert.equal((await loadRankable(s.memory, { nowMs: now() })).cache, "fresh");
  } finally {
    s.cleanup();
  }
});
