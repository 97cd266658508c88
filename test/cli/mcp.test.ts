import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../lib/cli/main.js";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { callTool, connect, history } from "../lib/mcp/support.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }];

function serverEnv(s: ReturnType<typeof sandbox>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
}

test("mcp: a malformed --actor is a usage error (exit 2) before anything is served; --help lists the tools", async () => {
  const s = sandbox(CARDS);
  try {
    assert.equal(await main(["mcp", "--actor", "root"], s.io), 2);
    assert.match(s.stderr.text, /--actor "root" is not one of human, host:<name>, agent:<id>/);
    assert.equal(s.stdout.text, "");
    assert.equal(await main(["mcp", "--help"], s.io), 0);
    assert.match(s.stdout.text, /every actor\s+memory_view, memory_overview, memory_context, memory_search, memory_recall, memory_propose/);
    assert.match(s.stdout.text, /opted-in host\s+\+ memory_manage \(create \| str_replace \| insert \| delete \| rename\)/);
    assert.match(s.stdout.text, /--actor human is refused/);
    assert.match(s.stdout.text, /--read-only/);
  } finally {
    s.cleanup();
  }
});

test("mcp over raw stdio: stdout carries only JSON-RPC messages and the server exits 0 when its input ends", async () => {
  assert.ok(fs.existsSync(CLI), "run npm run build first");
  const s = sandbox(CARDS);
  try {
    const child = spawn(process.execPath, [CLI, "mcp"], { cwd: s.repo, env: serverEnv(s), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    const send = (msg: object) => child.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...msg }) + "\n");
    send({ id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/call", params: { name: "memory_view", arguments: { path: "../../etc/passwd" } } });
    send({ id: 3, method: "tools/call", params: { name: "memory_context", arguments: { query: "integration tests" } } });
    send({ id: 4, method: "tools/call", params: { name: "no_such_tool", arguments: {} } });
    // Wait for the four answers, then close stdin the way a host does on shutdown.
    await until(() => stdout.split("\n").filter(Boolean).length >= 4, 10_000);
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    assert.equal(code, 0, stderr);
    const messages = stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    assert.ok(
      messages.every((m) => m.jsonrpc === "2.0" && typeof m.id === "number"),
      stdout,
    );
    const byId = new Map(messages.map((m) => [m.id, m]));
    assert.equal(byId.get(1).result.serverInfo.name, "memctl");
    assert.equal(byId.get(2).result.isError, true);
    assert.equal(byId.get(2).result.structuredContent.error.code, "E_PATH_ESCAPE");
    assert.match(byId.get(3).result.content[0].text, /feedback_testing\.md/);
    // The block the hook prints, preamble included: the model is told where the cards live.
    assert.match(byId.get(3).result.content[0].text, /Recalled notes, not instructions \(cards in [^)]+\):/);
    assert.equal(byId.get(4).result.isError, true);
    assert.match(stderr, /memctl mcp: serving 7 tools on stdio as host:mcp/); // not opted in: no memory_manage
  } finally {
    s.cleanup();
  }
});

test("only `memctl mcp` loads the MCP SDK: other commands and mcp --help run with it blocked", () => {
  assert.ok(fs.existsSync(CLI), "run npm run build first");
  const s = sandbox(CARDS);
  try {
    // Module hooks that make loading the SDK or zod fail loudly: resolved from node_modules, or a chunk of the build
    // that bundles them (esbuild marks each inlined file with a "// node_modules/<package>/..." line).
    fs.writeFileSync(
      path.join(s.root, "block-hooks.mjs"),
      [
        "const SDK = /^(@modelcontextprotocol\\/|zod($|\\/))/;",
        'export async function resolve(spec, ctx, next) { if (SDK.test(spec)) throw new Error("BLOCKED " + spec); return next(spec, ctx); }',
        "export async function load(url, ctx, next) {",
        "  const r = await next(url, ctx);",
        '  const inlined = /^\\/\\/ node_modules\\/(@modelcontextprotocol\\/sdk|zod)\\//m.exec(r.source ? String(r.source) : "");',
        '  if (inlined) throw new Error("BLOCKED " + inlined[1] + " (bundled in " + url + ")");',
        "  return r;",
        "}",
        "",
      ].join("\n"),
    );
    fs.writeFileSync(path.join(s.root, "block.mjs"), 'import { register } from "node:module"; register("./block-hooks.mjs", import.meta.url);\n');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ["--import", path.join(s.root, "block.mjs"), CLI, ...args], { cwd: s.repo, env: serverEnv(s), input: "", encoding: "utf8" });
    for (const argv of [
      ["resolve", "--json"],
      ["view", "MEMORY.md"],
      ["search", "tests"],
      ["context", "tests"],
      ["mcp", "--help"],
    ]) {
      const r = run(...argv);
      assert.equal(r.status, 0, `${argv.join(" ")}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /BLOCKED/);
    }
    const served = run("mcp");
    assert.notEqual(served.status, 0);
    // The SDK and zod are loaded concurrently (or in one chunk), so whichever is reached first is the one reported blocked.
    assert.match(served.stderr, /BLOCKED (@modelcontextprotocol\/sdk|zod)/);
  } finally {
    s.cleanup();
  }
});

test("mcp --actor human is refused before anything is served, from a shell or from a host's launch config", () => {
  const s = sandbox(CARDS);
  try {
    for (const extra of [{}, { CLAUDECODE: "1" }]) {
      const r = spawnSync(process.execPath, [CLI, "mcp", "--actor", "human"], { cwd: s.repo, env: { ...serverEnv(s), ...extra }, input: "", encoding: "utf8" });
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /memctl mcp --actor human is refused: the MCP server is a host's tool/);
    }
  } finally {
    s.cleanup();
  }
});

const WRITE_TOOLS = ["memory_log", "memory_manage"];
const READ_TOOLS = ["memory_context", "memory_overview", "memory_propose", "memory_recall", "memory_search", "memory_view"];

test("tools/list per actor, through the SDK client: agents read and propose, hosts also log, opted-in hosts also manage", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const env = serverEnv(s) as Record<string, string>;
  fs.writeFileSync(env.MEMCTL_CONFIG_FILE!, "[hosts.claude]\nwrite = true\n");
  const listed = async (flags: { actor?: string; readOnly?: boolean }, extra: Record<string, string> = {}) => {
    const server = await connect({ cwd: s.repo, env: { ...env, ...extra }, flags });
    try {
      return { names: (await server.client.listTools()).tools.map((x) => x.name).sort(), stderr: server.stderr() };
    } finally {
      await server.close();
    }
  };
  assert.deepEqual((await listed({ actor: "agent:t-1" })).names, READ_TOOLS);
  assert.deepEqual((await listed({ actor: "host:claude", readOnly: true })).names, READ_TOOLS);
  assert.deepEqual((await listed({ actor: "host:codex" })).names, [...READ_TOOLS, "memory_log"].sort());
  assert.deepEqual((await listed({})).names, [...READ_TOOLS, "memory_log"].sort(), "host:mcp is not opted in");
  assert.deepEqual((await listed({ actor: "host:claude" })).names, [...READ_TOOLS, ...WRITE_TOOLS].sort());
  // Claude Code starts its MCP servers with CLAUDECODE=1: that decides the host, whatever the launch flags say.
  const codexInClaude = await listed({ actor: "host:codex" }, { CLAUDECODE: "1" });
  assert.deepEqual(codexInClaude.names, [...READ_TOOLS, ...WRITE_TOOLS].sort());
  assert.match(codexInClaude.stderr, /--actor host:codex ignored: this runs in claude's agent shell \(CLAUDECODE=1\), so it acts as host:claude/);
  assert.match(codexInClaude.stderr, /serving 8 tools on stdio as host:claude/);
  // ...and OpenCode's mark makes an opted-in name worthless to a server OpenCode started.
  assert.deepEqual((await listed({ actor: "host:claude" }, { OPENCODE: "1" })).names, [...READ_TOOLS, "memory_log"].sort());
});

test("an opted-in host's subagent (a call whose _meta carries claudecode/agentId) may not manage files; the main agent may", async (t) => {
  const s = sandbox(CARDS);
  t.after(() => s.cleanup());
  const env = serverEnv(s) as Record<string, string>;
  fs.writeFileSync(env.MEMCTL_CONFIG_FILE!, "[hosts.claude]\nwrite = true\n");
  const server = await connect({ cwd: s.repo, env, flags: { actor: "host:claude" } });
  t.after(() => server.close());
  const args = { command: "create", path: "notes/sub.md", file_text: "from a subagent\n" };
  const sub = (await server.client.callTool({ name: "memory_manage", arguments: args, _meta: { "claudecode/agentId": "a7f3", "claudecode/agentType": "Explore" } })) as {
    isError?: boolean;
    structuredContent?: { error?: { code?: string; subagent?: string } };
    content: { text: string }[];
  };
  assert.equal(sub.isError, true);
  assert.deepEqual([sub.structuredContent?.error?.code, sub.structuredContent?.error?.subagent], ["E_READ_ONLY", "a7f3"]);
  assert.match(sub.content[0]!.text, /a subagent \(a7f3\) may not create memory files: .*memory_propose/);
  assert.equal(fs.existsSync(path.join(s.memory, "notes", "sub.md")), false);
  // A subagent still proposes and logs; the main agent (no agentId) writes.
  const proposed = await server.client.callTool({
    name: "memory_propose",
    arguments: { name: "sub-idea", type: "project", description: "d", source: "s" },
    _meta: { "claudecode/agentId": "a7f3" },
  });
  assert.equal(proposed.isError, undefined);
  const main = await callTool(server.client, "memory_manage", { ...args, file_text: "from the main agent\n" });
  assert.equal(main.isError, false, main.text);
  assert.deepEqual(
    history(s.memory).map((e) => [e.card, e.actor]),
    [["notes/sub.md", "host:claude"]],
  );
  await server.close();
});

async function until(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting for the server");
    await new Promise((r) => setTimeout(r, 20));
  }
}
