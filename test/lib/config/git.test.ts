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

// A project's `.git` is its own content (an unpacked archive, a checkout of someone else's files): whatever
// repository it names, it is not that repository's worktree unless that repository lists it back.
test("a .git file naming another checkout's .git does not take that project's identity", () => {
  const root = tempDir();
  const other = gitInit(path.join(root, "other"));
  const evil = path.join(root, "evil");
  fs.mkdirSync(evil);
  fs.writeFileSync(path.join(evil, ".git"), `gitdir: ${path.join(other, ".git")}\n`);
  assert.equal(findRepo(evil)?.canonicalRoot, evil);
  fs.writeFileSync(path.join(evil, ".git"), "gitdir: ../other/.git\n");
  assert.equal(findRepo(evil)?.canonicalRoot, evil);
});

test("a planted commondir (in a .git directory or a .git file's git dir) does not take another repository's identity", () => {
  const root = tempDir();
  const other = gitInit(path.join(root, "other"));
  const evil = path.join(root, "evil");
  fs.mkdirSync(path.join(evil, ".git"), { recursive: true });
  fs.writeFileSync(path.join(evil, ".git", "commondir"), `${path.join(other, ".git")}\n`);
  fs.writeFileSync(path.join(evil, ".git", "gitdir"), `${path.join(evil, ".git")}\n`);
  assert.equal(findRepo(evil)?.canonicalRoot, evil);

  // A git dir of its own that imitates a linked worktree's, outside the other repository's worktrees/.
  const evil2 = path.join(root, "evil2");
  const fake = path.join(root, "fake", "worktrees", "x");
  fs.mkdirSync(evil2);
  fs.mkdirSync(fake, { recursive: true });
  fs.writeFileSync(path.join(fake, "commondir"), `${path.join(other, ".git")}\n`);
  fs.writeFileSync(path.join(fake, "gitdir"), `${path.join(evil2, ".git")}\n`);
  fs.writeFileSync(path.join(evil2, ".git"), `gitdir: ${fake}\n`);
  assert.equal(findRepo(evil2)?.canonicalRoot, evil2);
});

test("a .git file pointing into a real worktree entry that lists another worktree is not that repository's", () => {
  const root = tempDir();
  const repo = gitInit(path.join(root, "repo"));
  const wt = path.join(root, "wt");
  git(repo, "worktree", "add", "-q", wt);
  const entry = fs.readFileSync(path.join(wt, ".git"), "utf8");
  const evil = path.join(root, "evil");
  fs.mkdirSync(evil);
  fs.writeFileSync(path.join(evil, ".git"), entry);
  assert.equal(findRepo(evil)?.canonicalRoot, evil);
  assert.equal(findRepo(wt)?.canonicalRoot, repo); // the real worktree keeps its repository's identity
});

test("a submodule keeps its own identity", () => {
  const root = tempDir();
  const sub = gitInit(path.join(root, "sub"));
  const sup = gitInit(path.join(root, "super"));
  git(sup, "-c", "protocol.file.allow=always", "submodule", "add", "-q", sub, "mod");
  assert.equal(findRepo(path.join(sup, "mod"))?.canonicalRoot, path.join(sup, "mod"));
  // A linked worktree of the submodule shares the submodule's identity (its git dir's core.worktree names it).
  const wt = path.join(root, "mod-wt");
  git(path.join(sup, "mod"), "worktree", "add", "-q", wt);
  assert.equal(findRepo(wt)?.canonicalRoot, path.join(sup, "mod"));
  // A .git naming the submodule's git dir is not the submodule.
  const evil = path.join(root, "evil");
  fs.mkdirSync(evil);
  fs.writeFileSync(path.join(evil, ".git"), `gitdir: ${path.join(sup, ".git", "modules", "mod")}\n`);
  assert.equal(findRepo(evil)?.canonicalRoot, evil);
});
