import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { appendHistory, historyPath, isValidActor, latestByCard, makeEntry, readCardHistory, readHistory, sha256Hex } from "../../../lib/store/history.js";
import { scratchDir } from "../../support/scratch.js";

function tempStore(): string {
  return scratchDir("memctl-history-");
}

test("an absent history is empty, not an error", () => {
  assert.deepEqual(readHistory(tempStore()), { entries: [], malformed: 0 });
});

test("appended entries read back with per-card revisions and the latest per card", () => {
  const dir = tempStore();
  const at = new Date("2026-12-02T09:40:00Z");
  const first = makeEntry([], "feedback_a.md", "create", "human", at, "one\n");
  appendHistory(dir, first);
  const second = makeEntry(readHistory(dir).entries, "feedback_a.md", "update", "host:claude", at, "two\n");
  appendHistory(dir, second);
  appendHistory(dir, makeEntry(readHistory(dir).entries, "project_b.md", "import", "system", at, "b"));
  appendHistory(dir, makeEntry(readHistory(dir).entries, "feedback_a.md", "delete", "human", at, null));
  const read = readHistory(dir);
  assert.equal(read.malformed, 0);
  assert.deepEqual(
    read.entries.map((e) => [e.card, e.rev, e.op]),
    [
      ["feedback_a.md", 1, "create"],
      ["feedback_a.md", 2, "update"],
      ["project_b.md", 1, "import"],
      ["feedback_a.md", 3, "delete"],
    ],
  );
  assert.equal(read.entries[1]!.sha256, sha256Hex("two\n"));
  assert.equal(read.entries[1]!.at, "2026-12-02T09:40:00.000Z");
  const latest = latestByCard(read.entries);
  assert.equal(latest.get("feedback_a.md")!.sha256, null);
  assert.equal(latest.get("feedback_a.md")!.bytes, 0);
  assert.equal(latest.get("project_b.md")!.rev, 1);
});

test("malformed lines are counted and the good ones kept", () => {
  const dir = tempStore();
  fs.mkdirSync(path.dirname(historyPath(dir)), { recursive: true });
  const good = JSON.stringify({ rev: 1, card: "user_x.md", op: "create", actor: "human", at: "2026-01-01T00:00:00.000Z", sha256: "ab".repeat(32), bytes: 2 });
  fs.writeFileSync(historyPath(dir), `${good}\n{"rev":\nnot json\n${JSON.stringify({ rev: 0, card: "x", op: "create" })}\n`);
  const read = readHistory(dir);
  assert.equal(read.entries.length, 1);
  assert.equal(read.malformed, 3);
});

test("an unreadable history reports an error instead of looking empty", () => {
  const dir = tempStore();
  fs.mkdirSync(historyPath(dir), { recursive: true }); // a directory where the file should be
  const read = readHistory(dir);
  assert.equal(read.entries.length, 0);
  assert.match(read.error ?? "", /cannot read/);
});

test("actor grammar", () => {
  for (const ok of ["human", "system", "host:claude", "agent:task-42", "model:claude"]) assert.ok(isValidActor(ok), ok);
  for (const bad of ["", "root", "host:", "agent:", "model:", "host:a b", "Human"]) assert.ok(!isValidActor(bad), bad);
});

test("an append after a killed writer's torn last line starts on a line of its own: the new entry is kept, the fragment dropped", (t) => {
  const dir = tempStore();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const at = new Date("2026-12-02T09:40:00Z");
  appendHistory(dir, makeEntry([], "feedback_a.md", "create", "human", at, "one\n"));
  const whole = JSON.stringify(makeEntry([], "feedback_b.md", "import", "system", at, "b")) + "\n";
  // What a SIGKILL in the middle of a batch append leaves: part of a line and no newline.
  fs.appendFileSync(historyPath(dir), whole.slice(0, 40));
  appendHistory(dir, makeEntry(readHistory(dir).entries, "feedback_b.md", "import", "system", at, "b"));
  const read = readHistory(dir);
  assert.deepEqual(
    read.entries.map((e) => e.card),
    ["feedback_a.md", "feedback_b.md"],
  );
  assert.equal(read.malformed, 0);
  assert.ok(fs.readFileSync(historyPath(dir), "utf8").endsWith("}\n"));
});

test("a killed writer's last line that is whole but for its newline is a record the reader already counts: the next append keeps it", (t) => {
  const dir = tempStore();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const at = new Date("2026-12-02T09:40:00Z");
  appendHistory(dir, makeEntry([], "feedback_a.md", "create", "human", at, "one\n"));
  // A SIGKILL after the line's last byte and before its newline: readHistory counts feedback_b.md (an import
  // re-run then skips it), so the next append must not cut it as torn.
  fs.appendFileSync(historyPath(dir), JSON.stringify(makeEntry([], "feedback_b.md", "import", "system", at, "b")));
  assert.deepEqual(
    readHistory(dir).entries.map((e) => e.card),
    ["feedback_a.md", "feedback_b.md"],
  );
  appendHistory(dir, makeEntry(readHistory(dir).entries, "feedback_c.md", "import", "system", at, "c"));
  const read = readHistory(dir);
  assert.deepEqual(
    read.entries.map((e) => e.card),
    ["feedback_a.md", "feedback_b.md", "feedback_c.md"],
  );
  assert.equal(read.malformed, 0);
});

test("a torn fragment longer than one read, with no complete line before it, is dropped whole", (t) => {
  const dir = tempStore();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.mkdirSync(path.dirname(historyPath(dir)), { recursive: true });
  fs.writeFileSync(historyPath(dir), `{"rev":1,"card":"${"x".repeat(100_000)}`);
  appendHistory(dir, makeEntry([], "feedback_a.md", "create", "human", new Date("2026-12-02T09:40:00Z"), "one\n"));
  assert.deepEqual(
    readHistory(dir).entries.map((e) => e.card),
    ["feedback_a.md"],
  );
  assert.equal(readHistory(dir).malformed, 0);
});

test("a card's history read twice (a save, then its commit) sees what was appended between, and callers' arrays stay their own", () => {
  const dir = tempStore();
  const at = new Date("2026-12-02T09:40:00Z");
  appendHistory(dir, makeEntry([], "feedback_a.md", "create", "human", at, "one\n"));
  appendHistory(dir, makeEntry([], "feedback_b.md", "create", "human", at, "b\n"));
  const first = readCardHistory(dir, ["feedback_a.md"]);
  assert.deepEqual(
    first.entries.map((e) => e.rev),
    [1],
  );
  first.entries.push(makeEntry(first.entries, "feedback_a.md", "update", "human", at, "pushed by the caller\n"));
  assert.equal(readCardHistory(dir, ["feedback_a.md"]).entries.length, 1, "the caller's push is not the next reader's");
  // Appended by another writer (a raw append, as another process's appendHistory would).
  const next = makeEntry(first.entries.slice(0, 1), "feedback_a.md", "update", "human", at, "two\n");
  fs.appendFileSync(historyPath(dir), `${JSON.stringify(next)}\n`);
  assert.deepEqual(
    readCardHistory(dir, ["feedback_a.md"]).entries.map((e) => [e.rev, e.op]),
    [
      [1, "create"],
      [2, "update"],
    ],
  );
  assert.deepEqual(
    readCardHistory(dir, ["feedback_b.md"]).entries.map((e) => e.card),
    ["feedback_b.md"],
  );
  fs.rmSync(dir, { recursive: true, force: true });
});

test("a new card's four candidate files are found by one search of their shared ending, and only they", () => {
  const dir = tempStore();
  const at = new Date("2026-12-02T09:40:00Z");
  for (const card of ["user_run-tests.md", "project_other_run-tests.md", "feedback_run-tests.md", "reference_run-tests.mdx", "feedback_a.md"])
    appendHistory(dir, makeEntry([], card, "create", "human", at, `${card}\n`));
  fs.appendFileSync(historyPath(dir), `${JSON.stringify(makeEntry([], "project_run-tests.md", "delete", "human", at, null)).replace("project_run", "project\\u005frun")}\n`);
  const named = ["user", "feedback", "project", "reference"].map((t) => `${t}_run-tests.md`);
  assert.deepEqual(
    readCardHistory(dir, named).entries.map((e) => `${e.card} ${e.op}`),
    ["user_run-tests.md create", "feedback_run-tests.md create", "project_run-tests.md delete"],
    "the escaped name is found through its backslash; a longer name with the same ending is not the card",
  );
  // Endings too short to search alone (".md") still find each card.
  assert.deepEqual(
    readCardHistory(dir, ["feedback_a.md", "user_run-tests.md"]).entries.map((e) => e.card),
    ["user_run-tests.md", "feedback_a.md"],
  );
  fs.rmSync(dir, { recursive: true, force: true });
});
