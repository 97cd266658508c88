// memctl's MCP server registered by `memctl install claude|codex`: Claude's ~/.claude.json (only our key,
// every other byte kept) or the project's .mcp.json; Codex's marked [mcp_servers.memctl] table. Self-heal of
// stale registrations, refusal of unparsable files, and --status.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse as parseToml } from "smol-toml";
import { runHost, scopeStatus } from "../../install/engine.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";

// The shape Claude Code itself writes: two-space JSON, no trailing newline, per-project state with its own mcpServers.
const CLAUDE_JSON = JSON.stringify(
  {
    numStartups: 12,
    firstStartTime: "2026-11-01T10:00:00.000Z",
    userID: "abc123",
    projects: { "/work/app": { allowedTools: [], mcpServers: { local: { type: "stdio", command: "local-mcp", args: [] } }, hasTrustDialogAccepted: true } },
    oauthAccount: { emailAddress: "me@example.com" },
  },
  null,
  2,
);

/** smol-toml's tables have a null prototype; compare plain copies. */
const tomlOf = (text: string): unknown => JSON.parse(JSON.stringify(parseToml(text)));

const serverArgs = (pkg: string, ...extra: string[]) => [path.join(pkg, "dist/cli.js"), "mcp", ...extra];

test("claude user scope: mcpServers.memctl is spliced into ~/.claude.json, every other byte kept, and removed again", async () => {
  const f = makeFixture();
  const file = path.join(f.home, ".claude.json");
  write(file, CLAUDE_JSON);
  const result = await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  assert.equal(result.items.find((i) => i.file === file)?.action, "updated");
  const after = fs.readFileSync(file, "utf8");
  const entry = { type: "stdio", command: "node", args: serverArgs(f.pkg, "--actor", "host:claude") };
  assert.equal(after, CLAUDE_JSON.slice(0, -2) + `,\n  "mcpServers": ${JSON.stringify({ memctl: entry }, null, 2).replace(/\n/g, "\n  ")}\n}`);
  assert.deepEqual(scopeStatus(INSTALLERS.claude, f.ctx("user")).mcp, { file, state: "current" });
  // Claude Code rewrites the file between our runs (JSON.stringify of the whole object): our key survives it.
  const rewritten = JSON.stringify({ ...JSON.parse(after), numStartups: 13 }, null, 2);
  write(file, rewritten);
  assert.equal((await runHost(INSTALLERS.claude, f.ctx("user"), "install", false)).changed, false);
  await runHost(INSTALLERS.claude, f.ctx("user"), "uninstall", false);
  assert.equal(fs.readFileSync(file, "utf8"), CLAUDE_JSON.replace('"numStartups": 12', '"numStartups": 13'));
});

test("claude: an existing mcpServers object gets our entry beside the user's servers; CLAUDE_CONFIG_DIR moves the file", async () => {
  const f = makeFixture();
  const dir = path.join(f.dir, "claude-config");
  const file = path.join(dir, ".claude.json");
  const mine = '{\n  "mcpServers": {\n    "github": {\n      "command": "gh-mcp"\n    }\n  },\n  "theme": "dark"\n}\n';
  write(file, mine);
  const ctx = f.ctx("user", { io: { ...f.ctx("user").io, env: { PATH: "", CLAUDE_CONFIG_DIR: dir } } });
  await runHost(INSTALLERS.claude, ctx, "install", false);
  const servers = JSON.parse(fs.readFileSync(file, "utf8")).mcpServers;
  assert.deepEqual(Object.keys(servers), ["github", "memctl"]);
  assert.equal(fs.existsSync(path.join(f.home, ".claude.json")), false, "nothing in ~/.claude.json when CLAUDE_CONFIG_DIR is set");
  await runHost(INSTALLERS.claude, ctx, "uninstall", false);
  assert.equal(fs.readFileSync(file, "utf8"), mine);
});

test("claude project scope: the project's .mcp.json runs memctl from PATH in the project; a created .mcp.json is deleted on uninstall", async () => {
  const f = makeFixture();
  await runHost(INSTALLERS.claude, f.ctx("project"), "install", false);
  const file = path.join(f.project, ".mcp.json");
  assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), {
    mcpServers: { memctl: { type: "stdio", command: "memctl", args: ["mcp", "--actor", "host:claude"] } },
  });
  assert.equal(fs.existsSync(path.join(f.home, ".claude.json")), false, "user scope untouched");
  await runHost(INSTALLERS.claude, f.ctx("project"), "uninstall", false);
  assert.equal(fs.existsSync(file), false);
});

test("an unparsable ~/.claude.json is never overwritten, and no other file is written either", async () => {
  const f = makeFixture();
  write(path.join(f.home, ".claude.json"), '{ "numStartups": 3, "projects": { ');
  const before = f.snapshot();
  await assert.rejects(runHost(INSTALLERS.claude, f.ctx("user"), "install", false), (e: { code?: string }) => e.code === "E_CONFIG_PARSE");
  assert.deepEqual(f.snapshot(), before);
  const status = scopeStatus(INSTALLERS.claude, f.ctx("user"));
  assert.equal(status.state, "broken");
  assert.equal(status.mcp?.state, "broken");
});

test("claude self-heal: a stale or bare memctl registration shows as outdated and is rewritten in place", async () => {
  for (const stale of [
    { command: "node", args: ["/old/memctl/dist/cli.js", "mcp"] },
    { command: "npx", args: ["memctl", "mcp"] },
  ]) {
    const f = makeFixture();
    const file = path.join(f.home, ".claude.json");
    write(file, JSON.stringify({ userID: "u", mcpServers: { memctl: stale } }, null, 2));
    assert.equal(scopeStatus(INSTALLERS.claude, f.ctx("user")).mcp?.state, "outdated", JSON.stringify(stale));
    await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
    const value = JSON.parse(fs.readFileSync(file, "utf8"));
    assert.deepEqual(value.mcpServers.memctl.args, serverArgs(f.pkg, "--actor", "host:claude"));
    assert.equal(value.userID, "u");
  }
});

test("codex: [mcp_servers.memctl] is written as a marked table next to [features] hooks, and uninstall gives the file back", async () => {
  for (const scope of ["user", "project"] as const) {
    const f = makeFixture();
    const file = scope === "user" ? path.join(f.home, ".codex/config.toml") : path.join(f.project, ".codex/config.toml");
    const mine = 'model = "gpt-6" # mine\n\n[mcp_servers.github]\ncommand = "gh-mcp"\n';
    write(file, mine);
    await runHost(INSTALLERS.codex, f.ctx(scope), "install", false);
    const text = fs.readFileSync(file, "utf8");
    const value = tomlOf(text) as { features: { hooks: boolean }; mcp_servers: Record<string, { command: string; args: string[]; enabled: boolean }> };
    assert.equal(value.features.hooks, true);
    const expected = scope === "project" ? { command: "memctl", args: ["mcp", "--actor", "host:codex"] } : { command: "node", args: serverArgs(f.pkg, "--actor", "host:codex") };
    assert.deepEqual(value.mcp_servers.memctl, { ...expected, enabled: true });
    assert.match(text, new RegExp(`\\n\\[mcp_servers\\.memctl\\] # memctl-managed\\ncommand = "${expected.command}" # memctl-managed\\n`));
    assert.deepEqual(scopeStatus(INSTALLERS.codex, f.ctx(scope)).mcp, { file, state: "current" });
    await runHost(INSTALLERS.codex, f.ctx(scope), "uninstall", false);
    assert.equal(fs.readFileSync(file, "utf8"), mine, scope);
  }
});

test("codex self-heal: a bare [mcp_servers.memctl] from `codex mcp add` at a stale path is adopted; someone else's is refused", async () => {
  const f = makeFixture();
  const file = path.join(f.home, ".codex/config.toml");
  write(file, '[mcp_servers.memctl]\ncommand = "node"\nargs = ["/old/lib/node_modules/memctl/dist/cli.js", "mcp"]\n\n[mcp_servers.memctl.env]\nX = "1"\n\n[ui]\ntheme = "dark"\n');
  assert.equal(scopeStatus(INSTALLERS.codex, f.ctx("user")).mcp?.state, "missing");
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  const value = tomlOf(fs.readFileSync(file, "utf8")) as { mcp_servers: Record<string, unknown>; ui: unknown };
  assert.deepEqual(value.mcp_servers.memctl, { command: "node", args: serverArgs(f.pkg, "--actor", "host:codex"), enabled: true });
  assert.deepEqual(value.ui, { theme: "dark" });
  assert.equal(scopeStatus(INSTALLERS.codex, f.ctx("user")).state, "installed");

  const other = makeFixture();
  const theirs = path.join(other.home, ".codex/config.toml");
  write(theirs, '[mcp_servers.memctl]\ncommand = "python"\nargs = ["my_memory_server.py"]\n');
  const before = other.snapshot();
  await assert.rejects(runHost(INSTALLERS.codex, other.ctx("user"), "install", false), (e: { code?: string }) => e.code === "E_INSTALL_CONFLICT");
  assert.deepEqual(other.snapshot(), before);
});

test("status warns about a local-scope memctl server in ~/.claude.json that overrides ours in one project", async () => {
  const f = makeFixture();
  await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  assert.deepEqual(scopeStatus(INSTALLERS.claude, f.ctx("user")).warnings, []);
  const file = path.join(f.home, ".claude.json");
  const value = JSON.parse(fs.readFileSync(file, "utf8"));
  write(file, JSON.stringify({ ...value, projects: { "/work/app": { mcpServers: { memctl: { command: "node", args: ["/old/memctl/dist/cli.js", "mcp"] } } } } }, null, 2));
  const status = scopeStatus(INSTALLERS.claude, f.ctx("user"));
  assert.equal(status.state, "installed");
  assert.match(status.warnings[0]!, /local-scope "memctl" MCP server for \/work\/app .*claude mcp remove memctl -s local/);
});
