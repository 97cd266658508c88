// A project or local install edits the project's own host config (.codex/config.toml, .mcp.json,
// .claude/settings.json), which a cloned repository brings, and `install --status` reads them. JSON and TOML parse into
// an object per value: 10.7 MB of TOML took install (even --dry-run) to 1.4 GB, 24 MB of JSON took `install --status`
// to 3.2 GB, and the read cap (64 MiB) allowed more. A project's JSON or TOML is read up to 1 MiB (any TOML memctl
// edits up to 2 MiB): a larger one is refused before it is parsed, untouched. The built CLI.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { initRepo, REPO_ROOT, tempDir } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

test("install codex --scope project over a 10 MB .codex/config.toml: refused before parsing, the file untouched", async (t) => {
  const root = tempDir();
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const repo = initRepo(path.join(root, "repo"));
  fs.mkdirSync(path.join(repo, ".codex"));
  const config = path.join(repo, ".codex", "config.toml");
  fs.writeFileSync(config, Array.from({ length: 400_000 }, (_, i) => `[t${i}]\nk = "xxxxxxxxxx"\n`).join(""));
  const before = fs.readFileSync(config);
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), XDG_STATE_HOME: path.join(home, "state") };
  for (const args of [["--dry-run"], []]) {
    const r = await runBounded([CLI, "install", "codex", "--scope", "project", ...args], "", env, repo, 30_000, 300 * 1024);
    assert.equal(r.signal, null, `install ${args.join(" ")} killed: peak ${r.peakKiB} KiB, ${r.cpuMs} ms CPU`);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /config\.toml.*[12] MiB/s);
    assert.ok(r.cpuMs < 3000, `${r.cpuMs} ms CPU`);
  }
  assert.ok(fs.readFileSync(config).equals(before), "the project's config.toml changed");
});

test("install claude --scope project and install --status over a 12 MB .mcp.json and .claude/settings.json: bounded, untouched", async (t) => {
  const root = tempDir();
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const repo = initRepo(path.join(root, "repo"));
  fs.mkdirSync(path.join(repo, ".claude"));
  // JSON parses into an object per value: 24 MB of small objects took install --status to 3.2 GB and 27 s of CPU.
  const big = (extra: Record<string, unknown>) => JSON.stringify({ ...extra, x: Array.from({ length: 700_000 }, (_, i) => ({ [`k${i % 7}`]: i })) });
  const files = {
    [path.join(repo, ".mcp.json")]: big({ mcpServers: {} }),
    [path.join(repo, ".claude", "settings.json")]: big({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: "guard-inject-memory" }] }] } }),
  };
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(file, text);
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), XDG_STATE_HOME: path.join(home, "state") };
  for (const args of [
    ["install", "--status"],
    ["install", "claude", "--scope", "project", "--dry-run"],
    ["install", "claude", "--scope", "project"],
  ]) {
    const r = await runBounded([CLI, ...args], "", env, repo, 30_000, 300 * 1024);
    assert.equal(r.signal, null, `${args.join(" ")} killed: peak ${r.peakKiB} KiB, ${r.cpuMs} ms CPU`);
    assert.ok(r.cpuMs < 4000, `${args.join(" ")}: ${r.cpuMs} ms CPU`);
  }
  for (const [file, text] of Object.entries(files)) assert.equal(fs.readFileSync(file, "utf8"), text, `${file} changed`);
});
