import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runHost, scopeStatus } from "../../install/engine.js";
import { codexHookHash } from "../../install/trust.js";
import { INSTALLERS } from "../../install/hosts/index.js";
import { makeFixture, write } from "./fixture.js";

test("codex: an installed hook nobody trusted is reported as not trusted, with the fix; a trusted one is not", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  const untrusted = scopeStatus(INSTALLERS.codex, f.ctx("user"));
  assert.equal(untrusted.state, "installed");
  assert.equal(untrusted.trust?.trusted, false);
  assert.match(untrusted.trust!.fix!, /open \/hooks/);
  trustInstalledHooks(f);
  assert.deepEqual(scopeStatus(INSTALLERS.codex, f.ctx("user")).trust, { trusted: true });
});

/** What Codex's /hooks writes when the user trusts every hook in hooks.json: its key and its hash of each. */
function trustInstalledHooks(f: ReturnType<typeof makeFixture>, hash = (event: string, handler: Record<string, unknown>) => codexHookHash(event, handler)): void {
  const hooks = path.join(f.home, ".codex/hooks.json");
  const config = path.join(f.home, ".codex/config.toml");
  const wired = JSON.parse(fs.readFileSync(hooks, "utf8")).hooks as Record<string, { hooks: Record<string, unknown>[] }[]>;
  const label = { UserPromptSubmit: "user_prompt_submit", SessionStart: "session_start", SessionEnd: "session_end" } as Record<string, string>;
  for (const [event, groups] of Object.entries(wired)) {
    for (const [gi, g] of groups.entries()) {
      for (const [hi, h] of g.hooks.entries()) {
        fs.appendFileSync(config, `\n[hooks.state."${hooks}:${label[event]}:${gi}:${hi}"]\ntrusted_hash = "${hash(label[event]!, h)}"\nenabled = true\n`);
      }
    }
  }
}

test("codex hook hash: the one Codex 0.169.0 reports as currentHash (app-server hooks/list) for the same hook", () => {
  // Read from the pinned binary: codex app-server, hooks/list, for hooks.json holding exactly these handlers.
  assert.equal(
    codexHookHash("user_prompt_submit", {
      type: "command",
      command: "node --preserve-symlinks-main /work/wt/uninstall/dist/hooks/user-prompt-submit.cjs --host codex --max-bytes 1200",
    }),
    "sha256:059ea5428bdc885b7bc69d51884e496d515863ae1595110d1f3d1562a54a5ab3",
  );
  assert.equal(
    codexHookHash("session_start", { type: "command", command: "node /work/wt/uninstall/dist/cli.js hook session-start --host codex" }),
    "sha256:056e5493dc31129e48eeab87685c79e18dee6f61f257280612e42644b4d08f12",
  );
  // SessionEnd defaults to a 1 s timeout in Codex, and the hash carries it (hooks/list: timeoutSec 1).
  assert.equal(
    codexHookHash("session_end", { type: "command", command: "node /work/main/dist/cli.js hook session-end --host codex" }),
    "sha256:02286ecd3016cf89583012a135368b534f1d0cc1ddc509356f4904046911283f",
  );
  // An explicit SessionEnd timeout is capped at 3 s: wired with 10, hooks/list says timeoutSec 3 and hashes 3.
  const end = (timeout: number) => codexHookHash("session_end", { type: "command", command: "node /work/wt/hosts/dist/cli.js hook session-end --host codex", timeout });
  assert.equal(end(10), "sha256:8a842a89f3271d2651ef70b54fbce3dc29a351d75eac5925340ac696922a86d5");
  assert.equal(end(3), end(10));
});

test("codex: a hook trusted before install changed it (new budget flags) is not trusted: Codex skips the changed hook", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  trustInstalledHooks(f);
  assert.deepEqual(scopeStatus(INSTALLERS.codex, f.ctx("user")).trust, { trusted: true });
  await runHost(INSTALLERS.codex, f.ctx("user", { budget: { maxBytes: 1200 } }), "install", false);
  const changed = scopeStatus(INSTALLERS.codex, f.ctx("user"));
  assert.equal(changed.state, "installed", "the install with flags is current");
  assert.equal(changed.trust?.trusted, false);
  assert.match(changed.trust!.fix!, /UserPromptSubmit hook changed since it was trusted/);
  assert.doesNotMatch(changed.trust!.fix!, /SessionStart/, "the SessionStart hook did not change and stays trusted");
});

test("codex: a trusted hash that is not the installed hook's, or a hook disabled in /hooks, is not trusted", async (t) => {
  const f = makeFixture();
  t.after(() => fs.rmSync(f.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.codex, f.ctx("user"), "install", false);
  trustInstalledHooks(f, () => "sha256:00");
  assert.equal(scopeStatus(INSTALLERS.codex, f.ctx("user")).trust?.trusted, false);
  const g = makeFixture();
  t.after(() => fs.rmSync(g.dir, { recursive: true, force: true }));
  await runHost(INSTALLERS.codex, g.ctx("user"), "install", false);
  trustInstalledHooks(g);
  const config = path.join(g.home, ".codex/config.toml");
  fs.writeFileSync(
    config,
    fs.readFileSync(config, "utf8").replace(/user_prompt_submit:0:0"\]\ntrusted_hash = "[^"]*"\nenabled = true/, (m) => m.replace("enabled = true", "enabled = false")),
  );
  const disabled = scopeStatus(INSTALLERS.codex, g.ctx("user")).trust;
  assert.equal(disabled?.trusted, false);
  assert.match(disabled!.fix!, /disabled/);
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
