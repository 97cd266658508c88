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

test("standing cues said in passing: who runs what, where new things go, what the user does not want, what is not needed", () => {
  assert.deepEqual(one("ok that works. i'll run the dev server myself"), [["instruction", "feedback", "I'll run the dev server myself"]]);
  assert.deepEqual(one("make sure to put any new migrations in db/migrations"), [["instruction", "feedback", "Make sure to put any new migrations in db/migrations"]]);
  assert.deepEqual(one("I don't want to use lodash in this codebase."), [["instruction", "user", "I don't want to use lodash in this codebase."]]);
  assert.deepEqual(one("there's no need to keep the v1 endpoints, nobody calls them"), [["decision", "project", "There's no need to keep the v1 endpoints, nobody calls them"]]);
  assert.deepEqual(one("use vitest instead of jest"), [["correction", "feedback", "Use vitest instead of jest"]]);
  assert.deepEqual(one("we deploy to fly.io, so keep that in mind"), [["remember", "project", "We deploy to fly.io"]]);
  assert.deepEqual(one("good. but you shouldn't mock the database in these tests"), [["instruction", "feedback", "You shouldn't mock the database in these tests"]]);
});

// A correction of the agent's own change: "don't" with a verb that undoes or replaces a choice already made (h/capture15).
test("a negated imperative that undoes the agent's choice is a correction; one about this turn's thing, or another bare don't, is not", () => {
  assert.deepEqual(one("don't switch package managers. go back to pnpm"), [["correction", "feedback", "Don't switch package managers."]]);
  assert.deepEqual(one("please do not change the base image from debian:bookworm-slim"), [["correction", "feedback", "Do not change the base image from debian:bookworm-slim"]]);
  assert.deepEqual(one("stop switching the fetch calls to axios"), [["correction", "feedback", "Stop switching the fetch calls to axios"]]);
  assert.deepEqual(one("don't change it, just fix the test"), []);
  assert.deepEqual(one("don't add comments to the generated files"), []);
  assert.deepEqual(one("why did you switch the model?"), []);
});

test("lookalikes of those cues are not memory: recalling, requests, tasks that merely say 'make sure all' or 'each other'", () => {
  assert.deepEqual(one("remember back to the caching work and update the README"), []);
  assert.deepEqual(one("can you clean this up so that going forward the logs are quiet"), []);
  assert.deepEqual(one("now make sure all the labels are aligned"), []);
  assert.deepEqual(one("the boxes overlap on each other, please fix"), []);
  assert.deepEqual(one("Note that the command is not a direct replacement for the old one."), []);
  assert.deepEqual(one("I want to be able to run the init script for each app"), []);
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
