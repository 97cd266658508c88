import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { git, gitInit, initRepo, REPO_ROOT, tempDir } from "../helpers.js";

// A project-scope (or local) install writes into a repository the user may have just cloned: a file or folder
// there that is a link leading out of it must not make install write the user's other files. Nothing is written,
// the refusal names the link (E_PATH_ESCAPE), and the file outside stays byte for byte.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

function setup() {
  const root = tempDir();
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const repo = initRepo(path.join(root, "repo"));
  const outside = path.join(root, "outside");
  fs.mkdirSync(outside);
  return { root, home, repo, outside };
}

function install(home: string, cwd: string, ...args: string[]) {
  return spawnSync(process.execPath, [CLI, "install", ...args, "--json"], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), XDG_STATE_HOME: path.join(home, "state") },
    encoding: "utf8",
    timeout: 20_000,
  });
}

function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(
    fs
      .readdirSync(dir, { recursive: true })
      .map(String)
      .sort()
      .map((n) => [n, fs.statSync(path.join(dir, n)).isDirectory() ? "<dir>" : fs.readFileSync(path.join(dir, n), "utf8")]),
  );
}

const CASES: { name: string; host: string; scope: string; plant: (repo: string, outside: string) => void }[] = [
  {
    name: "a settings file linked to a JSON file outside",
    host: "claude",
    scope: "project",
    plant: (repo, outside) => {
      fs.writeFileSync(path.join(outside, "victim.json"), '{"precious": true}\n');
      fs.mkdirSync(path.join(repo, ".claude"));
      fs.symlinkSync(path.join(outside, "victim.json"), path.join(repo, ".claude", "settings.json"));
    },
  },
  {
    name: "a dangling link where a file would be created",
    host: "codex",
    scope: "project",
    plant: (repo, outside) => {
      fs.mkdirSync(path.join(repo, ".codex"));
      fs.symlinkSync(path.join(outside, "created.json"), path.join(repo, ".codex", "hooks.json"));
    },
  },
  {
    name: "a host folder linked to a folder outside",
    host: "opencode",
    scope: "project",
    plant: (repo, outside) => {
      fs.mkdirSync(path.join(outside, "dir"));
      fs.symlinkSync(path.join(outside, "dir"), path.join(repo, ".opencode"));
    },
  },
  {
    name: "a local settings file linked outside",
    host: "claude",
    scope: "local",
    plant: (repo, outside) => {
      fs.writeFileSync(path.join(outside, "local.json"), "{}\n");
      fs.mkdirSync(path.join(repo, ".claude"));
      fs.symlinkSync(path.join(outside, "local.json"), path.join(repo, ".claude", "settings.local.json"));
    },
  },
];

for (const c of CASES) {
  test(`install ${c.host} --scope ${c.scope} in a repository with ${c.name}: refused, nothing outside written`, () => {
    const { root, home, repo, outside } = setup();
    try {
      c.plant(repo, outside);
      const before = snapshot(outside);
      const run = install(home, repo, c.host, "--scope", c.scope);
      assert.equal(run.error, undefined);
      assert.equal(run.status, 1, run.stdout + run.stderr);
      assert.match(run.stdout + run.stderr, /E_PATH_ESCAPE/);
      assert.deepEqual(snapshot(outside), before);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}

test("a link inside the project to another file of the project is still written through", () => {
  const { root, home, repo } = setup();
  try {
    fs.mkdirSync(path.join(repo, "config"));
    fs.writeFileSync(path.join(repo, "config", "claude.json"), "{}\n");
    fs.mkdirSync(path.join(repo, ".claude"));
    fs.symlinkSync("../config/claude.json", path.join(repo, ".claude", "settings.json"));
    const run = install(home, repo, "claude", "--scope", "project");
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.ok(fs.lstatSync(path.join(repo, ".claude", "settings.json")).isSymbolicLink());
    assert.match(fs.readFileSync(path.join(repo, "config", "claude.json"), "utf8"), /memctl-hook/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("install --scope project with a FIFO or a link to /dev/zero as a host file: an error, never a hang", () => {
  const { root, home, repo } = setup();
  try {
    fs.mkdirSync(path.join(repo, ".claude", "commands"), { recursive: true });
    spawnSync("mkfifo", [path.join(repo, ".claude", "settings.json")]);
    fs.symlinkSync("/dev/zero", path.join(repo, ".claude", "commands", "mem-old.md"));
    const run = install(home, repo, "claude", "--scope", "project");
    assert.equal(run.error, undefined, `install was stopped: ${run.error?.message}`);
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stdout + run.stderr, /not a regular file/);
    const status = install(home, repo, "--status");
    assert.equal(status.error, undefined, `install --status was stopped: ${status.error?.message}`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("install --scope local in a directory whose .git file names another repository's .git: that repository's exclude file is untouched", () => {
  const { root, home, repo: victim } = setup();
  try {
    const exclude = path.join(victim, ".git", "info", "exclude");
    const before = fs.readFileSync(exclude, "utf8");
    // An unpacked archive: its .git is a file naming the victim's git dir, which lists no such worktree.
    const tool = path.join(root, "downloads", "tool");
    fs.mkdirSync(tool, { recursive: true });
    fs.writeFileSync(path.join(tool, ".git"), `gitdir: ${path.join(victim, ".git")}\n`);
    const run = install(home, tool, "claude", "--scope", "local");
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.equal(fs.readFileSync(exclude, "utf8"), before, "a local install edited another repository's .git/info/exclude");
    assert.ok(fs.existsSync(path.join(tool, ".claude", "settings.local.json")), "the local install itself is written in the project");
    // The project's own repository still gets its exclude line.
    const own = install(home, victim, "claude", "--scope", "local");
    assert.equal(own.status, 0, own.stdout + own.stderr);
    assert.match(fs.readFileSync(exclude, "utf8"), /^\/\.claude\/settings\.local\.json$/m);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

// A submodule's .git file names <super>/.git/modules/<name>, whose core.worktree names the submodule back; a linked
// worktree's is listed in <common>/worktrees. Both are the checkout's own repository: git must ignore the local file.
test("install --scope local in a real submodule and a real linked worktree adds git's exclude line; a .git naming the submodule's git dir does not", () => {
  const { root, home } = setup();
  try {
    const lib = gitInit(path.join(root, "lib"));
    const sup = gitInit(path.join(root, "super"));
    git(sup, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "mod");
    const mod = path.join(sup, "mod");
    const wt = path.join(root, "wt");
    git(sup, "worktree", "add", "-q", wt);
    const modWt = path.join(root, "mod-wt");
    git(mod, "worktree", "add", "-q", modWt);
    const modExclude = path.join(git(mod, "rev-parse", "--absolute-git-dir"), "info", "exclude");
    const before = fs.readFileSync(modExclude, "utf8");
    // A planted .git naming the submodule's git dir, which names another checkout (mod) as its worktree.
    const tool = path.join(root, "tool");
    fs.mkdirSync(tool);
    fs.writeFileSync(path.join(tool, ".git"), `gitdir: ${path.dirname(path.dirname(modExclude))}\n`);
    const planted = install(home, tool, "claude", "--scope", "local");
    assert.equal(planted.status, 0, planted.stdout + planted.stderr);
    assert.equal(fs.readFileSync(modExclude, "utf8"), before, "a .git naming the submodule's git dir edited its exclude file");
    for (const dir of [mod, wt, modWt]) {
      const run = install(home, dir, "claude", "--scope", "local");
      assert.equal(run.status, 0, run.stdout + run.stderr);
      // git itself says the local file is ignored there: the line went into the file git reads for that checkout.
      assert.equal(git(dir, "check-ignore", ".claude/settings.local.json"), ".claude/settings.local.json", dir);
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
