// Recording that a later session said a pending proposal again: checked as a proposal is (the secret scan, its
// own bounds), written through the proposal writer with a log line, never on a decided proposal, and kept in view
// when consolidate folds a duplicate into another proposal.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { stageCaptured, type CaptureCandidate } from "../../../lib/capture/stage.js";
import { main } from "../../../lib/cli/main.js";
import { propose, readArchived, readPending } from "../../../lib/proposals/propose.js";
import { recordRestatement } from "../../../lib/proposals/restate.js";
import { withDefaults } from "../../../lib/records/guardrails.js";
import { RESTATED_MAX } from "../../../lib/records/proposal-restated.js";
import { BufferSink, type Io } from "../../../lib/store/io.js";
import { sandbox } from "../../helpers.js";

const NOW = new Date("2026-12-02T10:00:00Z");
const DESCRIPTION = "The user runs the server himself; the agent shouldn't start it.";

function world() {
  const s = sandbox();
  const run = async (argv: string[]) => {
    const out = new BufferSink();
    const err = new BufferSink();
    const code = await main(argv, { ...s.io, stdout: out, stderr: err } as Io);
    return { code, stdout: out.text, stderr: err.text };
  };
  const candidate = (excerpt: string, description = DESCRIPTION): CaptureCandidate => ({
    type: "feedback",
    name: "runs-the-server",
    description,
    excerpt,
    message: 1,
    kind: "instruction",
  });
  const stage = (session: string, c: CaptureCandidate) => stageCaptured({ memoryDir: s.memory, actor: "host:claude", now: NOW }, { host: "claude", sessionId: session }, [c]);
  const file = (id: string) => path.join(s.memory, ".memctl", "proposals", `${id}.json`);
  const log = () => fs.readFileSync(path.join(s.memory, ".memctl", "proposals-log.jsonl"), "utf8");
  return { ...s, run, candidate, stage, file, log };
}

test("a restatement holding a secret is not recorded: the proposal's bytes stay, the skip says why without the secret", async (t) => {
  const w = world();
  t.after(w.cleanup);
  const first = await w.stage("s1", w.candidate("i'll run the server myself"));
  const id = first.staged[0]!.id;
  const before = fs.readFileSync(w.file(id), "utf8");
  const key = "AKIAZ7Q3XK4M2RTV9PLD";
  const again = await w.stage("s2", w.candidate(`i'll run the server myself, it uploads with ${key}`));
  assert.equal(again.staged.length, 0);
  assert.match(again.skipped[0]!.reason, new RegExp(`^restates proposal ${id} \\(pending\\); not recorded on it: E_SECRET`));
  assert.ok(!again.skipped[0]!.reason.includes(key));
  assert.equal(fs.readFileSync(w.file(id), "utf8"), before);
  assert.doesNotMatch(w.log(), /"restated"/);
});

test("each later session is recorded once, with a log line, up to RESTATED_MAX; past it the skip says so and the file is untouched", async (t) => {
  const w = world();
  t.after(w.cleanup);
  const id = (await w.stage("s0", w.candidate("i'll run the server myself"))).staged[0]!.id;
  let full = "";
  for (let i = 1; i <= RESTATED_MAX + 2; i++) {
    const r = await w.stage(`s${i}`, w.candidate(`i run the server myself (${i})`));
    assert.equal(r.staged.length, 0);
    assert.match(r.skipped[0]!.reason, i <= RESTATED_MAX ? /; recorded on it as said again$/ : /; not recorded on it: it holds as many restatements as it may$/);
    if (i === RESTATED_MAX) full = fs.readFileSync(w.file(id), "utf8");
  }
  assert.equal(fs.readFileSync(w.file(id), "utf8"), full);
  const p = readPending(w.memory).proposals.find((x) => x.id === id)!;
  assert.deepEqual(
    p.restated?.map((r) => r.source),
    Array.from({ length: RESTATED_MAX }, (_, i) => `claude session s${i + 1}, user message 1: "i run the server myself (${i + 1})"`),
  );
  assert.equal(w.log().match(/"event":"restated"/g)?.length, RESTATED_MAX);
});

test("a proposal decided since the dedupe read it records nothing; an accepted card's provenance is the proposal's own source", async (t) => {
  const w = world();
  t.after(w.cleanup);
  const id = (await w.stage("s1", w.candidate("i'll run the server myself"))).staged[0]!.id;
  await w.stage("s2", w.candidate("i run the server myself"));
  const accepted = await w.run(["accept", id]);
  assert.equal(accepted.code, 0, accepted.stderr);
  const archived = readArchived(w.memory).proposals.find((p) => p.id === id)!;
  assert.equal(archived.restated?.length, 1, "the archive keeps where it was said again");
  const card = fs.readFileSync(path.join(w.memory, archived.card_file!), "utf8");
  assert.match(card, /claude session s1, user message 1/);
  assert.doesNotMatch(card, /session s2/, "a restatement is not a source the card claims");
  const outcome = await recordRestatement({ memoryDir: w.memory, actor: "host:claude", now: NOW }, id, {
    source: 'claude session s3, user message 1: "i run it myself"',
    description: DESCRIPTION,
    session: "claude session s3,",
  });
  assert.equal(outcome, "gone");
  assert.deepEqual(readArchived(w.memory).proposals.find((p) => p.id === id)!.restated, archived.restated);
});

test("consolidate folding a duplicate keeps where the duplicate was said again on the proposal it folds into", async (t) => {
  const w = world();
  t.after(w.cleanup);
  const propose = async (source: string) => {
    const r = await w.run(["propose", "runs-the-server", "-t", "feedback", "-d", DESCRIPTION, "--source", source, "--json"]);
    assert.equal(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).proposal.id as string;
  };
  const a = await propose("chat one");
  const b = await propose("chat two");
  assert.equal(
    await recordRestatement({ memoryDir: w.memory, actor: "host:claude", now: NOW }, b, {
      source: 'claude session s5, user message 2: "i run the server myself"',
      description: "The user runs the server himself.",
      session: "claude session s5,",
    }),
    "recorded",
  );
  const r = await w.run(["consolidate"]);
  assert.equal(r.code, 0, r.stderr);
  const [primary, ...rest] = readPending(w.memory).proposals;
  assert.equal(rest.length, 0);
  assert.equal(primary!.id, a);
  assert.deepEqual(
    primary!.restated?.map((x) => x.source),
    ['claude session s5, user message 2: "i run the server myself"'],
  );
});

test("a restatement that takes the proposal file past the card file limit is not recorded; one that brings it exactly to the limit is", async (t) => {
  const w = world();
  t.after(w.cleanup);
  const limit = withDefaults().maxFileBytes;
  const ctx = { memoryDir: w.memory, actor: "host:claude", now: NOW };
  const input = { source: 'claude session s9, user message 1: "i run the server myself"', description: DESCRIPTION, session: "claude session s9," };
  const proposeWith = async (name: string, body: number) =>
    (await propose(ctx, { card: { name, type: "feedback", description: DESCRIPTION, body: "x".repeat(body) }, source: "chat", kind: "fact" })).id;
  // What one restatement adds to a proposal file: measured on a first proposal, then the others sized around it.
  const first = await proposeWith("server-a", 1000);
  const before = fs.statSync(w.file(first)).size;
  assert.equal(await recordRestatement(ctx, first, input), "recorded");
  const room = limit - fs.statSync(w.file(first)).size;
  const exact = await proposeWith("server-b", 1000 + room);
  assert.equal(await recordRestatement(ctx, exact, input), "recorded");
  assert.equal(fs.statSync(w.file(exact)).size, limit);
  const over = await proposeWith("server-c", 1000 + room + 1);
  assert.equal(fs.statSync(w.file(over)).size, before + room + 1);
  const untouched = fs.readFileSync(w.file(over), "utf8");
  assert.equal(await recordRestatement(ctx, over, input), "full");
  assert.equal(fs.readFileSync(w.file(over), "utf8"), untouched);
});
