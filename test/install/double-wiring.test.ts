import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runHost, scopeStatus } from "../../install/engine.js";
import { installHost } from "../../install/install-host.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";

// Two scopes wired = two blocks per prompt (and two MCP entries Claude calls conflicting): install refuses with
// what to do, --replace moves the wiring, and --status names it.
for (const host of ["claude", "codex", "opencode"] as const) {
  test(`${host}: a project install over a user-scope wiring is refused, nothing written; --replace moves it`, async (t) => {
    const f = makeFixture();
    t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
    await runHost(INSTALLERS[host], f.ctx("user"), "install", false);
    const before = f.snapshot();
    await assert.rejects(installHost(INSTALLERS[host], f.ctx("project"), { replace: false, dryRun: false }), (e: { code?: string; message: string }) => {
      assert.equal(e.code, "E_INSTALL_CONFLICT");
      assert.match(e.message, /user scope/);
      assert.match(e.message, /--replace/);
      return true;
    });
    assert.deepEqual(f.snapshot(), before, "nothing written");
    const results = await installHost(INSTALLERS[host], f.ctx("project"), { replace: true, dryRun: false });
    assert.equal(results.length, 2);
    assert.equal(scopeStatus(INSTALLERS[host], f.ctx("user")).state, "not-installed");
    assert.equal(scopeStatus(INSTALLERS[host], f.ctx("project")).state, "installed");
  });
}

test("claude: a project install over a local-scope wiring is refused, though both write settings.local.json; --replace moves it", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(f.project, ".git", "info"), { recursive: true });
  await runHost(INSTALLERS.claude, f.ctx("local"), "install", false);
  const before = f.snapshot();
  await assert.rejects(installHost(INSTALLERS.claude, f.ctx("project"), { replace: false, dryRun: false }), (e: { code?: string; message: string }) => {
    assert.equal(e.code, "E_INSTALL_CONFLICT");
    assert.match(e.message, /local scope/);
    return true;
  });
  assert.deepEqual(f.snapshot(), before, "nothing written");
  await installHost(INSTALLERS.claude, f.ctx("project"), { replace: true, dryRun: false });
  assert.equal(scopeStatus(INSTALLERS.claude, f.ctx("local")).state, "not-installed");
  assert.equal(scopeStatus(INSTALLERS.claude, f.ctx("project")).state, "installed");
  assert.match(fs.readFileSync(path.join(f.project, ".claude/settings.local.json"), "utf8"), /"autoMemoryEnabled": false/, "auto memory stays off");
});

test("status reports a host wired at two scopes (wired by hand or by an older memctl)", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  await runHost(INSTALLERS.codex, f.ctx("project"), "install", false);
  for (const scope of ["user", "project"] as const) {
    assert.ok(
      scopeStatus(INSTALLERS.codex, f.ctx(scope)).warnings.some((w) => /twice/.test(w) && /user and project/.test(w)),
      JSON.stringify(scopeStatus(INSTALLERS.codex, f.ctx(scope)).warnings),
    );
  }
});

test("pm-dispatch's guard-inject-memory.sh already injecting memory: install refuses, status warns", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  const settings = path.join(f.project, ".claude/settings.json");
  write(settings, '{ "hooks": { "UserPromptSubmit": [ { "hooks": [ { "type": "command", "command": "bash .claude/hooks/guard-inject-memory.sh" } ] } ] } }\n');
  await assert.rejects(installHost(INSTALLERS.claude, f.ctx("user"), { replace: false, dryRun: false }), /guard-inject-memory\.sh/);
  await assert.rejects(installHost(INSTALLERS.claude, f.ctx("user"), { replace: true, dryRun: false }), /guard-inject-memory\.sh/);
  await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  assert.ok(scopeStatus(INSTALLERS.claude, f.ctx("user")).warnings.some((w) => w.includes("guard-inject-memory.sh")));
});

// The memctl plugin and an install both run the hooks: install says so when it wires the second one (the hooks'
// session state keeps it to one block meanwhile), and --status keeps saying it, with each host's own command.
const PLUGIN_ENABLED = {
  claude: (f: ReturnType<typeof makeFixture>) => write(path.join(f.project, ".claude/settings.json"), '{ "enabledPlugins": { "memctl@memctl": true } }\n'),
  codex: (f: ReturnType<typeof makeFixture>) =>
    write(path.join(f.home, ".codex/config.toml"), '[marketplaces.memctl]\nsource = "/x"\n\n[plugins."memctl@memctl"]\nenabled = true\n\n[plugins."other@x"]\nenabled = true\n'),
};
for (const host of ["claude", "codex"] as const) {
  test(`${host}: install with the memctl plugin enabled warns at once and --status names the plugin, with the command that turns it off`, async (t) => {
    const f = makeFixture();
    t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
    PLUGIN_ENABLED[host](f);
    const [result] = await installHost(INSTALLERS[host], f.ctx("user"), { replace: false, dryRun: false });
    const disable = host === "claude" ? "claude plugin disable memctl@memctl" : "codex plugin remove memctl@memctl";
    const warning = result!.notes.find((n) => n.startsWith("warning: the memctl plugin is enabled too"));
    assert.ok(warning, result!.notes.join("\n"));
    assert.ok(warning.includes(disable) && warning.includes(`memctl uninstall ${host} --scope user`), warning);
    assert.ok(!warning.includes("other@x"));
    assert.ok(scopeStatus(INSTALLERS[host], f.ctx("user")).warnings.some((w) => w.includes(disable)));
  });
}

test("codex: a memctl plugin with enabled = false, or no plugin, is no warning", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  write(path.join(f.home, ".codex/config.toml"), '[plugins."memctl@memctl"]\nenabled = false\n');
  const [result] = await installHost(INSTALLERS.codex, f.ctx("user"), { replace: false, dryRun: false });
  assert.ok(!result!.notes.some((n) => n.includes("plugin is enabled")));
  assert.ok(!scopeStatus(INSTALLERS.codex, f.ctx("user")).warnings.some((w) => w.includes("plugin")));
});
