import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { projectKey } from "../../lib/config/project.js";
import { gitInit, runCli, tempDir, testIo } from "../helpers.js";

function setup() {
  const home = tempDir();
  const repo = gitInit(path.join(home, "repo"));
  const mem = path.join(home, "mem");
  fs.mkdirSync(mem);
  const io = testIo({ cwd: repo, home });
  return { home, repo, mem, io, config: io.env.MEMCTL_CONFIG_FILE! };
}

test("set maps the project, resolve then uses it, and a repeat changes nothing", async () => {
  const s = setup();
  const r = await runCli(["config", "set", "--repo-root", s.repo, "--memory-dir", s.mem, "--json"], s.io);
  assert.equal(r.code, 0);
  assert.equal(JSON.parse(r.stdout).changed, true);
  const resolved = JSON.parse((await runCli(["resolve", "--json"], s.io)).stdout);
  assert.equal(resolved.resolution_source, "config");
  assert.equal(resolved.memory_dir, s.mem);
  const before = fs.readFileSync(s.config, "utf8");
  const again = await runCli(["config", "set", "--repo-root", s.repo, "--memory-dir", s.mem, "--json"], s.io);
  assert.equal(JSON.parse(again.stdout).changed, false);
  assert.equal(fs.readFileSync(s.config, "utf8"), before);
});

test("set removes a remaining unsafe global key and keeps unrelated content byte for byte", async () => {
  const s = setup();
  const unrelated = `# top comment\n[hook]\nmax_bytes = 2500 # mine\n`;
  fs.writeFileSync(s.config, `memory_dir = "/somewhere"\n${unrelated}`);
  await runCli(["config", "set", "--repo-root", s.repo, "--memory-dir", s.mem], s.io);
  const text = fs.readFileSync(s.config, "utf8");
  assert.ok(text.startsWith(unrelated), text);
  assert.doesNotMatch(text, /^memory_dir = "\/somewhere"/m);
});

test("migrate moves the global key to a project entry; a second run is a no-op", async () => {
  const s = setup();
  fs.writeFileSync(s.config, `# keep\nmemory_dir = "${s.mem}"\n`);
  assert.equal((await runCli(["resolve", "--json"], s.io)).code, 3);
  const first = await runCli(["config", "migrate", "--repo-root", s.repo, "--json"], s.io);
  assert.equal(first.code, 0);
  assert.equal(JSON.parse(first.stdout).changed, true);
  const text = fs.readFileSync(s.config, "utf8");
  assert.equal(text, `# keep\n\n[projects."${projectKey(s.repo)}"]\nmemory_dir = "${s.mem}"\nrepo_root = "${s.repo}"\n`);
  const resolved = JSON.parse((await runCli(["resolve", "--json"], s.io)).stdout);
  assert.equal(resolved.status, "resolved");
  assert.equal(resolved.resolution_source, "config");
  const second = await runCli(["config", "migrate", "--repo-root", s.repo, "--json"], s.io);
  assert.equal(JSON.parse(second.stdout).changed, false);
  assert.equal(fs.readFileSync(s.config, "utf8"), text);
});

test("a corrupt config is reported with path and line and never overwritten", async () => {
  const s = setup();
  const corrupt = `[hook]\nmax_bytes = 1\n[projects\n`;
  fs.writeFileSync(s.config, corrupt);
  const set = await runCli(["config", "set", "--repo-root", s.repo, "--memory-dir", s.mem], s.io);
  assert.equal(set.code, 1);
  assert.match(set.stderr, new RegExp(`${s.config.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:3`));
  assert.equal(fs.readFileSync(s.config, "utf8"), corrupt);
  const lint = await runCli(["config", "lint", "--json"], s.io);
  assert.equal(lint.code, 1);
  const report = JSON.parse(lint.stdout);
  assert.equal(report.errors[0].code, "E_CONFIG_PARSE");
  assert.equal(report.errors[0].line, 3);
});

test("lint flags the unsafe global key and a missing directory", async () => {
  const s = setup();
  fs.writeFileSync(s.config, `memory_dir = "/x"\n[projects.k-000]\nmemory_dir = "${path.join(s.home, "gone")}"\n`);
  const r = await runCli(["config", "lint", "--json"], s.io);
  assert.equal(r.code, 1);
  const report = JSON.parse(r.stdout);
  assert.ok(report.errors.some((e: { code: string }) => e.code === "E_LEGACY_GLOBAL"));
  // A missing directory fails its project closed: an error, not a warning next to "valid".
  assert.ok(report.errors.some((e: { code: string }) => e.code === "E_MISSING_DIR"));
});

test("lint reports a mapped directory that does not exist as an error, and never says valid", async () => {
  const s = setup();
  fs.writeFileSync(s.config, `[projects.k-000]\nmemory_dir = "${path.join(s.home, "gone")}"\n`);
  const r = await runCli(["config", "lint"], s.io);
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.stdout, /is valid/);
  assert.match(r.stdout, /error .*gone.* does not exist/);
});

test("set refuses a memory directory that does not exist or is not a directory, and writes nothing", async () => {
  const s = setup();
  const before = fs.existsSync(s.config) ? fs.readFileSync(s.config, "utf8") : null;
  for (const dir of [path.join(s.home, "no-such-dir"), "relative/missing", path.join(s.home, "repo", ".git", "HEAD")]) {
    const r = await runCli(["config", "set", "--repo-root", s.repo, "--memory-dir", dir], s.io);
    assert.equal(r.code, 2, `${dir}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /(does not exist|is not a directory)/);
    assert.match(r.stderr, /mkdir -p|memctl init/);
    assert.equal(fs.existsSync(s.config) ? fs.readFileSync(s.config, "utf8") : null, before, "nothing written");
  }
});

test("the config path honours XDG_CONFIG_HOME", async () => {
  const s = setup();
  const xdg = path.join(s.home, "xdg");
  const io = testIo({ cwd: s.repo, home: s.home, env: { MEMCTL_CONFIG_FILE: undefined, XDG_CONFIG_HOME: xdg } });
  await runCli(["config", "set", "--repo-root", s.repo, "--memory-dir", s.mem], io);
  assert.ok(fs.existsSync(path.join(xdg, "memctl", "config.toml")));
});

test("set without --memory-dir is a usage error", async () => {
  const s = setup();
  assert.equal((await runCli(["config", "set", "--repo-root", s.repo], s.io)).code, 2);
  assert.equal((await runCli(["config", "frobnicate"], s.io)).code, 2);
});

test("set writes through a symlinked config (dotfiles), keeping the link and the file's mode", async (t) => {
  const s = setup();
  t.after(() => fs.rmSync(s.home, { recursive: true, force: true }));
  const real = path.join(s.home, "dotfiles", "memctl.toml");
  fs.mkdirSync(path.dirname(real));
  fs.writeFileSync(real, "# mine\n", { mode: 0o600 });
  fs.mkdirSync(path.dirname(s.config), { recursive: true });
  fs.symlinkSync(real, s.config);
  assert.equal((await runCli(["config", "set", "--repo-root", s.repo, "--memory-dir", s.mem], s.io)).code, 0);
  assert.ok(fs.lstatSync(s.config).isSymbolicLink(), "the link stays a link");
  assert.match(fs.readFileSync(real, "utf8"), /^# mine\n[\s\S]*memory_dir = /);
  assert.equal(fs.statSync(real).mode & 0o777, 0o600);
});
