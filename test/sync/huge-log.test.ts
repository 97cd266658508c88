import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runBounded } from "../support/bounded-run.js";
import { CLI } from "../support/fixture.js";
import { gitOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// A teammate can push a log of hundreds of MB (history.jsonl, episodes, the proposals log). memctl sync merged it
// (a union through the merge driver, then `git show` of the merged file for the history marks), and history,
// restore and doctor read and parsed it whole: 200 MB took sync to 1.6 GB and `history --json` to 3.2 GB. The test
// pushes 65 MiB (just past the 64 MiB a log may hold) and bounds each command's peak RSS well below what it took.

const LOG_BYTES = 65 * 1024 * 1024;
const MAX_RSS_KIB = 250 * 1024;
const HANG_MS = 120_000;

/** `bytes` of well-formed history lines for cards the owner does not have (compressible, so git stays quick). */
function teammateLines(bytes: number): Buffer {
  const line = `${JSON.stringify({ rev: 1, card: "project_filler.md", op: "create", actor: "human", at: "2026-12-01T09:00:00.000Z", sha256: "a".repeat(64), bytes: 100 })}\n`;
  return Buffer.from(line.repeat(Math.ceil(bytes / line.length)));
}

function memctlBounded(m: Machine, args: string[]) {
  return runBounded([CLI, ...args], "", m.env, m.repo, HANG_MS, MAX_RSS_KIB);
}

test("a teammate's pushed log over the limit is left out of the merge: the owner's kept, its lines intact, memory bounded", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(b, "project", "deploy", "deploys go through the staging gate");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  const own = fs.readFileSync(path.join(b.mem, ".memctl", "history.jsonl"), "utf8");
  const lines = teammateLines(LOG_BYTES);
  fs.appendFileSync(path.join(a.mem, ".memctl", "history.jsonl"), lines);
  // An episode log too (the same bytes: git stores one blob for both, so the test pays for one).
  fs.writeFileSync(path.join(a.mem, "episodes.jsonl"), lines);
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "teammate push");
  gitOn(a, "push", "-q", "origin", "HEAD:main");

  const sync = await memctlBounded(b, ["sync", "--json"]);
  assert.equal(sync.code, 0, `${sync.signal ?? ""} peak ${sync.peakKiB} KiB\n${sync.stdout}\n${sync.stderr}`);
  const report = JSON.parse(sync.stdout) as { not_merged: { path: string; reason: string }[] };
  const left = report.not_merged.find((n) => n.path === ".memctl/history.jsonl");
  assert.match(left?.reason ?? "", /E_LOG_TOO_LARGE/, JSON.stringify(report.not_merged));
  assert.match(report.not_merged.find((n) => n.path === "episodes.jsonl")?.reason ?? "", /E_LOG_TOO_LARGE/, JSON.stringify(report.not_merged));
  assert.equal(fs.existsSync(path.join(b.mem, "episodes.jsonl")), false, "the owner had no episode log; none arrived");
  assert.equal(fs.readFileSync(path.join(b.mem, ".memctl", "history.jsonl"), "utf8"), own, "the owner's log is kept as it was");
  const listed = JSON.parse(await ok(b, ["history", "deploy", "--json"])) as { entries: { rev: number }[] };
  assert.deepEqual(
    listed.entries.map((e) => e.rev),
    [1],
  );
  // The owner's next sync pushes and pulls as before: the left-out log does not stop later syncs.
  await saveCard(b, "project", "deploy", "deploys go through the staging gate, then canary");
  assert.equal((await memctlBounded(b, ["sync"])).code, 0);
});

test("history, restore and doctor refuse a history.jsonl over the limit with E_LOG_TOO_LARGE instead of reading it whole", async (t) => {
  const { b } = await syncedPair(t, "shared");
  await saveCard(b, "project", "deploy", "deploys go through the staging gate");
  const file = path.join(b.mem, ".memctl", "history.jsonl");
  // As a hand `git pull` (or a copy) would leave it: the owner's line, then a teammate's 65 MiB.
  fs.appendFileSync(file, teammateLines(LOG_BYTES));

  const history = await memctlBounded(b, ["history", "deploy", "--json"]);
  assert.equal(history.code, 1, `${history.signal ?? ""} peak ${history.peakKiB} KiB\n${history.stderr}`);
  assert.equal((JSON.parse(history.stdout) as { error: { code: string } }).error.code, "E_LOG_TOO_LARGE");
  const restore = await memctlBounded(b, ["restore", "deploy", "1", "--json"]);
  assert.equal(restore.code, 1, `${restore.signal ?? ""} peak ${restore.peakKiB} KiB\n${restore.stderr}`);
  assert.equal((JSON.parse(restore.stdout) as { error: { code: string } }).error.code, "E_LOG_TOO_LARGE");
  const doctor = await memctlBounded(b, ["doctor"]);
  assert.ok(doctor.code === 0 || doctor.code === 1, `${doctor.signal ?? ""} peak ${doctor.peakKiB} KiB\n${doctor.stderr}`);
  assert.match(doctor.stdout, /history[^\n]*E_LOG_TOO_LARGE/);
});
