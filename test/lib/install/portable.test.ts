import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import type { HostName } from "../../../lib/install/context.js";
import { runHost } from "../../../lib/install/engine.js";
import { INSTALLERS } from "../../../lib/install/registry.js";
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
  assert.equal(settings.hooks.UserPromptSubmit[0].hooks[0].command, "memctl-hook --host claude");
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
