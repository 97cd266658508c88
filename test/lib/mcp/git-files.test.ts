// A synced store is a git work tree: its .git/ holds the remote's URL (with a token, for many HTTPS remotes), and
// its config and hooks name commands git runs at the owner's next `memctl sync`. No memory tool reads or writes
// git's own files: an agent reading the URL takes the token to its model provider, and an opted-in agent that
// could write `core.fsmonitor` or a hook would run a command as the owner. Real parts: the built server, the SDK's
// client, a git repository, the real `memctl sync` afterwards.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI } from "../../support/fixture.js";
import { callTool, connect } from "./support.js";
import { sandbox } from "../../helpers.js";

const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }];
const TOKEN = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";

function gitStore(optedIn: boolean) {
  const s = sandbox(CARDS);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: s.memory, env: { PATH: process.env.PATH, HOME: s.home, GIT_CONFIG_NOSYSTEM: "1" } });
  git("init", "-q", "-b", "main");
  git("remote", "add", "origin", `https://x-access-token:${TOKEN}@github.invalid/o/r.git`);
  if (optedIn) fs.writeFileSync(path.join(s.home, "config.toml"), "[hosts.claude]\nwrite = true\n");
  const env = { HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), CLAUDECODE: "1" };
  return { ...s, env };
}

test("memory_view and an agent's memctl view never show git's files: the remote's token stays out", async (t) => {
  const s = gitStore(false);
  t.after(() => s.cleanup());
  const mcp = await connect({ cwd: s.repo, env: s.env });
  t.after(() => mcp.close());
  for (const p of [".git/config", "/memories/.git/config", ".git", ".git/logs/HEAD", ".GIT/config", ".gitmodules", "sub/.gitignore"]) {
    const r = await callTool(mcp.client, "memory_view", { path: p });
    assert.equal(r.isError, true, `${p}: ${r.text}`);
    assert.equal(r.code, "E_PATH_RESERVED", `${p}: ${r.text}`);
    assert.doesNotMatch(r.text, /ghp_|x-access-token/);
  }
  const shell = spawnSync(process.execPath, [CLI, "view", ".git/config"], { cwd: s.repo, env: { PATH: process.env.PATH, ...s.env }, encoding: "utf8" });
  assert.notEqual(shell.status, 0);
  assert.doesNotMatch(shell.stdout + shell.stderr, /ghp_|x-access-token/);
  // The store itself is still listed and read.
  assert.equal((await callTool(mcp.client, "memory_view", { path: "feedback_testing.md" })).isError, false);
  await mcp.close();
});

test("an opted-in agent's memory_manage cannot write git's config, hooks or attributes; the owner's next sync runs nothing of theirs", async (t) => {
  const s = gitStore(true);
  t.after(() => s.cleanup());
  // A remote without a token, so the secret scan is not what refuses the edit.
  execFileSync("git", ["remote", "set-url", "origin", path.join(s.root, "remote.git")], { cwd: s.memory });
  execFileSync("git", ["init", "-q", "--bare", "-b", "main", path.join(s.root, "remote.git")]);
  const marker = path.join(s.root, "ran");
  const mcp = await connect({ cwd: s.repo, env: s.env });
  t.after(() => mcp.close());
  for (const args of [
    { command: "str_replace", path: ".git/config", old_str: "[core]", new_str: `[core]\n\tfsmonitor = touch ${marker}` },
    { command: "create", path: ".git/hooks/post-merge", file_text: `#!/bin/sh\ntouch ${marker}\n` },
    { command: "create", path: ".git/info/attributes", file_text: "* merge=union\n" },
    { command: "insert", path: ".git/config", insert_line: 0, insert_text: `[core]\n\tsshCommand = touch ${marker}` },
    { command: "create", path: ".gitattributes", file_text: "* filter=lfs\n" },
    { command: "create", path: ".lfsconfig", file_text: "[lfs]\n\turl = https://x.invalid\n" },
    // Git reads these at every depth: an ignore file in a subfolder keeps the owner's later cards there out of sync.
    { command: "create", path: "sub/.gitignore", file_text: "*\n" },
    { command: "create", path: "a/b/.GITATTRIBUTES", file_text: "* text eol=crlf\n" },
    { command: "rename", old_path: "feedback_testing.md", new_path: "sub/.gitattributes" },
    { command: "rename", old_path: "feedback_testing.md", new_path: ".git/hooks/pre-commit" },
    { command: "delete", path: ".git/HEAD" },
  ]) {
    const r = await callTool(mcp.client, "memory_manage", args);
    assert.equal(r.isError, true, `${JSON.stringify(args)}: ${r.text}`);
    assert.equal(r.code, "E_PATH_RESERVED", `${JSON.stringify(args)}: ${r.text}`);
  }
  assert.doesNotMatch(fs.readFileSync(path.join(s.memory, ".git", "config"), "utf8"), /fsmonitor|sshCommand/);
  assert.equal(fs.existsSync(path.join(s.memory, ".git", "hooks", "post-merge")), false);
  assert.ok(fs.existsSync(path.join(s.memory, "feedback_testing.md")));
  const owner = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), GIT_CONFIG_NOSYSTEM: "1" };
  spawnSync(process.execPath, [CLI, "sync", "init", path.join(s.root, "remote.git")], { cwd: s.repo, env: owner, encoding: "utf8" });
  spawnSync(process.execPath, [CLI, "sync"], { cwd: s.repo, env: owner, encoding: "utf8" });
  assert.equal(fs.existsSync(marker), false, "a command an agent planted ran");
  await mcp.close();
});
