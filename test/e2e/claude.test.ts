// Claude Code 2.1.328, for real: memctl install → one offline prompt → the hook's block in Claude's own
// transcript (the UserPromptSubmit hook attachment) and in the model-bound api-request-blob → uninstall
// restores the config byte for byte. The MCP server it registers (~/.claude.json / .mcp.json) connects in
// `claude mcp get memctl`, and its memory tools are offered to the model (deferred tools in the same request).
// Also the plugin installed from the repository's marketplace, cloned with git (no build, no npm install).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ensureHost, filesUnder, installMemctlAt, makeWorld, memctl, PROMPT, readJsonl, RELEVANT_CARD, REPO, runUntil, snapshot, type World, removeWorld } from "./harness.js";

const host = ensureHost("claude");

// `claude -p` sends its first request without waiting for MCP servers unless MCP_CONNECTION_NONBLOCKING=false;
// on a loaded machine the memory tools then miss that request. The tests wait, as an interactive session does.
function claudeEnv(world: World, options: { slowMcpStart?: boolean } = {}): Record<string, string> {
  const slow: Record<string, string> = options.slowMcpStart ? { NODE_OPTIONS: `--require ${path.join(import.meta.dirname, "fixtures", "slow-mcp-start.cjs")}` } : {};
  return {
    ...world.env,
    ANTHROPIC_API_KEY: "sk-ant-e2e-fake-key",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    MCP_CONNECTION_NONBLOCKING: "false",
    ...slow,
  };
}

/** The hook's block as Claude recorded it, and whether a model-bound request blob carries it. */
function evidence(
  world: World,
  toolPrefix = "mcp__memctl__",
): { block: string; blobHasBlock: boolean; attachmentType: string; commands: string; tools: string[]; blobHasTools: boolean } | undefined {
  const dir = path.join(world.home, ".claude", "projects");
  for (const file of filesUnder(dir).filter((f) => f.endsWith(".jsonl"))) {
    const lines = readJsonl(file);
    for (const line of lines) {
      const a = line.attachment as { type?: string; hookEvent?: string; content?: unknown } | undefined;
      if (line.type !== "attachment" || a?.hookEvent !== "UserPromptSubmit") continue;
      // Plain stdout is recorded as hook_success (content: string), hookSpecificOutput as hook_additional_context (content: string[]).
      const block = Array.isArray(a.content) ? a.content.join("\n") : String(a.content ?? "");
      if (!block.includes("<memctl-memory")) continue;
      const blobs = lines.filter((l) => l.type === "api-request-blob").map((l) => JSON.stringify((l.message as { content?: unknown }).content ?? ""));
      const blobHasBlock = blobs.some((b) => b.includes(JSON.stringify(block).slice(1, -1)));
      if (blobs.length === 0 || !blobHasBlock) return undefined;
      // The commands Claude offers the model are listed in its skill_listing attachment.
      const commands = lines
        .filter((l) => (l.attachment as { type?: string } | undefined)?.type === "skill_listing")
        .map((l) => JSON.stringify(l.attachment))
        .join("\n");
      // MCP tools are deferred (loaded through ToolSearch): their names reach the model in deferred_tools_delta.
      const tools = lines.flatMap((l) => {
        const d = l.attachment as { type?: string; addedNames?: string[] } | undefined;
        return d?.type === "deferred_tools_delta" ? (d.addedNames ?? []).filter((n) => n.startsWith(toolPrefix)) : [];
      });
      const blobHasTools = blobs.some((b) => b.includes(`${toolPrefix}memory_context`));
      return { block, blobHasBlock, attachmentType: a.type!, commands, tools, blobHasTools };
    }
  }
  return undefined;
}

test("claude: install wires settings.json + the MCP server, the memory block and tools reach the model-bound request, uninstall restores the files", {
  timeout: 600_000,
}, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("claude");
  const settings = path.join(world.home, ".claude", "settings.json");
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(settings, '{\n    "cleanupPeriodDays": 30,\n    "env": {"MY_VAR": "kept"}\n}\n');
  const watched = [settings, ...filesUnder(path.join(REPO, "commands")).map((f) => path.join(world.home, ".claude", "commands", path.basename(f)))];
  const before = snapshot(watched);

  const first = memctl(world, ["install", "claude", "--json"]);
  assert.equal(first.status, 0, first.stderr);
  assert.equal(JSON.parse(first.stdout).changed, true);
  const again = memctl(world, ["install", "claude"]);
  assert.equal(again.status, 0);
  assert.match(again.stdout, /already installed; nothing changed/);
  const claudeJson = path.join(world.home, ".claude.json");
  assert.deepEqual(JSON.parse(fs.readFileSync(claudeJson, "utf8")).mcpServers.memctl, {
    type: "stdio",
    command: "node",
    args: [`${REPO}/dist/cli.js`, "mcp", "--actor", "host:claude"],
  });
  const wired = JSON.parse(fs.readFileSync(settings, "utf8"));
  assert.equal(wired.env.MY_VAR, "kept");
  assert.equal(wired.hooks.UserPromptSubmit[0].hooks[0].command, `node --preserve-symlinks-main ${REPO}/dist/hooks/user-prompt-submit.cjs --host claude`);

  const found = await runUntil(host.bin, ["-p", PROMPT], { cwd: world.project, env: claudeEnv(world, { slowMcpStart: true }), timeoutMs: 360_000 }, () => evidence(world));
  assert.ok(found.block.includes(RELEVANT_CARD), `the block for this prompt names ${RELEVANT_CARD}:\n${found.block}`);
  assert.ok(found.blobHasBlock);
  for (const name of commandNames()) assert.match(found.commands, new RegExp(`\\b${name}:`), `Claude lists the installed /${name}`);
  t.diagnostic(`Claude recorded the hook as ${found.attachmentType}; ${Buffer.byteLength(found.block)} bytes reached the api-request-blob`);
  assertMemoryTools(found);

  // Claude's own view of the registration, health-checked (it starts the server and lists it as connected).
  const get = spawnSync(host.bin, ["mcp", "get", "memctl"], { cwd: world.project, env: claudeEnv(world), encoding: "utf8", timeout: 300_000 });
  assert.equal(get.status, 0, get.stdout + get.stderr);
  assert.match(get.stdout, /Scope: User config/);
  assert.match(get.stdout, /Status: ✔ Connected/);
  assert.ok(get.stdout.includes(`Args: ${REPO}/dist/cli.js mcp --actor host:claude`), get.stdout);

  // Claude Code has rewritten ~/.claude.json meanwhile; uninstall takes out our key and not one other byte.
  const claudeWrote = JSON.parse(fs.readFileSync(claudeJson, "utf8")) as Record<string, unknown>;
  delete claudeWrote.mcpServers;
  const removed = memctl(world, ["uninstall", "claude"]);
  assert.equal(removed.status, 0, removed.stderr);
  assert.deepEqual(snapshot(watched), before);
  assert.equal(fs.readFileSync(claudeJson, "utf8"), JSON.stringify(claudeWrote, null, 2));
  removeWorld(world);
});

test("claude: the plugin from a marketplace that is a plain git clone injects memory and serves the memory tools, with no other step", {
  timeout: 600_000,
}, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("claude-marketplace");
  // What a user gets from the repository: its committed files only (no dist/, no node_modules, no npm run).
  const clone = path.join(world.dir, "clone");
  const cloned = spawnSync("git", ["clone", "--quiet", REPO, clone], { encoding: "utf8" });
  assert.equal(cloned.status, 0, cloned.stderr);
  assert.equal(fs.existsSync(path.join(clone, "node_modules")) || fs.existsSync(path.join(clone, "dist")), false);
  const claude = (args: string[]) => spawnSync(host.bin, args, { cwd: world.project, env: claudeEnv(world), encoding: "utf8", timeout: 300_000 });
  for (const args of [
    ["plugin", "validate", clone],
    ["plugin", "marketplace", "add", clone],
    ["plugin", "install", "memctl@memctl"],
  ]) {
    const r = claude(args);
    assert.equal(r.status, 0, `claude ${args.join(" ")}: ${r.stdout}${r.stderr}`);
  }
  assert.equal(JSON.parse(fs.readFileSync(path.join(world.home, ".claude", "settings.json"), "utf8")).hooks, undefined, "no settings.json hook: the plugin brings it");

  const found = await runUntil(host.bin, ["-p", PROMPT], { cwd: world.project, env: claudeEnv(world, { slowMcpStart: true }), timeoutMs: 360_000 }, () =>
    evidence(world, "mcp__plugin_memctl_memctl__"),
  );
  assert.ok(found.block.includes(RELEVANT_CARD), `the block for this prompt names ${RELEVANT_CARD}:\n${found.block}`);
  assert.ok(found.blobHasBlock, "the block is in the model-bound request");
  for (const name of commandNames()) assert.ok(found.commands.includes(`memctl:${name}`), `the plugin's /memctl:${name} is listed`);
  assertMemoryTools(found, "mcp__plugin_memctl_memctl__");
  // The plugin's MCP server as Claude starts it: from the plugin, as a host actor (reads, logs, proposes).
  const list = claude(["mcp", "list"]);
  assert.match(list.stdout, /plugin:memctl:memctl: node \S+\/dist\/cli\.mjs mcp --actor host:claude - ✔ Connected/, list.stdout + list.stderr);
  assert.ok(!list.stdout.includes(REPO), "the plugin runs from the clone Claude installed, not this checkout");
  removeWorld(world);
});

function assertMemoryTools(found: { tools: string[]; blobHasTools: boolean }, prefix = "mcp__memctl__"): void {
  for (const tool of ["memory_context", "memory_view", "memory_search", "memory_propose"]) {
    assert.ok(found.tools.includes(`${prefix}${tool}`), `the model is offered ${prefix}${tool}: ${found.tools.join(", ")}`);
  }
  assert.ok(found.blobHasTools, "the memory tools are named in the model-bound request");
}

function commandNames(): string[] {
  return filesUnder(path.join(REPO, "commands")).map((f) => path.basename(f, ".md"));
}

test("claude --scope project: .claude/settings.json in the project wires the hook; uninstall restores the project", { timeout: 600_000 }, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("claude-project");
  installMemctlAt(world, path.join(world.dir, "prefix"));
  const settings = path.join(world.project, ".claude", "settings.json");
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(settings, '{\n  "permissions": { "allow": ["Bash(npm test)"] }\n}\n');
  const mcpJson = path.join(world.project, ".mcp.json");
  const watched = [settings, mcpJson, ...commandNames().map((n) => path.join(world.project, ".claude", "commands", `${n}.md`))];
  const before = snapshot(watched);
  assert.equal(memctl(world, ["install", "claude", "--scope", "project"]).status, 0);
  assert.deepEqual(JSON.parse(fs.readFileSync(mcpJson, "utf8")).mcpServers.memctl, { type: "stdio", command: "memctl", args: ["mcp", "--actor", "host:claude"] });
  // What approving the project's .mcp.json server on first start records (Claude asks once; -p cannot ask).
  fs.writeFileSync(path.join(world.project, ".claude", "settings.local.json"), '{ "enabledMcpjsonServers": ["memctl"] }\n');
  const found = await runUntil(host.bin, ["-p", PROMPT], { cwd: world.project, env: claudeEnv(world), timeoutMs: 360_000 }, () => evidence(world));
  assert.ok(found.block.includes(RELEVANT_CARD));
  for (const name of commandNames()) assert.match(found.commands, new RegExp(`\\b${name}:`));
  assertMemoryTools(found);
  assert.equal(memctl(world, ["uninstall", "claude", "--scope", "project"]).status, 0);
  assert.deepEqual(snapshot(watched), before);
  removeWorld(world);
});
