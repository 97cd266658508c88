import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runHost, scopeStatus } from "../../../lib/install/engine.js";
import { INSTALLERS } from "../../../lib/install/registry.js";
import { makeFixture, write } from "./fixture.js";

test("codex: an installed hook nobody trusted is reported as not trusted, with the fix; a trusted one is not", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  const untrusted = scopeStatus(INSTALLERS.codex, f.ctx("user"));
  assert.equal(untrusted.state, "installed");
  assert.equal(untrusted.trust?.trusted, false);
  assert.match(untrusted.trust!.fix!, /open \/hooks/);
  const hooks = path.join(f.home, ".codex/hooks.json");
  const config = path.join(f.home, ".codex/config.toml");
  fs.appendFileSync(config, `\n[hooks.state."${hooks}:user_prompt_submit:0:0"]\ntrusted_hash = "sha256:00"\nenabled = true\n`);
  assert.deepEqual(scopeStatus(INSTALLERS.codex, f.ctx("user")).trust, { trusted: true });
});

test("codex project scope also needs the project trusted; grok project scope says the folder must be trusted", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.codex, f.ctx("project"), "install", false);
  assert.match(scopeStatus(INSTALLERS.codex, f.ctx("project")).trust!.fix!, /project is not trusted/);
  const grok = await runHost(INSTALLERS.grok, f.ctx("project"), "install", false);
  assert.ok(grok.notes.some((n) => /trust/.test(n) && n.includes(f.project)));
  assert.equal(scopeStatus(INSTALLERS.grok, f.ctx("project")).trust?.trusted, false);
  write(path.join(f.home, ".grok/trusted_folders.toml"), `[folders]\ntrusted = [${JSON.stringify(f.project)}]\n`);
  assert.equal(scopeStatus(INSTALLERS.grok, f.ctx("project")).trust?.trusted, true);
});
