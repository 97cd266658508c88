import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { backupsDir, LEGACY_BACKUP_SUFFIX } from "../../install/apply.js";
import type { HostName, Scope } from "../../install/context.js";
import { runHost, scopeStatus } from "../../install/engine.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";

/** Pre-existing user config of every kind, so each round trip proves other entries survive byte for byte. */
function seedUserConfig(f: ReturnType<typeof makeFixture>): void {
  write(path.join(f.home, ".claude/settings.json"), '{\n  // my settings\n  "model": "opus",\n  "permissions": {"allow": ["Bash(ls)"]}\n}\n');
  write(path.join(f.home, ".codex/config.toml"), 'model = "gpt-6" # mine\n\n[features]\nmemories = false\n');
  write(path.join(f.home, ".codex/AGENTS.md"), "# My rules\n\nBe terse.\n");
  write(path.join(f.home, ".codex/hooks.json"), '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ] } }\n');
  write(path.join(f.home, ".grok/user-settings.json"), '{"apiKey":"k"}\n');
  write(path.join(f.home, ".grok/config.toml"), "[marketplace]\ndefault_skills_installs_purged = true\n");
  write(
    path.join(f.home, ".config/opencode/opencode.jsonc"),
    '{\n  "$schema": "https://opencode.ai/config.json",\n  // my servers\n  "mcp": { "other": { "type": "remote", "url": "https://x" } }\n}\n',
  );
  write(path.join(f.project, "AGENTS.md"), "# Project rules\n");
  write(path.join(f.project, ".claude/settings.json"), '{\n\t"hooks": {}\n}\n');
  write(path.join(f.home, ".claude.json"), '{\n  "numStartups": 4,\n  "mcpServers": {},\n  "projects": {\n    "/w": {\n      "mcpServers": {}\n    }\n  }\n}');
  write(path.join(f.project, ".mcp.json"), '{ "mcpServers": { "db": { "command": "db-mcp", "args": [] } } }\n');
}

const withoutBackups = (m: Map<string, string>) => new Map([...m].filter(([k]) => !k.endsWith(LEGACY_BACKUP_SUFFIX)));

/** The files install kept a backup of (each backup folder's `source`), and the backups' paths. */
function keptBackups(dir: string): { sources: string[]; copies: string[] } {
  if (!fs.existsSync(dir)) return { sources: [], copies: [] };
  const folders = fs.readdirSync(dir).map((d) => path.join(dir, d));
  return {
    sources: folders.map((d) => fs.readFileSync(path.join(d, "source"), "utf8").trim()),
    copies: folders.flatMap((d) =>
      fs
        .readdirSync(d)
        .filter((f) => f !== "source")
        .map((f) => path.join(d, f)),
    ),
  };
}

for (const scope of ["user", "project"] as Scope[]) {
  for (const host of Object.keys(INSTALLERS) as HostName[]) {
    test(`${host} (${scope}): install, second install is a no-op, uninstall restores every file byte for byte`, async () => {
      const f = makeFixture();
      seedUserConfig(f);
      const before = f.snapshot();
      const first = await runHost(INSTALLERS[host], f.ctx(scope), "install", false);
      if (!(host === "generic" && scope === "user")) assert.ok(first.changed, "first install changes something");
      assert.equal(scopeStatus(INSTALLERS[host], f.ctx(scope)).state, host === "generic" && scope === "user" ? "not-installed" : "installed");
      for (const item of first.items.filter((i) => i.action === "updated")) {
        assert.equal(fs.readFileSync(item.backup!, "utf8"), before.get(item.file), "the first change keeps a backup");
      }
      const second = await runHost(INSTALLERS[host], f.ctx(scope), "install", false);
      assert.equal(second.changed, false);
      assert.ok(second.items.every((i) => i.action === "unchanged"));
      await runHost(INSTALLERS[host], f.ctx(scope), "uninstall", false);
      assert.deepEqual(withoutBackups(f.snapshot()), before, "same files and folders, same bytes");
      assert.deepEqual(
        [...f.snapshot().keys()].filter((k) => k.endsWith(LEGACY_BACKUP_SUFFIX)),
        [],
        "no backup beside the files",
      );
      const kept = keptBackups(backupsDir(f.ctx(scope).io));
      for (const source of kept.sources) assert.ok(before.has(source), `only files the user had are backed up: ${source}`);
      for (const item of first.items.filter((i) => i.action === "updated")) assert.ok(kept.copies.includes(item.backup!), `${item.backup} is in the backups folder`);
      assert.equal(f.snapshot().get(path.join(f.home, ".grok/user-settings.json")), '{"apiKey":"k"}\n', "community grok-cli settings untouched");
    });
  }
}

test("claude writes the hook as node --preserve-symlinks-main <abs>/dist/hooks/user-prompt-submit.cjs --host claude with budget flags, and renders the commands", async () => {
  const f = makeFixture();
  await runHost(INSTALLERS.claude, f.ctx("user", { budget: { maxBytes: 1200, maxEntries: 8 } }), "install", false);
  const settings = JSON.parse(fs.readFileSync(path.join(f.home, ".claude/settings.json"), "utf8"));
  assert.equal(
    settings.hooks.UserPromptSubmit[0].hooks[0].command,
    `node --preserve-symlinks-main ${f.pkg}/dist/hooks/user-prompt-submit.cjs --host claude --max-bytes 1200 --max-entries 8`,
  );
  const recall = fs.readFileSync(path.join(f.home, ".claude/commands/mem-recall.md"), "utf8");
  assert.match(recall, /^---\n# memctl-managed[^\n]*\ndescription: Recall project memory about a topic\n/);
  assert.match(recall, /\$ARGUMENTS/);
});

test("codex: skills per command without $ARGUMENTS, AGENTS.md contract, features flag, and the trust note", async () => {
  const f = makeFixture();
  const result = await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  const skill = fs.readFileSync(path.join(f.home, ".agents/skills/mem-recall/SKILL.md"), "utf8");
  assert.match(skill, /\nname: "mem-recall"\ndescription: "Recall project memory about a topic"\n/);
  assert.doesNotMatch(skill, /\$ARGUMENTS/);
  const agents = fs.readFileSync(path.join(f.home, ".codex/AGENTS.md"), "utf8");
  assert.match(agents, /never write Codex's native memories/i);
  assert.match(fs.readFileSync(path.join(f.home, ".codex/config.toml"), "utf8"), /^\[features\] # memctl-managed\nhooks = true/);
  assert.ok(result.notes.some((n) => n.includes("/hooks") && n.includes("never writes trust hashes")));
});

test("opencode: the user-scope shim imports the packaged plugin by absolute path; the committed one finds it through memctl-hook on PATH", async () => {
  const f = makeFixture();
  await runHost(INSTALLERS.opencode, f.ctx("user"), "install", false);
  const shim = fs.readFileSync(path.join(f.home, ".config/opencode/plugin/memctl.ts"), "utf8");
  assert.ok(shim.includes(`from ${JSON.stringify(path.join(f.pkg, "dist/hooks/opencode-plugin.mjs"))}`));
  assert.ok(shim.includes(`"hook":${JSON.stringify(path.join(f.pkg, "dist/hooks/user-prompt-submit.cjs"))}`));
  await runHost(INSTALLERS.opencode, f.ctx("project"), "install", false);
  const committed = fs.readFileSync(path.join(f.project, ".opencode/plugin/memctl.ts"), "utf8");
  assert.ok(committed.includes('"memctl-hook"') && !committed.includes(f.pkg));
  assert.ok(fs.existsSync(path.join(f.project, ".opencode/commands/mem-log.md")));
});

test("--dry-run writes nothing and returns a diff per changed file", async () => {
  const f = makeFixture();
  seedUserConfig(f);
  const before = f.snapshot();
  const result = await runHost(INSTALLERS.codex, f.ctx("user"), "install", true);
  assert.deepEqual(f.snapshot(), before);
  const toml = result.items.find((i) => i.file.endsWith("config.toml"))!;
  assert.match(toml.diff!, /\+hooks = true # memctl-managed/);
});

test("a config that does not parse is never overwritten, and nothing else is written either", async () => {
  const f = makeFixture();
  write(path.join(f.home, ".claude/settings.json"), '{ "model": "opus", }} broken');
  const before = f.snapshot();
  await assert.rejects(runHost(INSTALLERS.claude, f.ctx("user"), "install", false), (e: { code?: string }) => e.code === "E_CONFIG_PARSE");
  assert.deepEqual(f.snapshot(), before);
  const status = scopeStatus(INSTALLERS.claude, f.ctx("user"));
  assert.equal(status.state, "broken");
  assert.match(status.fix!, /not valid JSON/);
});

test("a user's own file where a command would go is a conflict, not an overwrite", async () => {
  const f = makeFixture();
  write(path.join(f.home, ".claude/commands/mem-log.md"), "my own command\n");
  const before = f.snapshot();
  await assert.rejects(runHost(INSTALLERS.claude, f.ctx("user"), "install", false), (e: { code?: string }) => e.code === "E_INSTALL_CONFLICT");
  assert.deepEqual(f.snapshot(), before);
});

test("status: not installed → installed → out of date (moved package, stale command) → reinstall converges", async () => {
  const f = makeFixture();
  assert.equal(scopeStatus(INSTALLERS.claude, f.ctx("user")).state, "not-installed");
  await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  assert.equal(scopeStatus(INSTALLERS.claude, f.ctx("user")).state, "installed");
  fs.rmSync(path.join(f.pkg, "commands/mem-log.md"));
  const stale = scopeStatus(INSTALLERS.claude, f.ctx("user"));
  assert.equal(stale.state, "out-of-date");
  assert.equal(stale.fix, "memctl install claude --scope user");
  const rerun = await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  assert.ok(rerun.items.some((i) => i.action === "removed" && i.file.endsWith("mem-log.md")));
  assert.equal(scopeStatus(INSTALLERS.claude, f.ctx("user")).state, "installed");
  fs.rmSync(path.join(f.pkg, "dist/hooks/user-prompt-submit.cjs"));
  assert.equal(scopeStatus(INSTALLERS.claude, f.ctx("user")).state, "broken");
  await assert.rejects(runHost(INSTALLERS.claude, f.ctx("user"), "install", false), /build memctl first/);
});

test("re-installing with other budget flags updates the hook in place; uninstall still removes a file memctl created", async () => {
  const f = makeFixture();
  await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  const update = await runHost(INSTALLERS.claude, f.ctx("user", { budget: { maxBytes: 900 } }), "install", false);
  const settings = path.join(f.home, ".claude/settings.json");
  assert.equal(update.items.find((i) => i.file === settings)!.action, "updated");
  assert.match(fs.readFileSync(settings, "utf8"), /--host claude --max-bytes 900"/);
  await runHost(INSTALLERS.claude, f.ctx("user"), "uninstall", false);
  // git init's own exclude file is the project's, not something memctl left.
  assert.deepEqual(
    [...f.snapshot().keys()].filter((k) => !k.endsWith(path.join(".git", "info", "exclude"))),
    [],
    "nothing left in the temp HOME or project",
  );
});

test("an old or bare wiring shows as out of date, and install rewrites it in place (self-heal)", async () => {
  for (const old of [
    "npx memctl hook user-prompt-submit",
    "node {pkg}/dist/hooks/user-prompt-submit.cjs",
    "node {pkg}/dist/hooks/user-prompt-submit.cjs --host claude",
    "node {pkg}/dist/hooks/user-prompt-submit.js --host claude",
    "node /usr/lib/node_modules/memctl/dist/hooks/user-prompt-submit.js --host claude",
  ]) {
    const f = makeFixture();
    const settings = path.join(f.home, ".claude/settings.json");
    const wiring = old.replace("{pkg}", f.pkg);
    write(settings, JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: wiring }] }] } }, null, 2) + "\n");
    const status = scopeStatus(INSTALLERS.claude, f.ctx("user"));
    assert.equal(status.items.find((i) => i.file === settings)!.state, "outdated", wiring);
    await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
    const commands = JSON.parse(fs.readFileSync(settings, "utf8")).hooks.UserPromptSubmit.flatMap((g: { hooks: { command: string }[] }) => g.hooks.map((h) => h.command));
    assert.deepEqual(commands, [`node --preserve-symlinks-main ${f.pkg}/dist/hooks/user-prompt-submit.cjs --host claude`], wiring);
  }
});

test("MCP servers are registered for OpenCode (mcp.memctl next to the user's servers) and Grok ([mcp_servers.memctl])", async () => {
  const f = makeFixture();
  write(path.join(f.home, ".config/opencode/opencode.jsonc"), '{\n  // mine\n  "mcp": { "other": { "type": "remote", "url": "https://x" } }\n}\n');
  await runHost(INSTALLERS.opencode, f.ctx("user"), "install", false);
  const oc = fs.readFileSync(path.join(f.home, ".config/opencode/opencode.jsonc"), "utf8");
  assert.match(oc, /\/\/ mine/);
  assert.match(oc, /"memctl": \{"type":"local","command":\["node",".*\/dist\/cli\.js","mcp","--actor","host:opencode"\],"enabled":true\}/);
  await runHost(INSTALLERS.grok, f.ctx("project"), "install", false);
  const toml = fs.readFileSync(path.join(f.project, ".grok/config.toml"), "utf8");
  assert.equal(
    toml,
    `[mcp_servers.memctl] # memctl-managed\ncommand = "memctl" # memctl-managed\nargs = ["mcp", "--actor", "host:grok"] # memctl-managed\nenabled = true # memctl-managed\n`,
  );
});

test("install warns when memctl runs from npx's cache or is not on PATH", async () => {
  const f = makeFixture();
  const npx = path.join(f.dir, ".npm", "_npx", "abc", "node_modules", "memctl");
  fs.cpSync(f.pkg, npx, { recursive: true });
  const result = await runHost(INSTALLERS.claude, f.ctx("user", { packageRoot: npx }), "install", false);
  assert.ok(result.notes.some((n) => n.includes("npx's cache")));
  assert.ok(result.notes.some((n) => n.includes("not on your PATH")));
});

test("status warns when the Claude Code plugin is enabled as well as the settings.json hook (double injection)", async () => {
  const f = makeFixture();
  await runHost(INSTALLERS.claude, f.ctx("project"), "install", false);
  assert.deepEqual(scopeStatus(INSTALLERS.claude, f.ctx("project")).warnings, []);
  write(path.join(f.home, ".claude/settings.json"), '{ "enabledPlugins": { "memctl@local": true } }\n');
  const status = scopeStatus(INSTALLERS.claude, f.ctx("project"));
  assert.equal(status.state, "installed");
  assert.match(status.warnings[0]!, /memctl@local.*twice/);
});

test("backups stay out of the project; an older memctl's backups beside the files still uninstall byte for byte, then move; --status lists them", async () => {
  const f = makeFixture();
  seedUserConfig(f);
  const before = f.snapshot();
  const ctx = f.ctx("project");
  const first = await runHost(INSTALLERS.codex, ctx, "install", false);
  const updated = first.items.filter((i) => i.action === "updated");
  assert.ok(updated.length > 0, "the seeded project has files install changes");
  assert.deepEqual(
    scopeStatus(INSTALLERS.codex, ctx).backups.map((b) => [b.file, b.backup, b.legacy]),
    updated.map((i) => [i.file, i.backup, false]),
    "--status lists each backup",
  );
  // What an older memctl left: the same backups, beside the files in the project.
  for (const i of updated) fs.renameSync(i.backup!, i.file + LEGACY_BACKUP_SUFFIX);
  fs.rmSync(backupsDir(ctx.io), { recursive: true });
  assert.ok(scopeStatus(INSTALLERS.codex, ctx).backups.every((b) => b.legacy && b.backup.endsWith(LEGACY_BACKUP_SUFFIX)));
  await runHost(INSTALLERS.codex, ctx, "install", true);
  assert.ok(
    scopeStatus(INSTALLERS.codex, ctx).backups.every((b) => b.legacy),
    "a dry run moves nothing",
  );
  await runHost(INSTALLERS.codex, ctx, "uninstall", false);
  assert.deepEqual(f.snapshot(), before, "same files and bytes, and no backup left in the project");
  assert.deepEqual(
    scopeStatus(INSTALLERS.codex, ctx).backups.map((b) => [b.file, b.legacy]),
    updated.map((i) => [i.file, false]),
    "the old backups moved to the backups folder, kept",
  );
});

test("a second install that changes nothing still moves an older memctl's backups out of the project", async () => {
  const f = makeFixture();
  seedUserConfig(f);
  const ctx = f.ctx("project");
  const before = f.snapshot();
  const first = await runHost(INSTALLERS.claude, ctx, "install", false);
  const updated = first.items.filter((i) => i.action === "updated");
  assert.ok(updated.length > 0);
  for (const i of updated) fs.renameSync(i.backup!, i.file + LEGACY_BACKUP_SUFFIX);
  const again = await runHost(INSTALLERS.claude, ctx, "install", false);
  assert.equal(again.changed, false);
  for (const i of updated) {
    assert.equal(fs.existsSync(i.file + LEGACY_BACKUP_SUFFIX), false, `${i.file}: nothing left beside it`);
    assert.equal(fs.readFileSync(i.backup!, "utf8"), before.get(i.file), `${i.file}: the moved backup is the original`);
  }
  assert.deepEqual(
    scopeStatus(INSTALLERS.claude, ctx).backups.map((b) => [b.file, b.backup, b.legacy]),
    updated.map((i) => [i.file, i.backup, false]),
  );
});
