// Capture's dedupe against pending proposals, through the real session-end hook and a real model command: a
// preference the user restates in another session, in other words, is proposed once, and each restatement is
// recorded on the pending proposal (for the reviewer, and as a bridge for the next session's dedupe); two
// different preferences about the same thing both are proposed. (The cases are the bench's dev misses:
// bench/history/2026-12.md, "Combining the passes" and "one preference proposed once".)
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { endSession, modelScript, pending, run, transcript, world, type World } from "../support/capture-world.js";

/** A model command that answers each session with the candidate for the one message it holds. */
function modelAnswering(w: World, answers: Record<string, string>): void {
  const script = modelScript(
    w,
    `let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
       const answers = ${JSON.stringify(answers)};
       for (const [said, description] of Object.entries(answers))
         if (s.includes(said)) console.log(JSON.stringify({ message: 1, kind: "instruction", type: "feedback", name: "how-the-user-works", description, why: "meant beyond this task", confidence: "high" }));
     });`,
  );
  fs.writeFileSync(w.config, `[capture]\nllm_command = [${JSON.stringify(process.execPath)}, ${JSON.stringify(script)}]\nverify = false\n`);
}

function endEach(w: World, messages: string[]): string[] {
  return messages.map((m, i) => {
    const r = endSession(w, transcript(w, [m], `s${i + 1}`), `s${i + 1}`);
    assert.equal(r.code, 0, r.stderr);
    return r.stdout;
  });
}

test("a preference restated in a later session in other words is not proposed again, though each wording adds its own detail", () => {
  const w = world();
  const said = ["I'll run the app myself whenever needed", "i'll run the server myself. tell me what I should be able to test"];
  modelAnswering(w, {
    [said[0]!]: "The user runs the app/server himself whenever needed; the agent shouldn't start it.",
    [said[1]!]: "The user runs the server himself; tell him what to test instead of running it.",
  });
  const out = endEach(w, said);
  assert.deepEqual(
    pending(w).map((p) => p.card.description),
    ["The user runs the app/server himself whenever needed; the agent shouldn't start it."],
  );
  assert.match(out[1]!, /not staged .*restates proposal p-/);
});

test("two different preferences about the same thing are both proposed", () => {
  const w = world();
  const said = ["i'll run the server myself", "i run the tests myself too", "always start the server with the debug flag"];
  const descriptions = [
    "The user runs the server himself; tell him what to test instead of running it.",
    "The user runs the tests himself; he reports what fails.",
    "Start the server with the debug flag; restart it after every change.",
  ];
  modelAnswering(w, Object.fromEntries(said.map((s, i) => [s, descriptions[i]!])));
  endEach(w, said);
  assert.deepEqual(
    pending(w)
      .map((p) => p.card.description)
      .sort(),
    [...descriptions].sort(),
  );
});

test("a preference said in four sessions, each wording close only to the one before, ends as one proposal that names every session it was said again in", () => {
  const w = world();
  // The bench's dev case (#1357, #1385, #1399, #1419): the third description shares too little of its first clause
  // with the first to match it, and the fourth too little with the first two; each matches the one before.
  const said = [
    "I'll run the app myself whenever needed",
    "i'll run the server myself. what should I be able to test?",
    "i'll run the server and fly deploy myself",
    "i will run the fly commands myself, just tell me what to do",
  ];
  modelAnswering(w, {
    [said[0]!]: "The user runs the app/server himself whenever needed; the agent shouldn't start it.",
    [said[1]!]: "The user runs the server himself; tell him what to test instead of running it.",
    [said[2]!]: "The user runs the server and `fly deploy` himself; the agent should say when to run and what to expect.",
    [said[3]!]: "The user runs fly commands himself; just tell him what to do.",
  });
  const out = endEach(w, said);
  const staged = pending(w);
  assert.deepEqual(
    staged.map((p) => p.card.description),
    ["The user runs the app/server himself whenever needed; the agent shouldn't start it."],
  );
  for (const o of out.slice(1)) assert.match(o, /not staged .*restates proposal p-/);
  const restated = (staged[0] as unknown as { restated?: { source: string; description: string; proposer: string }[] }).restated ?? [];
  assert.deepEqual(
    restated.map((r) => r.source),
    said.slice(1).map((m, i) => `claude session s${i + 2}, user message 1: ${JSON.stringify(m)}`),
  );
  assert.deepEqual(
    restated.map((r) => r.proposer),
    ["host:claude", "host:claude", "host:claude"],
  );
  // The reviewer sees where it was said again, in the list and on the proposal.
  const id = (staged[0] as unknown as { id: string }).id;
  const list = run(w, ["review"]);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /said-again:3/);
  const one = run(w, ["review", id]);
  assert.equal(one.code, 0, one.stderr);
  for (const n of [2, 3, 4]) assert.match(one.stdout, new RegExp(`said again +claude session s${n}, user message 1: "`));
  assert.match(one.stdout, /as: The user runs fly commands himself; just tell him what to do\./);
});

test("a session's own proposal, captured again at its next turn, is not recorded as said again; a later session is, once", () => {
  const w = world();
  const said = ["I'll run the app myself whenever needed", "i'll run the server myself. what should I be able to test?"];
  modelAnswering(w, {
    [said[0]!]: "The user runs the app/server himself whenever needed; the agent shouldn't start it.",
    [said[1]!]: "The user runs the server himself; tell him what to test instead of running it.",
  });
  const first = transcript(w, [said[0]!], "s1");
  assert.equal(endSession(w, first, "s1").code, 0);
  assert.equal(endSession(w, first, "s1").code, 0); // Stop fires once per turn: the same session is read again
  const second = transcript(w, [said[1]!], "s2");
  assert.equal(endSession(w, second, "s2").code, 0);
  assert.equal(endSession(w, second, "s2").code, 0);
  const staged = pending(w) as unknown as { restated?: { source: string }[] }[];
  assert.equal(staged.length, 1);
  assert.deepEqual(
    (staged[0]!.restated ?? []).map((r) => r.source),
    [`claude session s2, user message 1: ${JSON.stringify(said[1])}`],
  );
});
