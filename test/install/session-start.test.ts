import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runHost } from "../../install/engine.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";

// SessionStart is wired next to UserPromptSubmit in Claude's settings.json and Codex's hooks.json (one edit of
// the file), an install from before it existed gains it; uninstall gives that older install back, and a second one takes both out.

for (const [host, file] of [
  ["claude", ".claude/settings.json"],
  ["codex", ".codex/hooks.json"],
] as const) {
  test(`${host}: install wires SessionStart to memctl hook session-start --host ${host}; an older install gains it; uninstall removes both`, async (t) => {
    const f = makeFixture();
    t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
    const hooksFile = path.join(f.home, file);
    const upsOnly = { hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: `node ${f.pkg}/dist/hooks/user-prompt-submit.cjs --host ${host}` }] }] } };
    write(hooksFile, JSON.stringify(upsOnly, null, 2) + "\n");
    await runHost(INSTALLERS[host], f.ctx("user"), "install", false);
    const wired = JSON.parse(fs.readFileSync(hooksFile, "utf8"));
    assert.deepEqual(wired.hooks.SessionStart, [{ hooks: [{ type: "command", command: `node ${f.pkg}/dist/cli.js hook session-start --host ${host}` }] }]);
    assert.equal(wired.hooks.UserPromptSubmit.length, 1);
    // Uninstall is the exact inverse of that install: the older install's file comes back as it was, and says so;
    // a second uninstall removes the older wiring too.
    const undone = await runHost(INSTALLERS[host], f.ctx("user"), "uninstall", false);
    assert.equal(fs.readFileSync(hooksFile, "utf8"), JSON.stringify(upsOnly, null, 2) + "\n");
    assert.ok(
      undone.notes.some((n) => n.includes(hooksFile) && /older memctl wiring/.test(n) && n.includes(`memctl uninstall ${host} --scope user`)),
      undone.notes.join("\n"),
    );
    const again = await runHost(INSTALLERS[host], f.ctx("user"), "uninstall", false);
    assert.deepEqual(again.notes, []);
    const after = fs.existsSync(hooksFile) ? JSON.parse(fs.readFileSync(hooksFile, "utf8")) : {};
    assert.equal(after.hooks?.SessionStart, undefined);
    assert.equal(JSON.stringify(after).includes("user-prompt-submit"), false);
  });
}

test("grok: the rules file asks for memory_overview once per session", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.grok, f.ctx("user"), "install", false);
  const rules = fs.readFileSync(path.join(f.home, ".grok/rules/memctl.md"), "utf8");
  assert.match(rules, /At the start of a session, call the memctl MCP tool `memory_overview`/);
  assert.match(rules, /hook session-start --host grok/);
});
