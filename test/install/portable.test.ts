import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { budgetOfCommand } from "../../install/context.js";
import type { HostName } from "../../install/context.js";
import { runHost, scopeStatus } from "../../install/engine.js";
import { installHost } from "../../install/install-host.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";

// Project-scope files are committed and read on a teammate's machine: they may name no path of this one.
for (const host of Object.keys(INSTALLERS) as HostName[]) {
  test(`${host} (project): the files written name no path of this machine (package, node, project)`, async (t) => {
    const f = makeFixture();
    t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
    const result = await runHost(INSTALLERS[host], f.ctx("project"), "install", false);
    for (const item of result.items) {
      if (item.action === "unchanged" || item.action === "removed") continue;
      const text = fs.readFileSync(item.file, "utf8");
      for (const local of [f.pkg, f.dir, f.project, process.execPath]) assert.ok(!text.includes(local), `${item.file} names ${local}:\n${text}`);
    }
  });
}

test("claude (project): the hook runs memctl-hook from PATH and the MCP server runs memctl from PATH", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.claude, f.ctx("project"), "install", false);
  const settings = JSON.parse(fs.readFileSync(path.join(f.project, ".claude/settings.json"), "utf8"));
  assert.equal(settings.hooks.UserPromptSubmit[0].hooks[0].command, "if command -v memctl-hook >/dev/null 2>&1; then exec memctl-hook --host claude; fi");
  assert.equal(settings.hooks.SessionStart[0].hooks[0].command, "if command -v memctl >/dev/null 2>&1; then exec memctl hook session-start --host claude; fi");
  const mcp = JSON.parse(fs.readFileSync(path.join(f.project, ".mcp.json"), "utf8"));
  assert.deepEqual(mcp.mcpServers.memctl, { type: "stdio", command: "memctl", args: ["mcp", "--actor", "host:claude"] });
});

test("claude --scope local: the hook goes into the gitignored .claude/settings.local.json; uninstall restores it", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  write(path.join(f.project, ".claude/settings.local.json"), '{\n  "permissions": {}\n}\n');
  await runHost(INSTALLERS.claude, f.ctx("local"), "install", false);
  const local = JSON.parse(fs.readFileSync(path.join(f.project, ".claude/settings.local.json"), "utf8"));
  assert.match(local.hooks.UserPromptSubmit[0].hooks[0].command, /user-prompt-submit\.cjs --host claude$/);
  assert.ok(!fs.existsSync(path.join(f.project, ".claude/settings.json")), "the committed settings are untouched");
  await runHost(INSTALLERS.claude, f.ctx("local"), "uninstall", false);
  assert.equal(fs.readFileSync(path.join(f.project, ".claude/settings.local.json"), "utf8"), '{\n  "permissions": {}\n}\n');
});

// settings.local.json holds this machine's absolute paths: a `git add -A` must not commit it. Git's own per-clone
// exclude (never a committed file) ignores it; uninstall gives that file back byte for byte.
for (const scope of ["local", "project"] as const) {
  test(`claude --scope ${scope}: .claude/settings.local.json is ignored by git; uninstall restores git's exclude file`, async (t) => {
    const f = makeFixture();
    t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
    const exclude = path.join(f.project, ".git/info/exclude");
    const before = fs.existsSync(exclude) ? fs.readFileSync(exclude, "utf8") : null;
    const ignored = () => spawnSync("git", ["check-ignore", "-q", ".claude/settings.local.json"], { cwd: f.project }).status === 0;
    assert.equal(ignored(), false);
    await runHost(INSTALLERS.claude, f.ctx(scope), "install", false);
    assert.equal(fs.existsSync(path.join(f.project, ".claude/settings.local.json")), true);
    assert.equal(ignored(), true);
    assert.equal(fs.existsSync(path.join(f.project, ".gitignore")), false, "no committed file is added");
    await runHost(INSTALLERS.claude, f.ctx(scope), "install", false);
    assert.equal(
      fs
        .readFileSync(exclude, "utf8")
        .split("\n")
        .filter((l) => l.includes("settings.local.json")).length,
      1,
      "a second install adds nothing",
    );
    await runHost(INSTALLERS.claude, f.ctx(scope), "uninstall", false);
    assert.equal(fs.existsSync(exclude) ? fs.readFileSync(exclude, "utf8") : null, before);
  });
}

// A teammate who clones the project without memctl: the committed hooks run through sh as the hosts run them and
// say nothing (no `memctl-hook: not found`, exit 0); with memctl on PATH they run it, budget flags kept.
for (const host of ["claude", "codex"] as const) {
  test(`${host} (project): the committed hook commands exit 0 in silence where memctl is not installed, and run it where it is`, async (t) => {
    const f = makeFixture();
    t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
    const ctx = { ...f.ctx("project"), budget: { maxBytes: 900 } };
    await runHost(INSTALLERS[host], ctx, "install", false);
    const file = host === "claude" ? path.join(f.project, ".claude/settings.json") : path.join(f.project, ".codex/hooks.json");
    const hooks = JSON.parse(fs.readFileSync(file, "utf8")).hooks;
    const commands = [hooks.UserPromptSubmit[0].hooks[0].command, hooks.SessionStart[0].hooks[0].command] as string[];
    assert.deepEqual(budgetOfCommand(commands[0]!), { maxBytes: 900 }, "the budget flags survive the guard");
    const bin = path.join(f.dir, "bin");
    fs.mkdirSync(bin);
    const payload = JSON.stringify({ cwd: f.project, session_id: "s", prompt: "hello", source: "startup" });
    for (const command of commands) {
      const missing = spawnSync("/bin/sh", ["-c", command], { input: payload, env: { PATH: "/usr/bin:/bin" }, encoding: "utf8" });
      assert.deepEqual([missing.status, missing.stdout, missing.stderr], [0, "", ""], command);
    }
    // Installed: the same command reaches the bin (a stand-in that records its arguments).
    for (const name of ["memctl-hook", "memctl"]) fs.writeFileSync(path.join(bin, name), `#!/bin/sh\necho "${name} $*"\n`, { mode: 0o755 });
    const ran = commands.map((c) => spawnSync("/bin/sh", ["-c", c], { input: payload, env: { PATH: `${bin}:/usr/bin:/bin` }, encoding: "utf8" }).stdout.trim());
    assert.deepEqual(ran, [`memctl-hook --host ${host} --max-bytes 900`, `memctl hook session-start --host ${host}`]);
  });
}

// The committed settings change every teammate's Claude: `autoMemoryEnabled: false` goes into this machine's
// gitignored settings.local.json instead, and uninstall gives both files back byte for byte.
test("claude (project): autoMemoryEnabled: false goes into settings.local.json, never the committed settings.json; uninstall restores both", async (t) => {
  for (const local of [null, '{\n  "permissions": { "allow": [] }\n}\n']) {
    const f = makeFixture();
    t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
    const settingsFile = path.join(f.project, ".claude/settings.json");
    const localFile = path.join(f.project, ".claude/settings.local.json");
    if (local !== null) write(localFile, local);
    const before = f.snapshot();
    const result = await runHost(INSTALLERS.claude, f.ctx("project"), "install", false);
    const settings = JSON.parse(fs.readFileSync(settingsFile, "utf8"));
    assert.equal(settings.autoMemoryEnabled, undefined, "not in the committed file");
    assert.equal(JSON.parse(fs.readFileSync(localFile, "utf8")).autoMemoryEnabled, false);
    assert.ok(result.items.some((i) => i.file === localFile && /this machine only/.test(i.label)));
    // The local file's setting is the project install's own: no "also wired at local scope", a re-install is no conflict.
    assert.deepEqual(scopeStatus(INSTALLERS.claude, f.ctx("project")).warnings, []);
    assert.equal(scopeStatus(INSTALLERS.claude, f.ctx("project")).state, "installed");
    await installHost(INSTALLERS.claude, f.ctx("project"), { replace: false, dryRun: false });
    await runHost(INSTALLERS.claude, f.ctx("project"), "uninstall", false);
    assert.deepEqual(f.snapshot(), before);
  }
});
