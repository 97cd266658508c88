import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { appendHistory, historyPath, makeEntry, type HistoryEntry } from "../../../lib/store/history.js";
import { keepRevisions, PRUNE_STEP, pruneDue, pruneRevisions, readRevision, revisionPath, revisionsToKeep } from "../../../lib/store/revisions.js";
import { isPerMachine } from "../../../lib/sync/layout.js";
import { scratchDir } from "../../support/scratch.js";

const AT = new Date("2026-12-02T09:40:00Z");
const LIMITS = { maxRevisionsPerCard: 20, maxRevisionBytes: 10 * 1024 * 1024 };

/** Writes one revision of `card` the way the write path does: the text first, then the history entry. */
async function write(dir: string, history: HistoryEntry[], card: string, text: string, limits = LIMITS, at = AT): Promise<HistoryEntry> {
  const entry = makeEntry(history, card, history.some((e) => e.card === card) ? "update" : "create", "human", at, text);
  await keepRevisions(dir, [{ entry, content: text }], limits);
  appendHistory(dir, entry);
  history.push(entry);
  return entry;
}

function kept(dir: string): string[] {
  const root = path.join(dir, ".memctl", "revisions");
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((b) => fs.statSync(path.join(root, b)).isDirectory())
    .flatMap((b) => fs.readdirSync(path.join(root, b)))
    .sort();
}

test("a revision's text is kept content-addressed under .memctl/revisions/<sha[0:2]>/<sha>, idempotently, and read back verified", async () => {
  const dir = scratchDir("memctl-revisions-");
  const history: HistoryEntry[] = [];
  const entry = await write(dir, history, "feedback_a.md", "one\n");
  const file = path.join(dir, ".memctl", "revisions", entry.sha256!.slice(0, 2), entry.sha256!);
  assert.equal(revisionPath(dir, entry.sha256!), file);
  assert.equal(fs.readFileSync(file, "utf8"), "one\n");
  const again = fs.statSync(file).ino;
  await keepRevisions(dir, [{ entry, content: "one\n" }], LIMITS);
  assert.equal(fs.statSync(file).ino, again, "an existing verified blob is not rewritten");
  const read = readRevision(dir, entry.sha256);
  assert.equal(read.state, "kept");
  assert.equal(read.state === "kept" && read.bytes.toString(), "one\n");
  assert.equal(readRevision(dir, null).state, "absent");
  assert.equal(readRevision(dir, "../../etc/passwd").state, "absent", "a name that is not a sha256 never becomes a path");
  assert.equal(revisionPath(dir, "../x"), undefined);
  assert.equal(isPerMachine(`.memctl/revisions/${entry.sha256!.slice(0, 2)}/${entry.sha256}`), false, "memctl sync shares the revision texts");
});

test("a blob whose bytes do not hash to its name (damaged, or altered on another machine) is never used; a FIFO never blocks", async () => {
  const dir = scratchDir("memctl-revisions-");
  const history: HistoryEntry[] = [];
  const entry = await write(dir, history, "feedback_a.md", "one\n");
  const file = revisionPath(dir, entry.sha256!)!;
  fs.writeFileSync(file, "planted instructions\n");
  assert.equal(readRevision(dir, entry.sha256).state, "corrupt");
  await keepRevisions(dir, [{ entry, content: "one\n" }], LIMITS);
  assert.equal(fs.readFileSync(file, "utf8"), "one\n", "the next write of the same text repairs it");
  fs.rmSync(file);
  assert.equal(spawnSync("mkfifo", [file]).status, 0);
  const started = Date.now();
  assert.equal(readRevision(dir, entry.sha256).state, "error");
  assert.ok(Date.now() - started < 5000);
});

test("pruning keeps each card's latest text always, at most N texts per card, and older texts within the byte cap, oldest out first", async () => {
  const dir = scratchDir("memctl-revisions-");
  const history: HistoryEntry[] = [];
  const limits = { maxRevisionsPerCard: 3, maxRevisionBytes: 1000 };
  const a: HistoryEntry[] = [];
  for (let i = 1; i <= 5; i++) a.push(await write(dir, history, "feedback_a.md", `a${i}\n`, limits));
  // The write in progress keeps the previous latest too: at most N+1 until the next write.
  assert.deepEqual(kept(dir), [a[1], a[2], a[3], a[4]].map((e) => e!.sha256).sort());
  assert.deepEqual([...revisionsToKeep(history, limits)].sort(), [a[2], a[3], a[4]].map((e) => e!.sha256).sort());
  // A text two cards share stays while either keeps it.
  const shared = await write(dir, history, "feedback_b.md", "a3\n", limits);
  assert.equal(shared.sha256, a[2]!.sha256);
  for (let i = 6; i <= 8; i++) a.push(await write(dir, history, "feedback_a.md", `a${i}\n`, limits));
  assert.ok(kept(dir).includes(shared.sha256!), "b's latest text is never pruned, though a dropped it");
  // Older texts over the byte cap go, oldest first; the latest of each card stays whatever its size.
  const big = "x".repeat(600) + "\n";
  const tight = { maxRevisionsPerCard: 20, maxRevisionBytes: 700 };
  const c1 = await write(dir, history, "feedback_c.md", big, tight);
  const c2 = await write(dir, history, "feedback_c.md", big + "2", tight);
  const c3 = await write(dir, history, "feedback_c.md", big + "3", tight);
  await write(dir, history, "feedback_d.md", "d\n", tight);
  const left = kept(dir);
  assert.ok(left.includes(c3.sha256!), "the latest is kept though it alone is near the cap");
  assert.ok(left.includes(c2.sha256!), "the newest older text that fits stays");
  assert.ok(!left.includes(c1.sha256!), "the oldest past the cap is pruned");
});

test("a history that cannot be read whole prunes nothing; names that are not blobs are left alone", async () => {
  const dir = scratchDir("memctl-revisions-");
  const history: HistoryEntry[] = [];
  const limits = { maxRevisionsPerCard: 1, maxRevisionBytes: 1 };
  await write(dir, history, "feedback_a.md", "a1\n", limits);
  await write(dir, history, "feedback_a.md", "a2\n", limits);
  fs.appendFileSync(historyPath(dir), "{torn\n");
  const before = kept(dir);
  fs.writeFileSync(path.join(dir, ".memctl", "revisions", "README"), "mine\n");
  assert.equal(pruneRevisions(dir, [], limits), 0);
  assert.deepEqual(kept(dir), before);
  assert.ok(fs.existsSync(path.join(dir, ".memctl", "revisions", "README")));
});

test("past PRUNE_STEP of history, a write prunes only in the window after each further step; below it, every write prunes", async () => {
  const dir = scratchDir("memctl-revisions-");
  const history: HistoryEntry[] = [];
  const limits = { maxRevisionsPerCard: 1, maxRevisionBytes: 1 };
  for (const text of ["a1\n", "a2\n", "a3\n"]) await write(dir, history, "feedback_a.md", text, limits);
  assert.equal(kept(dir).length, 2, "a small history: each write prunes (the latest recorded and the one being written stay)");
  // Pad the history (other cards' entries, as a long-lived store has) to just past one step, outside its window.
  const pad = (bytes: number) => {
    const line = JSON.stringify({ rev: 1, card: "project_pad.md", op: "create", actor: "human", at: AT.toISOString(), sha256: null, bytes: 0 }) + "\n";
    fs.appendFileSync(historyPath(dir), line.repeat(Math.ceil(bytes / line.length)));
  };
  pad(PRUNE_STEP + 2048 - fs.statSync(historyPath(dir)).size);
  assert.equal(pruneDue(dir), false);
  await write(dir, history, "feedback_a.md", "a4\n", limits);
  assert.equal(kept(dir).length, 3, "between windows the older text waits");
  pad(2 * PRUNE_STEP - fs.statSync(historyPath(dir)).size);
  assert.equal(pruneDue(dir), true, "the window after the next step");
  await write(dir, history, "feedback_a.md", "a5\n", limits);
  assert.deepEqual(kept(dir), [history.at(-2)!.sha256!, history.at(-1)!.sha256!].sort(), "pruned down to the latest texts");
});
