// MEMORY.md edited by hand, brought into the rank cache's delta by aligning its lines' hashes with the index they
// were (lib/rank-cache/align.ts) instead of parsing every line: through any sequence of hand edits of lines — a hook
// rewritten, lines removed, inserted, moved, swapped or copied, a bullet that is no entry, a fenced block — the trusted
// prompt's load and the keeper's check give what a rebuild reads; and the keeper's check, told which cards changed,
// stats none of the cards a hand edit of the index did not touch.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { lineKeyLanes } from "../../../lib/core/line-key.js";
import { key53 } from "../../../lib/rank-cache/align.js";
import { loadRankable, type RankableStore } from "../../../lib/rank-cache/load.js";
import { checkedNow, journalWorld } from "../../support/journal-world.js";
import { prng } from "../../support/prng.js";

const LARGE = { fullCheckMax: 10 };
const TERMS = ["wombat", "quokka", "zanzibar", "journal", "p7", "p30"];
const cards = Array.from({ length: 40 }, (_, i) => ({ file: `feedback_p${String(i).padStart(2, "0")}.md`, title: `Card p${i}`, hook: `about p${i}`, topics: ["journal"] }));

/** What ranking sees of a store: every entry with its line and fields, some terms' postings, the unparsed lines, the counts. */
function shape(store: RankableStore) {
  return {
    entries: Array.from({ length: store.index.size }, (_, id) => {
      const e = store.index.entry(id);
      return [e.line, store.index.file(id), e.title, e.hook, e.raw, store.index.lineText?.(id) ?? ""].join(" | ");
    }),
    postings: TERMS.map((term) => {
      const list = store.index.postings(term);
      return `${term}: ${
        list
          ? Array.from(list.id, (id) => store.index.file(id))
              .sort()
              .join(" ")
          : ""
      }`;
    }),
    always: store.index.alwaysIds.map((id) => store.index.file(id)).sort(),
    unparsed: store.unparsed.map((u) => `${u.line} ${u.raw}`),
    counts: [store.entryCount, store.cardCount, store.plainFiles],
  };
}

const settled = async (memory: string) => shape(await loadRankable(memory, { nowMs: Date.now(), force: true, writeCache: false }));

/** MEMORY.md's lines edited by `edit`, written in place as an editor does (the same inode, the directory untouched). */
function editIndex(memory: string, edit: (lines: string[]) => void): void {
  const file = path.join(memory, "MEMORY.md");
  const lines = fs.readFileSync(file, "utf8").split("\n");
  edit(lines);
  fs.writeFileSync(file, lines.join("\n"));
}

type Edit = [string, (lines: string[], at: number, rand: () => number) => void];
const EDITS: Edit[] = [
  ["a hook rewritten", (l, at) => void (l[at] = `${l[at]} wombat`)],
  ["a line removed", (l, at) => void l.splice(at, 1)],
  ["ten lines removed", (l, at) => void l.splice(at, 10)],
  ["a line for another card inserted", (l, at, r) => void l.splice(at, 0, `- [Second look](feedback_p${String(Math.floor(r() * 40)).padStart(2, "0")}.md) — quokka again`)],
  ["a line moved far", (l, at) => void l.splice(Math.max(0, l.length - 3), 0, ...l.splice(at, 1))],
  ["two lines swapped", (l, at) => void ([l[at], l[at + 1]] = [l[at + 1]!, l[at]!])],
  ["a line copied", (l, at) => void l.splice(at + 3, 0, l[at]!)],
  ["a bullet without a link", (l, at) => void l.splice(at, 0, "- zanzibar, no link")],
  ["a heading", (l, at) => void l.splice(at, 0, "## Zanzibar")],
  ["a fenced block", (l, at) => void l.splice(at, 0, "```", `- [In a fence](feedback_p01.md) — not an entry`, "```")],
];

test("any sequence of hand edits of MEMORY.md's lines reaches the trusted load and the keeper's told check as a rebuild reads it", async (t) => {
  for (const seed of [1, 2, 3, 4]) {
    const { s, past } = world(t);
    const rand = prng(seed);
    await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
    let checked = (await loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE })).checked;
    for (let step = 0; step < 8; step++) {
      const [what, edit] = EDITS[Math.floor(rand() * EDITS.length)]!;
      editIndex(s.memory, (lines) => edit(lines, 2 + Math.floor(rand() * (lines.length - 14)), rand));
      await past();
      const message = `seed ${seed}, step ${step}: ${what}`;
      if (rand() < 0.5) {
        checkedNow(s.memory);
        const loaded = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
        assert.equal(loaded.verified, false, `${message}: a trusted load (${loaded.cache})`);
        assert.deepEqual(shape(loaded), await settled(s.memory), `${message} (trusted load)`);
      } else {
        const loaded = await loadRankable(s.memory, {
          nowMs: Date.now(),
          checkAllCards: true,
          ...LARGE,
          ...(checked ? { changedSince: { checked, cards: new Set<string>() } } : {}),
        });
        assert.deepEqual(shape(loaded), await settled(s.memory), `${message} (the keeper's check)`);
      }
      checked = (await loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE })).checked ?? checked;
    }
  }
});

test("the keeper's check told which cards changed stats none of the others after a hand edit of one MEMORY.md line", async (t) => {
  const { s, past } = world(t);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  const first = await loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE });
  assert.ok(first.checked);
  let stats = 0;
  const real = fs.statSync;
  t.mock.method(fs, "statSync", (p: fs.PathLike, ...rest: unknown[]) => {
    if (/\/feedback_\w+\.md$/.test(String(p))) stats++;
    return (real as (...a: unknown[]) => unknown)(p, ...rest);
  });
  editIndex(s.memory, (lines) => {
    const at = lines.findIndex((l) => l.includes("(feedback_p20.md)"));
    lines[at] = `${lines[at]} zanzibar`;
  });
  await past();
  const loaded = await loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE, changedSince: { checked: first.checked!, cards: new Set() } });
  assert.ok(stats <= 1, `${stats} card stats`);
  assert.equal(loaded.verified, true);
  assert.deepEqual(shape(loaded), await settled(s.memory));
  assert.equal(
    shape(loaded).postings.find((p) => p.startsWith("zanzibar:")),
    "zanzibar: feedback_p20.md",
  );
});

test("a block of twelve MEMORY.md lines moved to the end is aligned, not read card by card, at 100 cards", async (t) => {
  // More lines in one run than a walk looking a few entries ahead can skip, with more lines after it than a delta holds.
  const many = Array.from({ length: 100 }, (_, i) => ({ file: `feedback_q${String(i).padStart(3, "0")}.md`, title: `Card q${i}`, hook: `about q${i}`, topics: ["journal"] }));
  const { s, past } = journalWorld(t, many, 60);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  const first = await loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE });
  assert.ok(first.checked);
  let stats = 0;
  const real = fs.statSync;
  t.mock.method(fs, "statSync", (p: fs.PathLike, ...rest: unknown[]) => {
    if (/\/feedback_\w+\.md$/.test(String(p))) stats++;
    return (real as (...a: unknown[]) => unknown)(p, ...rest);
  });
  editIndex(s.memory, (lines) => {
    const at = lines.findIndex((l) => l.includes("(feedback_q005.md)"));
    lines.splice(lines.length - 1, 0, ...lines.splice(at, 12));
  });
  await past();
  const loaded = await loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE, changedSince: { checked: first.checked!, cards: new Set() } });
  assert.equal(stats, 0, `${stats} card stats`);
  assert.deepEqual(shape(loaded), await settled(s.memory));
});

const world = (t: { after: (fn: () => void) => void }) => journalWorld(t, cards, 14);

test("a MEMORY.md line made to collide with a cached line under the public unseeded line key is read as itself by a trusted load and the keeper's check", async (t) => {
  // Two hooks found offline by a cycle search over key53(lineKeyLanes(line)) (about 1e8 keys, seconds of CPU): anyone
  // can make such a pair, so a cache keying its lines by that hash takes the pushed line for the one it had.
  const line = (v: string) => `- [Card p5](feedback_p05.md) — about p5 v${v}`;
  const [was, now] = [line("14ce1ef6b89128"), line("0cbba5fa475e75")];
  assert.equal(key53(...lineKeyLanes(was)), key53(...lineKeyLanes(now)), "the pair collides under the unseeded key");
  for (const load of ["a trusted load", "the keeper's check"]) {
    const { s, past } = world(t);
    const setLine = (text: string) => editIndex(s.memory, (lines) => void (lines[lines.findIndex((l) => l.includes("(feedback_p05.md)"))] = text));
    setLine(was);
    await past();
    await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
    const checked = (await loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE })).checked;
    setLine(now);
    await past();
    if (load === "a trusted load") checkedNow(s.memory);
    const loaded = await loadRankable(s.memory, {
      nowMs: Date.now(),
      ...LARGE,
      ...(load === "the keeper's check" ? { checkAllCards: true, ...(checked ? { changedSince: { checked, cards: new Set<string>() } } : {}) } : {}),
    });
    assert.ok(
      shape(loaded).entries.some((e) => e.includes(now)),
      `${load}: the new line is read`,
    );
    assert.deepEqual(shape(loaded), await settled(s.memory), load);
  }
});

test("a hand edit of MEMORY.md in place that keeps its size and puts its mtime back is read, by a trusted load and the keeper's check, with a save before or after it", async (t) => {
  const { s, cli, past } = world(t);
  const file = path.join(s.memory, "MEMORY.md");
  const cases: [string, () => Promise<RankableStore>][] = [
    ["a trusted load", () => (checkedNow(s.memory), loadRankable(s.memory, { nowMs: Date.now(), ...LARGE }))],
    ["the keeper's check", () => loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE })],
  ];
  for (const [what, load] of cases)
    for (const saved of ["", "a save before it", "a save after it"]) {
      await loadRankable(s.memory, { nowMs: Date.now(), checkAllCards: true, ...LARGE });
      // A save after the load: the write journal then accounts for MEMORY.md's size, mtime and inode as they end.
      if (saved === "a save before it") await cli("save", "feedback_p05", "-t", "feedback", "-d", `saved before the edit, ${what}`);
      const from = fs.readFileSync(file, "utf8").includes("about p20") ? "about p20" : "about q20";
      editInPlace(file, from, from === "about p20" ? "about q20" : "about p20");
      // A save after it: the save's record starts from the stamp the edit put back (only its ctime differs).
      if (saved === "a save after it") await cli("save", "feedback_p05", "-t", "feedback", "-d", `saved after the edit, ${what}`);
      await past();
      assert.deepEqual(shape(await load()), await settled(s.memory), `${what}${saved ? `, ${saved}` : ""}`);
    }
});

/** `from` made `to` (the same length) in `file`, written in place, its mtime put back to the nanosecond by touch -r: only the ctime moves. */
function editInPlace(file: string, from: string, to: string): void {
  const ref = path.join(path.dirname(path.dirname(file)), "index.times"); // outside the store: its directory keeps its mtime
  fs.writeFileSync(ref, "");
  try {
    assert.equal(spawnSync("touch", ["-r", file, ref]).status, 0);
    const before = fs.statSync(file, { bigint: true });
    const bytes = Buffer.from(fs.readFileSync(file, "utf8").replace(from, to));
    assert.equal(BigInt(bytes.length), before.size);
    const fd = fs.openSync(file, "r+");
    fs.writeSync(fd, bytes, 0, bytes.length, 0);
    fs.closeSync(fd);
    assert.equal(spawnSync("touch", ["-r", ref, file]).status, 0);
    assert.equal(fs.statSync(file, { bigint: true }).mtimeNs, before.mtimeNs);
  } finally {
    fs.rmSync(ref, { force: true });
  }
}
