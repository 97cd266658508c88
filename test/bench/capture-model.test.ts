import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { BenchSession } from "../../bench/capture/corpus.js";
import { recordedCandidates, sessionPrompt } from "../../bench/capture/model.js";
import { scratchDir } from "../support/scratch.js";

const session = (key: string, texts: string[]): BenchSession => ({
  set: "t",
  key,
  half: "dev",
  messages: texts.map((text, i) => ({ id: i, half: "dev", durable: null, repo: "r", commit: "c", path: key, n: i + 1, text })),
});

test("a session's recorded answer is replayed through the model-command interface and read by the product's parser", async () => {
  const dir = scratchDir("capture-replay");
  const answers = path.join(dir, "answers.jsonl");
  const a = session("a", ["fix the build", "from now on run the linter first"]);
  const b = session("b", ["hello"]);
  const junk = session("c", ["anything"]);
  const answer = JSON.stringify({ message: 2, type: "feedback", name: "lint-first", description: "Run the linter before anything else" });
  fs.writeFileSync(
    answers,
    [
      { hash: sessionPrompt(a).hash, answer },
      { hash: sessionPrompt(b).hash, answer: "[]" },
      { hash: sessionPrompt(junk).hash, answer: "I think the user wants a linter." },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n") + "\n",
  );
  const previous = process.env.MEMCTL_BENCH_ANSWERS;
  process.env.MEMCTL_BENCH_ANSWERS = answers;
  try {
    const out = await recordedCandidates([a, b, junk, session("d", ["never recorded"])]);
    // The excerpt is the user's own message, never the model's words.
    assert.deepEqual(
      out.get("a")?.candidates?.map((c) => [c.message, c.type, c.description, c.excerpt]),
      [[2, "feedback", "Run the linter before anything else", "from now on run the linter first"]],
    );
    assert.deepEqual(out.get("b")?.candidates, []);
    assert.deepEqual(out.get("c")?.candidates, []);
    assert.equal(out.get("d")?.candidates, undefined);
    assert.match(out.get("d")?.failure ?? "", /no recorded answer|exit/);
  } finally {
    if (previous === undefined) delete process.env.MEMCTL_BENCH_ANSWERS;
    else process.env.MEMCTL_BENCH_ANSWERS = previous;
  }
});

test("answers to both prompt versions live in one file, each replayed for its own prompt, rated by the product's parser", async () => {
  const dir = scratchDir("capture-replay-versions");
  const answers = path.join(dir, "answers.jsonl");
  const a = session("a", ["add a --json flag", "from now on run the linter first"]);
  assert.notEqual(sessionPrompt(a, "v1").hash, sessionPrompt(a, "v2").hash);
  const v1 = JSON.stringify({ message: 1, type: "project", name: "json-flag", description: "Export has a --json flag" });
  const v2 = [
    JSON.stringify({ message: 2, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter first", why: "a standing rule", confidence: "high" }),
    JSON.stringify({ message: 1, kind: "instruction", type: "project", name: "json-flag", description: "Export has a --json flag", why: "the code shows it", confidence: "low" }),
  ].join("\n");
  fs.writeFileSync(
    answers,
    [
      { hash: sessionPrompt(a, "v1").hash, answer: v1 },
      { hash: sessionPrompt(a, "v2").hash, answer: v2 },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n") + "\n",
  );
  const previous = process.env.MEMCTL_BENCH_ANSWERS;
  process.env.MEMCTL_BENCH_ANSWERS = answers;
  try {
    const descriptions = async (options: Parameters<typeof recordedCandidates>[1]) => (await recordedCandidates([a], options)).get("a")?.candidates?.map((c) => c.description);
    assert.deepEqual(await descriptions({ version: "v1" }), ["Export has a --json flag"]);
    assert.deepEqual(await descriptions({ version: "v2" }), ["Run the linter first"]);
    assert.deepEqual(await descriptions({ version: "v2", minConfidence: "low" }), ["Run the linter first", "Export has a --json flag"]);
  } finally {
    if (previous === undefined) delete process.env.MEMCTL_BENCH_ANSWERS;
    else process.env.MEMCTL_BENCH_ANSWERS = previous;
  }
});
