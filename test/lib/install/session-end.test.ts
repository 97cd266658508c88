import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runHost } from "../../../lib/install/engine.js";
import { INSTALLERS } from "../../../lib/install/registry.js";
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
    assert.deepEqual(wired.hooks.SessionEnd, [{ hooks: [{ type: "command", command: `node ${f.pkg}/dist/cli.js hook session-end --host ${host}` }] }]);
    await runHost(INSTALLERS[host], f.ctx("user"), "uninstall", false);
    const after = fs.existsSync(path.join(f.home, file)) ? fs.readFileSync(path.join(f.home, file), "utf8") : "";
    assert.doesNotMatch(after, /session-end/);
  });
}

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
