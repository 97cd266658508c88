// What a host payload puts into the why log (.memctl/why.jsonl) is bounded: a session id of megabytes, or a prompt of
// megabytes kept with [hook] log_prompts, must not make one record larger than the log's reader takes, which left
// `memctl why` and the web view failing (E_TOO_LARGE) until the log had rotated twice more. Real processes: the
// built hook fed the payload on stdin, then the built CLI.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" }];

type Box = ReturnType<typeof sandbox>;

function hook(s: Box, payload: Record<string, unknown>): void {
  const r = spawnSync(process.execPath, [HOOK, "--host", "claude"], {
    input: JSON.stringify({ cwd: s.repo, hook_event_name: "UserPromptSubmit", ...payload }),
    env: { PATH: process.env.PATH ?? "", ...s.io.env },
    encoding: "utf8",
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(r.status, 0, r.stderr);
}

function why(s: Box, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, [CLI, "why", "--json", ...args], {
    env: { PATH: process.env.PATH ?? "", ...s.io.env },
    encoding: "utf8",
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** Bytes of both why log files together. */
function logBytes(s: Box): number {
  let total = 0;
  for (const name of ["why.jsonl", "why.1.jsonl"]) {
    const file = path.join(s.memory, ".memctl", name);
    if (fs.existsSync(file)) total += fs.statSync(file).size;
  }
  return total;
}

test("a session id of megabytes is recorded bounded, and `memctl why` still reads the log", () => {
  const s = sandbox(CARDS);
  try {
    const huge = `a1b2\n../../${"x".repeat(2 * 1024 * 1024)}`;
    hook(s, { session_id: huge, prompt: "how do we deploy with argo to prod?" });
    hook(s, { session_id: "0d6f6c1e-5b7a-4c52-9a53-8f1b2f3c4d5e", prompt: "argo deploy to prod again" });
    assert.ok(logBytes(s) < 64 * 1024, `why log holds ${logBytes(s)} bytes`);
    const r = why(s, "--last", "10");
    assert.equal(r.status, 0, r.stderr);
    const runs = JSON.parse(r.stdout).runs as { session?: string }[];
    assert.equal(runs.length, 2);
    // The recorded label is short and one line; an ordinary id stays as the host sent it, so --session finds it.
    assert.ok(runs[0]!.session !== undefined && runs[0]!.session.length <= 80 && !/[\n/]/.test(runs[0]!.session), runs[0]!.session);
    assert.equal(runs[1]!.session, "0d6f6c1e-5b7a-4c52-9a53-8f1b2f3c4d5e");
    const one = why(s, "--session", "0d6f6c1e-5b7a-4c52-9a53-8f1b2f3c4d5e");
    assert.equal(JSON.parse(one.stdout).runs.length, 1);
  } finally {
    s.cleanup();
  }
});

test("with [hook] log_prompts a pasted prompt of megabytes is kept as ranking reads it, and `memctl why` still reads the log", () => {
  const s = sandbox(CARDS);
  try {
    fs.writeFileSync(path.join(s.home, "config.toml"), "[hook]\nlog_prompts = true\n");
    hook(s, { session_id: "s1", prompt: `how do we deploy with argo to prod?\n${"log line 42 ok\n".repeat(150_000)}` });
    assert.ok(logBytes(s) < 128 * 1024, `why log holds ${logBytes(s)} bytes`);
    const r = why(s);
    assert.equal(r.status, 0, r.stderr);
    const runs = JSON.parse(r.stdout).runs as { prompt?: string }[];
    assert.equal(runs.length, 1);
    assert.ok(runs[0]!.prompt?.startsWith("how do we deploy with argo to prod?\n"));
  } finally {
    s.cleanup();
  }
});

test("a why log planted over the reader's size is read from its end, not refused", () => {
  const s = sandbox(CARDS);
  try {
    hook(s, { session_id: "s1", prompt: "how do we deploy with argo to prod?" });
    const state = path.join(s.memory, ".memctl");
    // A previous log of 3 MB (another writer's, a local process's): only its last records can be shown anyway.
    fs.writeFileSync(path.join(state, "why.1.jsonl"), `${"{not json}\n".repeat(300_000)}`);
    const r = why(s);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).runs.length, 1);
  } finally {
    s.cleanup();
  }
});
