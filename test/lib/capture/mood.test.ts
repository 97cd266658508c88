import assert from "node:assert/strict";
import { test } from "node:test";
import { candidatesIn } from "../../../lib/capture/rules.js";
import { aboutThisTurn, clauseAt, isQuestion, ownText, wantsAResult } from "../../../lib/capture/mood.js";

// Each rule: a message the rules must still capture, and its lookalike about this turn that they must not.
const kinds = (text: string) => candidatesIn(text, 1).map((c) => [c.kind, c.description]);

test("a weak cue pointing at something in this turn is not kept; the same cue about a kind of thing is", () => {
  assert.deepEqual(kinds("We shouldn't delete it, leave it as a fallback."), []);
  assert.deepEqual(kinds("We shouldn't vendor third-party code."), [["instruction", "We shouldn't vendor third-party code."]]);
  assert.deepEqual(kinds("I don't want that in the sidebar"), []);
  assert.deepEqual(kinds("I don't want generated files in the repository"), [["instruction", "I don't want generated files in the repository"]]);
  assert.deepEqual(kinds("there's no need for this here, drop the wrapper"), []);
  assert.deepEqual(kinds("there's no need to support Python 3.8, nobody runs it"), [["decision", "There's no need to support Python 3.8, nobody runs it"]]);
  assert.deepEqual(kinds("No, move them to the footer instead."), []);
  assert.deepEqual(kinds("No, use tabs not spaces."), [["correction", "Use tabs not spaces."]]);
});

test("a quantifier alone does not make a specification standing: 'for each of the following' or 'it should … for each'", () => {
  assert.deepEqual(kinds("For each of the following pages, make sure the title should be bold."), []);
  assert.deepEqual(kinds("It should print one line for each file it renames."), []);
  assert.deepEqual(kinds("For every new endpoint, make sure there is an integration test."), [["instruction", "For every new endpoint, make sure there is an integration test."]]);
});

test("a generality marker keeps a sentence that also points at something: it holds beyond the turn", () => {
  assert.deepEqual(kinds("we don't want it to ever log tokens, in this project or any other, whenever it runs"), [
    ["instruction", "We don't want it to ever log tokens, in this project or any other, whenever it runs"],
  ]);
  assert.equal(aboutThisTurn("we shouldn't touch it by default", 0), false);
  assert.equal(aboutThisTurn("we shouldn't touch it", 0), true);
});

test("the pointing test reads the cue's own clause: a pronoun in the reason or another clause does not count", () => {
  assert.equal(clauseAt("update it because there's no need to keep the old flag", 20), "there's no need to keep the old flag");
  assert.deepEqual(kinds("rename it because there's no need to keep the legacy prefix anywhere"), [
    ["decision", "Rename it because there's no need to keep the legacy prefix anywhere"],
  ]);
  // A demonstrative before a noun names a kind ("these tests"), and "it's" is most often an empty subject.
  assert.equal(aboutThisTurn("you shouldn't stub the clock in these tests", 0), false);
  assert.equal(aboutThisTurn("we shouldn't use sleeps, it's flaky", 0), false);
});

test("a question is not an instruction, with or without its question mark", () => {
  assert.equal(isQuestion("should we always squash the commits"), true);
  assert.equal(isQuestion("is there a way to never rebuild the cache"), true);
  assert.equal(isQuestion("do it yourself next time"), false);
  assert.deepEqual(kinds("should we always squash the commits"), []);
  assert.deepEqual(kinds("always squash the commits"), [["instruction", "Always squash the commits"]]);
});

test("'I want <a thing> to be …' asks for a result now; 'I want you to …' and 'I prefer X over Y' say how to work", () => {
  assert.equal(wantsAResult("I want the legend to be on the left"), true);
  assert.equal(wantsAResult("I want you to run the formatter first"), false);
  assert.equal(wantsAResult("I'd like the totals to be rounded"), true);
  assert.deepEqual(kinds("I want the legend to be on the left so that it reads better"), []);
  assert.deepEqual(kinds("I prefer small commits over one big commit"), [["instruction", "I prefer small commits over one big commit"]]);
});

test("what the user pasted is not their statement: logs, console output, code, a page quoted under its link", () => {
  const log = "the build fails again:\n2026-03-02 10:14:07 ERROR never retry after a 401\nWARN: always close the pool";
  assert.deepEqual(kinds(log), []);
  assert.equal(ownText(log).includes("never retry"), false);
  const code = "here's the handler\nconst retry = () => {\n  // always retry twice\n};";
  assert.deepEqual(kinds(code), []);
  const page = "did you see this? https://docs.example.org/limits\nBatching\nAlways batch requests larger than 10 items.\n\nnever call the API from the browser.";
  // The page's own sentence is quoted under its link; the user's line after the blank one is theirs.
  assert.deepEqual(kinds(page), [["instruction", "Never call the API from the browser."]]);
  assert.deepEqual(kinds("always run the migrations before the seeds"), [["instruction", "Always run the migrations before the seeds"]]);
});

test("a message that says the agent got it wrong makes its 'use X' a correction; the same 'use X' alone is a task", () => {
  assert.deepEqual(kinds("I said the staging bucket. Check again and use that bucket"), [["correction", "I said the staging bucket: Check again and use that bucket"]]);
  assert.deepEqual(kinds("You got it wrong, so I undid the changes. Use the date-fns helpers instead."), [["correction", "Use the date-fns helpers instead."]]);
  assert.deepEqual(kinds("Check again and use that bucket"), []);
  assert.deepEqual(kinds("Use the date-fns helpers instead."), []);
  // In a correcting message, a "use" about one thing in this turn is still about this turn.
  assert.deepEqual(kinds("That's not what I asked. Use it in the footer."), []);
});

test("a long pasted line costs one scan: no pattern backtracks over a run of letters, dots or links", () => {
  // 50,000 characters with no line break: a minified bundle or a base64 blob pasted into a message.
  for (const line of ["a".repeat(50_000), "a.".repeat(25_000), "http://".repeat(7_000), "x/".repeat(25_000)]) {
    const started = process.hrtime.bigint();
    assert.equal(candidatesIn(`${line}\n\nalways pin the lockfile`, 1).length, 1);
    assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 2_000, "one message must not take seconds");
  }
});
