import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { gitInit, REPO_ROOT, tempDir, writeStore } from "../helpers.js";

// A directory the user opens is the project's content, `.git` included: a planted `.git` file or `commondir` that
// names another checkout's repository must not make the installed hook read that project's memory into this session.

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const SECRET = { file: "reference_deploy.md", title: "Deploy token", hook: "the production deploy token lives in vault secret/prod/deploy" };

function setup() {
  const root = tempDir();
  const home = path.join(root, "home");
  fs.mkdirSync(home);
  const other = gitInit(path.join(root, "other"));
  // The other project's store where Claude Code keeps it (legacy discovery, no config entry needed).
  const store = path.join(home, ".claude", "projects", claudeSlug(other), "memory");
  fs.mkdirSync(store, { recursive: true });
  writeStore(store, [SECRET]);
  return { root, home, other, store };
}

function prompt(home: string, cwd: string, session: string) {
  const payload = JSON.stringify({ session_id: session, cwd, hook_event_name: "UserPromptSubmit", prompt: "where is the production deploy token?" });
  return spawnSync(process.execPath, ["--preserve-symlinks-main", HOOK, "--host", "claude"], {
    input: payload,
    env: { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), XDG_STATE_HOME: path.join(home, "state") },
    encoding: "utf8",
    timeout: 20_000,
  });
}

test("the hook in a directory whose .git file names another checkout's .git prints none of that project's memory", () => {
  const { root, home, other, store } = setup();
  try {
    const evil = path.join(root, "evil");
    fs.mkdirSync(evil);
    for (const [i, link] of [`gitdir: ${path.join(other, ".git")}`, "gitdir: ../other/.git"].entries()) {
      fs.writeFileSync(path.join(evil, ".git"), `${link}\n`);
      const run = prompt(home, evil, `evil-${i}`);
      assert.equal(run.status, 0);
      assert.doesNotMatch(run.stdout, /vault|deploy/, `${link}: ${run.stdout}`);
    }
    assert.ok(!fs.existsSync(path.join(store, ".memctl")), "nothing was written into the other project's store");
    assert.match(prompt(home, other, "own").stdout, /vault secret\/prod\/deploy/); // the owner's own project sees it
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test("the hook in a directory whose .git directory holds a planted commondir prints none of that repository's memory", () => {
  const { root, home, other } = setup();
  try {
    const evil = path.join(root, "evil");
    fs.mkdirSync(path.join(evil, ".git"), { recursive: true });
    fs.writeFileSync(path.join(evil, ".git", "commondir"), `${path.join(other, ".git")}\n`);
    const run = prompt(home, evil, "evil");
    assert.equal(run.status, 0);
    assert.doesNotMatch(run.stdout, /vault|deploy/, run.stdout);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

// What findRepo reads of a project's .git (a .git file, commondir, gitdir) is a path: a link to /dev/zero or a FIFO
// planted there must not hold the hook.
const GIT_PLANTS: [string, (dir: string) => void][] = [
  [
    "commondir linked to /dev/zero",
    (dir) => {
      fs.mkdirSync(path.join(dir, ".git"));
      fs.symlinkSync("/dev/zero", path.join(dir, ".git", "commondir"));
    },
  ],
  [
    "commondir a FIFO",
    (dir) => {
      fs.mkdirSync(path.join(dir, ".git"));
      spawnSync("mkfifo", [path.join(dir, ".git", "commondir")]);
    },
  ],
];

for (const [what, plant] of GIT_PLANTS) {
  test(`a project whose ${what}: the hook answers within its budget`, () => {
    const { root, home } = setup();
    try {
      const dir = path.join(root, "odd");
      fs.mkdirSync(dir);
      plant(dir);
      const run = prompt(home, dir, "odd");
      assert.equal(run.error, undefined, `the hook was stopped: ${run.error?.message}`);
      assert.equal(run.status, 0);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
}
