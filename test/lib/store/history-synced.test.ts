import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { HistoryEntry } from "../../../lib/store/history.js";
import { entryKey, readSyncedHistory, recordSyncedHistory, SYNCED_HISTORY_RELPATH, syncedMarksOf } from "../../../lib/store/history-synced.js";
import { scratchDir } from "../../support/scratch.js";

// syncedMarksOf parses only the marks of the entries asked about (history NAME on a big shared store): whatever lines
// it skips unparsed, its answer must be the one a whole read of the file gives for those entries.

function entry(card: string, rev: number): HistoryEntry {
  return { rev, card, op: "update", actor: "human", at: "2026-12-07T10:00:00.000Z", sha256: "a".repeat(64), bytes: 10 };
}

const MARK = { pushed_by: ["Teammate <t@example.com>"], commit: "c".repeat(40) };

test("only the asked entries' marks, each as a whole read finds it, whatever a line's key order or repeated key", () => {
  const dir = scratchDir("memctl-history-synced-");
  const [a, b, c, d, own] = [entry("a.md", 1), entry("b.md", 1), entry("c.md", 1), entry("d.md", 1), entry("e.md", 1)];
  recordSyncedHistory(dir, [a!], MARK);
  const file = path.join(dir, SYNCED_HISTORY_RELPATH);
  // Lines memctl did not write in its own shape: keys in another order, spaces, a key repeated (JSON.parse keeps the last).
  fs.appendFileSync(file, `{ "commit": "x", "pushed_by": ["Other"], "key": "${entryKey(b!)}" }\n`);
  fs.appendFileSync(file, `{"key":"${entryKey(d!)}","pushed_by":["Decoy"],"commit":"y","key":"${entryKey(c!)}"}\nnot json\n`);
  const whole = readSyncedHistory(dir);
  const pushed = syncedMarksOf(dir, [a!, b!, c!, d!, own!]);
  for (const e of [a!, b!, c!, d!, own!]) assert.deepEqual(pushed(e), whole.get(entryKey(e)), e.card);
  assert.deepEqual(pushed(a!), MARK);
  assert.equal(pushed(c!)?.pushed_by[0], "Decoy");
  assert.equal(pushed(d!), undefined);
  assert.equal(pushed(own!), undefined);
  // Asked about one entry, the others' marks are not in the answer's map.
  assert.deepEqual([...readSyncedHistory(dir, new Set([entryKey(b!)])).keys()], [entryKey(b!)]);
});

test("no marks file: every line is the owner's; a marks file that is a directory is an error, not an empty file", () => {
  const dir = scratchDir("memctl-history-synced-");
  assert.equal(syncedMarksOf(dir, [entry("a.md", 1)])(entry("a.md", 1)), undefined);
  fs.mkdirSync(path.dirname(path.join(dir, SYNCED_HISTORY_RELPATH)), { recursive: true });
  fs.mkdirSync(path.join(dir, SYNCED_HISTORY_RELPATH));
  assert.throws(() => syncedMarksOf(dir, [entry("a.md", 1)]));
});
