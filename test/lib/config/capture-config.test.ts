import assert from "node:assert/strict";
import { test } from "node:test";
import { parseConfigText } from "../../../lib/config/config.js";

test("[capture] keeps its good values; each bad one is a setting problem and left unset, and a bad switch turns capture off", () => {
  const ok = parseConfigText('[capture]\nenabled = true\nllm_command = ["claude", "-p"]\ntimeout_seconds = 90\nmax_proposals = 20\nverify = false\n');
  assert.deepEqual(ok.errors, []);
  assert.deepEqual(ok.value.capture, { enabled: true, llm_command: ["claude", "-p"], timeout_seconds: 90, max_proposals: 20, verify: false });
  const bad = parseConfigText('[capture]\nenabled = "no"\nllm_command = [""]\ntimeout_seconds = 0\nmax_proposals = 21\nverify = 1\n');
  assert.deepEqual(
    bad.errors.map((e) => [e.code, e.scope, e.message]),
    [
      ["E_CONFIG_INVALID", "setting", "capture.enabled must be true or false (capture stays off until it is)"],
      ["E_CONFIG_INVALID", "setting", 'capture.llm_command must be a non-empty list of strings, e.g. ["claude", "-p"]'],
      ["E_CONFIG_INVALID", "setting", "capture.timeout_seconds must be a positive number"],
      ["E_CONFIG_INVALID", "setting", "capture.max_proposals must be an integer from 0 to 20"],
      ["E_CONFIG_INVALID", "setting", "capture.verify must be true or false (the verify pass stays on until it is)"],
    ],
  );
  assert.deepEqual(bad.value.capture, { enabled: false });
});

test("[capture] names an unknown key and the known ones; a [capture] that is not a table is a setting problem and sets nothing", () => {
  const typo = parseConfigText("[capture]\nmax_proposal = 3\n");
  assert.deepEqual(typo.errors, []);
  assert.ok(
    typo.warnings.some(
      (w) => w.code === "W_UNKNOWN_KEY" && w.message.includes('"capture.max_proposal"') && w.message.includes("enabled, llm_command, timeout_seconds, max_proposals, verify"),
    ),
    JSON.stringify(typo.warnings),
  );
  assert.deepEqual(typo.value.capture, {});
  const scalar = parseConfigText("capture = false\n");
  assert.deepEqual(
    scalar.errors.map((e) => [e.scope, e.message]),
    [["setting", "capture must be a table, e.g. [capture] enabled = false"]],
  );
  assert.equal(scalar.value.capture, undefined);
});
