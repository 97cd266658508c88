// Issue 18 on the real pinned hosts, offline: /mem-distill (Codex: $mem-distill) expands in each host's own
// transcript / rollout / model-bound request, and the session-start block reaches each host's transcript.
// On OpenCode a local stand-in for the provider (stand-in.ts) answers with a bash tool call, so the host itself runs the
// `memctl propose` the command asks for and a proposal is staged. Claude, Codex and Grok cannot run a tool
// without a model: there the expansion is shown and the propose line the command prescribes is run as written.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
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
  REPO,
  runUntil,
  type World,
  removeWorld,
  sweepGrokSessions,
} from "./harness.js";
import { anthropicStream, standInProvider } from "./stand-in.js";

const PROPOSE = `node ${REPO}/dist/cli.js propose ci-runner -t reference -d "CI runs on Buildkite" --topics "ci" --source "this session" --kind fact --confidence 0.9 --actor host:HOST - <<'BODY'\nPipelines live in .buildkite/.\nBODY`;

function pending(world: World): { proposer: string; card: { name: string } }[] {
  return JSON.parse(memctl(world, ["review", "--json"]).stdout).proposals;
}

/** The propose line of the command, run as the host's shell would run it. */
function proposeAs(world: World, host: string): void {
  const r = spawnSync("sh", ["-c", PROPOSE.replace("HOST", host)], { cwd: world.project, env: world.env, encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  assert.ok(pending(world).some((p) => p.proposer === `host:${host}` && p.card.name === "ci-runner"));
}

test("claude: /mem-distill expands in the transcript and the SessionStart block reaches the model-bound request", { timeout: 600_000 }, async (t) => {
  const host = ensureHost("claude");
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("claude-distill");
  assert.equal(memctl(world, ["install", "claude"]).status, 0);
  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" };
  const found = await runUntil(host.bin, ["-p", "/mem-distill CI runners"], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    for (const file of filesUnder(path.join(world.home, ".claude", "projects")).filter((f) => f.endsWith(".jsonl"))) {
      const lines = readJsonl(file);
      const start = lines
        .map((l) => l.attachment as { hookEvent?: string; content?: unknown } | undefined)
        .map((a) => (a?.hookEvent === "SessionStart" ? (Array.isArray(a.content) ? a.content.join("\n") : typeof a.content === "string" ? a.content : "") : ""))
        .find((c) => c.includes("Session start:"));
      const blobs = lines.filter((l) => l.type === "api-request-blob").map((l) => JSON.stringify(l));
      const expanded = blobs.some((b) => b.includes("memctl distill --json") && b.includes("Focus: CI runners"));
      if (start && expanded && blobs.some((b) => b.includes("Session start:"))) return start;
    }
    return undefined;
  });
  t.diagnostic(`Claude SessionStart block: ${Buffer.byteLength(found)} bytes (sample store, no compact)`);
  proposeAs(world, "claude");
  removeWorld(world);
});

test("codex: $mem-distill's skill and the SessionStart block are in the rollout", { timeout: 600_000 }, async (t) => {
  const host = ensureHost("codex");
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("codex-distill");
  const codexHome = path.join(world.home, ".codex");
  assert.equal(memctl(world, ["install", "codex"]).status, 0);
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };
  const args = ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", "$mem-distill focus on CI runners"];
  const found = await runUntil(host.bin, args, { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    for (const file of filesUnder(path.join(codexHome, "sessions")).filter((f) => /rollout-.*\.jsonl$/.test(f))) {
      const text = fs.readFileSync(file, "utf8");
      const start = readJsonl(file).find((l) => {
        const p = l.payload as { role?: string; content?: { text?: string }[] } | undefined;
        return l.type === "response_item" && p?.role === "developer" && (p.content ?? []).some((c) => c.text?.includes("Session start:"));
      });
      if (start && text.includes("memctl distill --json")) return start;
    }
    return undefined;
  });
  const text = ((found.payload as { content: { text?: string }[] }).content ?? []).map((c) => c.text ?? "").join("");
  t.diagnostic(`Codex SessionStart block: ${Buffer.byteLength(text)} bytes`);
  proposeAs(world, "codex");
  removeWorld(world);
});

test("opencode: /mem-distill expands into the model-bound request with the session-start block, and the host runs the memctl propose it asks for", {
  timeout: 600_000,
}, async (t) => {
  const host = ensureHost("opencode");
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("opencode-distill");
  let called = false;
  // A stand-in provider: the agent's first request after the expansion gets a bash tool call, every other one a short answer.
  const server = await standInProvider((_path, body) => {
    const request = JSON.parse(body || "{}") as { model?: string; tools?: unknown[] };
    const agent = (request.tools ?? []).length > 0 && body.includes("memctl distill --json");
    const tool = agent && !called ? { name: "bash", input: { command: PROPOSE.replace("HOST", "opencode"), description: "stage a proposal" } } : undefined;
    if (agent) called = true;
    return { stream: anthropicStream(request.model ?? "claude", tool) };
  });
  const bodies = server.bodies;
  t.after(server.close);
  fs.writeFileSync(path.join(world.project, "opencode.json"), '{\n\t"$schema": "https://opencode.ai/config.json",\n\t"permission": { "bash": "allow" }\n}\n');
  // Project scope wires commands on PATH (portable across machines): memctl is installed as npm would.
  installMemctlAt(world, path.join(world.dir, "prefix"));
  assert.equal(memctl(world, ["install", "opencode", "--scope", "project"]).status, 0);
  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", ANTHROPIC_BASE_URL: `${server.url}/v1` };
  const found = await runUntil(host.bin, ["run", "--command", "mem-distill", "CI runners"], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    // The agent's request (it carries tools; OpenCode's title request has none) holds the expansion and the block.
    const agent = bodies.find((b) => b.includes("memctl distill --json") && b.includes("Session start:") && ((JSON.parse(b) as { tools?: unknown[] }).tools ?? []).length > 0);
    const staged = pending(world).find((p) => p.proposer === "host:opencode");
    return agent && staged ? { agent, staged } : undefined;
  });
  // OpenCode quotes the command's argument: Focus: "CI runners".
  assert.match(found.agent, /Focus: \\"CI runners\\"/);
  assert.equal(found.staged.card.name, "ci-runner");
  const system = JSON.stringify((JSON.parse(found.agent) as { system?: unknown }).system ?? "");
  const start = system.indexOf("Session start:");
  t.diagnostic(`OpenCode: session-start block in the system prompt (${start >= 0 ? "present" : "absent"}); proposal staged by the host's bash tool`);
  removeWorld(world);
});

test("grok: /mem-distill expands in the chat history sent to the model, whose rules ask for memory_overview at session start", { timeout: 600_000 }, async (t) => {
  const host = ensureHost("grok");
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("grok-distill");
  assert.equal(memctl(world, ["install", "grok"]).status, 0);
  const env = grokEnv(world);
  t.after(sweepGrokSessions());
  const history = await runUntil(host.bin, ["-p", "/mem-distill CI runners", ...grokModel(world)], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    for (const file of filesUnder(path.join(world.home, ".grok", "sessions")).filter((f) => f.endsWith("chat_history.jsonl"))) {
      const text = fs.readFileSync(file, "utf8");
      if (text.includes("memctl distill --json") && text.includes("memory_overview")) return text;
    }
    return undefined;
  });
  assert.match(history, /CI runners/);
  proposeAs(world, "grok");
  removeWorld(world);
});
