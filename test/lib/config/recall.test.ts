import assert from "node:assert/strict";
import { test } from "node:test";
import { parseConfigText } from "../../../lib/config/config.js";
import { DEFAULT_RECALL_TIMEOUT_SECONDS, modelName, recallModel } from "../../../lib/config/recall.js";

test("[recall] is validated like [compact]: each bad value reported as a setting problem and left unset", () => {
  const ok = parseConfigText('[recall]\nllm_command = ["claude", "-p"]\ntimeout_seconds = 30\non_save = true\n');
  assert.deepEqual(ok.errors, []);
  assert.deepEqual(ok.value.recall, { llm_command: ["claude", "-p"], timeout_seconds: 30, on_save: true });
  const bad = parseConfigText("[recall]\nllm_command = []\ntimeout_seconds = -1\non_save = 1\n");
  assert.deepEqual(
    bad.errors.map((e) => [e.scope, e.message.split(" ")[0]]),
    [
      ["setting", "recall.llm_command"],
      ["setting", "recall.timeout_seconds"],
      ["setting", "recall.on_save"],
    ],
  );
  assert.deepEqual(bad.value.recall, {});
  assert.deepEqual(
    parseConfigText("recall = 3\n").errors.map((e) => e.message),
    ['recall must be a table, e.g. [recall] llm_command = ["claude", "-p"]'],
  );
  assert.deepEqual(
    parseConfigText("[recall]\nllm = 1\n").warnings.map((w) => w.code),
    ["W_UNKNOWN_KEY"],
  );
});

test("recallModel: [recall] llm_command, else [compact]'s; none configured is undefined; the actor names the command's file", () => {
  assert.equal(recallModel({}), undefined);
  assert.equal(recallModel({ recall: { on_save: true } }), undefined);
  const fallback = recallModel({ compact: { llm_command: ["/usr/local/bin/claude", "-p"] } })!;
  assert.deepEqual([fallback.from, fallback.actor, fallback.timeoutMs], ["[compact] llm_command", "model:claude", DEFAULT_RECALL_TIMEOUT_SECONDS * 1000]);
  const own = recallModel({ recall: { llm_command: ["ollama", "run", "x"], timeout_seconds: 5 }, compact: { llm_command: ["claude"] } })!;
  assert.deepEqual([own.from, own.command, own.actor, own.timeoutMs], ["[recall] llm_command", ["ollama", "run", "x"], "model:ollama", 5000]);
  assert.equal(modelName("/opt/my model (v2)"), "my-model--v2-");
  assert.equal(modelName("..."), "command");
});
