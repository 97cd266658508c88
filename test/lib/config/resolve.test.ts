import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ERROR_CODES, MemctlError } from "../../../lib/core/errors.js";
import { projectKey } from "../../../lib/config/project.js";
import { resolveMemory } from "../../../lib/config/resolve.js";
import { git, gitInit, isRoot, tempDir, testIo } from "../../helpers.js";

/** A temp HOME, a real repo inside it, and the repo's legacy Claude memory path. */
function setup(repoName = "repo") {
  const home = tempDir();
  const repo = gitInit(path.join(home, "src", repoName));
  const legacy = path.join(home, ".claude", "projects", repo.replace(/[^A-Za-z0-9]/g, "-"), "memory");
  const config = path.join(home, "memctl-config.toml");
  return { home, repo, legacy, config };
}

function resolveIn(s: ReturnType<typeof setup>, env: Record<string, string> = {}, options = {}) {
  return resolveMemory(options, testIo({ cwd: s.repo, home: s.home, env }));
}

test("legacy: the Claude Code directory is found when it exists", () => {
  const s = setup();
  fs.mkdirSync(s.legacy, { recursive: true });
  const r = resolveIn(s);
  assert.equal(r.status, "resolved");
  assert.equal(r.resolution_source, "legacy");
  assert.equal(r.memory_dir, s.legacy);
  assert.equal(r.canonical_repo, s.repo);
  assert.equal(r.project_key, projectKey(s.repo));
});

test("none: nothing selected and no legacy directory is unavailable", () => {
  const s = setup();
  const r = resolveIn(s);
  assert.equal(r.status, "unavailable");
  assert.equal(r.resolution_source, "none");
  assert.equal(r.memory_dir, null);
  assert.match(r.reason, /memctl init/);
});

test("CLAUDE_CONFIG_DIR moves the legacy location", () => {
  const s = setup();
  const claudeDir = path.join(s.home, "alt-claude");
  const dir = path.join(claudeDir, "projects", s.repo.replace(/[^A-Za-z0-9]/g, "-"), "memory");
  fs.mkdirSync(dir, { recursive: true });
  const r = resolveIn(s, { CLAUDE_CONFIG_DIR: claudeDir });
  assert.equal(r.memory_dir, dir);
});

test("env: MEMCTL_MEMORY_DIR wins over config and legacy", () => {
  const s = setup();
  const mem = path.join(s.home, "mem");
  fs.mkdirSync(mem);
  fs.mkdirSync(s.legacy, { recursive: true });
  fs.writeFileSync(s.config, `[projects."${projectKey(s.repo)}"]\nmemory_dir = "${path.join(s.home, "other")}"\n`);
  const r = resolveIn(s, { MEMCTL_MEMORY_DIR: mem });
  assert.equal(r.status, "resolved");
  assert.equal(r.resolution_source, "env");
  assert.equal(r.memory_dir, mem);
});

test("env: PM_MEMORY_DIR is a compatibility alias", () => {
  const s = setup();
  const mem = path.join(s.home, "mem");
  fs.mkdirSync(mem);
  assert.equal(resolveIn(s, { PM_MEMORY_DIR: mem }).memory_dir, mem);
});

for (const [label, prepare, reason] of [
  ["missing", (p: string) => p, /does not exist/],
  ["a file", (p: string) => (fs.writeFileSync(p, "x"), p), /is not a directory/],
  ["relative", () => "relative/dir", /not an absolute path/],
] as const) {
  test(`env: an explicit directory that is ${label} fails closed, never falling through to legacy`, () => {
    const s = setup();
    fs.mkdirSync(s.legacy, { recursive: true });
    const r = resolveIn(s, { MEMCTL_MEMORY_DIR: prepare(path.join(s.home, "nope")) });
    assert.equal(r.status, "invalid-explicit");
    assert.equal(r.resolution_source, "env");
    assert.match(r.reason, reason);
  });
}

test("env: an unreadable explicit directory fails closed", { skip: isRoot ? "running as root: permission bits do not stop root's reads" : false }, () => {
  const s = setup();
  const mem = path.join(s.home, "locked");
  fs.mkdirSync(mem, { mode: 0o000 });
  const r = resolveIn(s, { MEMCTL_MEMORY_DIR: mem });
  assert.equal(r.status, "invalid-explicit");
  assert.match(r.reason, /not readable/);
});

test("config: the project's entry selects its directory", () => {
  const s = setup();
  const mem = path.join(s.home, "mem");
  fs.mkdirSync(mem);
  fs.writeFileSync(s.config, `# mine\n[projects."${projectKey(s.repo)}"]\nmemory_dir = "${mem}"\n`);
  const r = resolveIn(s);
  assert.equal(r.resolution_source, "config");
  assert.equal(r.memory_dir, mem);
});

test("config: a missing configured directory fails closed even with a legacy store present", () => {
  const s = setup();
  fs.mkdirSync(s.legacy, { recursive: true });
  fs.writeFileSync(s.config, `[projects."${projectKey(s.repo)}"]\nmemory_dir = "${path.join(s.home, "gone")}"\n`);
  const r = resolveIn(s);
  assert.equal(r.status, "invalid-explicit");
  assert.equal(r.resolution_source, "config");
});

test("config: another project's entry does not apply", () => {
  const s = setup();
  const mem = path.join(s.home, "mem");
  fs.mkdirSync(mem);
  fs.writeFileSync(s.config, `[projects."someone-else-000000000000"]\nmemory_dir = "${mem}"\n`);
  assert.equal(resolveIn(s).status, "unavailable");
});

test("config-legacy-global: the deprecated global key is invalid explicit", () => {
  const s = setup();
  const mem = path.join(s.home, "mem");
  fs.mkdirSync(mem);
  fs.mkdirSync(s.legacy, { recursive: true });
  fs.writeFileSync(s.config, `memory_dir = "${mem}"\n`);
  const r = resolveIn(s);
  assert.equal(r.status, "invalid-explicit");
  assert.equal(r.resolution_source, "config-legacy-global");
  assert.match(r.reason, /memctl config migrate/);
});

test("config: a corrupt config file fails closed with its path and line", () => {
  const s = setup();
  fs.mkdirSync(s.legacy, { recursive: true });
  fs.writeFileSync(s.config, `[projects]\nok = 1\nbroken = = 2\n`);
  const r = resolveIn(s);
  assert.equal(r.status, "invalid-explicit");
  assert.ok(r.reason.includes(`${s.config}:3`), r.reason);
});

test("worktrees of one repository share the project key and the legacy store", () => {
  const s = setup("main repo ü");
  fs.mkdirSync(s.legacy, { recursive: true });
  const wt = path.join(s.home, "wt dir");
  git(s.repo, "worktree", "add", "-q", "-b", "wt-branch", wt);
  const fromMain = resolveIn(s);
  const fromWorktree = resolveMemory({}, testIo({ cwd: path.join(wt), home: s.home }));
  assert.equal(fromWorktree.project_key, fromMain.project_key);
  assert.equal(fromWorktree.memory_dir, s.legacy);
  assert.equal(fromWorktree.repo_root, wt);
  assert.equal(fromWorktree.canonical_repo, s.repo);
});

test("a non-git directory is a usage error unless --allow-non-git", () => {
  const home = tempDir();
  const plain = path.join(home, "plain dir");
  fs.mkdirSync(plain);
  const io = testIo({ cwd: plain, home });
  assert.throws(
    () => resolveMemory({}, io),
    (e: unknown) => e instanceof MemctlError && e.code === ERROR_CODES.E_NOT_GIT,
  );
  const a = resolveMemory({ allowNonGit: true }, io);
  const b = resolveMemory({ allowNonGit: true, repoRoot: plain }, testIo({ cwd: home, home }));
  assert.equal(a.git, false);
  assert.equal(a.project_key, b.project_key);
  assert.equal(a.canonical_repo, plain);
});
