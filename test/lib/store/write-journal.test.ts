// journalAround (lib/store/write-journal.ts): the one wrapper a sync round and an import's batch journal their
// writes with. What it records must follow what the change did: its MEMORY.md edit and files when it finishes,
// "read the files" when it throws (the error passed on), nothing when it touched no file.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readRegularMemo } from "../../../lib/store/checked-fs.js";
import { journalAround, journalPath, snapshotIndex, type JournalRecord } from "../../../lib/store/write-journal.js";
import { sandbox } from "../../helpers.js";

const cards = [1, 2, 3].map((n) => ({ file: `feedback_w${n}.md`, title: `Card w${n}`, hook: `about w${n}` }));

function records(memory: string): JournalRecord[] {
  if (!fs.existsSync(journalPath(memory))) return [];
  return fs
    .readFileSync(journalPath(memory), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as JournalRecord);
}

test("journalAround records a finished change's line edit and files, a thrown one as 'read the files', and an empty one not at all", async (t) => {
  const s = sandbox(cards);
  t.after(() => s.cleanup());
  const index = path.join(s.memory, "MEMORY.md");
  const lineOf = (file: string) =>
    fs
      .readFileSync(index, "utf8")
      .split("\n")
      .findIndex((l) => l.includes(`(${file})`)) + 1;

  // Finished: the edit of MEMORY.md computed from its bytes before and after, the files the result names.
  const at = lineOf("feedback_w2.md");
  const result = await journalAround(
    s.memory,
    async () => {
      fs.writeFileSync(index, fs.readFileSync(index, "utf8").replace("about w2", "about w2, edited"));
      return ["feedback_w2.md"];
    },
    (files) => files,
  );
  assert.deepEqual(result, ["feedback_w2.md"]);
  const done = records(s.memory);
  assert.equal(done.length, 1);
  assert.deepEqual(done[0]!.e, [at, 1, ["- [Card w2](feedback_w2.md) — about w2, edited"]]);
  assert.deepEqual(done[0]!.c, ["feedback_w2.md"]);
  assert.equal(done[0]!.x, undefined);

  // Nothing touched: no record.
  await journalAround(
    s.memory,
    async () => 0,
    () => [],
  );
  assert.equal(records(s.memory).length, 1);

  // Thrown part way: the error passed on, and a record that says "read the files" (x, no files).
  const boom = new Error("failed part way");
  await assert.rejects(
    journalAround(
      s.memory,
      async () => {
        fs.appendFileSync(index, "- [Card w4](feedback_w4.md) — half done\n");
        throw boom;
      },
      () => ["feedback_w4.md"],
    ),
    (err) => err === boom,
  );
  const all = records(s.memory);
  assert.equal(all.length, 2);
  assert.equal(all[1]!.x, 1);
  assert.deepEqual(all[1]!.c, []);
});

test("snapshotIndex shares the read of MEMORY.md a writer already made (readRegularMemo), and reads it again once it changed", (t) => {
  const s = sandbox(cards);
  t.after(() => s.cleanup());
  const index = path.join(s.memory, "MEMORY.md");
  const read = readRegularMemo(index);
  const first = snapshotIndex(s.memory);
  assert.equal(first?.bytes, read, "the same Buffer: one read of a 19 MB index, not two");
  assert.equal(snapshotIndex(s.memory)?.bytes, read);
  // Rewritten in place, same size: the stamp moves (ns mtime, ctime), so the snapshot holds the new bytes.
  const text = fs.readFileSync(index, "utf8");
  fs.writeFileSync(index, text.replace("about w1", "about w9"));
  const next = snapshotIndex(s.memory);
  assert.equal(next?.bytes?.toString("utf8"), text.replace("about w1", "about w9"));
  assert.equal(readRegularMemo(index), next?.bytes);
});
