// Capture on every pinned host, for real: memctl install wires the host's own end of session; a session whose
// prompt says "from now on, run the linter before every commit" ends, the host runs memctl's hook, and a proposal
// whose source names that host's session is staged. Nothing canonical changes, and the next real session's start
// names the pending count. Each host (Claude Code 2.1.328, Codex 0.169.0, Grok Build 1.0.41, OpenCode 1.18.33) finishes
// its turn against a local stand-in provider (stand-in.ts, 127.0.0.1 only) and ends its session as it would online.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  ensureHost,
  filesUnder,
  grokEnv,
  grokModel,
  installMemctlAt,
  makeWorld,
  memctl,
  readJsonl,
  removeWorld,
  runUntil,
  snapshot,
  sweepGrokSessions,
  type World,
} from "./harness.js";
import { anthropicStream, responsesStream, standInProvider } from "./stand-in.js";

const host = ensureHost("claude");
const LINT = "from now on, run the linter before every commit";
const PENDING = /1 proposal awaits the owner's review \(memctl review\); proposals are not memory until accepted\./;

interface Staged {
  source: string;
  proposer: string;
  card: { description: string };
}

/** The proposals staged in the world's store (undefined while there are none, for runUntil). */
function staged(world: World): Staged[] | undefined {
  const dir = path.join(world.store, ".memctl", "proposals");
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")) : [];
  return files.length > 0 ? files.map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Staged) : undefined;
}

/** The store's cards and MEMORY.md (and, unless left out, its other files outside .memctl/). */
function canonical(world: World, leaveOut: string[] = []): string[] {
  return filesUnder(world.store).filter((f) => !f.includes(`${path.sep}.memctl${path.sep}`) && !leaveOut.includes(path.basename(f)));
}

/** The one proposal the lint session stages, its source naming `host`'s session; returns that session id. */
function assertLintProposal(found: Staged[], hostName: string): string {
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(found[0]!.card.description, "Run the linter before every commit");
  const source = new RegExp(`^${hostName} session ([A-Za-z0-9_-]+), user message 1: "${LINT}"$`).exec(found[0]!.source);
  assert.ok(source, `the source names the ${hostName} session: ${found[0]!.source}`);
  assert.equal(found[0]!.proposer, `host:${hostName}`);
  return source[1]!;
}

test("claude: a session that says 'from now on, run the linter before every commit' ends: a proposal with that source, and the next start names it", {
  timeout: 600_000,
}, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  // Against an unreachable API the session also ends, but only after Claude's retries (about a minute a session).
  const provider = await standInProvider((_path, body) => ({ stream: anthropicStream((JSON.parse(body || "{}") as { model?: string }).model ?? "claude") }));
  t.after(provider.close);
  const world = makeWorld("capture");
  const installed = memctl(world, ["install", "claude"]);
  assert.equal(installed.status, 0, installed.stderr);
  assert.match(fs.readFileSync(path.join(world.home, ".claude", "settings.json"), "utf8"), /hook session-end --host claude/);
  const before = snapshot(canonical(world));
  const env = {
    ...world.env,
    ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key",
    ANTHROPIC_BASE_URL: provider.url,
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "5000",
  };
  const found = await runUntil(host.bin, ["-p", LINT], { cwd: world.project, env, timeoutMs: 360_000 }, () => staged(world));
  assert.match(assertLintProposal(found, "claude"), /^[0-9a-f-]+$/);
  assert.deepEqual(snapshot(canonical(world)), before, "cards, MEMORY.md, history and episodes are byte-identical");
  // A second session in the same project: Claude runs the SessionStart hook install wired and keeps its output in
  // the transcript (its prompt says nothing durable, so its own end stages nothing).
  const transcripts = path.join(world.home, ".claude", "projects");
  const start = await runUntil(host.bin, ["-p", "what does this project do?"], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    for (const file of filesUnder(transcripts).filter((f) => f.endsWith(".jsonl"))) {
      const found = readJsonl(file)
        .map((l) => l.attachment as { hookEvent?: string; content?: unknown } | undefined)
        .map((a) => (a?.hookEvent === "SessionStart" ? (Array.isArray(a.content) ? a.content.join("\n") : typeof a.content === "string" ? a.content : "") : ""))
        .find((c) => c.includes("the owner's review"));
      if (found) return found;
    }
    return undefined;
  });
  assert.match(start, PENDING);
  assert.equal(staged(world)?.length, 1, "the second session staged nothing");
  assert.deepEqual(snapshot(canonical(world)), before, "still byte-identical after the second session");
  removeWorld(world);
});

test("codex: an exec session against a stand-in provider ends, its SessionEnd stages the proposal, the next session's start names it", { timeout: 600_000 }, async (t) => {
  const codex = ensureHost("codex");
  if ("skip" in codex) return t.skip(`LOUD SKIP: ${codex.skip}`);
  // `codex exec` offline waits for its provider forever; pointed at a stand-in it finishes the turn and ends.
  const provider = await standInProvider((_path, body) => ({ stream: responsesStream((JSON.parse(body) as { model?: string }).model ?? "gpt") }));
  t.after(provider.close);
  const world = makeWorld("capture-codex");
  const codexHome = path.join(world.home, ".codex");
  fs.mkdirSync(codexHome, { recursive: true });
  fs.writeFileSync(
    path.join(codexHome, "config.toml"),
    `model = "gpt-5.1-codex"\nmodel_provider = "standin"\n\n[model_providers.standin]\nname = "memctl e2e stand-in"\nbase_url = "${provider.url}/v1"\nwire_api = "responses"\nenv_key = "OPENAI_API_KEY"\nrequest_max_retries = 0\nstream_max_retries = 0\n`,
  );
  assert.equal(memctl(world, ["install", "codex"]).status, 0);
  const before = snapshot(canonical(world));
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };
  const exec = (prompt: string) => ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", prompt];
  const found = await runUntil(codex.bin, exec(LINT), { cwd: world.project, env, timeoutMs: 360_000 }, () => staged(world));
  const session = assertLintProposal(found, "codex");
  const rollouts = filesUnder(path.join(codexHome, "sessions")).filter((f) => /rollout-.*\.jsonl$/.test(f));
  assert.ok(
    rollouts.some((f) => f.includes(session)),
    `the source's session is the rollout Codex wrote: ${rollouts.join(", ")}`,
  );
  assert.ok(
    provider.bodies.some((b) => b.includes(LINT)),
    "the turn reached the stand-in provider",
  );
  assert.deepEqual(snapshot(canonical(world)), before, "cards, MEMORY.md, history and episodes are byte-identical");
  // The next session: Codex runs the SessionStart hook and sends its block to the model with the first request.
  provider.bodies.length = 0;
  const start = await runUntil(codex.bin, exec("what does this project do?"), { cwd: world.project, env, timeoutMs: 360_000 }, () =>
    provider.bodies.find((b) => b.includes("Session start:")),
  );
  assert.match(start, PENDING);
  assert.equal(staged(world)?.length, 1, "the second session staged nothing");
  assert.deepEqual(snapshot(canonical(world)), before, "still byte-identical after the second session");
  removeWorld(world);
});

test("grok: a headless session against a stand-in model ends, its SessionEnd stages the proposal, the next session's memory_overview names it", {
  timeout: 600_000,
}, async (t) => {
  const grok = ensureHost("grok");
  if ("skip" in grok) return t.skip(`LOUD SKIP: ${grok.skip}`);
  // Grok ignores SessionStart output: its session start is the memory_overview call its rules ask for. The stand-in
  // model makes that call (through Grok's use_tool) at the second session's first request, once.
  let overviewAsked = false;
  const provider = await standInProvider((_path, body) => {
    const request = JSON.parse(body || "{}") as { model?: string; tools?: { name?: string; function?: { name?: string } }[] };
    const agent = (request.tools ?? []).some((tl) => (tl.name ?? tl.function?.name) === "use_tool");
    const call = agent && body.includes("what does this project do?") && !overviewAsked;
    if (call) overviewAsked = true;
    return { stream: responsesStream(request.model ?? "stub-model", call ? { name: "use_tool", arguments: { tool_name: "memctl__memory_overview", tool_input: {} } } : undefined) };
  });
  t.after(provider.close);
  t.after(sweepGrokSessions());
  const world = makeWorld("capture-grok");
  const grokHome = path.join(world.home, ".grok");
  const model = grokModel(world, provider.url);
  assert.equal(memctl(world, ["install", "grok"]).status, 0);
  const before = snapshot(canonical(world));
  // The model list is asked of the stand-in too (it answers 404), so nothing leaves the machine.
  const env = { ...grokEnv(world, provider.url), GROK_SESSION_END_HOOKS_TIMEOUT_MS: "10000" };
  const found = await runUntil(grok.bin, ["-p", LINT, ...model], { cwd: world.project, env, timeoutMs: 360_000 }, () => staged(world));
  const session = assertLintProposal(found, "grok");
  assert.ok(fs.existsSync(path.join(grokHome, "sessions", encodeURIComponent(world.project), session, "updates.jsonl")), "the source's session is the one Grok wrote");
  assert.deepEqual(snapshot(canonical(world)), before, "cards, MEMORY.md, history and episodes are byte-identical");
  // Headless Grok cancels an MCP call nobody approved: the user allows memctl's read-only overview tool.
  const second = ["-p", "what does this project do?", ...model, "--allow", "MCPTool(memctl__memory_overview)"];
  const output = await runUntil(grok.bin, second, { cwd: world.project, env, timeoutMs: 360_000 }, () =>
    provider.bodies.find((b) => b.includes("function_call_output") && PENDING.test(b)),
  );
  const result = (JSON.parse(output) as { input: { type?: string; output?: unknown }[] }).input.find((i) => i.type === "function_call_output");
  assert.match(JSON.stringify(result?.output), PENDING, "the pending line is in memory_overview's answer, which Grok sends to the model");
  assert.equal(staged(world)?.length, 1, "the second session staged nothing");
  assert.deepEqual(snapshot(canonical(world)), before, "still byte-identical after the second session");
  removeWorld(world);
});

test("opencode: a run against a stand-in provider goes idle, the plugin stages the proposal, the next session's system prompt names it", { timeout: 600_000 }, async (t) => {
  const opencode = ensureHost("opencode");
  if ("skip" in opencode) return t.skip(`LOUD SKIP: ${opencode.skip}`);
  const provider = await standInProvider((_path, body) => ({ stream: anthropicStream((JSON.parse(body || "{}") as { model?: string }).model ?? "claude") }));
  t.after(provider.close);
  const world = makeWorld("capture-opencode");
  fs.writeFileSync(path.join(world.project, "opencode.json"), '{\n\t"$schema": "https://opencode.ai/config.json",\n\t"autoupdate": false\n}\n');
  // Project scope wires commands on PATH (portable across machines): memctl is installed as npm would.
  installMemctlAt(world, path.join(world.dir, "prefix"));
  assert.equal(memctl(world, ["install", "opencode", "--scope", "project"]).status, 0);
  // The plugin also logs an episode on session.idle (by design): the cards and MEMORY.md are what must not change.
  const before = snapshot(canonical(world, ["episodes.jsonl"]));
  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", ANTHROPIC_BASE_URL: `${provider.url}/v1` };
  const found = await runUntil(opencode.bin, ["run", LINT], { cwd: world.project, env, timeoutMs: 360_000 }, () => staged(world));
  const session = assertLintProposal(found, "opencode");
  assert.match(session, /^ses_/, "an OpenCode session id");
  assert.deepEqual(snapshot(canonical(world, ["episodes.jsonl"])), before, "cards and MEMORY.md are byte-identical");
  provider.bodies.length = 0;
  const system = await runUntil(opencode.bin, ["run", "what does this project do?"], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    const agent = provider.bodies.map((b) => JSON.parse(b) as { system?: unknown; tools?: unknown[] }).find((r) => (r.tools ?? []).length > 0);
    return agent ? JSON.stringify(agent.system ?? "") : undefined;
  });
  assert.match(system, PENDING);
  assert.equal(staged(world)?.length, 1, "the second session staged nothing");
  assert.deepEqual(snapshot(canonical(world, ["episodes.jsonl"])), before, "still byte-identical after the second session");
  removeWorld(world);
});
