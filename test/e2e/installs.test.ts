// Installs as a team meets them, with the real pinned binaries, offline: the model-bound request is captured by
// a local HTTP server standing in for the provider (ANTHROPIC_BASE_URL / OPENAI_BASE_URL), which answers 400 so
// the host stops at once. What the model is told is then read from that request, system prompt included.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  captureProvider,
  claudeEnv,
  codexHooksList,
  ensureHost,
  filesUnder,
  installMemctlAt,
  makeWorld,
  memctl,
  PROMPT,
  promptRequest,
  RELEVANT_CARD,
  REPO,
  removeWorld,
  runToEnd as runHost,
  runUntil,
  trustCodexHooks,
} from "./harness.js";

const claude = ensureHost("claude");
const codex = ensureHost("codex");

const COMMITTED = [".claude/settings.json", ".mcp.json"];

test("claude --scope project: the committed files, copied to a teammate's HOME with memctl installed elsewhere, still inject memory", { timeout: 600_000 }, async (t) => {
  if ("skip" in claude) return t.skip(`LOUD SKIP: ${claude.skip}`);
  const mine = makeWorld("installs-mine");
  const theirs = makeWorld("installs-theirs");
  installMemctlAt(mine, path.join(mine.dir, "prefix-a"));
  installMemctlAt(theirs, path.join(theirs.dir, "opt", "elsewhere"));
  const installed = memctl(mine, ["install", "claude", "--scope", "project"]);
  assert.equal(installed.status, 0, installed.stderr);
  for (const file of COMMITTED) {
    const text = fs.readFileSync(path.join(mine.project, file), "utf8");
    for (const local of [REPO, mine.dir, process.execPath]) assert.ok(!text.includes(local), `${file} names ${local}: ${text}`);
    fs.mkdirSync(path.dirname(path.join(theirs.project, file)), { recursive: true });
    fs.copyFileSync(path.join(mine.project, file), path.join(theirs.project, file));
  }
  const capture = await captureProvider();
  t.after(capture.close);
  const run = await runHost(claude.bin, ["-p", PROMPT], theirs.project, claudeEnv(theirs, capture));
  assert.doesNotMatch(run.output, /Cannot find module|hook_non_blocking_error/);
  const { messages } = promptRequest(capture);
  assert.match(messages, /<memctl-memory/, "the memory block reaches the model on the teammate's machine");
  assert.ok(messages.includes(RELEVANT_CARD));
  removeWorld(mine);
  removeWorld(theirs);
});

test("claude user + project scope: the second install is refused, --replace moves it, and the model gets exactly one block", { timeout: 600_000 }, async (t) => {
  if ("skip" in claude) return t.skip(`LOUD SKIP: ${claude.skip}`);
  const world = makeWorld("installs-scopes");
  installMemctlAt(world, path.join(world.dir, "prefix"));
  assert.equal(memctl(world, ["install", "claude"]).status, 0);
  const refused = memctl(world, ["install", "claude", "--scope", "project"]);
  assert.equal(refused.status, 1);
  assert.match(refused.stderr, /already wired at user scope.*--replace/s);
  assert.equal(fs.existsSync(path.join(world.project, ".claude", "settings.json")), false, "nothing written");
  const moved = memctl(world, ["install", "claude", "--scope", "project", "--replace"]);
  assert.equal(moved.status, 0, moved.stderr);
  const status = memctl(world, ["install", "--status", "--json"]);
  const scopes = (JSON.parse(status.stdout) as { hosts: { host: string; scopes: Record<string, { state: string; warnings: string[] }> }[] }).hosts.find(
    (h) => h.host === "claude",
  )!.scopes;
  assert.deepEqual([scopes.user!.state, scopes.project!.state], ["not-installed", "installed"]);
  const capture = await captureProvider();
  t.after(capture.close);
  await runHost(claude.bin, ["-p", PROMPT], world.project, claudeEnv(world, capture));
  const { messages } = promptRequest(capture);
  // One wiring gives one SessionStart block ("Session start: …") and one per-prompt block; two would double each.
  const blocks = messages.split("<memctl-memory").slice(1);
  assert.equal(blocks.filter((b) => !b.includes("Session start:")).length, 1, "exactly one per-prompt block");
  assert.ok(blocks.filter((b) => b.includes("Session start:")).length <= 1, "at most one session-start block");
  removeWorld(world);
});

test("claude auto memory: install turns it off — the model is no longer told to write memory files itself, and gets memctl's block", { timeout: 600_000 }, async (t) => {
  if ("skip" in claude) return t.skip(`LOUD SKIP: ${claude.skip}`);
  const world = makeWorld("installs-automem");
  const capture = await captureProvider();
  t.after(capture.close);
  await runHost(claude.bin, ["-p", PROMPT], world.project, claudeEnv(world, capture));
  const before = promptRequest(capture);
  const autoDir = path.join(world.home, ".claude", "projects");
  assert.match(before.system, /You have a persistent file-based memory at/, "without memctl, Claude's system prompt sends writes to its auto-memory directory");
  assert.ok(before.system.includes(autoDir));
  assert.equal(memctl(world, ["install", "claude"]).status, 0);
  assert.equal(JSON.parse(fs.readFileSync(path.join(world.home, ".claude", "settings.json"), "utf8")).autoMemoryEnabled, false);
  capture.bodies.length = 0;
  await runHost(claude.bin, ["-p", PROMPT], world.project, claudeEnv(world, capture));
  const after = promptRequest(capture);
  assert.doesNotMatch(after.system, /persistent file-based memory/, "no instruction to write memory files directly");
  assert.ok(!after.system.includes(autoDir) && !after.messages.includes(autoDir), "nothing points the model at the auto-memory directory");
  assert.match(after.messages, /<memctl-memory/);
  assert.equal(memctl(world, ["uninstall", "claude"]).status, 0);
  assert.equal(fs.existsSync(path.join(world.home, ".claude", "settings.json")), false, "uninstall takes autoMemoryEnabled away with the file memctl made");
  removeWorld(world);
});

test("codex: an untrusted hook is skipped by Codex, and install --status says it is not trusted", { timeout: 600_000 }, async (t) => {
  if ("skip" in codex) return t.skip(`LOUD SKIP: ${codex.skip}`);
  const world = makeWorld("installs-codex-trust");
  const codexHome = path.join(world.home, ".codex");
  fs.mkdirSync(codexHome, { recursive: true });
  assert.equal(memctl(world, ["install", "codex"]).status, 0);
  // Codex talks to its provider over a WebSocket it will not point elsewhere; its rollout file records what the
  // model gets (the user message, and a hook's context as a developer message beside it).
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };
  const rolloutWithPrompt = () => {
    for (const file of filesUnder(path.join(codexHome, "sessions")).filter((f) => /rollout-.*\.jsonl$/.test(f))) {
      const text = fs.readFileSync(file, "utf8");
      if (text.split("\n").some((l) => l.includes('"role":"user"') && l.includes(PROMPT))) return file;
    }
    return undefined;
  };
  const rollout = await runUntil(codex.bin, ["exec", "--skip-git-repo-check", PROMPT], { cwd: world.project, env, timeoutMs: 360_000 }, rolloutWithPrompt);
  assert.doesNotMatch(fs.readFileSync(rollout, "utf8"), /<memctl-memory/, "the untrusted hook did not run");
  const status = memctl(world, ["install", "--status"]);
  assert.match(status.stdout, /Codex CLI[^\n]*\n\s+user\s+installed, not trusted — .*open \/hooks/);
  removeWorld(world);
});

test("codex: --status judges trust by the hash Codex computes for the hook installed now (hooks/list agrees), and an install with flags is current", {
  timeout: 600_000,
}, async (t) => {
  if ("skip" in codex) return t.skip(`LOUD SKIP: ${codex.skip}`);
  const world = makeWorld("installs-codex-hash");
  const codexHome = path.join(world.home, ".codex");
  fs.mkdirSync(codexHome, { recursive: true });
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };
  assert.equal(memctl(world, ["install", "codex"]).status, 0);
  // Trust what Codex lists, as /hooks does: its key and its currentHash.
  const listed = await codexHooksList(codex.bin, world.project, env);
  assert.equal(listed.length, 3, JSON.stringify(listed)); // session start, session end (capture), prompt
  trustCodexHooks(codexHome, listed);
  assert.deepEqual(
    (await codexHooksList(codex.bin, world.project, env)).map((h) => h.trustStatus),
    ["trusted", "trusted", "trusted"],
  );
  assert.match(memctl(world, ["install", "--status", "--scope", "user"]).stdout, /Codex CLI[^\n]*\n\s+user\s+installed\n/);
  // New budget flags change the hook: Codex now calls it modified and skips it, and --status says so.
  assert.equal(memctl(world, ["install", "codex", "--max-bytes", "1200"]).status, 0);
  assert.match(memctl(world, ["install", "codex", "--max-bytes", "1200"]).stdout, /nothing changed/);
  const after = await codexHooksList(codex.bin, world.project, env);
  assert.deepEqual(after.map((h) => [h.key.replace(/^.*:(\w+):\d+:\d+$/, "$1"), h.trustStatus]).sort(), [
    ["session_end", "trusted"],
    ["session_start", "trusted"],
    ["user_prompt_submit", "modified"],
  ]);
  const status = memctl(world, ["install", "--status", "--scope", "user"]).stdout;
  assert.match(status, /Codex CLI[^\n]*\n\s+user\s+installed, not trusted — the UserPromptSubmit hook changed since it was trusted/);
  assert.doesNotMatch(status, /out-of-date/);
  removeWorld(world);
});
