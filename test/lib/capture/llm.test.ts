import assert from "node:assert/strict";
import { test } from "node:test";
import { capturePrompt, modelCandidates } from "../../../lib/capture/llm.js";

const messages = [
  { n: 1, text: "add a --json flag to the export command" },
  { n: 2, text: "from now on run the linter before every commit" },
  { n: 3, text: "we'll keep Postgres, the JSONB queries need it" },
];
const line = (o: Record<string, unknown>) => JSON.stringify({ type: "feedback", name: "lint-first", description: "Run the linter before every commit", ...o });
const kept = (output: string, min?: "low" | "medium" | "high") => modelCandidates(output, messages, min).map((c) => [c.message, c.description]);

test("the prompt asks for what a later, unrelated session needs, says what is not memory, and asks for kind, why and confidence", () => {
  const p = capturePrompt(messages);
  assert.match(p, /later, unrelated session/);
  // What the repository already records is not memory, nor is what the task builds or a one-time request.
  assert.match(p, /What this task builds or changes/);
  assert.match(p, /Facts the repository already shows/);
  assert.match(p, /one-time request about this task/);
  assert.match(p, /Prefer fewer, stronger candidates: at most 5/);
  assert.match(p, /an empty answer is normal/);
  for (const kind of ["instruction", "correction", "decision", "remember"]) assert.match(p, new RegExp(`- ${kind}: `));
  assert.match(p, /"kind": "instruction\|correction\|decision\|remember"/);
  assert.match(p, /"why": /);
  assert.match(p, /"confidence": "high\|medium\|low"/);
  // Every message, numbered, each on one line.
  assert.match(p, /\[message 2\] from now on run the linter before every commit\n/);
  assert.match(p, /\[message 3\] we'll keep Postgres/);
});

test("the parser drops what the model rates low and keeps medium and high by default", () => {
  const output = [
    line({ message: 2, kind: "instruction", why: "a standing rule", confidence: "high" }),
    line({ message: 3, kind: "decision", why: "a lasting choice", confidence: "Medium", description: "Keep Postgres: the JSONB queries need it" }),
    line({ message: 1, kind: "instruction", why: "maybe", confidence: "low", description: "Export has a --json flag" }),
  ].join("\n");
  assert.deepEqual(kept(output), [
    [2, "Run the linter before every commit"],
    [3, "Keep Postgres: the JSONB queries need it"],
  ]);
  assert.deepEqual(kept(output, "high"), [[2, "Run the linter before every commit"]]);
  assert.equal(kept(output, "low").length, 3);
});

test("the parser drops a kind the prompt does not allow and an empty reason, and carries why and confidence along", () => {
  const output = [
    line({ message: 1, kind: "fact", why: "the code has it", confidence: "high" }),
    line({ message: 1, kind: "task", why: "x", confidence: "high" }),
    line({ message: 2, kind: "instruction", why: "  ", confidence: "high" }),
    line({ message: 2, kind: "Correction", why: "holds next time", confidence: "high" }),
  ].join("\n");
  const out = modelCandidates(output, messages);
  assert.deepEqual(
    out.map((c) => [c.message, c.why, c.confidence, c.excerpt]),
    [[2, "holds next time", "high", "from now on run the linter before every commit"]],
  );
});

test("an answer in the older four-field shape, or with a rating the parser does not know, parses as before", () => {
  const output = [line({ message: 2 }), line({ message: 3, confidence: 0.2, description: "Keep Postgres" })].join("\n");
  assert.deepEqual(kept(output), [
    [2, "Run the linter before every commit"],
    [3, "Keep Postgres"],
  ]);
  const [first] = modelCandidates(output, messages);
  assert.equal(first?.why, undefined);
  assert.equal(first?.confidence, undefined);
});

test("what the parser always refused it still refuses: an unknown message, a non-card type, an over-long description", () => {
  const output = [
    line({ message: 9, kind: "instruction", why: "w", confidence: "high" }),
    line({ message: 2, type: "fact", kind: "instruction", why: "w", confidence: "high" }),
    line({ message: 2, kind: "instruction", why: "w", confidence: "high", description: "x".repeat(201) }),
  ].join("\n");
  assert.deepEqual(kept(output), []);
  assert.deepEqual(kept("I think the user wants a linter."), []);
});
