import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCard } from "../../../lib/core/card.js";
import { MAX_RECALL_KEYS, parseRecallKeys, recallKeyProblems, recallKeysPrompt } from "../../../lib/core/recall-keys.js";

test("a card's recall list is parsed into meta.recall; a non-list is a field-type warning", () => {
  const card = parseCard("---\nname: x\nrecall:\n  - the toast says saved but the edit is gone\n  - 保存したのに消える\n---\nbody\n");
  assert.deepEqual(card.meta.recall, ["the toast says saved but the edit is gone", "保存したのに消える"]);
  const bad = parseCard("---\nname: x\nrecall: just a string\n---\n");
  assert.equal(bad.meta.recall, undefined);
  assert.deepEqual(
    bad.warnings.map((w) => w.field),
    ["recall"],
  );
});

test("recall values are checked as a save would check them, every problem at once", () => {
  assert.deepEqual(recallKeyProblems(undefined), []);
  assert.deepEqual(recallKeyProblems(["ok", "also ok"]), []);
  assert.equal(recallKeyProblems("x")[0]?.code, "E_RECALL_KEYS");
  const problems = recallKeyProblems(["", "two\nlines", "x".repeat(200), 3]);
  assert.equal(problems.length, 4);
  assert.equal(recallKeyProblems(Array.from({ length: MAX_RECALL_KEYS + 1 }, (_, i) => `k${i}`)).length, 1);
});

test("a model's answer becomes keys: marks and quotes stripped, title and duplicates dropped, bounded", () => {
  const answer = 'Here are the keys:\n1. why is my edit gone\n- "toast says saved"\n* Why is my edit gone\n\n```\nAwait writes\n' + "y".repeat(300);
  assert.deepEqual(parseRecallKeys(answer, "Await writes"), { ok: true, keys: ["why is my edit gone", "toast says saved"] });
  const many = Array.from({ length: 40 }, (_, i) => `key ${i}`).join("\n");
  const parsed = parseRecallKeys(many);
  assert.ok(parsed.ok && parsed.keys.length === MAX_RECALL_KEYS);
});

test("junk or empty answers are refused with a reason, never an empty list", () => {
  for (const junk of ["", "   \n\n", "Sure:\n", "x".repeat(500), "```\n```"]) {
    const r = parseRecallKeys(junk);
    assert.equal(r.ok, false, JSON.stringify(junk));
  }
});

test("the key-writing prompt names the card, its languages, and clips a long body", () => {
  const prompt = recallKeysPrompt({ name: "feedback_x", title: "Await writes", topics: ["ui"], body: "b".repeat(5000) }, ["English", "French"]);
  assert.match(prompt, /title: Await writes/);
  assert.match(prompt, /English, French/);
  assert.ok(prompt.length < 3500);
});

test("the prompt asks for keys in the languages the owner prompts in too, and is worded as before when there are none", () => {
  const card = { name: "feedback_x", title: "Await writes", topics: [], body: "Await every write before showing success." };
  const owner = recallKeysPrompt(card, ["English"], ["Chinese"]);
  assert.match(owner, /- at least three of the above in each of these languages, the ones this store is written in: English; and the ones its owner types prompts in: Chinese\.\n/);
  // Unchanged wording for a store with no such language: recorded answers keyed by the prompt's hash stay valid.
  const plain = recallKeysPrompt(card, ["English"]);
  assert.match(plain, /- at least three of the above in each of these languages, the ones this store is written in: English\.\n/);
  assert.equal(recallKeysPrompt(card, ["English"], []), plain);
});
