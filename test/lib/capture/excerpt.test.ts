import assert from "node:assert/strict";
import { test } from "node:test";
import { statingExcerpt, WHOLE_MESSAGE_CHARS } from "../../../lib/capture/excerpt.js";
import { modelCandidates } from "../../../lib/capture/llm.js";

const task =
  "OK, now I want to implement the export service: it should take the rows the user selects in the table and send them to the endpoint below, then show a toast with the count and keep the selection. Make sure to install any new packages in the web app directory. Here is the endpoint's documentation, read it carefully.";

test("a long message is quoted by the sentence that states the candidate, not by its opening", () => {
  assert.ok(task.length > WHOLE_MESSAGE_CHARS);
  assert.equal(statingExcerpt(task, "Install new packages inside the web app directory"), "Make sure to install any new packages in the web app directory.");
});

test("a statement over two sentences keeps both, in the message's order; a passing mention of one term does not come along", () => {
  const workflow =
    "Let's make the script more flexible so it runs on other videos too, not just this one. Here's my workflow. I record and edit in Tella and download the MP4 and SRT files. Then I copy the MP4 and SRT into a directory per blog post. The output should go in a subdirectory.";
  assert.equal(
    statingExcerpt(workflow, "The user records in Tella, downloads the MP4 and SRT, and copies them into a directory per blog post"),
    "I record and edit in Tella and download the MP4 and SRT files. Then I copy the MP4 and SRT into a directory per blog post.",
  );
});

test("a short message is quoted whole, and so is a long one no sentence of which shares a term with the description", () => {
  assert.equal(statingExcerpt("  i'll run the server myself. what should I test?  ", "The user runs the server"), "i'll run the server myself. what should I test?");
  assert.equal(statingExcerpt(task, "Zebra quagga okapi"), task);
});

test("the model's candidate carries the stating sentence as its excerpt: the user's words, never the model's", () => {
  const answer = JSON.stringify({
    message: 1,
    kind: "instruction",
    type: "feedback",
    name: "packages-in-web",
    description: "New packages go in the web app directory",
    why: "w",
    confidence: "high",
  });
  const [c] = modelCandidates(answer, [{ n: 1, text: task }]);
  assert.equal(c?.excerpt, "Make sure to install any new packages in the web app directory.");
  assert.ok(task.includes(c!.excerpt));
});
