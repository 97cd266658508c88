// The model command runs in a fresh empty directory (lib/compact/generate.ts runLlmCommand); it must be gone when
// the call's result is known, even when the caller exits right then and the killed command never reports its close.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../../helpers.js";
import { scratchDir } from "../../support/scratch.js";

const GENERATE = path.join(REPO_ROOT, "lib", "compact", "generate.ts");

/** A fresh process runs one model call with `command`, prints its result and exits at once. */
function callThenExit(tmp: string, command: string[], timeoutMs: number): { ok: boolean; reason?: string } {
  const script = `import { runLlmCommand } from ${JSON.stringify(GENERATE)};
const r = await runLlmCommand({ command: ${JSON.stringify(command)}, prompt: "p", timeoutMs: ${timeoutMs}, env: { PATH: process.env.PATH, TMPDIR: ${JSON.stringify(tmp)} } });
console.log(JSON.stringify(r));
process.exit(0);`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: REPO_ROOT, encoding: "utf8", timeout: 30_000 });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split("\n").pop()!);
}

test("a model command killed at its timeout leaves no directory behind when the caller exits at once", (t) => {
  const tmp = scratchDir("memctl-llm-run-");
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const result = callThenExit(tmp, ["sh", "-c", "sleep 5"], 200);
  assert.equal(result.ok, false);
  assert.match(result.reason ?? "", /did not finish within/);
  assert.deepEqual(fs.readdirSync(tmp), []);
});

test("a model command that prints too much leaves no directory behind when the caller exits at once", (t) => {
  const tmp = scratchDir("memctl-llm-run-");
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const result = callThenExit(tmp, ["sh", "-c", "yes xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx; sleep 5"], 10_000);
  assert.equal(result.ok, false);
  assert.match(result.reason ?? "", /more than/);
  assert.deepEqual(fs.readdirSync(tmp), []);
});

test("a model command that answers leaves no directory behind", (t) => {
  const tmp = scratchDir("memctl-llm-run-");
  t.after(() => fs.rmSync(tmp, { recursive: true, force: true }));
  assert.deepEqual(callThenExit(tmp, ["sh", "-c", "echo summary"], 10_000), { ok: true, summary: "summary" });
  assert.deepEqual(fs.readdirSync(tmp), []);
});
