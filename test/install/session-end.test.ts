import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runHost, scopeStatus } from "../../install/engine.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture } from "./fixture.js";

// The end-of-session hook (capture into proposals) is wired with the others and uninstall takes it out again.

for (const [host, file] of [
  ["claude", ".claude/settings.json"],
  ["codex", ".codex/hooks.json"],
] as const) {
  test(`${host}: install wires SessionEnd to memctl hook session-end --host ${host}; uninstall removes it`, async (t) => {
    const f = makeFixture();
    t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
    await runHost(INSTALLERS[host], f.ctx("user"), "install", false);
    const wired = JSON.parse(fs.readFileSync(path.join(f.home, file), "utf8"));
    // Codex's SessionEnd default is 1 s: memctl's wiring asks for Codex's ceiling, 3 s.
    const handler = { type: "command", command: `node ${f.pkg}/dist/cli.js hook session-end --host ${host}`, ...(host === "codex" ? { timeout: 3 } : {}) };
    assert.deepEqual(wired.hooks.SessionEnd, [{ hooks: [handler] }]);
    await runHost(INSTALLERS[host], f.ctx("user"), "uninstall", false);
    const after = fs.existsSync(path.join(f.home, file)) ? fs.readFileSync(path.join(f.home, file), "utf8") : "";
    assert.doesNotMatch(after, /session-end/);
  });
}

test("codex: an older install's SessionEnd handler without a timeout is out of date, and install adds the timeout in place", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  const file = path.join(f.home, ".codex/hooks.json");
  const current = fs.readFileSync(file, "utf8");
  fs.writeFileSync(file, current.replace(/,\s*"timeout":\s*3/, ""));
  assert.equal(JSON.parse(fs.readFileSync(file, "utf8")).hooks.SessionEnd[0].hooks[0].timeout, undefined);
  assert.equal(scopeStatus(INSTALLERS.codex, f.ctx("user")).state, "out-of-date");
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  assert.equal(JSON.parse(fs.readFileSync(file, "utf8")).hooks.SessionEnd[0].hooks[0].timeout, 3);
  assert.equal(scopeStatus(INSTALLERS.codex, f.ctx("user")).state, "installed");
});

test("grok: install writes ~/.grok/hooks/memctl.json with the SessionEnd hook; uninstall removes it", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.grok, f.ctx("user"), "install", false);
  const file = path.join(f.home, ".grok/hooks/memctl.json");
  const hooks = JSON.parse(fs.readFileSync(file, "utf8"));
  assert.equal(hooks.hooks.SessionEnd[0].hooks[0].command, `node ${f.pkg}/dist/cli.js hook session-end --host grok`);
  await runHost(INSTALLERS.grok, f.ctx("user"), "uninstall", false);
  assert.equal(fs.existsSync(file), false);
});
