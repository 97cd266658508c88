import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runLlmCommand } from "../../lib/compact/generate.js";
import { ANSWERS_FILE, KEY_PROMPT_VERSIONS, keyedSets, keyPrompts, ownerPromptsOf, REPLAY_COMMAND, sha256 } from "../../bench/relevance/keys.js";
import { recordedHashes } from "../../bench/recorded-model.js";
import { scratchDir } from "../support/scratch.js";

test("the recorded model answers a prompt by its hash through the model-command interface, and fails on an unknown one", async () => {
  const dir = scratchDir("keys-replay");
  const answers = path.join(dir, "answers.jsonl");
  fs.writeFileSync(answers, JSON.stringify({ hash: sha256("write keys"), answer: "one\ntwo" }) + "\n");
  const env = { ...process.env, MEMCTL_BENCH_ANSWERS: answers };
  const known = await runLlmCommand({ command: REPLAY_COMMAND, prompt: "write keys", timeoutMs: 10_000, env });
  assert.deepEqual(known, { ok: true, summary: "one\ntwo" });
  const unknown = await runLlmCommand({ command: REPLAY_COMMAND, prompt: "something else", timeoutMs: 10_000, env });
  assert.equal(unknown.ok, false);
});

test("a store's key prompts ask in the languages its prompts are in, by the product's rule, and are worded as before otherwise", () => {
  const cards = [{ file: "project_deploy.md", title: "Run the tests before deploying", hook: "the suite must pass first", topics: [], body: "" }];
  const english = Array.from({ length: 17 }, (_, i) => `why does deploy ${i} fail`);
  const [plain] = keyPrompts(cards);
  // One Chinese prompt in eighteen is not a language the owner prompts in: the prompt and its hash stay as they were.
  assert.equal(keyPrompts(cards, [...english, "部署失败了"])[0]!.hash, plain!.hash);
  const [chinese] = keyPrompts(cards, [...english, "部署失败了", "测试没通过", "怎么发布到生产环境"]);
  assert.match(chinese!.prompt, /the ones this store is written in: English; and the ones its owner types prompts in: Chinese\./);
});

test("every key prompt version, the frozen ones and the product's, still hashes to a recorded answer on every set, so each replays", () => {
  const have = recordedHashes(ANSWERS_FILE);
  for (const version of KEY_PROMPT_VERSIONS)
    for (const group of keyedSets(["paraphrase", "coding", "hand", "heldout"]))
      for (const p of keyPrompts(group.cards, ownerPromptsOf(group), version)) assert.ok(have.has(p.hash), `${version} ${group.name}/${p.file} has no recorded answer`);
});
