import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runHost, scopeStatus } from "../../install/engine.js";
import { installHost } from "../../install/install-host.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";
import { claudeSlug } from "../../lib/config/project.js";

// --status judges the wiring the user chose: the budget flags of the installed hook command count as chosen, and
// every fix it suggests keeps them.

const budget = { maxBytes: 1200, maxEntries: 8 };

test("an install made with budget flags is current, for every host that bakes them into its hook", async () => {
  for (const host of ["claude", "codex"] as const) {
    const f = makeFixture();
    await runHost(INSTALLERS[host], f.ctx("user", { budget }), "install", false);
    const again = await runHost(INSTALLERS[host], f.ctx("user", { budget }), "install", false);
    assert.equal(again.changed, false, `${host}: a repeat install changes nothing`);
    const status = scopeStatus(INSTALLERS[host], f.ctx("user"));
    assert.equal(status.state, "installed", `${host}: ${JSON.stringify(status.items)}`);
    assert.equal(status.fix, undefined);
    // Flags given to --status are the wiring asked about: other flags are out of date, with those flags as the fix.
    const other = scopeStatus(INSTALLERS[host], f.ctx("user", { budget: { maxBytes: 900 } }));
    assert.equal(other.state, "out-of-date");
    assert.equal(other.fix, `memctl install ${host} --scope user --max-bytes 900`);
  }
});

test("the fix for an out-of-date or broken install keeps the installed budget flags", async () => {
  const f = makeFixture();
  await runHost(INSTALLERS.claude, f.ctx("user", { budget }), "install", false);
  fs.rmSync(path.join(f.pkg, "commands/mem-log.md"));
  const stale = scopeStatus(INSTALLERS.claude, f.ctx("user"));
  assert.equal(stale.state, "out-of-date");
  assert.equal(stale.fix, "memctl install claude --scope user --max-bytes 1200 --max-entries 8");
  fs.rmSync(path.join(f.pkg, "dist/cli.js"));
  const broken = scopeStatus(INSTALLERS.claude, f.ctx("user"));
  assert.equal(broken.state, "broken");
  assert.match(broken.fix!, /then memctl install claude --scope user --max-bytes 1200 --max-entries 8$/);
});

test("the refusal to wire a second scope suggests --replace with the flags the user gave", async () => {
  const f = makeFixture();
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  await assert.rejects(installHost(INSTALLERS.codex, f.ctx("project", { budget }), { replace: false, dryRun: false }), (e: Error) =>
    e.message.includes('"memctl install codex --scope project --max-bytes 1200 --max-entries 8 --replace"'),
  );
});

test("claude --status warns when auto memory is on and the project's store is Claude's auto-memory folder", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  const legacy = path.join(f.home, ".claude", "projects", claudeSlug(f.project), "memory");
  write(path.join(legacy, "MEMORY.md"), "# Memory\n");
  await runHost(INSTALLERS.claude, f.ctx("user"), "install", false);
  assert.deepEqual(scopeStatus(INSTALLERS.claude, f.ctx("user")).warnings, [], "the install turned auto memory off");
  write(path.join(f.project, ".claude/settings.local.json"), '{ "autoMemoryEnabled": true }\n');
  const warning = scopeStatus(INSTALLERS.claude, f.ctx("user")).warnings.find((w) => /auto memory is on/.test(w));
  assert.ok(warning?.includes(legacy) && warning.includes('"autoMemoryEnabled": false'), warning);
});

test("claude at project scope alone: the local scope is not installed and nothing warns of double wiring", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(f.project, ".git", "info"), { recursive: true });
  await runHost(INSTALLERS.claude, f.ctx("project"), "install", false);
  // The project install keeps auto memory off in the local scope's file (and git-excludes it): no local wiring.
  assert.match(fs.readFileSync(path.join(f.project, ".claude/settings.local.json"), "utf8"), /"autoMemoryEnabled": false/);
  const project = scopeStatus(INSTALLERS.claude, f.ctx("project"));
  assert.equal(project.state, "installed", JSON.stringify(project.items));
  assert.deepEqual(project.warnings, []);
  const local = scopeStatus(INSTALLERS.claude, f.ctx("local"));
  assert.equal(local.state, "not-installed", JSON.stringify(local.items));
  assert.deepEqual(local.warnings, []);
  // A real local wiring over it (runHost, past install's refusal) is still seen, with the double wiring.
  await runHost(INSTALLERS.claude, f.ctx("local"), "install", false);
  const both = scopeStatus(INSTALLERS.claude, f.ctx("local"));
  assert.equal(both.state, "installed");
  assert.match(both.warnings.join("\n"), /also wired at project scope/);
});
