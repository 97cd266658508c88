import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { readHistory, sha256Hex } from "../../lib/store/history.js";
import { revisionPath } from "../../lib/store/revisions.js";
import { makeWorld, memctl, type World } from "../support/fixture.js";

// Fake keys in the real formats (test/cli/secrets.test.ts says why not AWS's documented example).
const AWS_ID = "AKIAZ7Q3XK4M2RTV9PLD";
const AWS_SECRET = "Zq8vN3kR7tY2pL5mX9wB4cH6jD1fG0sA8eK3uT7y";

// Issue "Memory that stays true", finding A: history says what each revision said, and an earlier one can be
// restored as a new revision through the save path.

const CARD = "feedback_run-tests.md";

async function twoRevisions(w: World): Promise<void> {
  assert.equal((await memctl(w, ["save", "run-tests", "-t", "feedback", "-d", "Run the whole suite before pushing"])).code, 0);
  assert.equal((await memctl(w, ["save", "run-tests", "-d", "Run the whole suite; CI is slow to report"])).code, 0);
}

function cardText(w: World): string {
  return fs.readFileSync(path.join(w.mem, CARD), "utf8");
}

test("memctl history NAME shows what each revision changed, as a line diff against the one before", async () => {
  const w = makeWorld();
  await twoRevisions(w);
  const human = await memctl(w, ["history", "run-tests"]);
  assert.equal(human.code, 0, human.stderr);
  assert.match(human.stdout, /r1 +create +human/, "the table stays");
  assert.match(human.stdout, /r2 update vs r1:\n(.*\n)*? +-description: Run the whole suite before pushing\n +\+description: Run the whole suite; CI is slow to report\n/);
  const json = JSON.parse((await memctl(w, ["history", "run-tests", "--json"])).stdout);
  assert.deepEqual(
    json.changes.map((c: { rev: number; text: string; base_rev: number | null }) => [c.rev, c.text, c.base_rev]),
    [
      [1, "kept", null],
      [2, "kept", 1],
    ],
  );
  assert.deepEqual(
    json.changes[1].diff.filter((d: { op: string }) => d.op !== " "),
    [
      { op: "-", text: "description: Run the whole suite before pushing" },
      { op: "+", text: "description: Run the whole suite; CI is slow to report" },
    ],
  );
});

test("revisions written before texts were kept (and a damaged text) say so instead of showing nothing", async () => {
  const w = makeWorld();
  await twoRevisions(w);
  const [r1, r2] = readHistory(w.mem).entries;
  fs.rmSync(revisionPath(w.mem, r1!.sha256!)!); // as if written by an older memctl
  fs.writeFileSync(revisionPath(w.mem, r2!.sha256!)!, "not what r2 said\n");
  const human = (await memctl(w, ["history", "run-tests"])).stdout;
  assert.match(human, /r1 create: text not kept — \(written before memctl kept revision texts/);
  assert.match(human, /r2 update: .*does not hash to its name/);
  assert.doesNotMatch(human, /not what r2 said/, "an unverified text is never shown");
  const json = JSON.parse((await memctl(w, ["history", "run-tests", "--json"])).stdout);
  assert.deepEqual(
    json.changes.map((c: { text: string }) => c.text),
    ["absent", "corrupt"],
  );
  const refused = await memctl(w, ["restore", "run-tests", "1"]);
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /r1 of feedback_run-tests\.md cannot be restored: its text was not kept/);
  const before = cardText(w);
  assert.equal((await memctl(w, ["restore", "run-tests", "r2"])).code, 1, "a text that does not verify is never restored");
  assert.equal(cardText(w), before, "nothing was written");
  assert.equal(readHistory(w.mem).entries.length, 2);
});

test("memctl restore NAME REV writes that revision's exact text back as a NEW revision attributed to the caller", async () => {
  const w = makeWorld();
  await twoRevisions(w);
  const r1 = readHistory(w.mem).entries[0]!;
  const r = await memctl(w, ["restore", "run-tests", "1", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.deepEqual([out.op, out.restored_rev, out.rev, out.actor, out.sha256], ["update", 1, 3, "human", r1.sha256]);
  assert.match(cardText(w), /description: Run the whole suite before pushing/);
  assert.match(fs.readFileSync(path.join(w.mem, "MEMORY.md"), "utf8"), /\[run-tests\]\(feedback_run-tests\.md\) — Run the whole suite before pushing/, "the index line follows");
  const entries = readHistory(w.mem).entries;
  assert.deepEqual(
    entries.map((e) => `${e.op}@${e.rev}`),
    ["create@1", "update@2", "update@3"],
    "history is appended to, never rewritten",
  );
  assert.match((await memctl(w, ["restore", "run-tests", "1"])).stdout, /unchanged: .* already says what r1 said/);
  // A removed card comes back from any revision with a text.
  await memctl(w, ["rm", "run-tests"]);
  const revived = await memctl(w, ["restore", "run-tests", "2"]);
  assert.equal(revived.code, 0, revived.stderr);
  assert.match(cardText(w), /CI is slow to report/);
  assert.equal((await memctl(w, ["restore", "run-tests", "4"])).code, 2, "a delete revision has no text to restore");
  assert.equal((await memctl(w, ["restore", "run-tests", "9"])).code, 1);
  assert.equal((await memctl(w, ["restore", "run-tests", "latest"])).code, 2);
});

test("restore goes through the owner boundary, the card rules and the secret scan like any save", async () => {
  const w = makeWorld();
  await twoRevisions(w);
  const agent = await memctl(w, ["restore", "run-tests", "1", "--task-id", "t1"]);
  assert.equal(agent.code, 1);
  assert.match(agent.stderr, /agent:t1 may not restore memory cards/);
  const host = await memctl(w, ["restore", "run-tests", "1", "--actor", "host:codex"]);
  assert.equal(host.code, 1, "a host the owner has not opted in is refused");
  assert.match(host.stderr, /hosts\.codex/);
  // A hand edit holding a secret is adopted (adopt records, it does not scan); restoring it is an authored write: refused.
  fs.appendFileSync(path.join(w.mem, CARD), `aws_access_key_id = ${AWS_ID}\naws_secret_access_key = ${AWS_SECRET}\n`);
  assert.equal((await memctl(w, ["adopt", "run-tests"])).code, 0);
  assert.equal((await memctl(w, ["restore", "run-tests", "2"])).code, 0, "back to a clean text");
  const secret = await memctl(w, ["restore", "run-tests", "3"]);
  assert.equal(secret.code, 1);
  assert.match(secret.stderr, /AKIA\*+9PLD/);
  assert.doesNotMatch(cardText(w), /AKIA/, "nothing was written");
  // A text that breaks the card rules (no description) is refused as a save would be.
  const r2 = readHistory(w.mem).entries[1]!;
  const broken = "---\nname: run-tests\n---\nno frontmatter fields\n";
  // A verified text (stored under its own hash) that a history entry names, as one synced from elsewhere could be.
  const sha = sha256Hex(broken);
  fs.mkdirSync(path.dirname(revisionPath(w.mem, sha)!), { recursive: true });
  fs.writeFileSync(revisionPath(w.mem, sha)!, broken);
  fs.appendFileSync(
    path.join(w.mem, ".memctl", "history.jsonl"),
    JSON.stringify({ rev: 9, card: CARD, op: "adopt", actor: "human", at: r2.at, sha256: sha, bytes: broken.length }) + "\n",
  );
  const rules = await memctl(w, ["restore", "run-tests", "9"]);
  assert.equal(rules.code, 1);
  assert.doesNotMatch(cardText(w), /no frontmatter fields/);
});

test("[guardrails] max_revisions_per_card bounds the kept texts; the latest is never pruned", async () => {
  const w = makeWorld();
  fs.writeFileSync(w.env.MEMCTL_CONFIG_FILE!, "[guardrails]\nmax_revisions_per_card = 2\n");
  await memctl(w, ["save", "x", "-t", "project", "-d", "d1"]);
  for (let i = 2; i <= 6; i++) assert.equal((await memctl(w, ["save", "x", "-d", `d${i}`])).code, 0);
  const entries = readHistory(w.mem).entries;
  const present = entries.map((e) => fs.existsSync(revisionPath(w.mem, e.sha256!)!));
  assert.deepEqual(present, [false, false, false, true, true, true], "N kept, plus the one the last write added until the next write");
  const human = (await memctl(w, ["history", "x"])).stdout;
  assert.match(human, /r1 create: text not kept — \(.*pruned past the revision limits/);
  assert.match(human, /r6 update vs r5:/);
});

test("restore NAME without a revision undoes a removal (the last text the card had); on a live card it asks for one", async () => {
  const w = makeWorld();
  await twoRevisions(w);
  const live = await memctl(w, ["restore", "run-tests"]);
  assert.equal(live.code, 2, "a live card: which revision is not inferable");
  assert.match(live.stderr, /run-tests is live \(r2\); give the revision to restore.*memctl history run-tests/);
  const removed = await memctl(w, ["rm", "run-tests"]);
  assert.match(removed.stdout, /\n {2}undo: memctl restore feedback_run-tests\.md\n$/, "rm says how to undo it");
  const r = await memctl(w, ["restore", "run-tests", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  assert.deepEqual([JSON.parse(r.stdout).restored_rev, JSON.parse(r.stdout).rev], [2, 4]);
  assert.match(cardText(w), /CI is slow to report/);
});
