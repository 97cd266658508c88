// The write journal (lib/store/write-journal.ts, lib/rank-cache/journal.ts): memctl's own writes reach the next
// load without MEMORY.md being read, and the result is what a rebuild from the files gives; anything else falls
// back to reading the files.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { loadRankable, type RankableStore } from "../../../lib/rank-cache/load.js";
import { openCache } from "../../../lib/rank-cache/read.js";
import { journaled } from "../../../lib/rank-cache/journal.js";
import { JOURNAL_EDIT_MAX_LINES, journalChange, journalPath, snapshotIndex, type JournalRecord } from "../../../lib/store/write-journal.js";
import { journalWorld } from "../../support/journal-world.js";

const LARGE = { fullCheckMax: 10 };
const cards = Array.from({ length: 30 }, (_, i) => ({ file: `feedback_j${String(i).padStart(2, "0")}.md`, title: `Card j${i}`, hook: `about j${i}`, topics: ["journal"] }));

/** What ranking sees of a store: every entry with its line and fields, some terms' postings, the unparsed lines, the counts. */
function shape(store: RankableStore) {
  const entries = Array.from({ length: store.index.size }, (_, id) => {
    const e = store.index.entry(id);
    return [e.line, e.file, e.title, e.hook, e.raw, e.priority ?? "", e.status ?? ""];
  });
  const postings = Object.fromEntries(
    ["wombat", "quokka", "zanzibar", "journal"].map((term) => {
      const list = store.index.postings(term);
      return [term, list ? Array.from(list.id, (id) => store.index.file(id)).sort() : []];
    }),
  );
  return { entries, postings, unparsed: store.unparsed.map((u) => [u.line, u.raw]), entryCount: store.entryCount, cardCount: store.cardCount, plainFiles: store.plainFiles };
}

/** The journal's store; each command waits out the racy window after it (the load may write its delta). */
function world(t: { after: (fn: () => void) => void }) {
  const { s, cli, past } = journalWorld(t, cards, 12);
  return {
    s,
    cli: async (...argv: string[]) => {
      await cli(...argv);
      await past();
    },
  };
}

const settled = async (memory: string) => shape(await loadRankable(memory, { nowMs: Date.now(), force: true, writeCache: false }));

test("memctl's saves, new cards and removals reach the next load through the journal, as a rebuild reads them", async (t) => {
  const { s, cli } = world(t);
  assert.equal((await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE })).cache, "rebuilt");
  const steps: [string, string[]][] = [
    ["a new description (its index line rewritten in place)", ["save", "feedback_j05", "-t", "feedback", "-d", "the zanzibar flag moved"]],
    ["a new card (a line appended)", ["save", "feedback_new", "-t", "feedback", "-d", "a brand new quokka note"]],
    ["a removal (a line gone, the lines after it move up)", ["rm", "feedback_j03"]],
    ["a card's topics only (its index line kept)", ["save", "feedback_j20", "-t", "feedback", "-d", "about j20", "--topics", "wombat"]],
  ];
  for (const [what, argv] of steps) {
    await cli(...argv);
    const loaded = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
    assert.equal(loaded.cache, "updated", what);
    assert.deepEqual(shape(loaded), await settled(s.memory), what);
  }
  assert.ok(fs.statSync(journalPath(s.memory)).size > 0);
});

test("the journal is believed only while it accounts for every change: MEMORY.md edited by hand is read again", async (t) => {
  const { s, cli } = world(t);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  await cli("save", "feedback_j07", "-t", "feedback", "-d", "first memctl write");
  // A hand edit after memctl's: MEMORY.md's stat no longer matches the journal's last record.
  const file = path.join(s.memory, "MEMORY.md");
  fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("about j9\n", "about j9, edited by hand\n"));
  await new Promise((resolve) => setTimeout(resolve, 120));
  const loaded = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  assert.deepEqual(shape(loaded), await settled(s.memory));
  assert.ok(shape(loaded).entries.some((e) => e[3] === "about j9, edited by hand"));
  // A journal that is not the one the cache marked (rotated, replaced) is not read either.
  await cli("save", "feedback_j08", "-t", "feedback", "-d", "second memctl write");
  fs.writeFileSync(journalPath(s.memory), "");
  const again = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  assert.deepEqual(shape(again), await settled(s.memory));
});

test("what the journal tells: each write's line edit and cards while the stats chain to the files; nothing once they do not", async (t) => {
  const { s, cli } = world(t);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  const h = openCache(s.memory)!.header;
  const now = () => {
    const st = fs.statSync(path.join(s.memory, "MEMORY.md"));
    return { st, dirs: new Map([["", fs.statSync(s.memory).mtimeMs]]) };
  };
  await cli("save", "feedback_j11", "-t", "feedback", "-d", "told by the journal");
  await cli("save", "feedback_j12", "-t", "feedback", "-d", "about j12", "--topics", "wombat"); // its line is unchanged
  let { st, dirs } = now();
  const told = journaled(s.memory, h.journal, h.index, st, h.dirs, dirs);
  assert.deepEqual(told?.edits, [[16, 1, ["- [Card j11](feedback_j11.md) — told by the journal"]]]);
  assert.deepEqual([...(told?.cards ?? [])].sort(), ["feedback_j11.md", "feedback_j12.md"]);
  // A card file created by hand moves the store directory past the journal's last record: not accounted for.
  fs.writeFileSync(path.join(s.memory, "feedback_hand.md"), "by hand\n");
  ({ st, dirs } = now());
  assert.equal(journaled(s.memory, h.journal, h.index, st, h.dirs, dirs), undefined);
});

test("an import's batch and fix-fields' rewrites reach the next load through the journal: only the cards they wrote are re-checked", async (t) => {
  const { s, cli } = world(t);
  assert.equal((await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE })).cache, "rebuilt");
  // A check of every card just now; then an in-place edit by hand that only a check of every card finds.
  const checkedAt = Date.now();
  fs.utimesSync(path.join(s.memory, ".memctl", "rank-cache.bin"), checkedAt / 1000, checkedAt / 1000);
  fs.writeFileSync(path.join(s.memory, "feedback_j07.md"), fs.readFileSync(path.join(s.memory, "feedback_j07.md"), "utf8").replace('  - "journal"', '  - "journal"\n  - "quokka"'));
  const src = path.join(s.root, "claude-src");
  fs.mkdirSync(src);
  for (const n of [1, 2]) fs.writeFileSync(path.join(src, `feedback_c${n}.md`), `---\nname: c${n}\ndescription: imported wombat note ${n}\ntype: feedback\n---\nBody ${n}.\n`);
  await cli("import", "claude", "--from", src, "--yes");
  const imported = await loadRankable(s.memory, { nowMs: checkedAt + 500, ...LARGE, writeCache: false });
  assert.equal(imported.cache, "updated");
  assert.equal(imported.verified, false, "not every card was checked");
  const seen = shape(imported);
  assert.deepEqual(seen.postings.wombat, ["feedback_c1.md", "feedback_c2.md"]);
  assert.deepEqual(seen.postings.quokka, [], "the card the journal did not name was not stat'ed");
  // Past the window, every card is checked: what a rebuild reads.
  assert.deepEqual(shape(await loadRankable(s.memory, { nowMs: Date.now() + 5_000, ...LARGE, writeCache: false })), await settled(s.memory));

  // fix-fields rewrites the imported cards (fields they lack) in one batch: journaled too, with MEMORY.md untouched.
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE, checkAllCards: true }); // a full check (memctl context), written
  await cli("fix-fields");
  const last = JSON.parse(fs.readFileSync(journalPath(s.memory), "utf8").trim().split("\n").at(-1)!);
  assert.deepEqual(last.c.sort(), ["feedback_c1.md", "feedback_c2.md"]);
  assert.deepEqual(last.i, last.o);
  const fixed = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE, writeCache: false });
  assert.equal(fixed.cache, "updated");
  assert.deepEqual(shape(fixed), await settled(s.memory));
});

test("journalChange states a change only when it can: an edit from the bytes, else x (read the files), and the load is then what a rebuild reads", async (t) => {
  const { s } = world(t);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  const file = path.join(s.memory, "MEMORY.md");
  const lastRecord = (): JournalRecord => JSON.parse(fs.readFileSync(journalPath(s.memory), "utf8").trim().split("\n").at(-1)!);
  const change = (edit: (text: string) => string, files: string[] | undefined) => {
    const before = snapshotIndex(s.memory);
    fs.writeFileSync(file, edit(fs.readFileSync(file, "utf8")));
    journalChange(s.memory, before, files);
    return lastRecord();
  };
  // One line replaced: its edit, computed from the bytes.
  const one = change((x) => x.replace("about j4\n", "about j4, wombat\n"), ["feedback_j04.md"]);
  assert.deepEqual(one.e, [7, 1, ["- [Card j4](feedback_j04.md) — about j4, wombat"]]);
  assert.equal(one.x, undefined);
  // Two far-apart changes: one span of more than JOURNAL_EDIT_MAX_LINES lines is not worth parsing: x.
  const far = change((x) => `${x.replace("about j1\n", "about j1!\n")}${"prose\n".repeat(JOURNAL_EDIT_MAX_LINES)}tail\n`, ["feedback_j01.md"]);
  assert.equal(far.x, 1);
  // The files a change wrote not known: x.
  assert.equal(change((x) => x.replace("about j2\n", "about j2?\n"), undefined).x, 1);
  // MEMORY.md read while it moved, or not at all: x.
  journalChange(s.memory, undefined, ["feedback_j05.md"]);
  assert.equal(lastRecord().x, 1);
  const loaded = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE, writeCache: false });
  assert.deepEqual(shape(loaded), await settled(s.memory));
  assert.ok(shape(loaded).entries.some((e) => e[3] === "about j4, wombat"));
});

test("a record that does not chain from what a load recorded (it read the store mid-change, as a keeper can mid-sync) still limits the re-check to its files; MEMORY.md is read", async (t) => {
  const { s } = world(t);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 120)); // past the racy window
  /** Replaces a card by rename, as git and memctl do: a new inode, and the store directory's mtime moves. */
  const replaceCard = (file: string, from: string, to: string) => {
    const abs = path.join(s.memory, file);
    fs.writeFileSync(`${abs}.tmp`, fs.readFileSync(abs, "utf8").replace(from, to));
    fs.renameSync(`${abs}.tmp`, abs);
  };
  // A writer (a sync's merge) starts, and part of its change lands: j04's index line and card.
  const before = snapshotIndex(s.memory);
  const index = path.join(s.memory, "MEMORY.md");
  fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("about j4\n", "about j4, wombat\n"));
  replaceCard("feedback_j04.md", '  - "journal"', '  - "journal"\n  - "wombat"');
  await settle();
  // A check of every card reads the store now, mid-change, and records what it saw (MEMORY.md with j04's new line).
  const midAt = Date.now();
  assert.equal((await loadRankable(s.memory, { nowMs: midAt, ...LARGE, checkAllCards: true })).verified, true);
  // The rest lands (j09 replaced), then the writer's record, whose "before" is not what that check recorded; then an
  // in-place edit by hand that only a check of every card finds.
  replaceCard("feedback_j09.md", '  - "journal"', '  - "journal"\n  - "zanzibar"');
  journalChange(s.memory, before, ["feedback_j04.md", "feedback_j09.md"]);
  const j07 = path.join(s.memory, "feedback_j07.md");
  fs.writeFileSync(j07, fs.readFileSync(j07, "utf8").replace('  - "journal"', '  - "journal"\n  - "quokka"'));
  await settle();
  const next = await loadRankable(s.memory, { nowMs: midAt + 500, ...LARGE, writeCache: false });
  assert.equal(next.cache, "updated");
  assert.equal(next.verified, false, "not every card was checked");
  const seen = shape(next);
  assert.deepEqual(seen.postings.wombat, ["feedback_j04.md"]);
  assert.deepEqual(seen.postings.zanzibar, ["feedback_j09.md"], "the record's card landed after the check: re-checked");
  assert.deepEqual(seen.postings.quokka, [], "a card no record names was not stat'ed");
  assert.deepEqual(shape(await loadRankable(s.memory, { nowMs: Date.now() + 5_000, ...LARGE, writeCache: false })), await settled(s.memory));
});

test("a load that read the store after a write landed but before its record (a keeper's check in a long sync's tail) still applies later writes' edits without reading MEMORY.md", async (t) => {
  const { s, cli } = world(t);
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE });
  // The write lands (MEMORY.md and a card replaced); a check of every card reads the store; then the write's record.
  const before = snapshotIndex(s.memory);
  const index = path.join(s.memory, "MEMORY.md");
  fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("about j4\n", "about j4, wombat\n"));
  await new Promise((resolve) => setTimeout(resolve, 120));
  await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE, checkAllCards: true });
  journalChange(s.memory, before, ["feedback_j04.md"]);
  // A save after it: its line edit applies to what the check recorded, the landed write's card is re-checked.
  await cli("save", "feedback_j11", "-t", "feedback", "-d", "told by the journal");
  const d = JSON.parse(fs.readFileSync(path.join(s.memory, ".memctl", "rank-delta.json"), "utf8"));
  const st = fs.statSync(index);
  const told = journaled(s.memory, d.journal, d.index, st, d.dirs, new Map([["", fs.statSync(s.memory).mtimeMs]]));
  assert.deepEqual(told?.edits, [[16, 1, ["- [Card j11](feedback_j11.md) — told by the journal"]]]);
  assert.deepEqual([...(told?.cards ?? [])].sort(), ["feedback_j04.md", "feedback_j11.md"]);
  const loaded = await loadRankable(s.memory, { nowMs: Date.now(), ...LARGE, writeCache: false });
  assert.deepEqual(shape(loaded), await settled(s.memory));
});
