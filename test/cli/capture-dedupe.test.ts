// Capture's dedupe against pending proposals, through the real session-end hook and a real model command: a
// preference the user restates in another session, in other words, is proposed once; two different preferences
// about the same thing both are. (The first case is the bench's dev miss: bench/README.md, "Combining the passes".)
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { endSession, modelScript, pending, transcript, world, type World } from "../support/capture-world.js";

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
