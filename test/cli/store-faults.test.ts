// Item 13 of issue 16: faults degrade, never crash. An unreadable store answers a clear error naming the
// reason (never E_INTERNAL "a bug in memctl"); an unreadable .memctl/ does not hide a readable index; a
// deleted MEMORY.md beside cards is "memory exists, its index is missing", not "no memory".
// Permission faults need a non-root process (root reads through chmod 000): the children run as nobody via
// setpriv when the tests run as root; the EISDIR faults (MEMORY.md a directory) need no privilege change.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { isRoot, REPO_ROOT, sandbox } from "../helpers.js";
import { callTool, connect } from "../lib/mcp/support.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" },
];
const NOBODY = 65534;
const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => fs.existsSync(p));
const asNobody = isRoot && setpriv ? setpriv : undefined;
const noPrivilegeDrop = asNobody ? false : `needs root and setpriv to run a child as an unprivileged user (root: ${isRoot}, setpriv: ${setpriv ?? "missing"})`;

type Sandbox = ReturnType<typeof sandbox>;
const envOf = (s: Sandbox) => ({ PATH: process.env.PATH ?? "", HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") });

/** Runs node with args, as nobody when `unprivileged` (the sandbox is then opened to others first). */
function run(s: Sandbox, args: string[], options: { input?: string; unprivileged?: boolean } = {}) {
  const argv = options.unprivileged ? [asNobody!, `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", process.execPath, ...args] : [process.execPath, ...args];
  return spawnSync(argv[0]!, argv.slice(1), { input: options.input ?? "", cwd: s.repo, env: envOf(s), encoding: "utf8", timeout: 30_000 });
}

/**
 * Lets an unprivileged child reach the sandbox (mkdtemp makes it and the runner's temp parent 0700) and write its
 * home; the parents' modes are restored when the test ends.
 */
function openToOthers(s: Sandbox, t: { after(fn: () => void): void }): void {
  for (let dir = path.dirname(s.root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const mode = fs.statSync(dir).mode & 0o7777;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(dir, mode | 0o001);
      t.after(() => fs.chmodSync(dir, mode));
    }
  }
  for (const dir of [s.root, s.repo, s.memory]) fs.chmodSync(dir, 0o755);
  spawnSync("chmod", ["-R", "a+rX", s.repo, s.memory]);
  spawnSync("chown", ["-R", `${NOBODY}:${NOBODY}`, s.home]);
}

const hookPayload = (s: Sandbox) =>
  JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we run the tests?" });

function assertClearUnavailable(r: { status: number | null; stdout: string; stderr: string }, what: string): void {
  assert.notEqual(r.status, 0, `${what}: exit ${r.status}`);
  assert.doesNotMatch(r.stderr + r.stdout, /internal error|a bug in memctl|E_INTERNAL/, `${what}: ${r.stderr}`);
  assert.match(r.stderr, /MEMORY INDEX UNAVAILABLE \(.+\)/, `${what}: ${r.stderr}`);
}

test("MEMORY.md a directory: list and search say the index is unavailable and why, never an internal error", (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  fs.rmSync(path.join(s.memory, "MEMORY.md"));
  fs.mkdirSync(path.join(s.memory, "MEMORY.md"));
  assertClearUnavailable(run(s, [CLI, "list"]), "list");
  assertClearUnavailable(run(s, [CLI, "search", "tests"]), "search");
  const json = run(s, [CLI, "search", "tests", "--json"]);
  assert.equal((JSON.parse(json.stdout) as { error: { code: string } }).error.code, "E_UNAVAILABLE");
});

test("MEMORY.md a directory: MCP memory_search and memory_recall answer E_UNAVAILABLE with the reason", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  fs.rmSync(path.join(s.memory, "MEMORY.md"));
  fs.mkdirSync(path.join(s.memory, "MEMORY.md"));
  const server = await connect({ cwd: s.repo, env: envOf(s) });
  t.after(() => server.close());
  for (const [tool, args] of [
    ["memory_search", { query: "tests" }],
    ["memory_recall", {}],
  ] as const) {
    const r = await callTool(server.client, tool, args);
    assert.equal(r.isError, true, tool);
    assert.equal(r.code, "E_UNAVAILABLE", `${tool}: ${r.text}`);
    assert.match(r.text, /MEMORY INDEX UNAVAILABLE \(.*MEMORY\.md.*\)/, tool);
    assert.doesNotMatch(r.text, /a bug in memctl/, tool);
  }
  await server.close();
});

test("an unreadable store (chmod 000, unprivileged): list and search give the reason, the hook its block", { skip: noPrivilegeDrop }, (t) => {
  const s = sandbox(CARDS);
  t.after(() => (fs.chmodSync(path.join(s.memory, "MEMORY.md"), 0o644), s.cleanup()));
  openToOthers(s, t);
  fs.chmodSync(path.join(s.memory, "MEMORY.md"), 0o000);
  assertClearUnavailable(run(s, [CLI, "list"], { unprivileged: true }), "list");
  assertClearUnavailable(run(s, [CLI, "search", "tests"], { unprivileged: true }), "search");
  const hook = run(s, [HOOK, "--host", "generic"], { input: hookPayload(s), unprivileged: true });
  assert.equal(hook.status, 0);
  assert.match(hook.stdout, /MEMORY INDEX UNAVAILABLE \(.*MEMORY\.md/);
});

test("an unreadable .memctl/ (chmod 000, unprivileged) does not hide a readable index: injected without frecency", { skip: noPrivilegeDrop }, (t) => {
  const s = sandbox(CARDS);
  const state = path.join(s.memory, ".memctl");
  t.after(() => (fs.existsSync(state) && fs.chmodSync(state, 0o755), s.cleanup()));
  assert.equal(run(s, [HOOK, "--host", "generic"], { input: hookPayload(s) }).status, 0); // .memctl/ populated
  openToOthers(s, t);
  fs.chmodSync(state, 0o000);
  const hook = run(s, [HOOK, "--host", "generic"], { input: hookPayload(s), unprivileged: true });
  assert.equal(hook.status, 0);
  assert.doesNotMatch(hook.stdout, /UNAVAILABLE/);
  assert.match(hook.stdout, /feedback_testing\.md/);
});

test(".memctl a plain file (ENOTDIR) does not hide a readable index", (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  fs.writeFileSync(path.join(s.memory, ".memctl"), "not a directory\n");
  const hook = run(s, [HOOK, "--host", "generic"], { input: hookPayload(s) });
  assert.equal(hook.status, 0);
  assert.doesNotMatch(hook.stdout, /UNAVAILABLE/);
  assert.match(hook.stdout, /feedback_testing\.md/);
});

test("a deleted MEMORY.md beside cards: the hook and prepare say the index is missing; doctor reports it", (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  fs.rmSync(path.join(s.memory, "MEMORY.md"));
  const hook = run(s, [HOOK, "--host", "generic"], { input: hookPayload(s) });
  assert.equal(hook.status, 0);
  assert.match(hook.stdout, /MEMORY INDEX UNAVAILABLE \(memory exists, its index is missing: .* run memctl doctor\)/);
  const prepare = run(s, [CLI, "prepare", "--host", "opencode", "--query", "tests", "--json"]);
  assert.equal((JSON.parse(prepare.stdout) as { memory_context_status: string }).memory_context_status, "unavailable");
  const doctor = run(s, [CLI, "doctor"]);
  assert.notEqual(doctor.status, 0);
  assert.match(doctor.stdout + doctor.stderr, /memory exists, its index is missing/);
  // An empty directory is still no memory: nothing printed.
  for (const c of CARDS) fs.rmSync(path.join(s.memory, c.file));
  const empty = run(s, [HOOK, "--host", "generic"], { input: hookPayload(s) });
  assert.deepEqual([empty.status, empty.stdout], [0, ""]);
});
