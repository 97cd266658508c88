import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runHost, scopeStatus } from "../../install/engine.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";

// Claude's project and local scopes both write .claude/settings.local.json (the project scope its machine-only
// "autoMemoryEnabled": false, the local scope its hooks and the same setting). Wired at both (by hand, or by an
// older memctl: install itself refuses the second), uninstalling one scope takes out only what it wrote.
for (const own of [null, '{\n  "permissions": { "allow": ["Bash(ls:*)"] }\n}\n']) {
  for (const first of ["local", "project"] as const) {
    const second = first === "local" ? "project" : "local";
    test(`claude project + local, ${own === null ? "no settings.local.json of the user's" : "the user's own settings.local.json"}: uninstall ${first}, ${second} keeps its part; uninstall both, the user's bytes are back`, async (t) => {
      const f = makeFixture();
      t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
      fs.mkdirSync(path.join(f.project, ".git", "info"), { recursive: true });
      const localFile = path.join(f.project, ".claude/settings.local.json");
      if (own !== null) write(localFile, own);
      const before = f.snapshot();
      await runHost(INSTALLERS.claude, f.ctx("project"), "install", false);
      await runHost(INSTALLERS.claude, f.ctx("local"), "install", false);
      await runHost(INSTALLERS.claude, f.ctx(first), "uninstall", false);
      assert.equal(scopeStatus(INSTALLERS.claude, f.ctx(first)).state, "not-installed");
      assert.equal(scopeStatus(INSTALLERS.claude, f.ctx(second)).state, "installed", `${second} still works`);
      const left = JSON.parse(fs.readFileSync(localFile, "utf8"));
      assert.equal(left.autoMemoryEnabled, false, `${second}'s setting remains`);
      if (own !== null) assert.deepEqual(left.permissions, { allow: ["Bash(ls:*)"] });
      await runHost(INSTALLERS.claude, f.ctx(second), "uninstall", false);
      assert.deepEqual(f.snapshot(), before, "every file as it was before either install, byte for byte");
    });
  }
}

test("claude local: a key the user added to settings.local.json after the install keeps the file; only memctl's entries go", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  fs.mkdirSync(path.join(f.project, ".git", "info"), { recursive: true });
  const localFile = path.join(f.project, ".claude/settings.local.json");
  await runHost(INSTALLERS.claude, f.ctx("local"), "install", false);
  const installed = JSON.parse(fs.readFileSync(localFile, "utf8"));
  fs.writeFileSync(localFile, `${JSON.stringify({ ...installed, model: "opus" }, null, 2)}\n`);
  await runHost(INSTALLERS.claude, f.ctx("local"), "uninstall", false);
  assert.deepEqual(JSON.parse(fs.readFileSync(localFile, "utf8")), { model: "opus" });
});
