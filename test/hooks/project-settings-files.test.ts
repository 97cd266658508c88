import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { initRepo, REPO_ROOT, tempDir, writeStore } from "../helpers.js";

// Claude Code's project settings are the project's own files, read by the hooks to learn whether Claude loads the
// store itself (auto memory). A committed symlink to /dev/zero, or a FIFO in an unpacked archive, must not hold
// the installed hook: it answers within its budget and still prints the memory.

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const CARD = { file: "reference_deploy.md", title: "Deploy", hook: "argo syncs staging; prod needs a signed tag" };

function project(plant: (claudeDir: string) => void) {
  const root = tempDir();
  const home = path.join(root, "home");
  const repo = initRepo(path.join(root, "repo"));
  // The store where Claude Code keeps this project's auto memory: the case where its settings are read.
  const store = path.join(home, ".claude", "projects", claudeSlug(repo), "memory");
  fs.mkdirSync(store, { recursive: true });
  writeStore(store, [CARD]);
  fs.mkdirSync(path.join(repo, ".claude"));
  plant(path.join(repo, ".claude"));
  return { root, home, repo };
}

function run(args: string[], home: string, payload: object) {
  return spawnSync(process.execPath, args, {
    input: JSON.stringify(payload),
    env: { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), XDG_STATE_HOME: path.join(home, "state") },
    encoding: "utf8",
    timeout: 15_000,
  });
}

const PLANTS: [string, (dir: string) => void][] = [
  ["a link to /dev/zero", (dir) => fs.symlinkSync("/dev/zero", path.join(dir, "settings.local.json"))],
  ["a FIFO", (dir) => spawnSync("mkfifo", [path.join(dir, "settings.json")])],
];

for (const [what, plant] of PLANTS) {
  test(`a project settings file that is ${what}: the per-prompt hook and session start answer and print the memory`, () => {
    const { root, home, repo } = project(plant);
    try {
      const prompt = run(["--preserve-symlinks-main", HOOK, "--host", "claude"], home, {
        session_id: "p",
        cwd: repo,
        hook_event_name: "UserPromptSubmit",
        prompt: "how does prod deploy work, which tag?",
      });
      assert.equal(prompt.error, undefined, `the hook was stopped: ${prompt.error?.message}`);
      assert.equal(prompt.status, 0);
      assert.match(prompt.stdout, /signed tag/);
      const start = run([CLI, "hook", "session-start", "--host", "claude"], home, { session_id: "s", cwd: repo, hook_event_name: "SessionStart", source: "startup" });
      assert.equal(start.error, undefined, `session start was stopped: ${start.error?.message}`);
      assert.equal(start.status, 0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}
