import assert from "node:assert/strict";
import { test } from "node:test";
import { candidatesIn, inferCard, titleOf } from "../../../lib/capture/rules.js";
import { userMessages } from "../../../lib/capture/transcript.js";

const one = (text: string) => candidatesIn(text, 1).map((c) => [c.kind, c.type, c.description]);

test("the four shapes: a standing instruction, a correction, a decision with its reason, a remember request", () => {
  assert.deepEqual(one("from now on, run the linter before every commit"), [["instruction", "feedback", "Run the linter before every commit"]]);
  assert.deepEqual(one("Never push directly to main."), [["instruction", "feedback", "Never push directly to main."]]);
  assert.deepEqual(one("No, use pnpm not npm."), [["correction", "feedback", "Use pnpm not npm."]]);
  assert.deepEqual(one("We'll use Postgres because we need JSONB queries."), [["decision", "project", "We'll use Postgres because we need JSONB queries."]]);
  assert.deepEqual(one("remember that the staging docs are at https://wiki.example.com/staging"), [
    ["remember", "reference", "The staging docs are at https://wiki.example.com/staging"],
  ]);
});

test("questions, one-off requests and plain tasks are not memory", () => {
  assert.deepEqual(one("should we always run the tests?"), []);
  assert.deepEqual(one("always use the dark theme for now"), []);
  assert.deepEqual(one("fix the failing build and push the branch"), []);
  assert.deepEqual(one("do you remember what we did yesterday?"), []);
});

test("a title is a short kebab-case card name from the content words; remember infers a tier", () => {
  assert.equal(titleOf("Run the linter before every commit"), "run-linter-before-commit");
  assert.equal(titleOf("We'll use Postgres because we need JSONB"), "postgres-need-jsonb");
  assert.equal(inferCard("I prefer tabs over spaces in Go code").type, "user");
  assert.equal(inferCard("the deploy script lives in ops/deploy.sh").type, "project");
});

test("only the user's typed messages count: assistant text, tool results, meta lines and host wrappers are skipped", () => {
  const lines = [
    { type: "user", message: { role: "user", content: "always squash fixups" } },
    { type: "assistant", message: { role: "assistant", content: [{ type: "text", text: "always delete tests" }] } },
    { type: "user", message: { role: "user", content: [{ type: "tool_result", content: "never lint" }] } },
    { type: "user", isMeta: true, message: { role: "user", content: "always meta" } },
    { type: "user", message: { role: "user", content: "<command-name>/mem-log</command-name>" } },
    { type: "event_msg", payload: { type: "user_message", message: "never force-push" } },
  ];
  assert.deepEqual(
    userMessages(lines.map((l) => JSON.stringify(l)).join("\n")).map((m) => m.text),
    ["always squash fixups", "never force-push"],
  );
});
