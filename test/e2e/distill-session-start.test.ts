// Issue 18 on the real pinned hosts, offline: /mem-distill (Codex: $mem-distill) expands in each host's own
// transcript / rollout / model-bound request, and the session-start block reaches each host's transcript.
// On OpenCode a local stand-in for the provider answers with a bash tool call, so the host itself runs the
// `memctl propose` the command asks for and a proposal is staged. Claude, Codex and Grok cannot run a tool
// without a model: there the expansion is shown and the propose line the command prescribes is run as written.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { test } from "node:test";
import { ensureHost, filesUnder, grokEnv, installMemctlAt, makeWorld, memctl, readJsonl, REPO, runUntil, type World, removeWorld, sweepGrokSessions } from "./harness.js";

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

test("claude: /mem-distill expands in the transcript and the SessionStart block reaches the model-bound request", { timeout: 240_000 }, async (t) => {
  const host = ensureHost("claude");
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("claude-distill");
  assert.equal(memctl(world, ["install", "claude"]).status, 0);
  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", DISABLE_AUTOUPDATER: "1", DISABLE_TELEMETRY: "1", CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1" };
  const found = await runUntil(host.bin, ["-p", "/mem-distill CI runners"], { cwd: world.project, env, timeoutMs: 150_000 }, () => {
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

test("codex: $mem-distill's skill and the SessionStart block are in the rollout", { timeout: 240_000 }, async (t) => {
  const host = ensureHost("codex");
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("codex-distill");
  const codexHome = path.join(world.home, ".codex");
  assert.equal(memctl(world, ["install", "codex"]).status, 0);
  const env = { ...world.env, CODEX_HOME: codexHome, OPENAI_API_KEY: "sk-e2e-fake-key" };
  const args = ["exec", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", "$mem-distill focus on CI runners"];
  const found = await runUntil(host.bin, args, { cwd: world.project, env, timeoutMs: 150_000 }, () => {
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

/** An Anthropic stream: a bash tool call for the first agent request, a short answer after it. */
function stream(model: string, tool?: { command: string }): string {
  const start = {
    type: "message_start",
    message: { id: "msg_e2e", type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } },
  };
  const block = tool
    ? [
        ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: "toolu_e2e", name: "bash", input: {} } }],
        [
          "content_block_delta",
          { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify({ command: tool.command, description: "stage a proposal" }) } },
        ],
      ]
    : [
        ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
        ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Proposed." } }],
      ];
  const events = [
    ["message_start", start],
    ...block,
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: tool ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: 2 } }],
    ["message_stop", { type: "message_stop" }],
  ];
  return events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join("");
}

test("opencode: /mem-distill expands into the model-bound request with the session-start block, and the host runs the memctl propose it asks for", {
  timeout: 240_000,
}, async (t) => {
  const host = ensureHost("opencode");
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("opencode-distill");
  const bodies: string[] = [];
  let called = false;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d: Buffer) => (body += d.toString("utf8")));
    req.on("end", () => {
      bodies.push(body);
      const request = JSON.parse(body || "{}") as { model?: string; tools?: unknown[] };
      const agent = (request.tools ?? []).length > 0 && body.includes("memctl distill --json");
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.end(stream(request.model ?? "claude", agent && !called ? { command: PROPOSE.replace("HOST", "opencode") } : undefined));
      if (agent) called = true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  t.after(() => server.close());
  fs.writeFileSync(path.join(world.project, "opencode.json"), '{\n\t"$schema": "https://opencode.ai/config.json",\n\t"permission": { "bash": "allow" }\n}\n');
  // Project scope wires commands on PATH (portable across machines): memctl is installed as npm would.
  installMemctlAt(world, path.join(world.dir, "prefix"));
  assert.equal(memctl(world, ["install", "opencode", "--scope", "project"]).status, 0);
  const env = { ...world.env, ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key", ANTHROPIC_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` };
  const found = await runUntil(host.bin, ["run", "--command", "mem-distill", "CI runners"], { cwd: world.project, env, timeoutMs: 150_000 }, () => {
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

test("grok: /mem-distill expands in the chat history sent to the model, whose rules ask for memory_overview at session start", { timeout: 240_000 }, async (t) => {
  const host = ensureHost("grok");
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("grok-distill");
  assert.equal(memctl(world, ["install", "grok"]).status, 0);
  const env = grokEnv(world);
  t.after(sweepGrokSessions());
  const history = await runUntil(host.bin, ["-p", "/mem-distill CI runners"], { cwd: world.project, env, timeoutMs: 120_000 }, () => {
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
