// The ways memctl reaches a host besides one clean install, on the real pinned binaries, offline: the plugin from
// a plain clone with no store yet (the model is told the one step), the plugin plus `memctl install` (one block
// and one overview, and install says so), and a teammate without memctl opening a project whose wiring is
// committed (no hook error on any prompt, their own auto memory untouched).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  captureProvider,
  claudeEnv,
  ensureHost,
  filesUnder,
  installMemctlAt,
  makeWorld,
  memctl,
  PROMPT,
  promptRequest,
  readJsonl,
  RELEVANT_CARD,
  REPO,
  removeWorld,
  runToEnd,
  runUntil,
  type Capture,
  type World,
} from "./harness.js";

const claude = ensureHost("claude");
const codex = ensureHost("codex");

/** memctl blocks in a text: per-prompt ones and session-start overviews counted apart. */
function blocks(text: string): { prompt: number; overview: number } {
  const all = text.split("<memctl-memory").slice(1);
  return { prompt: all.filter((b) => !b.includes("Session start:")).length, overview: all.filter((b) => b.includes("Session start:")).length };
}

/** A plain git clone of this repository (its committed files: the marketplace and plugin/, no dist/, no node_modules). */
function cloneRepo(world: World): string {
  const clone = path.join(world.dir, "clone");
  const cloned = spawnSync("git", ["clone", "--quiet", REPO, clone], { encoding: "utf8" });
  assert.equal(cloned.status, 0, cloned.stderr);
  return clone;
}

function claudePlugin(world: World, capture: Capture): void {
  const clone = cloneRepo(world);
  for (const args of [
    ["plugin", "marketplace", "add", clone],
    ["plugin", "install", "memctl@memctl"],
  ]) {
    const r = spawnSync((claude as { bin: string }).bin, args, { cwd: world.project, env: claudeEnv(world, capture), encoding: "utf8", timeout: 300_000 });
    assert.equal(r.status, 0, `claude ${args.join(" ")}: ${r.stdout}${r.stderr}`);
  }
}

/** The world with no store: its memctl config (the mapping makeWorld made) removed. */
function withoutStore(world: World): World {
  fs.rmSync(path.join(world.env.XDG_CONFIG_HOME!, "memctl"), { recursive: true, force: true });
  return world;
}

test("claude plugin from a plain clone, no store yet: the model is told the one step (/memctl:mem-init), and nothing fails", { timeout: 600_000 }, async (t) => {
  if ("skip" in claude) return t.skip(`LOUD SKIP: ${claude.skip}`);
  const world = withoutStore(makeWorld("wirings-claude-fresh"));
  const capture = await captureProvider();
  t.after(capture.close);
  claudePlugin(world, capture);
  const run = await runToEnd(claude.bin, ["-p", PROMPT], world.project, claudeEnv(world, capture));
  assert.doesNotMatch(run.output, /hook_non_blocking_error|Cannot find module/);
  const { messages } = promptRequest(capture);
  assert.match(messages, /this project has no memory store yet\. To start one, run \/memctl:mem-init in it/);
  assert.equal(messages.split("<memctl-memory").length - 1, 1, "that one line is all memctl sends: no per-prompt block without a store");
  removeWorld(world);
});

test("claude plugin + memctl install: install warns at once, and the model gets one per-prompt block and one overview", { timeout: 600_000 }, async (t) => {
  if ("skip" in claude) return t.skip(`LOUD SKIP: ${claude.skip}`);
  const world = makeWorld("wirings-claude-both");
  const capture = await captureProvider();
  t.after(capture.close);
  claudePlugin(world, capture);
  const installed = memctl(world, ["install", "claude"]);
  assert.equal(installed.status, 0, installed.stderr);
  assert.match(installed.stdout, /warning: the memctl plugin is enabled too \(memctl@memctl .*claude plugin disable memctl@memctl/);
  await runToEnd(claude.bin, ["-p", PROMPT], world.project, claudeEnv(world, capture));
  const { messages } = promptRequest(capture);
  assert.deepEqual(blocks(messages), { prompt: 1, overview: 1 }, messages.slice(0, 4000));
  assert.ok(messages.includes(RELEVANT_CARD));
  assert.match(memctl(world, ["install", "--status", "--scope", "user"]).stdout, /warning: the memctl plugin is enabled too/);
  removeWorld(world);
});

const COMMITTED = [".claude/settings.json", ".mcp.json"];

test("claude --scope project, a teammate without memctl: no hook error on any prompt, and their auto memory stays theirs", { timeout: 600_000 }, async (t) => {
  if ("skip" in claude) return t.skip(`LOUD SKIP: ${claude.skip}`);
  const mine = makeWorld("wirings-claude-mine");
  const theirs = withoutStore(makeWorld("wirings-claude-theirs"));
  installMemctlAt(mine, path.join(mine.dir, "prefix"));
  assert.equal(memctl(mine, ["install", "claude", "--scope", "project"]).status, 0);
  assert.equal(JSON.parse(fs.readFileSync(path.join(mine.project, ".claude", "settings.json"), "utf8")).autoMemoryEnabled, undefined, "not in the committed file");
  assert.equal(JSON.parse(fs.readFileSync(path.join(mine.project, ".claude", "settings.local.json"), "utf8")).autoMemoryEnabled, false);
  for (const file of COMMITTED) {
    fs.mkdirSync(path.dirname(path.join(theirs.project, file)), { recursive: true });
    fs.copyFileSync(path.join(mine.project, file), path.join(theirs.project, file));
  }
  const capture = await captureProvider();
  t.after(capture.close);
  const env = claudeEnv(theirs, capture);
  for (const bin of ["memctl-hook", "memctl"]) assert.notEqual(spawnSync("/bin/sh", ["-c", `command -v ${bin}`], { env }).status, 0, `the teammate has no ${bin} on PATH`);
  const run = await runToEnd(claude.bin, ["-p", PROMPT], theirs.project, env);
  assert.doesNotMatch(run.output, /not found|hook_non_blocking_error|memctl-hook/);
  const transcripts = filesUnder(path.join(theirs.home, ".claude", "projects")).filter((f) => f.endsWith(".jsonl"));
  assert.ok(transcripts.length > 0, "Claude wrote its transcript");
  for (const file of transcripts) {
    // Hook outcomes are attachments naming their hookEvent (a failure is hook_non_blocking_error, exit 127).
    const hooks = readJsonl(file)
      .map((l) => l.attachment as { type?: string; hookEvent?: string; exitCode?: number } | undefined)
      .filter((a) => a?.hookEvent !== undefined);
    for (const a of hooks) assert.ok(!/error/.test(a!.type ?? "") && (a!.exitCode ?? 0) === 0, JSON.stringify(a));
  }
  const { system, messages } = promptRequest(capture);
  assert.equal(blocks(messages).prompt + blocks(messages).overview, 0);
  assert.match(system, /persistent file-based memory/, "the teammate's own auto memory is untouched by the committed settings");
  removeWorld(mine);
  removeWorld(theirs);
});

// Codex records what the model gets in its rollout: the hook's context as developer messages.
function codexEnv(world: World): Record<string, string> {
  return { ...world.env, CODEX_HOME: path.join(world.home, ".codex"), OPENAI_API_KEY: "sk-e2e-fake-key" };
}

function rolloutTexts(world: World): string[] {
  return filesUnder(path.join(world.home, ".codex", "sessions"))
    .filter((f) => /rollout-.*\.jsonl$/.test(f))
    .flatMap((f) => readJsonl(f))
    .filter((l) => l.type === "response_item" && (l.payload as { role?: string } | undefined)?.role === "developer")
    .map((l) => ((l.payload as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? "").join("\n"));
}

test("codex plugin + memctl install: install warns at once, and the rollout holds one per-prompt block and one overview", { timeout: 600_000 }, async (t) => {
  if ("skip" in codex) return t.skip(`LOUD SKIP: ${codex.skip}`);
  const world = makeWorld("wirings-codex-both");
  fs.mkdirSync(path.join(world.home, ".codex"), { recursive: true });
  const clone = cloneRepo(world);
  installMemctlAt(world, path.join(world.dir, "prefix"));
  const env = codexEnv(world);
  const bin: string = codex.bin;
  for (const args of [
    ["plugin", "marketplace", "add", clone],
    ["plugin", "add", "memctl@memctl"],
  ]) {
    const r = spawnSync(bin, args, { cwd: world.project, env, encoding: "utf8", timeout: 300_000 });
    assert.equal(r.status, 0, r.stdout + r.stderr);
  }
  const installed = memctl(world, ["install", "codex"]);
  assert.equal(installed.status, 0, installed.stderr);
  assert.match(installed.stdout, /warning: the memctl plugin is enabled too \(memctl@memctl .*codex plugin remove memctl@memctl/);
  // Both wirings' hooks run (trust bypassed for this headless run); wait for the per-prompt block, then a moment
  // more for a second one to arrive if it were coming.
  await runUntil(codex.bin, ["exec", "--dangerously-bypass-hook-trust", PROMPT], { cwd: world.project, env, timeoutMs: 360_000 }, () =>
    rolloutTexts(world).some((x) => x.includes("<memctl-memory") && !x.includes("Session start:")) ? true : undefined,
  );
  await new Promise<void>((done) => setTimeout(done, 3000));
  const counted = rolloutTexts(world).reduce((n, x) => ({ prompt: n.prompt + blocks(x).prompt, overview: n.overview + blocks(x).overview }), { prompt: 0, overview: 0 });
  assert.deepEqual(counted, { prompt: 1, overview: 1 });
  assert.ok(rolloutTexts(world).some((x) => x.includes(RELEVANT_CARD)));
  removeWorld(world);
});

test("codex --scope project, a teammate without memctl: the committed hooks run and say nothing", { timeout: 600_000 }, async (t) => {
  if ("skip" in codex) return t.skip(`LOUD SKIP: ${codex.skip}`);
  const mine = makeWorld("wirings-codex-mine");
  const theirs = withoutStore(makeWorld("wirings-codex-theirs"));
  installMemctlAt(mine, path.join(mine.dir, "prefix"));
  assert.equal(memctl(mine, ["install", "codex", "--scope", "project"]).status, 0);
  fs.cpSync(path.join(mine.project, ".codex"), path.join(theirs.project, ".codex"), { recursive: true });
  fs.mkdirSync(path.join(theirs.home, ".codex"), { recursive: true });
  const env = codexEnv(theirs);
  const run = await runToEnd(codex.bin, ["exec", "--trust", "--dangerously-bypass-hook-trust", PROMPT], theirs.project, env, 60_000);
  t.diagnostic(`codex exec exited ${run.code}`);
  assert.ok(rolloutTexts(theirs).length > 0, `Codex wrote its rollout:\n${run.output.slice(-2000)}`);
  // Codex prints each hook's outcome ("hook: UserPromptSubmit Failed" for the 127 of a bare memctl-hook).
  assert.match(run.output, /hook: UserPromptSubmit/, "the committed hook ran");
  assert.doesNotMatch(run.output, /hook: \w+ Failed|memctl-hook|not found/i, run.output.slice(-3000));
  const rollout = filesUnder(path.join(theirs.home, ".codex", "sessions"))
    .map((f) => fs.readFileSync(f, "utf8"))
    .join("\n");
  assert.doesNotMatch(rollout, /memctl-hook: not found|command not found/);
  removeWorld(mine);
  removeWorld(theirs);
});
