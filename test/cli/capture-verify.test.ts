import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { LINT, canonical, endSession, modelScript, pending, transcript, world, type World } from "../support/capture-world.js";

// Capture's verify pass, through the built CLI with a stand-in model command: the configured command is called a
// second time with the first pass's candidates, and what it drops is not staged; turned off it is not called; a
// verify call that fails, hangs or prints junk leaves the first pass's candidates as they were.

const JSON_DEFAULT = "add a --json flag to the export command and make JSON its default output";

/** The stand-in model: answers the capture prompt with two candidates and the verify prompt as `verify` says;
 * every prompt it gets is appended to `prompts.log`, separated by a line of dashes. */
function configure(w: World, verify: string, settings = ""): string {
  const log = path.join(w.root, "prompts.log");
  const script = modelScript(
    w,
    `import fs from "node:fs"; let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
       fs.appendFileSync(${JSON.stringify(log)}, s + "\\n-----\\n");
       if (!s.startsWith("A first reading")) {
         console.log(JSON.stringify({ message: 1, kind: "instruction", type: "feedback", name: "lint-before-commit", description: "Run the linter before every commit", why: "a standing rule", confidence: "high" }));
         console.log(JSON.stringify({ message: 2, kind: "decision", type: "project", name: "export-json-default", description: "Export prints JSON by default", why: "a default", confidence: "medium" }));
         return;
       }
       ${verify}
     });`,
  );
  fs.writeFileSync(w.config, `[capture]\nllm_command = [${JSON.stringify(process.execPath)}, ${JSON.stringify(script)}]\n${settings}`);
  return log;
}

const prompts = (log: string) => (fs.existsSync(log) ? fs.readFileSync(log, "utf8").split("\n-----\n").slice(0, -1) : []);
const hookLog = (w: World) => {
  const file = path.join(w.home, ".state", "memctl", "hook.log");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
};

test("the verify pass judges only what the first pass did not rate high, and drops what it is sure of; nothing canonical changes", () => {
  const w = world();
  const log = configure(w, `console.log(JSON.stringify({ candidate: 1, keep: false, confidence: "high", reason: "a default this task set; the code records it" }));`);
  const before = canonical(w);
  const r = endSession(w, transcript(w, [LINT, JSON_DEFAULT]));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /1 proposal\(s\) staged from 2 user message\(s\) \(model, verified\)/);
  assert.match(r.stdout, /not staged export-json-default: the verify pass dropped it: a default this task set; the code records it/);
  const staged = pending(w);
  assert.deepEqual(
    staged.map((p) => [p.card.name, p.source]),
    [["lint-before-commit", `claude session s1, user message 1: "${LINT}"`]],
  );
  // The high-rated candidate was never put to the second reading, so its body says nothing of one.
  assert.doesNotMatch(staged[0]!.card.body ?? "", /second reading/);
  const [, second] = prompts(log);
  assert.match(second ?? "", /\[candidate 1\] message 2 \(project\): Export prints JSON by default\n\n/);
  assert.doesNotMatch(second ?? "", /Run the linter before every commit|\[message 1\]/);
  assert.match(second ?? "", /\[message 2\] add a --json flag to the export command/);
  assert.doesNotMatch(second ?? "", /skip the tests/, "the verify call, too, sees only the user's messages");
  assert.deepEqual(canonical(w), before);
});

test("a drop the verifier is not sure of keeps its candidate, and the proposal shows the doubt to the reviewer", () => {
  const w = world();
  configure(w, `console.log(JSON.stringify({ candidate: 1, keep: false, confidence: "medium", reason: "may be this task's default only" }));`);
  const r = endSession(w, transcript(w, [LINT, JSON_DEFAULT]));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /2 proposal\(s\) staged from 2 user message\(s\) \(model, verified\)/);
  const body = pending(w).find((p) => p.card.name === "export-json-default")?.card.body ?? "";
  assert.match(body, /Doubted by the capture model's second reading, not sure enough to drop it: may be this task's default only \(confidence medium\)/);
});

test("[capture] verify = false: the model is called once and its candidates are staged as it gave them", () => {
  const w = world();
  const log = configure(w, `console.log(JSON.stringify({ candidate: 1, keep: false, reason: "x" }));`, "verify = false\n");
  const r = endSession(w, transcript(w, [LINT, JSON_DEFAULT]));
  assert.match(r.stdout, /2 proposal\(s\) staged from 2 user message\(s\) \(model\)/);
  assert.equal(prompts(log).length, 1);
  assert.deepEqual(
    pending(w)
      .map((p) => p.card.name)
      .sort(),
    ["export-json-default", "lint-before-commit"],
  );
});

for (const [label, verify, timeout] of [
  ["failing", `process.exit(3);`, 30],
  ["slow", `setTimeout(() => console.log(JSON.stringify({ candidate: 1, keep: false, reason: "late" })), 30000);`, 4],
  ["printing junk", `console.log("{not json\\n[1,2\\n" + JSON.stringify({ candidate: 1, keep: "no", reason: "r" }));`, 30],
  ["answering []", `console.log("[]");`, 30],
] as const) {
  test(`a verify call ${label} leaves the first pass's candidates as they were, and says so in hook.log`, () => {
    const w = world();
    const log = configure(w, verify, `timeout_seconds = ${timeout}\n`);
    const before = canonical(w);
    const started = Date.now();
    const r = endSession(w, transcript(w, [LINT, JSON_DEFAULT]));
    assert.equal(r.code, 0, r.stderr);
    assert.ok(Date.now() - started < 25_000, `took ${Date.now() - started} ms`);
    assert.match(r.stdout, /2 proposal\(s\) staged .*\(model \(unverified: /);
    assert.equal(prompts(log).length, 2);
    assert.deepEqual(
      pending(w)
        .map((p) => p.card.name)
        .sort(),
      ["export-json-default", "lint-before-commit"],
    );
    assert.match(hookLog(w), /session end \(claude\): model \(unverified: /);
    assert.deepEqual(canonical(w), before);
  });
}

test("a candidate whose message is only a question is not staged, whatever both readings made of it, and the listing says why", () => {
  const w = world();
  configure(w, `console.log(JSON.stringify({ candidate: 1, keep: true, confidence: "high", reason: "a standing default" }));`);
  const r = endSession(w, transcript(w, [LINT, "should the export command print JSON by default?"]));
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /1 proposal\(s\) staged from 2 user message\(s\) \(model, verified\)/);
  assert.match(r.stdout, /not staged export-json-default: the message it names states nothing of the user's own: only questions or pasted text/);
  assert.doesNotMatch(r.stdout, /the verify pass dropped it/);
  assert.deepEqual(
    pending(w).map((p) => p.card.name),
    ["lint-before-commit"],
  );
});
