import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { memctlStateHome } from "../../lib/store/paths.js";
import type { HostName, Scope } from "../../install/context.js";
import { runHost } from "../../install/engine.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";

// Uninstall is the exact inverse of install: every file memctl touched comes back byte for byte (a missing
// final newline included) and every directory memctl created is gone again, and no directory it did not create.

type Fixture = ReturnType<typeof makeFixture>;

async function roundTrip(f: Fixture, host: HostName, scope: Scope, env: Record<string, string> = {}): Promise<void> {
  const ctx = f.ctx(scope);
  Object.assign(ctx.io.env, env);
  const before = f.snapshot();
  await runHost(INSTALLERS[host], ctx, "install", false);
  await runHost(INSTALLERS[host], ctx, "uninstall", false);
  assert.deepEqual(f.snapshot(), before, `${host} (${scope}): same files, same bytes, same folders`);
}

test("codex and grok: AGENTS.md and config.toml without a final newline come back without one", async () => {
  for (const scope of ["user", "project"] as Scope[]) {
    const f = makeFixture();
    const codex = scope === "user" ? path.join(f.home, ".codex") : path.join(f.project, ".codex");
    write(path.join(codex, "config.toml"), 'model = "gpt-6"');
    write(scope === "user" ? path.join(codex, "AGENTS.md") : path.join(f.project, "AGENTS.md"), "# My rules\n\nBe terse.");
    write(path.join(scope === "user" ? f.home : f.project, ".grok", "config.toml"), "[ui]\ntheme = 'dark'");
    await roundTrip(f, "codex", scope);
    await roundTrip(f, "grok", scope);
    if (scope === "project") await roundTrip(f, "generic", scope);
  }
});

test("~/.claude.json comes back as it was, also on a second install after its first backup went stale", async () => {
  const f = makeFixture();
  const claudeJson = path.join(f.home, ".claude.json");
  write(claudeJson, '{"numStartups": 1, "mcpServers": {}}');
  await roundTrip(f, "claude", "user");
  // Claude Code rewrites its file between sessions; the next install starts from what is there now.
  write(claudeJson, '{"numStartups": 3}');
  await roundTrip(f, "claude", "user");
  assert.equal(fs.readFileSync(claudeJson, "utf8"), '{"numStartups": 3}');
});

test("a settings.json holding only an old bare memctl hook is healed by install and put back by uninstall", async () => {
  for (const text of [
    '{\n  "hooks": {\n    "UserPromptSubmit": [\n      { "hooks": [ { "type": "command", "command": "npx memctl hook user-prompt-submit" } ] }\n    ]\n  }\n}\n',
    '{ "model": "opus", "hooks": { "UserPromptSubmit": [ { "hooks": [ { "type": "command", "command": "node {pkg}/dist/hooks/user-prompt-submit.cjs" } ] } ] } }',
  ]) {
    const f = makeFixture();
    const settings = path.join(f.home, ".claude", "settings.json");
    write(settings, text.replace("{pkg}", f.pkg));
    const before = f.snapshot();
    await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
    assert.match(fs.readFileSync(settings, "utf8"), /--preserve-symlinks-main .* --host claude"/, "install healed the line");
    await runHost(INSTALLERS.claude, f.ctx("user"), "uninstall", false);
    assert.deepEqual(f.snapshot(), before, "the file as it was, not deleted, no empty UserPromptSubmit list");
  }
});

test("the folders memctl created go, wherever the host keeps its config; a folder the user had stays, even empty", async () => {
  const f = makeFixture();
  const elsewhere = path.join(f.dir, "elsewhere");
  fs.mkdirSync(elsewhere);
  // CLAUDE_CONFIG_DIR and XDG_CONFIG_HOME outside HOME: commands/ and plugin/ are created there.
  const env = { CLAUDE_CONFIG_DIR: path.join(elsewhere, "claude"), XDG_CONFIG_HOME: path.join(elsewhere, "xdg"), CODEX_HOME: path.join(elsewhere, "codex") };
  for (const host of ["claude", "opencode", "codex"] as HostName[]) {
    const ctx = f.ctx("user");
    Object.assign(ctx.io.env, env);
    await runHost(INSTALLERS[host], ctx, "install", false);
    await runHost(INSTALLERS[host], ctx, "uninstall", false);
    assert.deepEqual(fs.readdirSync(elsewhere), [], `${host}: nothing left in ${elsewhere}`);
  }
  assert.deepEqual(fs.readdirSync(f.home), [], "nothing left in HOME either");

  const g = makeFixture();
  fs.mkdirSync(path.join(g.home, ".claude"));
  fs.mkdirSync(path.join(g.home, ".config", "opencode"), { recursive: true });
  fs.mkdirSync(path.join(g.project, ".opencode"));
  await roundTrip(g, "claude", "user");
  await roundTrip(g, "opencode", "user");
  await roundTrip(g, "opencode", "project");
});

test("every host and scope round-trips files without final newlines byte for byte", async () => {
  for (const scope of ["user", "project"] as Scope[]) {
    for (const host of Object.keys(INSTALLERS) as HostName[]) {
      const f = makeFixture();
      const base = scope === "user" ? f.home : f.project;
      write(path.join(base, ".claude", "settings.json"), '{"model": "opus"}');
      write(path.join(scope === "user" ? f.home : f.project, scope === "user" ? ".claude.json" : ".mcp.json"), '{"numStartups": 3}');
      write(path.join(scope === "user" ? path.join(f.home, ".codex") : f.project, "AGENTS.md"), "# mine");
      write(path.join(base, ".codex", "config.toml"), "model = 'x'");
      write(path.join(base, ".codex", "hooks.json"), '{"hooks": {}}');
      write(path.join(base, ".grok", "config.toml"), "a = 1");
      write(scope === "user" ? path.join(f.home, ".config", "opencode", "opencode.json") : path.join(f.project, "opencode.json"), '{"theme": "x"}');
      await roundTrip(f, host, scope);
    }
  }
});

test("an install an older memctl made (no install record) still uninstalls byte for byte, final newline included", async () => {
  const f = makeFixture();
  write(path.join(f.home, ".codex", "config.toml"), 'model = "gpt-6"');
  write(path.join(f.home, ".codex", "AGENTS.md"), "# mine");
  const before = f.snapshot();
  const ctx = f.ctx("user");
  await runHost(INSTALLERS.codex, ctx, "install", false);
  // What an older memctl left: the backups, and no record of what it wrote.
  fs.rmSync(path.join(memctlStateHome(ctx.io), "installs"), { recursive: true, force: true });
  await runHost(INSTALLERS.codex, ctx, "uninstall", false);
  assert.deepEqual(f.snapshot(), before);
});

test("a file the user changed after install keeps the user's change; only memctl's part goes", async () => {
  const f = makeFixture();
  const settings = path.join(f.home, ".claude", "settings.json");
  write(settings, '{\n  "model": "opus"\n}\n');
  await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  fs.writeFileSync(settings, fs.readFileSync(settings, "utf8").replace('"model": "opus"', '"model": "sonnet"'));
  await runHost(INSTALLERS.claude, f.ctx("user"), "uninstall", false);
  assert.equal(fs.readFileSync(settings, "utf8"), '{\n  "model": "sonnet"\n}\n');
});

test("a file memctl created that the user then added to, re-installed with other flags, keeps the user's part on uninstall", async () => {
  const f = makeFixture();
  const settings = path.join(f.home, ".claude", "settings.json");
  await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  fs.writeFileSync(settings, fs.readFileSync(settings, "utf8").replace(/^\{/, '{\n  "model": "opus",'));
  await runHost(INSTALLERS.claude, f.ctx("user", { budget: { maxBytes: 900 } }), "install", false);
  await runHost(INSTALLERS.claude, f.ctx("user"), "uninstall", false);
  assert.deepEqual(JSON.parse(fs.readFileSync(settings, "utf8")), { model: "opus" });
});
