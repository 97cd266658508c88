// Grok Build 1.0.41 (xAI's `grok`), for real: it ignores UserPromptSubmit output, so memctl installs a rules
// file and the commands. Proof from the host itself: `grok inspect --json` discovers them, and a headless
// `grok -p` (fake key, API pointed at a closed local port) records the rules in the session's chat history
// that goes to the model. Uninstall removes them; the community grok-cli's user-settings.json is untouched.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ensureHost, filesUnder, grokEnv, grokModel, makeWorld, memctl, PROMPT, REPO, runUntil, snapshot, removeWorld, sweepGrokSessions } from "./harness.js";

const host = ensureHost("grok");

test("grok: install adds the rules file and commands, grok discovers them and sends the rules to the model, uninstall restores the files", { timeout: 600_000 }, async (t) => {
  if ("skip" in host) return t.skip(`LOUD SKIP: ${host.skip}`);
  const world = makeWorld("grok");
  const grokHome = path.join(world.home, ".grok");
  const userSettings = path.join(grokHome, "user-settings.json");
  fs.mkdirSync(grokHome, { recursive: true });
  fs.writeFileSync(userSettings, '{"apiKey": "community-cli-key", "mcp": {"servers": []}}\n');
  const rules = path.join(grokHome, "rules", "memctl.md");
  const config = path.join(grokHome, "config.toml");
  const commands = filesUnder(path.join(REPO, "commands")).map((f) => path.join(grokHome, "commands", path.basename(f)));
  const watched = [userSettings, rules, ...commands];
  const before = snapshot(watched);
  const env = grokEnv(world);
  t.after(sweepGrokSessions());

  const first = memctl(world, ["install", "grok"]);
  assert.equal(first.status, 0, first.stderr);
  assert.match(memctl(world, ["install", "grok"]).stdout, /already installed; nothing changed/);

  const inspect = spawnSync(host.bin, ["inspect", "--json"], { cwd: world.project, env, encoding: "utf8", timeout: 300_000 });
  assert.equal(inspect.status, 0, inspect.stderr);
  const discovered = JSON.parse(inspect.stdout) as {
    projectInstructions: { path: string }[];
    skills: { name: string; source: { path: string } }[];
    mcpServers: { name: string; source: { path: string } }[];
  };
  assert.ok(
    discovered.projectInstructions.some((i) => i.path === rules),
    "grok loads the rules file",
  );
  assert.ok(
    discovered.mcpServers.some((m) => m.name === "memctl" && m.source.path === config),
    "grok sees [mcp_servers.memctl]",
  );
  // grok starts the registered server, completes the MCP handshake and lists memctl's tools.
  const doctor = spawnSync(host.bin, ["mcp", "doctor"], { cwd: world.project, env, encoding: "utf8", timeout: 300_000 });
  assert.match(doctor.stdout, /memctl \(stdio: node [^)]*dist\/cli\.js mcp --actor host:grok\)[\s\S]*handshake OK[\s\S]*[1-9]\d* tools discovered/, doctor.stdout + doctor.stderr);
  for (const file of commands)
    assert.ok(
      discovered.skills.some((s) => s.source.path === file),
      `grok offers /${path.basename(file, ".md")}`,
    );

  const sessions = path.join(grokHome, "sessions");
  const ruleText = await runUntil(host.bin, ["-p", PROMPT, ...grokModel(world)], { cwd: world.project, env, timeoutMs: 360_000 }, () => {
    for (const file of filesUnder(sessions).filter((f) => f.endsWith("chat_history.jsonl"))) {
      const text = fs.readFileSync(file, "utf8");
      if (text.includes("dist/cli.js prepare --host grok") && text.includes("<user_rule>")) return text;
    }
    return undefined;
  });
  assert.ok(ruleText.includes(`${REPO}/dist/cli.js prepare --host grok`), "the rule names the absolute memctl CLI");

  const removed = memctl(world, ["uninstall", "grok"]);
  assert.equal(removed.status, 0, removed.stderr);
  assert.deepEqual(snapshot(watched), before);
  // grok wrote its own settings into config.toml after memctl created it; those stay, memctl's lines go.
  if (fs.existsSync(config)) assert.doesNotMatch(fs.readFileSync(config, "utf8"), /memctl/);
  removeWorld(world);
});
