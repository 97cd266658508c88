// The npm package as a user gets it: `npm pack`, then `npm i -g ./memctl-x.y.z.tgz` into a temp prefix. It
// installs without a warning (no lifecycle script for npm to flag), and what it puts on PATH works: memctl,
// memctl-hook injecting memory, the MCP server, and the plugin directory it ships. Needs `npm run build` first.
// npm's cache is the e2e host cache's (MEMCTL_E2E_CACHE): the first run fills it from the registry, later runs
// are offline.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { initRepo, REPO_ROOT, tempDir } from "../helpers.js";

test("npm pack → npm i -g of the tarball: no warning, and memctl (save too), memctl-hook, the MCP server and the plugin work", { timeout: 240_000 }, async (t) => {
  const dir = tempDir("memctl-pack-");
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const cache = path.join(process.env.MEMCTL_E2E_CACHE || path.join(os.tmpdir(), "memctl-e2e-hosts"), ".npm-cache");
  const home = path.join(dir, "home");
  fs.mkdirSync(home);
  const npmEnv = { ...process.env, HOME: home, npm_config_cache: cache, npm_config_update_notifier: "false" };
  // --ignore-scripts: prepack would rebuild dist/ under the other tests running now; npm test has just built it.
  const pack = spawnSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", dir], { cwd: REPO_ROOT, env: npmEnv, encoding: "utf8" });
  assert.equal(pack.status, 0, pack.stderr);
  const tarball = path.join(dir, pack.stdout.trim().split("\n").at(-1)!);
  const prefix = path.join(dir, "prefix");
  const install = spawnSync("npm", ["install", "-g", "--prefer-offline", "--no-audit", "--no-fund", "--prefix", prefix, tarball], {
    cwd: dir,
    env: npmEnv,
    encoding: "utf8",
    timeout: 200_000,
  });
  assert.equal(install.status, 0, install.stderr);
  assert.deepEqual(
    install.stderr.split("\n").filter((l) => /\bwarn/i.test(l)),
    [],
    "npm installs the tarball without a warning",
  );

  const bin = path.join(prefix, "bin");
  const project = path.join(dir, "proj");
  initRepo(project);
  const store = path.join(dir, "store");
  fs.cpSync(path.join(REPO_ROOT, "sample-store"), store, { recursive: true });
  const env = { PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}`, HOME: home, MEMCTL_MEMORY_DIR: store, MEMCTL_CONFIG_FILE: path.join(dir, "none.toml") };
  const version = spawnSync("memctl", ["--version"], { cwd: project, env, encoding: "utf8" });
  assert.equal(version.status, 0, version.stderr);
  assert.match(version.stdout, /^memctl \d+\.\d+\.\d+/);
  // The save bundle beside the installed dist/cli.js (found through the bin's symlink), its packages from node_modules.
  const saved = spawnSync("memctl", ["save", "pack-check", "-t", "project", "-d", "saved by the installed package"], { cwd: project, env, encoding: "utf8" });
  assert.equal(saved.status, 0, saved.stderr);
  assert.match(saved.stdout, /^✓ created project_pack-check\.md /);
  const hook = spawnSync("memctl-hook", ["--host", "claude"], {
    cwd: project,
    env,
    input: JSON.stringify({ session_id: "s1", cwd: project, hook_event_name: "UserPromptSubmit", prompt: "how do we write a new database migration?" }),
    encoding: "utf8",
  });
  assert.equal(hook.status, 0, hook.stderr);
  assert.match(hook.stdout, /project_migrations\.md/);

  const transport = new StdioClientTransport({ command: path.join(bin, "memctl"), args: ["mcp"], cwd: project, env, stderr: "pipe" });
  const client = new Client({ name: "memctl-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    assert.ok(names.includes("memory_context") && names.includes("memory_propose"), names.join(", "));
  } finally {
    await client.close();
  }
  const pkg = path.join(prefix, "lib", "node_modules", "memctl");
  assert.equal(
    JSON.parse(fs.readFileSync(path.join(pkg, "plugin", ".claude-plugin", "plugin.json"), "utf8")).name,
    "memctl",
    "the package ships the plugin (claude --plugin-dir <package>/plugin)",
  );
});
