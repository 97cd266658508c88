import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { main } from "../../lib/cli/main.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { initRepo } from "../helpers.js";
import { scratchDir } from "../support/scratch.js";

function world(): { io: Io; home: string; out: BufferSink; err: BufferSink } {
  const dir = scratchDir("memctl-cli-install-");
  const home = path.join(dir, "home");
  const project = path.join(dir, "project");
  fs.mkdirSync(home, { recursive: true });
  initRepo(project);
  const out = new BufferSink();
  const err = new BufferSink();
  return { io: { stdout: out, stderr: err, env: { PATH: "" }, cwd: project, home, now: () => new Date() }, home, out, err };
}

test("usage errors exit 2: no host, unknown host, bad scope", async () => {
  for (const argv of [["install"], ["install", "vscode"], ["install", "claude", "--scope", "global"], ["uninstall"]]) {
    const w = world();
    assert.equal(await main(argv, w.io), 2, argv.join(" "));
    assert.match(w.err.text, /host|scope/);
  }
});

test("install --dry-run prints the diff and writes nothing; uninstall of nothing is a no-op", async () => {
  const w = world();
  assert.equal(await main(["install", "claude", "--dry-run"], w.io), 0, w.err.text);
  assert.match(w.out.text, /dry run/);
  assert.match(w.out.text, /\+\s+"command": "node .*user-prompt-submit\.cjs --host claude"/);
  assert.deepEqual(fs.readdirSync(w.home), []);
  const u = world();
  assert.equal(await main(["uninstall", "codex"], u.io), 0);
  assert.match(u.out.text, /not installed; nothing changed/);
});

test("an unparsable config exits 1 with E_CONFIG_PARSE and is left as it was", async () => {
  const w = world();
  const settings = path.join(w.home, ".claude", "settings.json");
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(settings, "{ not json");
  assert.equal(await main(["install", "claude", "--json"], w.io), 1);
  assert.equal(JSON.parse(w.out.text).error.code, "E_CONFIG_PARSE");
  assert.equal(fs.readFileSync(settings, "utf8"), "{ not json");
});

test("install --status --json reports every host and scope, then tracks an install", async () => {
  const w = world();
  assert.equal(await main(["install", "--status", "--json"], w.io), 0, w.err.text);
  const report = JSON.parse(w.out.text);
  assert.equal(report.schema_version, 1);
  assert.deepEqual(
    report.hosts.map((h: { host: string }) => h.host),
    ["claude", "codex", "opencode", "grok", "generic"],
  );
  assert.equal(report.hosts[0].detected, false);
  assert.equal(report.hosts[0].scopes.user.state, "not-installed");
  assert.equal(await main(["install", "codex"], w.io), 0);
  const after = world();
  after.io.home = w.home;
  after.io.cwd = w.io.cwd;
  assert.equal(await main(["install", "--status"], after.io), 0);
  // The install made ~/.codex; codex itself is not on this PATH.
  assert.match(after.out.text, /Codex CLI\s+config dir only .*\n\s+user\s+installed/);
});

test("install --status shows where memctl's MCP server is registered and flags a stale registration", async () => {
  const w = world();
  assert.equal(await main(["install", "claude"], w.io), 0, w.err.text);
  const status = world();
  status.io.home = w.home;
  status.io.cwd = w.io.cwd;
  assert.equal(await main(["install", "--status", "--scope", "user", "--json"], status.io), 0);
  const claude = JSON.parse(status.out.text).hosts[0].scopes.user;
  assert.deepEqual(claude.mcp, { file: path.join(w.home, ".claude.json"), state: "current" });
  fs.writeFileSync(path.join(w.home, ".claude.json"), '{ "mcpServers": { "memctl": { "command": "node", "args": ["/old/memctl/dist/cli.js", "mcp"] } } }\n');
  const stale = world();
  stale.io.home = w.home;
  stale.io.cwd = w.io.cwd;
  assert.equal(await main(["install", "--status", "--scope", "user"], stale.io), 0);
  assert.match(stale.out.text, /Claude Code .*\n\s+user\s+out-of-date\s+→ memctl install claude --scope user\n\s+MCP server memctl: outdated in .*\.claude\.json/);
});

test("install --status says per host whether it may write cards directly: propose only until the owner opts it in", async (t) => {
  const w = world();
  t.after(() => fs.rmSync(path.dirname(w.home), { recursive: true, force: true }));
  assert.equal(await main(["install", "claude"], w.io), 0, w.err.text);
  const statusOf = async () => {
    const s = world();
    t.after(() => fs.rmSync(path.dirname(s.home), { recursive: true, force: true }));
    s.io.home = w.home;
    s.io.cwd = w.io.cwd;
    assert.equal(await main(["install", "--status", "--scope", "user", "--json"], s.io), 0, s.err.text);
    const json = JSON.parse(s.out.text);
    const text = world();
    t.after(() => fs.rmSync(path.dirname(text.home), { recursive: true, force: true }));
    text.io.home = w.home;
    text.io.cwd = w.io.cwd;
    assert.equal(await main(["install", "--status", "--scope", "user"], text.io), 0);
    return { json, text: text.out.text };
  };
  const config = path.join(w.home, ".config", "memctl", "config.toml");
  const before = await statusOf();
  assert.equal(before.json.config_file, config);
  assert.deepEqual(
    before.json.hosts.map((h: { actor: string; direct_writes: boolean }) => [h.actor, h.direct_writes]),
    [
      ["host:claude", false],
      ["host:codex", false],
      ["host:opencode", false],
      ["host:grok", false],
      ["host:generic", false],
    ],
  );
  assert.match(before.text, /Claude Code .*\n\s+user\s+installed\n.*MCP server memctl: registered.*\n\s+writes\s+propose only\n/);
  assert.match(
    before.text,
    /\nHosts read, log episodes and propose cards for you to accept; writing cards directly is opt-in per host: \[hosts\.<name>\] write = true in .*config\.toml\n$/,
  );

  fs.mkdirSync(path.dirname(config), { recursive: true });
  fs.writeFileSync(config, "[hosts.claude]\nwrite = true\n");
  const after = await statusOf();
  assert.deepEqual(
    after.json.hosts.map((h: { actor: string; direct_writes: boolean }) => [h.actor, h.direct_writes]),
    [
      ["host:claude", true],
      ["host:codex", false],
      ["host:opencode", false],
      ["host:grok", false],
      ["host:generic", false],
    ],
  );
  assert.match(after.text, /Claude Code .*\n\s+user\s+installed\n.*MCP server memctl: registered.*\n\s+writes\s+direct \(\[hosts\.claude\] write = true\)\n/);
  assert.match(after.text, /Codex CLI[^\n]*\n(?:\s+user[^\n]*\n)\s+writes\s+propose only\n/);
});

test("install keeps its backup under memctl's state folder, not beside the file, and --status lists it", async (t) => {
  const w = world();
  t.after(() => fs.rmSync(path.dirname(w.home), { recursive: true, force: true }));
  const settings = path.join(w.home, ".claude", "settings.json");
  fs.mkdirSync(path.dirname(settings), { recursive: true });
  fs.writeFileSync(settings, '{ "model": "opus" }\n');
  assert.equal(await main(["install", "claude"], w.io), 0, w.err.text);
  assert.equal(fs.existsSync(`${settings}.memctl-backup`), false, "nothing is left beside the file");
  w.out.text = "";
  await main(["install", "--status"], w.io);
  const listed = new RegExp(`backup of ${settings.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: (\\S+)`).exec(w.out.text);
  assert.ok(listed, w.out.text);
  assert.ok(listed[1]!.startsWith(path.join(w.home, ".local", "state", "memctl", "backups") + path.sep), listed[1]);
  assert.equal(fs.readFileSync(listed[1]!, "utf8"), '{ "model": "opus" }\n');
});

test("install codex --max-bytes 1200 twice: the second changes nothing, and --status calls it installed, not out of date", async (t) => {
  const w = world();
  t.after(() => fs.rmSync(path.dirname(w.home), { recursive: true, force: true }));
  assert.equal(await main(["install", "codex", "--max-bytes", "1200"], w.io), 0, w.err.text);
  w.out.text = "";
  assert.equal(await main(["install", "codex", "--max-bytes", "1200"], w.io), 0, w.err.text);
  assert.match(w.out.text, /already installed; nothing changed/);
  w.out.text = "";
  assert.equal(await main(["install", "--status", "--scope", "user", "--json"], w.io), 0, w.err.text);
  const codex = JSON.parse(w.out.text).hosts.find((h: { host: string }) => h.host === "codex").scopes.user;
  assert.equal(codex.state, "installed");
  assert.equal(codex.fix, undefined);
});

test("install --status: the fix for a stale install keeps the flags it was made with", async (t) => {
  const w = world();
  t.after(() => fs.rmSync(path.dirname(w.home), { recursive: true, force: true }));
  assert.equal(await main(["install", "claude", "--max-bytes", "1200", "--max-entries", "8"], w.io), 0, w.err.text);
  const claudeJson = path.join(w.home, ".claude.json");
  fs.writeFileSync(claudeJson, '{ "mcpServers": { "memctl": { "command": "node", "args": ["/old/memctl/dist/cli.js", "mcp"] } } }\n');
  w.out.text = "";
  assert.equal(await main(["install", "--status", "--scope", "user"], w.io), 0, w.err.text);
  assert.match(w.out.text, /Claude Code .*\n\s+user\s+out-of-date\s+→ memctl install claude --scope user --max-bytes 1200 --max-entries 8\n/);
});

test("install then uninstall of every host through the CLI leaves a temp HOME and project byte for byte as they were", async (t) => {
  const w = world();
  t.after(() => fs.rmSync(path.dirname(w.home), { recursive: true, force: true }));
  const seed = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  seed(path.join(w.home, ".claude.json"), '{"numStartups": 3}');
  seed(path.join(w.home, ".claude", "settings.json"), '{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "npx memctl hook user-prompt-submit"}]}]}}');
  seed(path.join(w.home, ".codex", "config.toml"), 'model = "gpt-6"');
  seed(path.join(w.home, ".codex", "AGENTS.md"), "# mine");
  seed(path.join(w.home, ".grok", "config.toml"), "a = 1");
  seed(path.join(w.io.cwd, "AGENTS.md"), "# project rules");
  const snapshot = () => {
    const files = new Map<string, string>();
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const full = path.join(d, e.name);
        if (e.isDirectory()) {
          // memctl's own state (backups, install records) is not the user's config.
          if (e.name === ".git" || full === path.join(w.home, ".local")) continue;
          files.set(full + "/", "<dir>");
          walk(full);
        } else files.set(full, fs.readFileSync(full, "utf8"));
      }
    };
    walk(w.home);
    walk(w.io.cwd);
    return files;
  };
  const before = snapshot();
  for (const [host, scope] of [
    ["claude", "user"],
    ["codex", "user"],
    ["opencode", "user"],
    ["grok", "user"],
    ["codex", "project"],
    ["opencode", "project"],
    ["grok", "project"],
    ["generic", "project"],
  ] as const) {
    assert.equal(await main(["install", host, "--scope", scope, "--max-bytes", "1200"], w.io), 0, w.err.text);
    assert.equal(await main(["uninstall", host, "--scope", scope], w.io), 0, w.err.text);
    assert.deepEqual(snapshot(), before, `${host} --scope ${scope}`);
  }
});

test("install --status says what it found: a config dir alone is not the host on PATH (text and --json)", async () => {
  const w = world();
  fs.mkdirSync(path.join(w.home, ".claude"));
  assert.equal(await main(["install", "--status", "--scope", "user", "--json"], w.io), 0, w.err.text);
  const dirOnly = JSON.parse(w.out.text).hosts[0];
  assert.equal(dirOnly.detected, true, "detected keeps its meaning: either sign");
  assert.deepEqual(dirOnly.found, { binary: null, config_dir: path.join(w.home, ".claude") });
  const text = world();
  Object.assign(text.io, { home: w.home, cwd: w.io.cwd });
  assert.equal(await main(["install", "--status", "--scope", "user"], text.io), 0);
  assert.match(text.out.text, new RegExp(`^Claude Code +config dir only \\(${w.home}/\\.claude exists; claude is not on PATH\\)$`, "m"));
  assert.match(text.out.text, /^Codex CLI +not detected \(no codex on PATH and no .*\.codex\)$/m);
  // A real executable named claude on PATH: now the binary is found too.
  const bin = path.join(path.dirname(w.home), "bin");
  fs.mkdirSync(bin);
  fs.writeFileSync(path.join(bin, "claude"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  const both = world();
  Object.assign(both.io, { home: w.home, cwd: w.io.cwd, env: { PATH: bin } });
  assert.equal(await main(["install", "--status", "--scope", "user", "--json"], both.io), 0);
  assert.deepEqual(JSON.parse(both.out.text).hosts[0].found, { binary: path.join(bin, "claude"), config_dir: path.join(w.home, ".claude") });
  const bothText = world();
  Object.assign(bothText.io, { home: w.home, cwd: w.io.cwd, env: { PATH: bin } });
  assert.equal(await main(["install", "--status", "--scope", "user"], bothText.io), 0);
  assert.match(bothText.out.text, new RegExp(`^Claude Code +detected \\(claude on PATH \\(${bin}/claude\\); ${w.home}/\\.claude exists\\)$`, "m"));
  fs.rmSync(path.join(w.home, ".claude"), { recursive: true });
  const binOnly = world();
  Object.assign(binOnly.io, { home: w.home, cwd: w.io.cwd, env: { PATH: bin } });
  assert.equal(await main(["install", "--status", "--scope", "user"], binOnly.io), 0);
  assert.match(binOnly.out.text, new RegExp(`^Claude Code +detected \\(claude on PATH \\(${bin}/claude\\); no ${w.home}/\\.claude yet\\)$`, "m"));
});

test("an unparsable Codex config.toml names the line, column and key, as config lint does, and is left as it was", async () => {
  const w = world();
  const config = path.join(w.home, ".codex", "config.toml");
  fs.mkdirSync(path.dirname(config), { recursive: true });
  const text = 'model = "o3"\n\n[features]\nhooks = yes\n';
  fs.writeFileSync(config, text);
  assert.equal(await main(["install", "codex", "--json"], w.io), 1);
  const error = JSON.parse(w.out.text).error;
  assert.equal(error.code, "E_CONFIG_PARSE");
  assert.match(error.message, /line 4, column \d+, at features\.hooks: .*text needs quotes: hooks = "…"/);
  assert.doesNotMatch(error.message, /yes/, "the value is never repeated (a config line may hold a token)");
  assert.equal(fs.readFileSync(config, "utf8"), text);
});
