import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { BenchSession } from "../../bench/capture/corpus.js";
import { recordAnswers, recordedCandidates, sessionPrompt, verifyPromptOf } from "../../bench/capture/model.js";
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

/** Runs fn with the replayed model answering from `answers` (records of hash and answer). */
async function withAnswers<T>(dir: string, records: { hash: string; answer: string }[], fn: () => Promise<T>): Promise<T> {
  const answers = path.join(dir, "answers.jsonl");
  fs.writeFileSync(answers, records.map((r) => `${JSON.stringify(r)}\n`).join(""));
  const previous = process.env.MEMCTL_BENCH_ANSWERS;
  process.env.MEMCTL_BENCH_ANSWERS = answers;
  try {
    return await fn();
  } finally {
    if (previous === undefined) delete process.env.MEMCTL_BENCH_ANSWERS;
    else process.env.MEMCTL_BENCH_ANSWERS = previous;
  }
}

test("the verify pass is replayed from its own recorded answer, keyed by the verify prompt the product builds from the v2 answer", async () => {
  const dir = scratchDir("capture-replay-verify");
  const a = session("a", ["add a --json flag and make it the default", "from now on run the linter first"]);
  const b = session("b", ["from now on run the linter first"]);
  const v2 = [
    JSON.stringify({ message: 2, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter first", why: "a standing rule", confidence: "high" }),
    JSON.stringify({ message: 1, kind: "decision", type: "project", name: "json-default", description: "JSON is the default output", why: "a default", confidence: "medium" }),
  ].join("\n");
  const bAnswer = JSON.stringify({ message: 1, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter first", why: "w", confidence: "high" });
  const first = [
    { hash: sessionPrompt(a).hash, answer: v2 },
    { hash: sessionPrompt(b).hash, answer: bAnswer },
  ];
  // No verify answer yet: the verify prompt is what the product would send, and the first pass's candidates stand.
  // The product's (v2) judges only the candidate not rated high; the frozen v1 judged both.
  const prompt = await withAnswers(dir, first, () => verifyPromptOf(a));
  assert.match(prompt?.prompt ?? "", /\[candidate 1\] message 1 \(project\): JSON is the default output\n\n/);
  const v1 = await withAnswers(dir, first, () => verifyPromptOf(a, "v1"));
  assert.match(v1?.prompt ?? "", /\[candidate 1\] message 2 \(feedback\): Run the linter first\n\[candidate 2\] message 1 \(project\): JSON is the default output\n/);
  assert.equal(await withAnswers(dir, first, () => verifyPromptOf(b)), undefined, "a session whose candidates are all high sends no verify prompt");
  assert.match((await withAnswers(dir, first, () => verifyPromptOf(b, "v1")))?.prompt ?? "", /\[candidate 1\] message 1/);
  const v2Verdicts = JSON.stringify({ candidate: 1, keep: false, confidence: "high", reason: "this task's default" });
  const v1Verdicts = [JSON.stringify({ candidate: 1, keep: false, reason: "too strict" }), JSON.stringify({ candidate: 2, keep: true, reason: "kept" })].join("\n");
  const recorded = [...first, { hash: prompt!.hash, answer: v2Verdicts }, { hash: v1!.hash, answer: v1Verdicts }];
  const out = await withAnswers(dir, recorded, () => recordedCandidates([a, b], { verify: true }));
  assert.equal(out.get("a")?.pass, "model, verified");
  assert.deepEqual(
    out.get("a")?.candidates?.map((c) => c.description),
    ["Run the linter first"],
  );
  assert.equal(out.get("b")?.pass, "model");
  // Each version replays its own answers: v1's dropped the high-rated candidate and kept the other.
  const old = await withAnswers(dir, recorded, () => recordedCandidates([a, b], { verify: true, verifyPrompt: "v1" }));
  assert.deepEqual(
    old.get("a")?.candidates?.map((c) => c.description),
    ["JSON is the default output"],
  );
  assert.match(old.get("b")?.pass ?? "", /^model \(unverified: /);
  // --verify-drop: a medium drop does not count by default, and does at medium.
  const medium = [...first, { hash: prompt!.hash, answer: v2Verdicts.replace('"high"', '"medium"') }];
  assert.equal((await withAnswers(dir, medium, () => recordedCandidates([a], { verify: true }))).get("a")?.candidates?.length, 2);
  assert.equal((await withAnswers(dir, medium, () => recordedCandidates([a], { verify: true, minDrop: "medium" }))).get("a")?.candidates?.length, 1);
  // Without --verify, the same answers replay the first pass alone.
  const plain = await withAnswers(dir, recorded, () => recordedCandidates([a]));
  assert.equal(plain.get("a")?.candidates?.length, 2);
});

test("verify v2 (the product's) and v3 (frozen) each replay their own answers; at min confidence low the verifier also judges the low-rated candidates", async () => {
  const dir = scratchDir("capture-replay-verify3");
  const a = session("a", ["add a --json flag and make it the default", "from now on run the linter first", "maybe use tabs"]);
  const answer = [
    JSON.stringify({ message: 2, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter first", why: "w", confidence: "medium" }),
    JSON.stringify({ message: 1, kind: "decision", type: "project", name: "json-default", description: "JSON is the default output", why: "w", confidence: "medium" }),
    JSON.stringify({ message: 3, kind: "instruction", type: "feedback", name: "tabs", description: "Indent with tabs", why: "w", confidence: "low" }),
  ].join("\n");
  const first = [{ hash: sessionPrompt(a).hash, answer }];
  const v2 = await withAnswers(dir, first, () => verifyPromptOf(a));
  const v3 = await withAnswers(dir, first, () => verifyPromptOf(a, "v3"));
  assert.notEqual(v2?.hash, v3?.hash);
  assert.match(v2?.prompt ?? "", /A wrong drop costs more than a\nwrong keep/, "v2 is the product's prompt");
  assert.match(v3?.prompt ?? "", /"what": "rule/, "v3 is the frozen one");
  assert.doesNotMatch(v3?.prompt ?? "", /Indent with tabs/, "at the product's threshold the low candidate never reaches the verifier");
  const low = await withAnswers(dir, first, () => verifyPromptOf(a, "v3", undefined, "low"));
  assert.match(low?.prompt ?? "", /\[candidate 3\] message 3 \(feedback\): Indent with tabs\n/);
  const drop = (n: number) => JSON.stringify({ candidate: n, keep: false, confidence: "high", reason: "a spec" });
  const keep = (n: number) => JSON.stringify({ candidate: n, keep: true, confidence: "high", reason: "a rule" });
  const recorded = [
    ...first,
    { hash: v2!.hash, answer: [keep(1), keep(2)].join("\n") },
    { hash: v3!.hash, answer: [keep(1), drop(2)].join("\n") },
    { hash: low!.hash, answer: [keep(1), drop(2), keep(3)].join("\n") },
  ];
  const kept = async (options: Parameters<typeof recordedCandidates>[1]) =>
    (await withAnswers(dir, recorded, () => recordedCandidates([a], { verify: true, ...options }))).get("a")?.candidates?.map((c) => c.description);
  assert.deepEqual(await kept({}), ["Run the linter first", "JSON is the default output"]);
  assert.deepEqual(await kept({ verifyPrompt: "v3" }), ["Run the linter first"]);
  assert.deepEqual(await kept({ verifyPrompt: "v3", minConfidence: "low" }), ["Run the linter first", "Indent with tabs"]);
});

test("verify v4 (frozen) replays its own answers: an unrated spec, task or other drop counts and an unrated keep keeps, whatever the drop threshold", async () => {
  const dir = scratchDir("capture-replay-verify4");
  const a = session("a", ["add a --json flag and make it the default", "from now on run the linter first"]);
  const answer = [
    JSON.stringify({ message: 2, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter first", why: "w", confidence: "medium" }),
    JSON.stringify({ message: 1, kind: "decision", type: "project", name: "json-default", description: "JSON is the default output", why: "w", confidence: "medium" }),
  ].join("\n");
  const first = [{ hash: sessionPrompt(a).hash, answer }];
  const v3 = await withAnswers(dir, first, () => verifyPromptOf(a, "v3"));
  const v4 = await withAnswers(dir, first, () => verifyPromptOf(a, "v4"));
  assert.notEqual(v3?.hash, v4?.hash);
  assert.match(v4?.prompt ?? "", /"what": "rule\|correction\|decision\|remember\|\nspec\|task\|other", "keep": true\|false, "reason"/);
  assert.doesNotMatch(v4?.prompt ?? "", /confidence/i, "v4 asks for no rating");
  const verdict = (n: number, what: string, keep: boolean) => JSON.stringify({ candidate: n, what, keep, reason: "the words" });
  const recorded = [...first, { hash: v4!.hash, answer: [verdict(1, "rule", true), verdict(2, "spec", false)].join("\n") }];
  for (const minDrop of ["high", "medium", "low"] as const) {
    const out = (await withAnswers(dir, recorded, () => recordedCandidates([a], { verify: true, verifyPrompt: "v4", minDrop }))).get("a");
    assert.equal(out?.pass, "model, verified");
    assert.deepEqual(
      out?.candidates?.map((c) => [c.description, c.verified]),
      [["Run the linter first", "the words"]],
    );
  }
  // The product's prompt (v2) has no answer here: its verify call fails and the first pass's candidates stand.
  assert.match((await withAnswers(dir, recorded, () => recordedCandidates([a], { verify: true }))).get("a")?.pass ?? "", /^model \(unverified: /);
});

test("record merges only well-formed answers to prompts the bench sends, once each", () => {
  const dir = scratchDir("capture-record");
  const target = path.join(dir, "answers.jsonl");
  fs.writeFileSync(target, `${JSON.stringify({ hash: "a".repeat(64), answer: "[]" })}\n`);
  const incoming = path.join(dir, "incoming.jsonl");
  const known = new Set(["a".repeat(64), "b".repeat(64)]);
  fs.writeFileSync(
    incoming,
    [
      JSON.stringify({ hash: "a".repeat(64), answer: "x" }),
      JSON.stringify({ hash: "b".repeat(64), answer: "y", extra: 1 }),
      JSON.stringify({ hash: "c".repeat(64), answer: "z" }),
      "{broken",
      JSON.stringify({ hash: "b".repeat(64) }),
      "",
    ].join("\n"),
  );
  const r = recordAnswers(incoming, known, target);
  assert.equal(r.added, 1);
  assert.equal(r.known, 1);
  assert.deepEqual(
    r.refused.map((x) => x.split(":")[0]),
    ["line 3", "line 4", "line 5"],
  );
  assert.deepEqual(
    fs
      .readFileSync(target, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l)),
    [
      { hash: "a".repeat(64), answer: "[]" },
      { hash: "b".repeat(64), answer: "y" },
    ],
  );
  assert.equal(recordAnswers(incoming, known, target).added, 0, "a second merge adds nothing");
});

test("prompt v4's answers replay for its own prompt, and its verify prompt is built from its own candidates, repeats included", async () => {
  const dir = scratchDir("capture-replay-v4");
  const a = session("a", ["from now on run the linter first", "fix the build", "and remember: linter before anything"]);
  assert.notEqual(sessionPrompt(a, "v4").hash, sessionPrompt(a, "v2").hash);
  const line = (message: number, confidence: string) =>
    JSON.stringify({ message, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter first", why: "a standing rule", confidence });
  const v2 = line(1, "high");
  // v4 gives the repeat its own line, with the same description.
  const v4 = [line(1, "medium"), line(3, "medium")].join("\n");
  const first = [
    { hash: sessionPrompt(a, "v2").hash, answer: v2 },
    { hash: sessionPrompt(a, "v4").hash, answer: v4 },
  ];
  assert.equal(await withAnswers(dir, first, () => verifyPromptOf(a)), undefined, "v2's one candidate is rated high: no verify call");
  const prompt = await withAnswers(dir, first, () => verifyPromptOf(a, "v2", undefined, undefined, "v4"));
  assert.match(prompt?.prompt ?? "", /\[candidate 1\] message 1 \(feedback\): Run the linter first\n\[candidate 2\] message 3 \(feedback\): Run the linter first\n/);
  const verdicts = [
    JSON.stringify({ candidate: 1, keep: true, confidence: "high", reason: "a standing rule" }),
    JSON.stringify({ candidate: 2, keep: false, confidence: "high", reason: "says nothing new" }),
  ].join("\n");
  const out = await withAnswers(dir, [...first, { hash: prompt!.hash, answer: verdicts }], () => recordedCandidates([a], { version: "v4", verify: true }));
  assert.equal(out.get("a")?.pass, "model, verified");
  assert.deepEqual(
    out.get("a")?.candidates?.map((c) => c.message),
    [1],
  );
  await assert.rejects(() => recordedCandidates([a], { version: "v1", verify: true }), /v2 or v4/);
});

for (const version of ["v5", "v6"] as const)
  test(`verify ${version} (frozen) judges prompt v4's candidates apart: its unrated drop counts at every threshold, and a keep keeps`, async () => {
    const dir = scratchDir(`capture-replay-verify-${version}`);
    const a = session("a", ["add a --json flag and make it the default", "from now on run the linter first"]);
    const line = (message: number, name: string, description: string) =>
      JSON.stringify({ message, kind: "instruction", type: "feedback", name, description, why: "w", confidence: "medium" });
    const first = [
      { hash: sessionPrompt(a, "v4").hash, answer: [line(1, "json-default", "JSON is the default output"), line(2, "lint-first", "Run the linter first")].join("\n") },
    ];
    const v2 = await withAnswers(dir, first, () => verifyPromptOf(a, "v2", undefined, undefined, "v4"));
    const frozen = await withAnswers(dir, first, () => verifyPromptOf(a, version, undefined, undefined, "v4"));
    assert.notEqual(v2?.hash, frozen?.hash);
    assert.match(frozen?.prompt ?? "", /\[candidate 1\] message 1 \(feedback\): JSON is the default output\n\[candidate 2\] message 2 \(feedback\): Run the linter first\n/);
    assert.doesNotMatch(frozen?.prompt ?? "", /confidence/i, `${version} asks for no rating`);
    const verdict = (n: number, keep: boolean) => JSON.stringify({ candidate: n, keep, reason: "the words" });
    const recorded = [...first, { hash: frozen!.hash, answer: [verdict(1, false), verdict(2, true)].join("\n") }];
    for (const minDrop of ["high", "medium", "low"] as const) {
      const out = (await withAnswers(dir, recorded, () => recordedCandidates([a], { version: "v4", verify: true, verifyPrompt: version, minDrop }))).get("a");
      assert.equal(out?.pass, "model, verified");
      assert.deepEqual(
        out?.candidates?.map((c) => [c.description, c.verified]),
        [["Run the linter first", "the words"]],
      );
    }
  });
