import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readUsage } from "../../../lib/usage/usage.js";
import { loadRankable, RANK_CACHE, stillFresh, VERIFIED_FOR_MS } from "../../../lib/rank-cache/load.js";
import { FORMAT_VERSION } from "../../../lib/rank-cache/format.js";
import { tokenize } from "../../../lib/rank/tokenize.js";
import { lineKey } from "../../../lib/core/line-key.js";
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

test("each entry's stored session key is the key of the line the block prints", async () => {
  const s = sandbox(cards);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    const fresh = await loadRankable(s.memory, { nowMs: now() });
    assert.equal(fresh.cache, "fresh");
    for (let id = 0; id < fresh.index.size; id++) assert.equal(fresh.index.lineKey!(id), lineKey(fresh.index.lineText!(id)));
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
    const inj = await buildInjection({
      memoryDir: s.memory,
      projectKey: "k",
      source: "env",
      prompt: "redis",
      host: HOSTS.generic,
      budget: { maxBytes: 3000, maxEntries: 20 },
      now: new Date(),
      record: false,
    });
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
    // Corrupt the first slim entry's JSON (the entry blob follows the head).
    const damaged = Buffer.from(fs.readFileSync(file));
    const at = damaged.indexOf(Buffer.from('[3,"normal","active","","- [Redis cache]'));
    assert.ok(at > 0);
    damaged[at] = 0x7b; // "{" — no longer a JSON array
    fs.writeFileSync(file, damaged);
    const inj = await buildInjection({
      memoryDir: s.memory,
      projectKey: "k",
      source: "env",
      prompt: "redis cache",
      host: HOSTS.generic,
      budget: { maxBytes: 3000, maxEntries: 20 },
      now: new Date(),
      record: false,
    });
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

const cacheFile = (memory: string) => path.join(memory, ".memctl", RANK_CACHE);

/** Rewrites a card in place the way an editor might: the directory's mtime is left as it was. */
function editInPlace(memory: string, file: string, text: string): void {
  const dirTime = fs.statSync(memory).mtime;
  fs.writeFileSync(path.join(memory, file), text);
  fs.utimesSync(memory, dirTime, dirTime);
}

test("a cache of an older format version is ignored and rebuilt in the current one", async () => {
  const s = sandbox(cards);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    const old = Buffer.from(fs.readFileSync(cacheFile(s.memory)));
    old.writeUInt32LE(FORMAT_VERSION - 1, 8); // "MEMCTLRC" then u32 formatVersion
    fs.writeFileSync(cacheFile(s.memory), old);
    ageStore(s.memory);
    const rebuilt = await loadRankable(s.memory, { nowMs: now() });
    assert.equal(rebuilt.cache, "rebuilt");
    assert.equal(rebuilt.index.entry(1).file, "project_b.md");
    assert.equal(fs.readFileSync(cacheFile(s.memory)).readUInt32LE(8), FORMAT_VERSION);
    assert.equal((await loadRankable(s.memory, { nowMs: now() })).cache, "fresh");
  } finally {
    s.cleanup();
  }
});

const many = Array.from({ length: 52 }, (_, i) => ({ file: `project_c${i}.md`, title: `Card ${i}`, hook: `hook ${i}` }));

test("every load checks every card: an in-place edit anywhere, also one keeping size and mtime, is seen", async () => {
  const s = sandbox(many);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    ageStore(s.memory); // the first load created .memctl just now (a sub-millisecond mtime a Date cannot restore)
    assert.equal((await loadRankable(s.memory, { nowMs: now() })).cache, "rebuilt");
    const fresh = await loadRankable(s.memory, { nowMs: now() });
    assert.equal(fresh.cache, "fresh");
    assert.equal(fresh.verified, true); // nothing printed from it needs checking again
    for (const id of [0, 23, 51]) {
      editInPlace(s.memory, many[id]!.file, cardText({ ...many[id]!, topics: ["edited"] }));
      assert.notEqual((await loadRankable(s.memory, { nowMs: now() })).cache, "fresh", `card ${id}`);
      ageStore(s.memory);
      assert.equal((await loadRankable(s.memory, { nowMs: now() })).cache, "rebuilt");
    }
    // Same size and the mtime put back: only the ctime moved.
    const file = path.join(s.memory, many[40]!.file);
    const before = fs.statSync(file);
    editInPlace(s.memory, many[40]!.file, cardText({ ...many[40]!, priority: "always" }).replace("priority: always", "priority: ALWAYS"));
    fs.utimesSync(file, before.atime, before.mtime);
    assert.equal(fs.statSync(file).size, before.size);
    assert.equal(fs.statSync(file).mtimeMs, before.mtimeMs);
    assert.notEqual((await loadRankable(s.memory, { nowMs: now() })).cache, "fresh");
  } finally {
    s.cleanup();
  }
});

test("above the full-check size a full check is trusted for VERIFIED_FOR_MS, then every card is checked again", async () => {
  const s = sandbox(many);
  const large = { fullCheckMax: 10 };
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now(), ...large });
    ageStore(s.memory);
    const built = now() - 500;
    assert.equal((await loadRankable(s.memory, { nowMs: built, ...large })).cache, "rebuilt");
    // a build checks every card, from when it started (the file system keeps the time to its own precision)
    assert.ok(Math.abs(fs.statSync(cacheFile(s.memory)).mtimeMs - built) < 1);
    editInPlace(s.memory, many[30]!.file, cardText({ ...many[30]!, topics: ["edited"] }));
    const trusted = await loadRankable(s.memory, { nowMs: built + VERIFIED_FOR_MS - 1, ...large });
    assert.equal(trusted.cache, "fresh");
    assert.equal(trusted.verified, false); // what it prints is re-checked (stillFresh)
    for (const id of [29, 30]) void trusted.index.entry(id); // read, as ranking reads what it may print
    assert.equal(stillFresh(s.memory, trusted, [many[29]!.file]), true);
    assert.equal(stillFresh(s.memory, trusted, [many[30]!.file]), false);
    assert.notEqual((await loadRankable(s.memory, { nowMs: built + VERIFIED_FOR_MS, ...large })).cache, "fresh");
    // A full check that finds nothing records its time as the cache's mtime; one in the future is never trusted.
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now(), ...large });
    const checkedAt = now() + 60_000;
    const checked = await loadRankable(s.memory, { nowMs: checkedAt, ...large });
    assert.equal(checked.verified, true);
    assert.ok(Math.abs(fs.statSync(cacheFile(s.memory)).mtimeMs - checkedAt) < 1);
    editInPlace(s.memory, many[7]!.file, cardText({ ...many[7]!, topics: ["edited"] }));
    assert.notEqual((await loadRankable(s.memory, { nowMs: checkedAt - 1, ...large })).cache, "fresh");
  } finally {
    s.cleanup();
  }
});

test("checking freshness reads no entry: stamps and card files come from the head", async () => {
  const s = sandbox(cards);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    const bytes = Buffer.from(fs.readFileSync(cacheFile(s.memory)));
    for (const marker of ['[3,"normal"', '[4,"normal"']) bytes[bytes.indexOf(Buffer.from(marker))] = 0x7b; // garble both slim entries
    fs.writeFileSync(cacheFile(s.memory), bytes);
    const opened = await loadRankable(s.memory, { nowMs: now(), checkAllCards: true });
    assert.equal(opened.cache, "fresh");
    assert.throws(() => opened.index.entry(0), /JSON|malformed/); // ranking through it rebuilds (see rankStore)
  } finally {
    s.cleanup();
  }
});

test("a corrupt stamp is a changed card, and corrupt reuse data makes the rebuild re-read every card", async () => {
  const s = sandbox([{ ...cards[0]!, topics: ["alpha"] }, cards[1]!]);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    const mtime = Buffer.alloc(8);
    mtime.writeDoubleLE(fs.statSync(path.join(s.memory, "feedback_a.md")).mtimeMs);
    const stamped = Buffer.from(fs.readFileSync(cacheFile(s.memory)));
    const at = stamped.indexOf(mtime);
    assert.ok(at > 0);
    stamped.writeDoubleLE(1, at);
    fs.writeFileSync(cacheFile(s.memory), stamped);
    ageStore(s.memory);
    assert.equal((await loadRankable(s.memory, { nowMs: now() })).cache, "updated");

    // Same size, same mtime, different topic: only a rebuild that distrusts the reuse data sees it.
    const card = path.join(s.memory, "feedback_a.md");
    const before = fs.statSync(card);
    fs.writeFileSync(card, cardText({ ...cards[0]!, topics: ["omega"] }));
    fs.utimesSync(card, before.atime, before.mtime);
    assert.equal(fs.statSync(card).mtimeMs, before.mtimeMs);
    const reuse = Buffer.from(fs.readFileSync(cacheFile(s.memory)));
    reuse[reuse.indexOf(Buffer.from('[["alpha"]'))] = 0x7b;
    fs.writeFileSync(cacheFile(s.memory), reuse);
    const reread = await loadRankable(s.memory, { nowMs: now(), force: true });
    assert.ok(reread.index.postings(tokenize("omega")[0]!));
    assert.equal(reread.index.postings(tokenize("alpha")[0]!), undefined);
  } finally {
    s.cleanup();
  }
});

test("a rebuild reuses the cards whose fingerprint is unchanged and re-reads only the others", async () => {
  const s = sandbox([
    { ...cards[0]!, topics: ["alpha"] },
    { ...cards[1]!, topics: ["bravo"] },
  ]);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    // Card a is unchanged: its terms come from the previous cache (marked there, so a re-read would show), card
    // b changed visibly (re-read).
    const marked = Buffer.from(fs.readFileSync(cacheFile(s.memory)).toString("latin1").replaceAll("alpha", "alphz"), "latin1");
    fs.writeFileSync(cacheFile(s.memory), marked);
    fs.writeFileSync(path.join(s.memory, "project_b.md"), cardText({ ...cards[1]!, topics: ["zulu"], priority: "always" }));
    const rebuilt = await loadRankable(s.memory, { nowMs: now(), force: true });
    const term = (word: string) => rebuilt.index.postings(tokenize(word)[0]!);
    assert.deepEqual(Array.from(term("alphz")!.id), [0]); // reused, not re-read
    assert.equal(term("alpha"), undefined);
    assert.deepEqual(Array.from(term("zulu")!.id), [1]);
    assert.equal(term("bravo"), undefined);
    // A change that put the mtime back still moved the ctime: re-read.
    const a = path.join(s.memory, "feedback_a.md");
    const before = fs.statSync(a);
    fs.writeFileSync(a, cardText({ ...cards[0]!, topics: ["omega"] }));
    fs.utimesSync(a, before.atime, before.mtime);
    assert.equal(fs.statSync(a).mtimeMs, before.mtimeMs);
    const reread = await loadRankable(s.memory, { nowMs: now(), force: true });
    assert.deepEqual(Array.from(reread.index.postings(tokenize("omega")[0]!)!.id), [0]);
    assert.deepEqual(rebuilt.index.alwaysIds, [1]);
  } finally {
    s.cleanup();
  }
});

test("plainFiles: true only when every entry links its own recordable card, fresh or rebuilt; a hit is still recorded once", async () => {
  const plain = sandbox(cards);
  const shared = sandbox(cards);
  try {
    ageStore(plain.memory);
    assert.equal((await loadRankable(plain.memory, { nowMs: now() })).plainFiles, true);
    assert.equal((await loadRankable(plain.memory, { nowMs: now() })).plainFiles, true); // from the cache header
    // A second index line linking the same card: ids no longer stand for distinct cards.
    fs.appendFileSync(path.join(shared.memory, "MEMORY.md"), "- [Redis again](feedback_a.md) — redis ttl twice\n");
    ageStore(shared.memory);
    assert.equal((await loadRankable(shared.memory, { nowMs: now() })).plainFiles, false);
    const fresh = await loadRankable(shared.memory, { nowMs: now() });
    assert.equal([fresh.cache, fresh.plainFiles].join(), "fresh,false");
    const inj = await buildInjection({
      memoryDir: shared.memory,
      projectKey: "k",
      source: "env",
      prompt: "redis ttl",
      host: HOSTS.generic,
      budget: { maxBytes: 3000, maxEntries: 20 },
      now: new Date("2026-12-02T10:00:00Z"),
      record: true,
    });
    assert.deepEqual(inj.hits, ["feedback_a.md"]);
    // One line, the printed card once, though two printed lines link it.
    const log = fs.readFileSync(path.join(shared.memory, ".memctl", "usage.log"), "utf8");
    assert.equal(log, "2026-12-02\tfeedback_a.md\n");
    assert.deepEqual([...readUsage(shared.memory, "2026-12-02").cards], [["feedback_a.md", { access_count: 1, last_access_day: "2026-12-02" }]]);
  } finally {
    plain.cleanup();
    shared.cleanup();
  }
});

test("maySink marks every entry with a sink field (1: priority low, which sinks whatever the day), so ranking can skip the others without asking", async () => {
  const varied = [
    { file: "a.md", title: "A", hook: "x" },
    { file: "b.md", title: "B", hook: "x", priority: "low" },
    { file: "c.md", title: "C", hook: "x", status: "stale" },
    { file: "d.md", title: "D", hook: "x", priority: "always" },
    { file: "e.md", title: "E", hook: "x", expires_at: "2020-01-01" },
    { file: "f.md", title: "F", hook: "x", status: "superseded", priority: "low" },
  ];
  const s = sandbox(varied);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    const fresh = await loadRankable(s.memory, { nowMs: now() });
    assert.equal(fresh.cache, "fresh");
    const mask = fresh.index.maySink!();
    for (let id = 0; id < varied.length; id++) {
      const f = fresh.index.sinkFields(id);
      const hasField = f.priority === "low" || (f.status !== undefined && f.status !== "active") || f.expires_at !== undefined;
      assert.equal(mask[id], f.priority === "low" ? 1 : hasField ? 2 : 0, varied[id]!.file);
    }
  } finally {
    s.cleanup();
  }
});

test("pinned lines come with the header: printing them reads nothing behind the head", async () => {
  const pinnedCards = [
    { file: "a.md", title: "Always here", hook: "pinned rule", priority: "always" },
    { file: "b.md", title: "Normal", hook: "plain card" },
  ];
  const s = sandbox(pinnedCards);
  try {
    ageStore(s.memory);
    await loadRankable(s.memory, { nowMs: now() });
    // Damage both printed lines behind the head (the last copy of each title), keeping the file's length and layout.
    const file = path.join(s.memory, ".memctl", RANK_CACHE);
    const bytes = fs.readFileSync(file);
    for (const title of ["Always here", "Normal"]) {
      const at = bytes.lastIndexOf(Buffer.from(`[${title}]`));
      assert.ok(at > 0, title);
      bytes.fill("#".charCodeAt(0), at, at + title.length + 2);
    }
    fs.writeFileSync(file, bytes);
    const fresh = await loadRankable(s.memory, { nowMs: now() });
    assert.equal(fresh.cache, "fresh");
    assert.equal(fresh.index.lineText!(0), "- [Always here](a.md) — pinned rule"); // from the header
    assert.notEqual(fresh.index.lineText!(1), "- [Normal](b.md) — plain card"); // from the damaged blob
    assert.equal(fresh.index.entry(1).title, "Normal"); // the slim entry, a blob of its own, is intact
  } finally {
    s.cleanup();
  }
});

test("escapesStore: the shortcut for plain names agrees with the full check on any path", async () => {
  const fc = (await import("fast-check")).default;
  const { escapesStore } = await import("../../../lib/rank-cache/stamps.js");
  const full = (file: string) => path.isAbsolute(file) || /^[A-Za-z]:/.test(file) || file.split("/").includes("..");
  const part = fc.constantFrom("a", "b.md", "..", ".", "/", "\\", "C:", ":", "x..y", "笔记", "");
  fc.assert(
    fc.property(
      fc.array(part, { maxLength: 6 }).map((p) => p.join("")),
      (file) => escapesStore(file) === full(file),
    ),
    { numRuns: 3000 },
  );
});

test("changedSince with no card: a check of the very cache and delta the keeper checked last stats no card; any other, or MEMORY.md moved, is checked as before", async (t) => {
  const many = Array.from({ length: 12 }, (_, i) => ({ file: `feedback_u${i}.md`, title: `U ${i}`, hook: `note ${i}` }));
  const s = sandbox(many);
  t.after(() => s.cleanup());
  ageStore(s.memory);
  await loadRankable(s.memory, { nowMs: now() });
  let stats = 0;
  const real = fs.statSync;
  t.mock.method(fs, "statSync", (p: fs.PathLike, ...rest: unknown[]) => {
    if (/\/feedback_u\d+\.md$/.test(String(p))) stats++;
    return (real as (...a: unknown[]) => unknown)(p, ...rest);
  });
  const check = (unchangedSince?: string) =>
    loadRankable(s.memory, {
      nowMs: now(),
      checkAllCards: true,
      fullCheckMax: 10,
      changedSince: unchangedSince === undefined ? undefined : { checked: unchangedSince, cards: new Set() },
    });
  const first = await check();
  assert.equal(stats, many.length);
  assert.equal(first.verified, true);
  assert.ok(first.checked);
  stats = 0;
  const again = await check(first.checked);
  assert.deepEqual([stats, again.verified, again.checked], [0, true, first.checked]);
  assert.ok(Math.abs(fs.statSync(path.join(s.memory, ".memctl", RANK_CACHE)).mtimeMs - now()) < 1_000, "the check recorded");
  stats = 0;
  await check(`${first.checked}x`);
  assert.equal(stats, many.length, "another cache or delta: every card");
  // MEMORY.md moved: the load refreshes (and reads the changed line's card) whatever it is told.
  fs.appendFileSync(path.join(s.memory, "MEMORY.md"), "- [U 0 again](feedback_u0.md) — the same card twice\n");
  const refreshed = await check(first.checked);
  assert.equal(refreshed.entryCount, many.length + 1);
  assert.notEqual(refreshed.checked, first.checked);
});
