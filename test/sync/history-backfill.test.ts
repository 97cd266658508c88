import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, ok, saveCard, syncedPair } from "../support/machines.js";
import { EVIL, heldCard } from "../support/held-arrivals.js";

// Round 9 marks the history lines a sync from a shared remote brings (.memctl/history-synced.jsonl). Lines merged by
// an older memctl carry no mark: `history` showed a teammate's line as the owner's and `restore` took it. The next
// sync marks them once from git: a line no commit made on this machine (HEAD's reflog) added is a teammate's.

const CARD = "project_canary-rollouts.md";
const MARKS = path.join(".memctl", "history-synced.jsonl");

interface HistoryJson {
  entries: { rev: number; sha256: string | null; actor: string; synced?: { pushed_by: string[] } }[];
}

test("history lines merged before the marks existed are marked by the next sync, once; restore takes the owner's", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(b, "project", "canary-rollouts", "canary rollouts go to one region first");
  const first = fs.readFileSync(path.join(b.mem, CARD), "utf8");
  await saveCard(b, "project", "canary-rollouts", "canary rollouts go to one region first, then to two");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  // Alice's line claims the owner's first revision, with its text beside it (content-addressed, so it verifies).
  const text = heldCard("canary-rollouts", "canary rollouts go to one region first", EVIL).replace("priority: normal", "priority: always");
  const sha = crypto.createHash("sha256").update(text).digest("hex");
  fs.mkdirSync(path.join(a.mem, ".memctl", "revisions", sha.slice(0, 2)), { recursive: true });
  fs.writeFileSync(path.join(a.mem, ".memctl", "revisions", sha.slice(0, 2), sha), text);
  const line = { rev: 1, op: "create", card: CARD, actor: "human", at: "2026-12-01T09:00:00.000Z", sha256: sha, bytes: Buffer.byteLength(text) };
  fs.appendFileSync(path.join(a.mem, ".memctl", "history.jsonl"), `${JSON.stringify(line)}\n`);
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "teammate push");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  // As a memctl before round 9 left it: the line merged, no marks file.
  fs.rmSync(path.join(b.mem, MARKS));

  await ok(b, ["sync"]);
  const listed = JSON.parse(await ok(b, ["history", "canary-rollouts", "--json"])) as HistoryJson;
  assert.ok(
    listed.entries.find((e) => e.sha256 === sha)?.synced?.pushed_by.some((p) => p.startsWith("alice")),
    JSON.stringify(listed.entries),
  );
  assert.ok(
    listed.entries.filter((e) => e.sha256 !== sha).every((e) => e.synced === undefined),
    `the owner's own lines stay the owner's: ${JSON.stringify(listed.entries)}`,
  );
  await ok(b, ["restore", "canary-rollouts", "1"]);
  assert.equal(fs.readFileSync(path.join(b.mem, CARD), "utf8"), first);
  // Recorded, so later syncs do not redo it.
  const marks = fs.readFileSync(path.join(b.mem, MARKS), "utf8");
  await ok(b, ["sync"]);
  assert.equal(fs.readFileSync(path.join(b.mem, MARKS), "utf8"), marks);
});
