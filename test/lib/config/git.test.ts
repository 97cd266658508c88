import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { findRepo } from "../../../lib/config/git.js";
import { git, gitInit, tempDir } from "../../helpers.js";

test("finds the root of a repository from a nested directory", () => {
  const repo = gitInit(path.join(tempDir(), "repo"));
  fs.mkdirSync(path.join(repo, "src/deep"), { recursive: true });
  const found = findRepo(path.join(repo, "src/deep"));
  assert.deepEqual(found, { worktreeRoot: repo, commonDir: path.join(repo, ".git"), canonicalRoot: repo });
});

test("a linked worktree shares the main worktree's canonical root, as git reports", () => {
  const root = tempDir();
  const repo = gitInit(path.join(root, "main repo"));
  const wt = path.join(root, "wt");
  git(repo, "worktree", "add", "-q", wt);
  const found = findRepo(wt)!;
  assert.equal(found.worktreeRoot, wt);
  assert.equal(found.canonicalRoot, repo);
  assert.equal(found.commonDir, fs.realpathSync(path.resolve(wt, git(wt, "rev-parse", "--git-common-dir"))));
});

test("a repository path with spaces and non-ASCII characters", () => {
  const repo = gitInit(path.join(tempDir(), "my répo 日本"));
  assert.equal(findRepo(repo)?.canonicalRoot, repo);
  assert.equal(git(repo, "rev-parse", "--show-toplevel"), repo);
});

test("a plain directory is not a repository", () => {
  assert.equal(findRepo(tempDir()), undefined);
});
