// A new machine whose git has no identity: the first `memctl sync init` cannot commit. The error used to be git's
// last three lines ("Omit --global to set the identity only in this repository. / fatal: unable to auto-detect…")
// after the whole multi-line commit message: the two commands to run were cut off. It names them now, and a
// sync after setting them carries the store.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers.js";
import { makeWorld, spawnEnv } from "../support/fixture.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

test("sync init with no git identity says which two git config commands to run; after them, sync carries the store", (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  fs.writeFileSync(path.join(w.mem, "project_a.md"), "---\nname: a\ndescription: alpha\n---\nbody\n");
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [A](project_a.md) — alpha\n");
  const remote = path.join(w.root, "remote.git");
  execFileSync("git", ["init", "-q", "--bare", remote]);
  // useConfigOnly: git never guesses an identity from the host name, whatever this machine's name is.
  const gitconfig = path.join(w.root, "gitconfig");
  fs.writeFileSync(gitconfig, "[user]\n\tuseConfigOnly = true\n");
  const env = { ...spawnEnv(w), GIT_CONFIG_GLOBAL: gitconfig, GIT_CONFIG_NOSYSTEM: "1" };
  const run = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env, encoding: "utf8" });
  const first = run("sync", "init", remote);
  assert.equal(first.status, 1, first.stderr);
  assert.match(first.stderr, /git config --global user\.name/);
  assert.match(first.stderr, /git config --global user\.email/);
  assert.doesNotMatch(first.stderr, /MEMORY\.md \+\d/, "not the commit message");
  fs.writeFileSync(gitconfig, "[user]\n\tuseConfigOnly = true\n\tname = Me\n\temail = me@example.invalid\n");
  const again = run("sync");
  assert.equal(again.status, 0, again.stderr);
  const files = execFileSync("git", ["--git-dir", remote, "ls-tree", "--name-only", "main"], { encoding: "utf8" });
  assert.match(files, /project_a\.md/);
});

test("sync init with no git identity names the init itself (its remote and trust) to run again; that command tracks the branch", (t) => {
  const w = makeWorld();
  t.after(() => fs.rmSync(w.root, { recursive: true, force: true }));
  fs.writeFileSync(path.join(w.mem, "project_a.md"), "---\nname: a\ndescription: alpha\n---\nbody\n");
  fs.appendFileSync(path.join(w.mem, "MEMORY.md"), "- [A](project_a.md) — alpha\n");
  const remote = path.join(w.root, "remote.git");
  execFileSync("git", ["init", "-q", "--bare", remote]);
  const gitconfig = path.join(w.root, "gitconfig");
  fs.writeFileSync(gitconfig, "[user]\n\tuseConfigOnly = true\n");
  const env = { ...spawnEnv(w), GIT_CONFIG_GLOBAL: gitconfig, GIT_CONFIG_NOSYSTEM: "1" };
  const first = spawnSync(process.execPath, [CLI, "sync", "init", remote, "--trust", "own"], { cwd: w.repo, env, encoding: "utf8" });
  assert.equal(first.status, 1, first.stderr);
  const named = /then (memctl sync init \S+ --trust own) again/.exec(first.stderr);
  assert.ok(named, first.stderr);
  fs.writeFileSync(gitconfig, "[user]\n\tuseConfigOnly = true\n\tname = Me\n\temail = me@example.invalid\n");
  // Run exactly what it said.
  const args = named[1]!.split(" ").slice(1);
  const again = spawnSync(process.execPath, [CLI, ...args], { cwd: w.repo, env, encoding: "utf8" });
  assert.equal(again.status, 0, again.stderr);
  const config = (key: string) => execFileSync("git", ["-C", w.mem, "config", "--get", key], { env, encoding: "utf8" }).trim();
  assert.equal(config("branch.main.remote"), "origin", "the init finished: the branch tracks the remote");
  assert.equal(config("memctl.trust"), "own", "the trust chosen first is kept");
  assert.match(execFileSync("git", ["--git-dir", remote, "ls-tree", "--name-only", "main"], { encoding: "utf8" }), /project_a\.md/);
});
