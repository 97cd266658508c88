import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runLlmCommand } from "../../lib/compact/generate.js";
import { REPLAY_COMMAND, sha256 } from "../../bench/relevance/keys.js";
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
