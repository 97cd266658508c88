// No line paid twice in a session (issue 19, deliverable 3): each rule through the hook as hosts run it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { withoutAgentMarks } from "../support/agent-env.js";
import { runUserPromptHook } from "../../lib/hook/run.js";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { hookDirs, runIn } from "../support/hook-process.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");

const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" },
  { file: "reference_deploy_commands.md", title: "Deploy commands", hook: "make deploy-staging, make deploy-prod after the tag" },
  { file: "user_owner.md", title: "Owner", hook: "wants short answers", priority: "always" },
];
const payload = (cwd: string, prompt: string, session = "sess-1") => JSON.stringify({ session_id: session, cwd, hook_event_name: "UserPromptSubmit", prompt });

/** A sandbox whose clock the test moves: each call of at(ms) sets "now" to the start plus ms. */
function clockedSandbox() {
  const s = sandbox(CARDS);
  const start = Date.parse("2026-12-02T10:00:00Z");
  let offset = 0;
  s.io.now = () => new Date(start + offset);
  return { ...s, at: (ms: number) => (offset = ms) };
}

function blockOf(stdout: string): string {
  return stdout === "" ? "" : (JSON.parse(stdout).hookSpecificOutput.additionalContext as string);
}

test("same session: the same prompt a minute later gets nothing new (it is still in the conversation)", async () => {
  const s = clockedSandbox();
  try {
    const first = await runUserPromptHook(payload(s.repo, "how do we deploy to prod?"), { host: "claude" }, s.io);
    assert.equal(first.status, "injected");
    assert.match(blockOf(first.outcome.stdout), /project_deploy\.md/);
    s.at(60_000);
    const second = await runUserPromptHook(payload(s.repo, "how do we deploy to prod?"), { host: "claude" }, s.io);
    assert.equal(second.status, "repeat");
    assert.equal(second.outcome.stdout, "");
  } finally {
    s.cleanup();
  }
});

test("pinned cards once per session; a later prompt gets its new lines and a one-line pointer to the shown ones", async () => {
  const s = clockedSandbox();
  try {
    const first = blockOf((await runUserPromptHook(payload(s.repo, "the argo pipeline"), { host: "claude" }, s.io)).outcome.stdout);
    assert.ok(first.includes("(user_owner.md)") && first.includes("(project_deploy.md)") && !first.includes("(reference_deploy_commands.md)"), first);
    s.at(60_000);
    const second = blockOf((await runUserPromptHook(payload(s.repo, "deploy commands: make deploy-prod"), { host: "claude" }, s.io)).outcome.stdout);
    assert.ok(second.includes("(reference_deploy_commands.md)"), second);
    assert.ok(!second.includes("(user_owner.md)"), "the pinned card was sent again");
    assert.ok(!second.includes("— argo syncs staging"), "a line already shown was sent again");
    assert.match(second, /^\(also relevant, shown earlier this session: project_deploy\.md\)$/m);
  } finally {
    s.cleanup();
  }
});

test("no-memory prompt: a prompt whose lines were all shown already gets an empty block", async () => {
  const s = clockedSandbox();
  try {
    await runUserPromptHook(payload(s.repo, "how do we run the integration tests?"), { host: "claude" }, s.io);
    s.at(120_000);
    const thanks = await runUserPromptHook(payload(s.repo, "thanks, the tests pass now"), { host: "claude" }, s.io);
    assert.equal(thanks.outcome.stdout, "");
    assert.equal(thanks.status, "repeat");
  } finally {
    s.cleanup();
  }
});

test("new session: another session id gets the full block again, pinned cards included", async () => {
  const s = clockedSandbox();
  try {
    const a = blockOf((await runUserPromptHook(payload(s.repo, "deploy pipeline", "A"), { host: "claude" }, s.io)).outcome.stdout);
    s.at(60_000);
    const b = blockOf((await runUserPromptHook(payload(s.repo, "deploy pipeline", "B"), { host: "claude" }, s.io)).outcome.stdout);
    assert.equal(b, a);
    assert.ok(b.includes("(user_owner.md)"));
  } finally {
    s.cleanup();
  }
});

test("after compaction or clear: PreCompact and SessionStart(compact|clear) start the session afresh; startup does not", async () => {
  const s = clockedSandbox();
  try {
    const full = blockOf((await runUserPromptHook(payload(s.repo, "deploy pipeline"), { host: "claude" }, s.io)).outcome.stdout);
    const env = { ...withoutAgentMarks(process.env), ...s.io.env };
    const lifecycle = (event: Record<string, unknown>) =>
      run(process.execPath, [CLI, "hook", "pre-compact", "--host", "claude"], JSON.stringify({ session_id: "sess-1", cwd: s.repo, ...event }), env);
    s.at(60_000);
    assert.equal((await lifecycle({ hook_event_name: "SessionStart", source: "startup" })).code, 0);
    assert.equal((await runUserPromptHook(payload(s.repo, "deploy pipeline"), { host: "claude" }, s.io)).outcome.stdout, "");
    for (const [i, event] of [
      { hook_event_name: "PreCompact", trigger: "auto" },
      { hook_event_name: "SessionStart", source: "clear" },
      { hook_event_name: "SessionStart", source: "compact" },
    ].entries()) {
      const r = await lifecycle(event);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, "");
      s.at(120_000 * (i + 1));
      const again = blockOf((await runUserPromptHook(payload(s.repo, "deploy pipeline"), { host: "claude" }, s.io)).outcome.stdout);
      assert.equal(again, full, JSON.stringify(event));
    }
  } finally {
    s.cleanup();
  }
});

function run(cmd: string, args: string[], input: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(input);
  });
}

const runHook = (env: NodeJS.ProcessEnv, input: string, host = "claude") => run(process.execPath, ["--preserve-symlinks-main", HOOK, "--host", host], input, env);

test("two wirings (two install scopes) running the same prompt at once: one block, the second adds nothing", async () => {
  const s = sandbox(CARDS);
  try {
    const env = { ...withoutAgentMarks(process.env), ...s.io.env };
    for (let round = 0; round < 3; round++) {
      const input = payload(s.repo, `deploy pipeline round ${round}`, `wired-twice-${round}`);
      const [a, b] = await Promise.all([runHook(env, input), runHook(env, input)]);
      assert.equal(a.code + b.code, 0, a.stderr + b.stderr);
      const printed = [a.stdout, b.stdout].filter((o) => o !== "");
      assert.equal(printed.length, 1, `round ${round}: ${printed.length} blocks`);
      assert.match(blockOf(printed[0]!), /project_deploy\.md/);
    }
    // One after the other (the second wiring starts when the first is done): still nothing the second time.
    const input = payload(s.repo, "deploy pipeline", "sequential");
    assert.notEqual((await runHook(env, input)).stdout, "");
    // The same host's second wiring (another host sending this id holds another conversation: session-dedupe-planted).
    assert.equal((await runHook(env, input)).stdout, "");
  } finally {
    s.cleanup();
  }
});

test("concurrent hooks: 24 processes in 24 sessions, the log compacting meanwhile — no update lost, no torn record", async () => {
  const s = sandbox(CARDS);
  try {
    const env = { ...withoutAgentMarks(process.env), ...s.io.env };
    // The log just under its compaction size, so the runs below compact it while others append.
    const state = path.join(s.memory, ".memctl");
    fs.mkdirSync(state, { recursive: true });
    const filler = `${Date.now()}\t${"f".repeat(16)}\ts\t${"0123456789abcdef ".repeat(20).trim()}\n`;
    fs.writeFileSync(path.join(state, "sessions.log"), filler.repeat(Math.floor((64 * 1024 - 200) / filler.length)));
    const sessions = Array.from({ length: 24 }, (_, i) => `conc-${i}`);
    const results = await Promise.all(sessions.map((id) => runHook(env, payload(s.repo, "deploy pipeline and the integration tests", id))));
    for (const r of results) assert.match(blockOf(r.stdout), /project_deploy\.md/, r.stderr);
    const text = fs.readFileSync(path.join(state, "sessions.log"), "utf8");
    assert.ok(text.endsWith("\n"));
    for (const line of text.split("\n").slice(0, -1)) assert.match(line, /^\d+\t[0-9a-f]{16}\t[csr]\t[^\t]*$/, "torn record");
    // Every session remembers what it was shown: the same prompt again (another prompt text, same lines) gets nothing.
    const again = await Promise.all(sessions.map((id) => runHook(env, payload(s.repo, "deploy pipeline and integration tests", id))));
    assert.deepEqual(
      again.map((r) => r.stdout),
      sessions.map(() => ""),
    );
    assert.ok(fs.statSync(path.join(state, "sessions.log")).size < 64 * 1024, "the log was not compacted");
  } finally {
    s.cleanup();
  }
});

test("a state fault never blocks a prompt: sessions.log as a symlink is not followed and the block is injected in full", async () => {
  const s = clockedSandbox();
  try {
    const state = path.join(s.memory, ".memctl");
    fs.mkdirSync(state);
    const outside = path.join(s.root, "outside.log");
    fs.writeFileSync(outside, "");
    fs.symlinkSync(outside, path.join(state, "sessions.log"));
    const a = await runUserPromptHook(payload(s.repo, "deploy pipeline"), { host: "claude" }, s.io);
    s.at(60_000);
    const b = await runUserPromptHook(payload(s.repo, "deploy pipeline"), { host: "claude" }, s.io);
    assert.equal(a.status, "injected");
    assert.equal(blockOf(b.outcome.stdout), blockOf(a.outcome.stdout));
    assert.equal(fs.readFileSync(outside, "utf8"), "");
  } finally {
    s.cleanup();
  }
});

test("no session id in the payload: no state, every prompt gets its block", async () => {
  const s = clockedSandbox();
  try {
    const input = JSON.stringify({ cwd: s.repo, prompt: "deploy pipeline" });
    const a = await runUserPromptHook(input, { host: "generic" }, s.io);
    s.at(60_000);
    const b = await runUserPromptHook(input, { host: "generic" }, s.io);
    assert.equal(b.outcome.stdout, a.outcome.stdout);
    assert.ok(!fs.existsSync(path.join(s.memory, ".memctl", "sessions.log")));
  } finally {
    s.cleanup();
  }
});

test("hosts whose block lives in one request (OpenCode's system prompt) or is unknown (generic) get the full block every prompt", async () => {
  const s = clockedSandbox();
  try {
    for (const host of ["opencode", "generic"]) {
      const a = await runUserPromptHook(payload(s.repo, "deploy pipeline", `keep-${host}`), { host }, s.io);
      s.at(60_000);
      const b = await runUserPromptHook(payload(s.repo, "deploy pipeline", `keep-${host}`), { host }, s.io);
      assert.equal(b.status, "injected", host);
      assert.equal(b.outcome.stdout, a.outcome.stdout, host);
      s.at(0);
    }
  } finally {
    s.cleanup();
  }
});

test("a memory directory that holds no MEMORY.md gets no session state: the hook writes nothing into what is not a store", (t) => {
  const dirs = hookDirs(t, "dedupe-no-store-");
  fs.writeFileSync(path.join(dirs.memory, "notes.txt"), "someone's files\n");
  const run = runIn(dirs, payload(dirs.repo, "how do we deploy to prod?"), [HOOK, "--host", "claude"]);
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(fs.readdirSync(dirs.memory), ["notes.txt"]);
});
