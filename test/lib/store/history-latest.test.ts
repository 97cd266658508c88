import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { appendHistory, historyPath, latestByCard, makeEntry, readHistory, type HistoryEntry } from "../../../lib/store/history.js";
import { HISTORY_LATEST_RELPATH } from "../../../lib/store/history-latest-file.js";
import { keepHistoryIndex, readLatestHistory } from "../../../lib/store/history-latest.js";
import { scratchDir } from "../../support/scratch.js";

// A write reads its card's latest revision through a side index of history.jsonl (lib/store/history-latest.ts). The
// history is untrusted after a sync: whatever the index says, the answer must be the one a whole read gives.

const AT = new Date("2026-12-06T09:00:00Z");

function store(): string {
  return scratchDir("memctl-history-latest-");
}

function append(dir: string, card: string, op: HistoryEntry["op"] = "update", content: string | null = `${card} ${Math.random()}\n`): HistoryEntry {
  const entry = makeEntry(readHistory(dir).entries, card, op, "human", AT, content);
  appendHistory(dir, entry);
  return entry;
}

/** What a whole read says is each card's latest entry. */
function expected(dir: string, cards: readonly string[]): HistoryEntry[] {
  const latest = latestByCard(readHistory(dir).entries);
  return [...new Set(cards)].flatMap((c) => (latest.has(c) ? [latest.get(c)!] : []));
}

function indexFile(dir: string): string {
  return path.join(dir, ...HISTORY_LATEST_RELPATH.split("/"));
}

/** Writes `text` as history.jsonl the way git's checkout and merge drivers do: a new file renamed into place. */
function replaceHistory(dir: string, text: string): void {
  const temp = `${historyPath(dir)}.new`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, historyPath(dir));
}

test("an absent history has no entries and makes no index", () => {
  const dir = store();
  assert.deepEqual(readLatestHistory(dir, ["feedback_a.md"]), { entries: [], malformed: 0 });
  keepHistoryIndex(dir);
  assert.equal(fs.existsSync(indexFile(dir)), false);
});

test("reading writes nothing: the index is written by keepHistoryIndex, after a write's append", () => {
  const dir = store();
  append(dir, "feedback_a.md", "create");
  readLatestHistory(dir, ["feedback_a.md"]);
  assert.equal(fs.existsSync(indexFile(dir)), false);
  keepHistoryIndex(dir);
  const written = fs.readFileSync(indexFile(dir));
  assert.match(written.toString("latin1"), /^\{"magic":"memctl-history-latest 1"/);
  keepHistoryIndex(dir); // nothing new: not written again
  assert.deepEqual(fs.readFileSync(indexFile(dir)), written);
});

test("a write leaves the index file while the lines it lags are few, and the reads fold them in", () => {
  // At 100,000 cards the file is 0.8 MB: rewritten after every write, it was a cost that grew with the store.
  const dir = store();
  for (let i = 0; i < 50; i++) append(dir, `project_c${i}.md`, "create");
  readLatestHistory(dir, []);
  keepHistoryIndex(dir);
  const written = fs.readFileSync(indexFile(dir));
  for (const card of ["project_c1.md", "user_new.md", "project_c1.md"]) {
    append(dir, card, card === "user_new.md" ? "create" : "update");
    assert.deepEqual(readLatestHistory(dir, [card, "project_c2.md"]).entries, expected(dir, [card, "project_c2.md"]));
    keepHistoryIndex(dir);
    assert.deepEqual(fs.readFileSync(indexFile(dir)), written, "the index file is not rewritten for a line");
  }
  // The next write (another process: the file's stamp moved, so it is read again) folds the lines since in.
  fs.utimesSync(indexFile(dir), new Date(), new Date());
  assert.deepEqual(readLatestHistory(dir, ["project_c1.md", "user_new.md"]).entries, expected(dir, ["project_c1.md", "user_new.md"]));
  // Past LAG_MAX (16 KiB of lines) the next write writes it again.
  for (let i = 0; i < 120; i++) append(dir, `project_c${i % 50}.md`);
  readLatestHistory(dir, []);
  keepHistoryIndex(dir);
  assert.notDeepEqual(fs.readFileSync(indexFile(dir)), written, "rewritten once the lag is large");
  assert.deepEqual(readLatestHistory(dir, ["project_c7.md"]).entries, expected(dir, ["project_c7.md"]));
});

test("the latest entry of each card, as a whole read finds it, while other writers append", () => {
  const dir = store();
  for (const card of ["feedback_a.md", "project_b.md", "feedback_a.md", "user_c.md"]) append(dir, card);
  assert.deepEqual(readLatestHistory(dir, ["feedback_a.md", "project_b.md", "nope.md"]).entries, expected(dir, ["feedback_a.md", "project_b.md"]));
  keepHistoryIndex(dir);
  assert.ok(fs.existsSync(indexFile(dir)), "the index is written");
  // Appends that never went through the index (rm, adopt, sync's own entries) are folded in on the next read.
  append(dir, "feedback_a.md", "delete", null);
  append(dir, "user_d.md", "create");
  for (const cards of [["feedback_a.md"], ["user_d.md", "user_c.md"], ["project_b.md"]]) {
    assert.deepEqual(readLatestHistory(dir, cards).entries, expected(dir, cards));
    keepHistoryIndex(dir);
  }
  assert.equal(readLatestHistory(dir, ["feedback_a.md"]).entries[0]!.op, "delete");
});

test("lines folded in for a new card and an indexed one whose pair the new card's goes before: each keeps its own", () => {
  // FNV-1a: project_west.md's hash sorts before project_zeta.md's. Lines appended past the index (rm, adopt, a sync's
  // fast-forward) for both: inserting west's pair moved zeta's, and zeta's new offset was written where west's went.
  const dir = store();
  append(dir, "project_zeta.md", "create");
  readLatestHistory(dir, []);
  keepHistoryIndex(dir);
  append(dir, "project_west.md", "create");
  append(dir, "project_zeta.md");
  fs.utimesSync(indexFile(dir), new Date(), new Date()); // read from the file, as the next process does
  const cards = ["project_zeta.md", "project_west.md"];
  assert.deepEqual(readLatestHistory(dir, cards).entries, expected(dir, cards));
});

test("equal revisions: the later line wins, as latestByCard picks", () => {
  const dir = store();
  append(dir, "feedback_a.md", "create");
  keepHistoryIndex(dir);
  const again = { ...readHistory(dir).entries[0]!, actor: "host:codex" };
  appendHistory(dir, again); // a union merge can leave two lines with one revision
  assert.deepEqual(readLatestHistory(dir, ["feedback_a.md"]).entries, [again]);
});

test("a history a sync rewrote is read whole again: a line merged in before the end, a new inode", () => {
  const dir = store();
  for (let i = 0; i < 40; i++) append(dir, `project_c${i % 7}.md`);
  assert.deepEqual(readLatestHistory(dir, ["project_c3.md"]).entries, expected(dir, ["project_c3.md"]));
  keepHistoryIndex(dir);
  // A teammate's revision 7 of c3 (it has 6) lands in the middle: more bytes, the same last lines, a new file.
  const lines = fs.readFileSync(historyPath(dir), "utf8").split("\n");
  const theirs = JSON.stringify({ ...JSON.parse(lines[5]!), card: "project_c3.md", rev: 7, actor: "host:claude" });
  lines.splice(6, 0, theirs);
  replaceHistory(dir, lines.join("\n"));
  assert.equal(readLatestHistory(dir, ["project_c3.md"]).entries[0]!.rev, 7);
  assert.deepEqual(readLatestHistory(dir, ["project_c3.md", "project_c1.md"]).entries, expected(dir, ["project_c3.md", "project_c1.md"]));
});

for (const where of ["first", "last"] as const) {
  test(`a history rewritten in place at its ${where} line (same inode, same size, offsets still on line starts) is read whole again`, () => {
    const dir = store();
    for (let i = 0; i < 200; i++) append(dir, `project_c${i % 9}.md`);
    assert.ok(fs.statSync(historyPath(dir)).size > 3 * 4096, "longer than the two windows the index checks");
    keepHistoryIndex(dir);
    const ino = fs.statSync(historyPath(dir)).ino;
    // That line becomes c4's revision 23 (it has 22), its time shorter by the digits the revision gained: every byte offset
    // stays where it was, so only the index's check of the covered bytes can tell.
    const lines = fs.readFileSync(historyPath(dir), "utf8").split("\n");
    const i = where === "first" ? 0 : lines.length - 2;
    const old = JSON.parse(lines[i]!) as HistoryEntry;
    const gained = 2 - String(old.rev).length;
    assert.ok(old.card.length === "project_c4.md".length && gained >= 0);
    lines[i] = JSON.stringify({ ...old, card: "project_c4.md", rev: 23, at: old.at.replace(".000Z", `.${"0".repeat(3 - gained)}Z`) });
    const fd = fs.openSync(historyPath(dir), "r+");
    fs.writeSync(fd, lines.join("\n"), 0);
    fs.closeSync(fd);
    assert.equal(fs.statSync(historyPath(dir)).ino, ino);
    assert.deepEqual(readLatestHistory(dir, ["project_c4.md"]).entries, expected(dir, ["project_c4.md"]));
    assert.equal(readLatestHistory(dir, ["project_c4.md"]).entries[0]!.rev, 23);
  });
}

test("a history cut shorter than the index covers is read whole again", () => {
  const dir = store();
  for (let i = 0; i < 10; i++) append(dir, "feedback_a.md");
  keepHistoryIndex(dir);
  const lines = fs.readFileSync(historyPath(dir), "utf8").split("\n");
  fs.writeFileSync(historyPath(dir), lines.slice(0, 4).join("\n") + "\n");
  assert.equal(readLatestHistory(dir, ["feedback_a.md"]).entries[0]!.rev, 4);
});

test("a torn last line is not covered; once the next append drops it, the index still holds", () => {
  const dir = store();
  append(dir, "feedback_a.md", "create");
  fs.appendFileSync(historyPath(dir), '{"rev":2,"card":"feedback_a.md","op":"upd'); // a writer killed mid-line
  assert.equal(readLatestHistory(dir, ["feedback_a.md"]).entries[0]!.rev, 1);
  keepHistoryIndex(dir);
  append(dir, "feedback_a.md"); // appendLine drops the torn tail first
  assert.deepEqual(readLatestHistory(dir, ["feedback_a.md"]).entries, expected(dir, ["feedback_a.md"]));
  assert.equal(readLatestHistory(dir, ["feedback_a.md"]).entries[0]!.rev, 2);
});

test("an index that does not hold together (garbage, offsets inside a line) is rebuilt, never believed", () => {
  const dir = store();
  for (let i = 0; i < 30; i++) append(dir, `project_c${i % 4}.md`);
  keepHistoryIndex(dir);
  const good = fs.readFileSync(indexFile(dir));
  // Every offset moved one byte into its line: the header and windows still match the history.
  const body = good.indexOf(0x0a) + 1;
  const shifted = Buffer.from(good);
  const pairs = new Uint32Array(shifted.buffer, shifted.byteOffset + body, (shifted.length - body) / 4);
  for (let i = 1; i < pairs.length; i += 2) pairs[i]! += 1;
  for (const bad of [shifted, Buffer.from("not an index\n"), good.subarray(0, good.length - 4)]) {
    fs.writeFileSync(indexFile(dir), bad);
    assert.deepEqual(readLatestHistory(dir, ["project_c1.md", "project_c2.md"]).entries, expected(dir, ["project_c1.md", "project_c2.md"]));
  }
});

test("two cards whose names share a hash bucket keep their own latest entries", () => {
  // FNV-1a of these two names is the same 32-bit value (found by search): the index holds both in one bucket.
  const dir = store();
  const [a, b] = ["project_c412789.md", "project_c649192.md"];
  append(dir, a, "create");
  assert.deepEqual(readLatestHistory(dir, [b]).entries, []);
  keepHistoryIndex(dir);
  append(dir, b, "create");
  append(dir, b);
  assert.deepEqual(readLatestHistory(dir, [a, b]).entries, expected(dir, [a, b]));
  keepHistoryIndex(dir);
  append(dir, a);
  assert.deepEqual(readLatestHistory(dir, [b, a]).entries, expected(dir, [b, a]));
  assert.deepEqual(
    readLatestHistory(dir, [a, b]).entries.map((e) => [e.card, e.rev]),
    [
      [a, 2],
      [b, 2],
    ],
  );
});

test("a history that is not a regular file reports the error a whole read reports", () => {
  const dir = store();
  fs.mkdirSync(historyPath(dir), { recursive: true });
  const read = readLatestHistory(dir, ["feedback_a.md"]);
  assert.deepEqual(read.entries, []);
  assert.match(read.error ?? "", /history\.jsonl/);
});

test("a line whose revision skips numbers never becomes a card's latest, whether the index folds it in or is rebuilt", () => {
  const dir = store();
  for (let i = 0; i < 12; i++) append(dir, `project_c${i % 3}.md`);
  keepHistoryIndex(dir);
  const forged = { ...readHistory(dir).entries[0]!, rev: 5_000 };
  appendHistory(dir, forged); // appended: folded into the kept index
  const next = { ...readHistory(dir).entries[0]!, rev: 5 }; // then the card's honest next revision, after it
  appendHistory(dir, next);
  assert.deepEqual(readLatestHistory(dir, ["project_c0.md"]).entries, [next]);
  assert.deepEqual(expected(dir, ["project_c0.md"]), [next]);
  assert.equal(readHistory(dir).malformed, 1);
  fs.rmSync(indexFile(dir));
  replaceHistory(dir, fs.readFileSync(historyPath(dir), "utf8")); // a new inode: rebuilt from the whole file
  assert.deepEqual(readLatestHistory(dir, ["project_c0.md"]).entries, [next]);
});
