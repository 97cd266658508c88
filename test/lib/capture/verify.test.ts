import assert from "node:assert/strict";
import { test } from "node:test";
import { modelPass, type ModelRunner } from "../../../lib/capture/capture.js";
import type { CaptureCandidate } from "../../../lib/capture/stage.js";
import { applyVerdicts, verdictsIn, verifyPrompt } from "../../../lib/capture/verify.js";

const messages = [
  { n: 1, text: "add a --json flag to the export command, and make it the default output" },
  { n: 2, text: "from now on run the linter before every commit" },
  { n: 3, text: "use the staging account for this deploy" },
];
const candidate = (message: number, description: string): CaptureCandidate => ({
  type: "feedback",
  name: `c${message}`,
  description,
  excerpt: messages[message - 1]!.text,
  message,
  kind: "model",
  why: "the model's reason",
  confidence: "medium",
});
const candidates = [candidate(1, "Export defaults to JSON"), candidate(2, "Run the linter before every commit"), candidate(3, "Deploy with the staging account")];
const verdict = (candidate: number, keep: unknown, reason: unknown = "because", confidence?: unknown) =>
  JSON.stringify({ candidate, keep, reason, ...(confidence === undefined ? {} : { confidence }) });

test("the verify prompt carries each candidate, numbered, and only the messages they name, each once", () => {
  const p = verifyPrompt([candidates[1]!, { ...candidates[1]!, description: "Lint   first" }, candidates[2]!], messages);
  assert.match(p, /A wrong drop costs more than a\nwrong keep/);
  assert.match(p, /\[candidate 1\] message 2 \(feedback\): Run the linter before every commit\n/);
  assert.match(p, /\[candidate 2\] message 2 \(feedback\): Lint first\n/);
  assert.match(p, /\[candidate 3\] message 3 \(feedback\): Deploy with the staging account\n/);
  assert.equal(p.match(/\[message 2\] from now on run the linter/g)?.length, 1);
  assert.doesNotMatch(p, /\[message 1\]/, "a message no candidate names is not sent");
  // The first pass's own reasons and rating are not shown: the second reading judges the user's words afresh.
  assert.doesNotMatch(p, /the model's reason/);
  assert.match(p, /message 2 \(feedback\): Run the linter before every commit\n\[candidate 2\]/, "no rating on a candidate's line");
  assert.match(p, /"keep": true\|false, "confidence":\n"high\|medium\|low"/);
});

test("a candidate the answer drops is dropped with its reason; a kept one carries the verifier's reason", () => {
  const out = applyVerdicts(
    [verdict(1, false, "a feature default for this task"), verdict(2, true, "a standing rule"), verdict(3, false, "this deploy only")].join("\n"),
    candidates,
  );
  assert.deepEqual(
    out.kept.map((c) => [c.message, c.verified]),
    [[2, "a standing rule"]],
  );
  assert.deepEqual(
    out.dropped.map((d) => [d.candidate.message, d.reason]),
    [
      [1, "a feature default for this task"],
      [3, "this deploy only"],
    ],
  );
  assert.equal(out.judged, 3);
});

test("a drop counts only when the verifier is sure enough; an unsure one keeps its candidate with the doubt, and a drop with no rating (v1's shape) counts", () => {
  const output = [verdict(1, false, "a feature default", "high"), verdict(2, false, "maybe this task only", "medium"), verdict(3, false, "this deploy only")].join("\n");
  const out = applyVerdicts(output, candidates);
  assert.deepEqual(
    out.dropped.map((d) => d.candidate.message),
    [1, 3],
  );
  assert.deepEqual(
    out.kept.map((c) => [c.message, c.doubted, c.verified]),
    [[2, "maybe this task only (confidence medium)", undefined]],
  );
  assert.equal(verdictsIn(output, 3).get(1)?.confidence, "medium");
  // Another threshold (the bench's --verify-drop) counts the medium drop too; a rating the parser does not know is none.
  assert.equal(applyVerdicts(output, candidates, { minDrop: "medium" }).dropped.length, 3);
  assert.equal(applyVerdicts(verdict(1, false, "r", "certain"), candidates).dropped.length, 1);
  assert.equal(verdictsIn(verdict(1, false, "r", "certain"), 3).get(0)?.confidence, undefined);
});

test("a keep counts only when the verifier is at least fairly sure: a low-rated keep of a candidate the first pass was unsure of drops it, with the verifier's words", () => {
  const output = [verdict(1, true, "might be a one-setup choice", "low"), verdict(2, true, "a standing rule", "medium"), verdict(3, true, "holds next time")].join("\n");
  const out = applyVerdicts(output, candidates);
  assert.deepEqual(
    out.kept.map((c) => [c.message, c.verified]),
    [
      [2, "a standing rule"],
      [3, "holds next time"],
    ],
    "a keep with no rating (v1's shape) counts",
  );
  assert.deepEqual(
    out.dropped.map((d) => [d.candidate.message, d.reason]),
    [[1, "kept only with low confidence, after a first reading that was not sure either: might be a one-setup choice"]],
  );
  // Another threshold (the bench's --verify-keep): low keeps every keep, as before; high drops the medium one too.
  assert.equal(applyVerdicts(output, candidates, { minKeep: "low" }).dropped.length, 0);
  assert.deepEqual(
    applyVerdicts(output, candidates, { minKeep: "high" }).kept.map((c) => c.message),
    [3],
  );
  // The two thresholds are apart: an unsure drop still keeps its candidate, with the doubt.
  const mixed = applyVerdicts([verdict(1, false, "maybe this task only", "medium"), verdict(2, true, "unsure", "low")].join("\n"), candidates);
  assert.deepEqual(
    mixed.kept.map((c) => [c.message, c.doubted]),
    [
      [1, "maybe this task only (confidence medium)"],
      [3, undefined],
    ],
  );
});

test("only a verdict that names a real candidate, says keep true or false and gives a reason counts; the rest keep their candidate", () => {
  const output = [
    verdict(0, false),
    verdict(4, false),
    verdict(1, "no"),
    verdict(1, false, "  "),
    JSON.stringify({ candidate: 1, keep: false }),
    JSON.stringify({ candidate: "2", keep: false, reason: "r" }),
    verdict(2, false, "one-off"),
    verdict(2, true, "holds"),
    "prose the model added",
  ].join("\n");
  assert.equal(verdictsIn(output, 3).size, 0, "candidate 2 judged both ways is no verdict");
  const out = applyVerdicts(output, candidates);
  assert.deepEqual(out.kept, candidates);
  assert.equal(out.judged, 0);
  // A JSON array is read as well as JSON lines; an answer that leaves a candidate out keeps it.
  const partial = applyVerdicts(`[${verdict(3, false, "this deploy only")}]`, candidates);
  assert.deepEqual(
    partial.kept.map((c) => c.message),
    [1, 2],
  );
});

function scripted(answers: ((prompt: string) => ReturnType<ModelRunner>)[]): { run: ModelRunner; prompts: string[] } {
  const prompts: string[] = [];
  return {
    prompts,
    run: (prompt) => {
      prompts.push(prompt);
      return answers[prompts.length - 1]!(prompt);
    },
  };
}

const firstAnswer = [
  { message: 1, kind: "decision", type: "project", name: "json-default", description: "Export defaults to JSON", why: "w", confidence: "medium" },
  { message: 2, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter before every commit", why: "w", confidence: "high" },
]
  .map((o) => JSON.stringify(o))
  .join("\n");
const ok = (summary: string) => async () => ({ ok: true as const, summary });

test("modelPass: the verify answer decides what is kept; turned off, or with no candidates, there is no second call", async () => {
  const m = scripted([ok(firstAnswer), ok([verdict(1, false, "a feature default"), verdict(2, true, "a standing rule")].join("\n"))]);
  const r = await modelPass(messages, m.run);
  assert.ok(r.ok);
  assert.equal(r.pass, "model, verified");
  assert.deepEqual(
    r.candidates.map((c) => c.name),
    ["lint-first"],
  );
  assert.deepEqual(
    r.dropped.map((d) => [d.candidate.name, d.reason]),
    [["json-default", "a feature default"]],
  );
  assert.match(m.prompts[1]!, /\[candidate 1\] message 1 \(project\): Export defaults to JSON/);

  const off = scripted([ok(firstAnswer)]);
  const r2 = await modelPass(messages, off.run, { verify: false });
  assert.ok(r2.ok);
  assert.equal(r2.candidates.length, 2);
  assert.equal(off.prompts.length, 1);

  const none = scripted([ok("[]")]);
  assert.deepEqual(await modelPass(messages, none.run), { ok: true, candidates: [], dropped: [], pass: "model" });
  assert.equal(none.prompts.length, 1);
});

test("modelPass: only the candidates the first pass did not rate high go to the verify call; the order stays the first pass's", async () => {
  const first = [
    { message: 2, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter before every commit", why: "w", confidence: "high" },
    { message: 1, kind: "decision", type: "project", name: "json-default", description: "Export defaults to JSON", why: "w", confidence: "medium" },
    { message: 3, kind: "decision", type: "project", name: "staging", description: "Deploy with the staging account", why: "w" },
  ]
    .map((o) => JSON.stringify(o))
    .join("\n");
  const m = scripted([ok(first), ok([verdict(1, true, "a standing default"), verdict(2, false, "this deploy only", "high")].join("\n"))]);
  const r = await modelPass(messages, m.run);
  assert.ok(r.ok);
  assert.equal(r.pass, "model, verified");
  assert.deepEqual(
    r.candidates.map((c) => [c.name, c.verified]),
    [
      ["lint-first", undefined],
      ["json-default", "a standing default"],
    ],
  );
  assert.deepEqual(
    r.dropped.map((d) => d.candidate.name),
    ["staging"],
  );
  assert.match(m.prompts[1]!, /\[candidate 1\] message 1 \(project\): Export defaults to JSON\n\[candidate 2\] message 3 \(project\): Deploy with the staging account\n\n/);
  assert.doesNotMatch(m.prompts[1]!, /Run the linter|\[message 2\]/);

  // Every candidate rated high: no second call at all.
  const allHigh = scripted([ok(first.split("\n")[0]!)]);
  const r2 = await modelPass(messages, allHigh.run);
  assert.ok(r2.ok);
  assert.equal(r2.pass, "model");
  assert.equal(allHigh.prompts.length, 1);

  // The bench's replay of the frozen v1 prompt judges the high-rated ones too, with the prompt it is given.
  const v1 = scripted([ok(first), ok(verdict(1, false, "judged", "high"))]);
  const r3 = await modelPass(messages, v1.run, { verifyWith: { prompt: (c) => c.map((x) => x.name).join(","), high: true } });
  assert.ok(r3.ok);
  assert.equal(v1.prompts[1], "lint-first,json-default,staging");
  assert.deepEqual(
    r3.candidates.map((c) => c.name),
    ["json-default", "staging"],
  );
});

test("modelPass: a medium candidate the verifier keeps only with low confidence is dropped and listed; a high one is never judged", async () => {
  const m = scripted([ok(firstAnswer), ok(verdict(1, true, "maybe a standing default", "low"))]);
  const r = await modelPass(messages, m.run);
  assert.ok(r.ok);
  assert.deepEqual(
    r.candidates.map((c) => c.name),
    ["lint-first"],
  );
  assert.deepEqual(
    r.dropped.map((d) => [d.candidate.name, d.reason]),
    [["json-default", "kept only with low confidence, after a first reading that was not sure either: maybe a standing default"]],
  );
  const asBefore = await modelPass(messages, scripted([ok(firstAnswer), ok(verdict(1, true, "maybe a standing default", "low"))]).run, { minKeep: "low" });
  assert.ok(asBefore.ok);
  assert.equal(asBefore.candidates.length, 2);
});

test("modelPass: a verify call that fails or judges nothing leaves the first pass's candidates exactly as they were", async () => {
  for (const [second, pass] of [
    [async () => ({ ok: false as const, reason: "timed out after 1 s" }), "model (unverified: timed out after 1 s)"],
    [ok("{not json\n[1,2"), "model (unverified: the verify answer judged no candidate)"],
    [ok("[]"), "model (unverified: the verify answer judged no candidate)"],
  ] as const) {
    const alone = await modelPass(messages, scripted([ok(firstAnswer)]).run, { verify: false });
    const r = await modelPass(messages, scripted([ok(firstAnswer), second]).run);
    assert.ok(r.ok && alone.ok);
    assert.equal(r.pass, pass);
    assert.deepEqual(r.candidates, alone.candidates);
    assert.deepEqual(r.dropped, []);
  }
  // The first call failing is the model failing: the caller falls back to the rules.
  assert.deepEqual(await modelPass(messages, scripted([async () => ({ ok: false as const, reason: "exit 3" })]).run), { ok: false, reason: "exit 3" });
});

test("modelPass: a candidate whose message says nothing of the user's own (only questions, or only pasted text) is dropped and listed, after the verify call", async () => {
  const asked = [
    { n: 1, text: "shouldn't we pin every dependency? why does the lockfile drift?" },
    { n: 2, text: "from now on run the linter before every commit" },
    { n: 3, text: "Error: connect ECONNREFUSED 127.0.0.1:5432\n    at TCPConnectWrap.afterConnect (node:net:1494:16)" },
    { n: 4, text: "should we always squash? squash merges only, please: keep the history linear" },
  ];
  const first = [
    { message: 1, kind: "decision", type: "project", name: "pin-deps", description: "Pin every dependency", why: "w", confidence: "medium" },
    { message: 2, kind: "instruction", type: "feedback", name: "lint-first", description: "Run the linter before every commit", why: "w", confidence: "high" },
    { message: 3, kind: "instruction", type: "project", name: "db-port", description: "The database listens on 5432", why: "w", confidence: "high" },
    { message: 4, kind: "instruction", type: "feedback", name: "squash", description: "Squash merges only", why: "w", confidence: "medium" },
  ]
    .map((o) => JSON.stringify(o))
    .join("\n");
  const m = scripted([ok(first), ok([verdict(1, true, "a policy", "high"), verdict(2, true, "a merge rule", "high")].join("\n"))]);
  const r = await modelPass(asked, m.run);
  assert.ok(r.ok);
  assert.deepEqual(
    r.candidates.map((c) => c.name),
    ["lint-first", "squash"],
    "a message that states something besides its question still counts",
  );
  assert.deepEqual(
    r.dropped.map((d) => [d.candidate.name, d.reason]),
    [
      ["pin-deps", "the message it names states nothing of the user's own: only questions or pasted text"],
      ["db-port", "the message it names states nothing of the user's own: only questions or pasted text"],
    ],
  );
  // The verify call still judged what the first pass proposed (its prompt is the one measured).
  assert.match(m.prompts[1]!, /\[candidate 1\] message 1 \(project\): Pin every dependency\n\[candidate 2\] message 4/);
  // With the verify pass off the same candidates go.
  const off = await modelPass(asked, scripted([ok(first)]).run, { verify: false });
  assert.ok(off.ok);
  assert.deepEqual(
    off.candidates.map((c) => c.name),
    ["lint-first", "squash"],
  );
});

test("modelPass: a short statement or one long sentence is the user's own words, not nothing (only questions and pastes are)", async () => {
  const long = `Always keep the generated client in sync with the schema, ${"regenerating it from the one script we ship and never editing its output by hand, ".repeat(4)}because every hand edit is lost on the next run.`;
  assert.ok(long.length > 400);
  const said = [
    { n: 1, text: "use bun" },
    { n: 2, text: long },
    { n: 3, text: "why?" },
  ];
  const first = [
    { message: 1, kind: "instruction", type: "feedback", name: "bun", description: "Use bun", why: "w", confidence: "high" },
    { message: 2, kind: "instruction", type: "feedback", name: "gen-client", description: "Regenerate the client, never edit it", why: "w", confidence: "high" },
    { message: 3, kind: "instruction", type: "feedback", name: "why", description: "Explain why", why: "w", confidence: "high" },
  ]
    .map((o) => JSON.stringify(o))
    .join("\n");
  const r = await modelPass(said, scripted([ok(first)]).run, { verify: false });
  assert.ok(r.ok);
  assert.deepEqual(
    r.candidates.map((c) => c.name),
    ["bun", "gen-client"],
  );
  assert.deepEqual(
    r.dropped.map((d) => d.candidate.name),
    ["why"],
  );
});
