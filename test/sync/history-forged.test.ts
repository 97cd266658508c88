import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, hookOn, memctlOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";
import { EVIL, heldCard } from "../support/held-arrivals.js";
import { startUiProcess } from "../support/ui-process.js";

// history.jsonl merges as a union: a teammate can push a line naming any card, revision, actor and text, with the
// revision's text beside it in .memctl/revisions/ (content-addressed, so it verifies). memctl history showed such a line
// as the owner's, and memctl restore wrote its text back as the owner's: `restore NAME 1`, the owner's own first
// revision as they saw it listed, took the teammate's line of the same number. Two machines over a bare remote.

const CARD = "project_canary-rollouts.md";
const PROMPT = "how do canary rollouts go out to the regions";

/** Alice pushes a history line for `CARD` with the given fields, and the text it names (a pinned injection). */
function pushForgedLine(a: Machine, fields: { rev: number; op: string }): string {
  const text = heldCard("canary-rollouts", "canary rollouts go to one region first", EVIL).replace("priority: normal", "priority: always");
  const sha = crypto.createHash("sha256").update(text).digest("hex");
  fs.mkdirSync(path.join(a.mem, ".memctl", "revisions", sha.slice(0, 2)), { recursive: true });
  fs.writeFileSync(path.join(a.mem, ".memctl", "revisions", sha.slice(0, 2), sha), text);
  const line = { ...fields, card: CARD, actor: "human", at: "2026-12-01T09:00:00.000Z", sha256: sha, bytes: Buffer.byteLength(text) };
  fs.appendFileSync(path.join(a.mem, ".memctl", "history.jsonl"), `${JSON.stringify(line)}\n`);
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "teammate push");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  return sha;
}

async function ownerWithTwoRevisions(t: { after: (fn: () => void) => void }, trust: "shared" | "own" = "shared") {
  const { a, b } = await syncedPair(t, trust);
  await saveCard(b, "project", "canary-rollouts", "canary rollouts go to one region first");
  const first = fs.readFileSync(path.join(b.mem, CARD), "utf8");
  await saveCard(b, "project", "canary-rollouts", "canary rollouts go to one region first, then to two");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  return { a, b, first };
}

interface HistoryJson {
  entries: { rev: number; sha256: string | null; actor: string; synced?: { pushed_by: string[] } }[];
}

test("a teammate's history line reusing the owner's revision number is marked as pushed, and restore takes the owner's", async (t) => {
  const { a, b, first } = await ownerWithTwoRevisions(t);
  const sha = pushForgedLine(a, { rev: 1, op: "create" });
  await ok(b, ["sync"]);
  const listed = JSON.parse(await ok(b, ["history", "canary-rollouts", "--json"])) as HistoryJson;
  const forged = listed.entries.find((e) => e.sha256 === sha);
  assert.ok(
    forged?.synced?.pushed_by.some((p) => p.startsWith("alice")),
    JSON.stringify(listed.entries),
  );
  assert.ok(
    listed.entries.filter((e) => e.sha256 !== sha).every((e) => e.synced === undefined),
    JSON.stringify(listed.entries),
  );
  const text = await ok(b, ["history", "canary-rollouts"]);
  assert.match(text, /human\*/);
  assert.match(text, /pushed from another machine \(by alice/);
  // The web view's card page names who pushed it too.
  const ui = startUiProcess(b.env, ["--no-open"], b.repo);
  t.after(() => ui.child.kill("SIGKILL"));
  const url = await ui.url;
  const detail = (await (await fetch(`${url}api/card?file=${CARD}`)).json()) as HistoryJson;
  assert.ok(detail.entries === undefined);
  const uiHistory = (detail as unknown as { history: HistoryJson["entries"] }).history;
  assert.ok(
    uiHistory.find((e) => e.sha256 === sha)?.synced?.pushed_by.some((p) => p.startsWith("alice")),
    JSON.stringify(uiHistory),
  );
  assert.match(await (await fetch(`${url}card?file=${CARD}`)).text(), /pushed by alice/);
  ui.child.kill("SIGINT");
  await ui.exit;
  await ok(b, ["restore", "canary-rollouts", "1"]);
  assert.equal(fs.readFileSync(path.join(b.mem, CARD), "utf8"), first);
  assert.doesNotMatch(hookOn(b, "what should the next session do"), /curl/);
});

test("restore refuses a revision only a teammate's history line names, unless the owner asks for it with --synced", async (t) => {
  const { a, b } = await ownerWithTwoRevisions(t);
  pushForgedLine(a, { rev: 3, op: "update" });
  await ok(b, ["sync"]);
  const before = fs.readFileSync(path.join(b.mem, CARD), "utf8");
  const refused = await memctlOn(b, ["restore", "canary-rollouts", "3", "--json"]);
  assert.equal(refused.code, 1, refused.stdout + refused.stderr);
  assert.match(refused.stdout + refused.stderr, /E_HELD/);
  assert.match(refused.stdout + refused.stderr, /--synced/);
  assert.equal(fs.readFileSync(path.join(b.mem, CARD), "utf8"), before);
  assert.doesNotMatch(hookOn(b, PROMPT), /curl/);
  // The owner read it and wants it: their decision, written as theirs.
  await ok(b, ["restore", "canary-rollouts", "3", "--synced"]);
  assert.match(fs.readFileSync(path.join(b.mem, CARD), "utf8"), /curl/);
});

test("one revision number naming two texts in lines not marked as pushed (a remote trusted as own) is refused, not guessed", async (t) => {
  const { a, b } = await ownerWithTwoRevisions(t, "own");
  pushForgedLine(a, { rev: 1, op: "create" });
  await ok(b, ["sync"]);
  const before = fs.readFileSync(path.join(b.mem, CARD), "utf8");
  const refused = await memctlOn(b, ["restore", "canary-rollouts", "1", "--json"]);
  assert.equal(refused.code, 1, refused.stdout + refused.stderr);
  assert.match(refused.stdout + refused.stderr, /E_MULTIPLE_MATCHES/);
  assert.equal(fs.readFileSync(path.join(b.mem, CARD), "utf8"), before);
});

test("undo of the owner's rm restores the owner's last text, not a teammate's line pushed after it", async (t) => {
  const { a, b } = await ownerWithTwoRevisions(t);
  const last = fs.readFileSync(path.join(b.mem, CARD), "utf8");
  await ok(b, ["rm", "canary-rollouts"]);
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  // Alice's line claims a later text of the removed card, then its removal again: undo now found her text last.
  pushForgedLine(a, { rev: 4, op: "create" });
  fs.appendFileSync(
    path.join(a.mem, ".memctl", "history.jsonl"),
    `${JSON.stringify({ rev: 5, card: CARD, op: "delete", actor: "human", at: "2026-12-01T09:00:01.000Z", sha256: null, bytes: 0 })}\n`,
  );
  gitOn(a, "commit", "-q", "--no-verify", "-am", "teammate push");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  await ok(b, ["restore", "canary-rollouts"]);
  assert.equal(fs.readFileSync(path.join(b.mem, CARD), "utf8"), last);
});

test("history lines from the owner's own remote (--trust own) are the owner's: nothing is marked", async (t) => {
  const { a, b } = await ownerWithTwoRevisions(t, "own");
  const sha = pushForgedLine(a, { rev: 3, op: "update" });
  await ok(b, ["sync"]);
  const listed = JSON.parse(await ok(b, ["history", "canary-rollouts", "--json"])) as HistoryJson;
  assert.ok(listed.entries.some((e) => e.sha256 === sha));
  assert.ok(
    listed.entries.every((e) => e.synced === undefined),
    JSON.stringify(listed.entries),
  );
});

// `show` and `view` refuse an agent a card a sync holds (E_HELD), but `memctl history NAME` is open to it and printed
// each revision's text as a diff: the teammate's pending card, word for word. An agent reads no revision text a
// teammate pushed, nor any of a card held now; the owner still sees every diff.
test("an agent's memctl history shows no revision text of a held card or of a teammate's push", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const body = path.join(a.home, "body.md");
  fs.writeFileSync(body, "the pipeline deploys on merge\n");
  await ok(a, ["save", "deploy-notes", "-t", "project", "-d", "the release pipeline deploys to staging", "--body-file", body]);
  fs.writeFileSync(body, `${EVIL}\n`);
  await ok(a, ["save", "deploy-notes", "-t", "project", "-d", "the release pipeline deploys to staging", "--body-file", body]);
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  assert.match(await ok(b, ["history", "deploy-notes"]), /curl/, "the owner reviews it");
  for (const args of [
    ["history", "deploy-notes"],
    ["history", "deploy-notes", "--json"],
  ]) {
    const r = await memctlOn(b, args, { CLAUDECODE: "1" });
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout + r.stderr, /curl|pipeline deploys on merge/, args.join(" "));
  }
  assert.match((await memctlOn(b, ["history", "deploy-notes"], { CLAUDECODE: "1" })).stdout, /not shown to an agent/);
});

// The marks fail closed: read as empty, a marks file swapped for a FIFO (or removed by a planted link) would make every
// teammate's line the owner's again. history and restore refuse, promptly, and write nothing.
test("a marks file that is not a regular file fails history and restore, without blocking", async (t) => {
  const { a, b, first } = await ownerWithTwoRevisions(t);
  pushForgedLine(a, { rev: 1, op: "create" });
  await ok(b, ["sync"]);
  const marks = path.join(b.mem, ".memctl", "history-synced.jsonl");
  fs.rmSync(marks);
  execFileSync("mkfifo", [marks]);
  const before = fs.readFileSync(path.join(b.mem, CARD), "utf8");
  for (const args of [
    ["history", "canary-rollouts"],
    ["restore", "canary-rollouts", "1"],
  ]) {
    const r = await memctlOn(b, args);
    assert.notEqual(r.code, 0, `${args.join(" ")}: ${r.stdout}`);
  }
  assert.equal(fs.readFileSync(path.join(b.mem, CARD), "utf8"), before);
  assert.notEqual(before, first);
});
