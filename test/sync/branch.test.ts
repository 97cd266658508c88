import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, makeCluster, memctlOn, ok, saveCard, type Cluster, type Machine } from "../support/machines.js";

// Which remote branch a store syncs with. A bare remote made with `git init --bare` names `master` as its HEAD
// whatever branch the first machine pushes, so a second machine's `git clone` checks out nothing and sits on an
// unborn `master`: a sync that pushed that would split memory into two branches, each machine "synced".

const EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) — hook\n";

function cluster(t: { after: (fn: () => void) => void }, remoteHead: string): { c: Cluster; a: Machine; b: Machine } {
  const c = makeCluster();
  t.after(() => fs.rmSync(c.root, { recursive: true, force: true }));
  execFileSync("git", ["symbolic-ref", "HEAD", `refs/heads/${remoteHead}`], { cwd: c.remote });
  const [a, b] = c.machines as [Machine, Machine];
  return { c, a, b };
}

const remoteBranches = (c: Cluster) =>
  execFileSync("git", ["for-each-ref", "--format=%(refname:short)", "refs/heads"], { cwd: c.remote, encoding: "utf8" }).split("\n").filter(Boolean).sort();

test("a clone of a remote whose HEAD names a branch nobody pushed syncs with the branch that exists, never a second one", async (t) => {
  const { c, a, b } = cluster(t, "master");
  fs.mkdirSync(a.mem);
  fs.writeFileSync(path.join(a.mem, "MEMORY.md"), EMPTY_INDEX);
  await ok(a, ["sync", "init", c.remote, "--trust", "own"]);
  await saveCard(a, "project", "ci", "CI runs on GitHub Actions");
  await ok(a, ["sync"]);
  assert.deepEqual(remoteBranches(c), ["main"]);

  execFileSync("git", ["clone", "-q", c.remote, b.mem], { env: b.env, stdio: "pipe" });
  await ok(b, ["sync", "trust", "own"]);
  const r = await ok(b, ["sync", "--json"]);
  assert.equal(JSON.parse(r).branch, "main");
  assert.deepEqual(remoteBranches(c), ["main"]);
  assert.equal(fs.existsSync(path.join(b.mem, "project_ci.md")), true, "b has a's card");
  await saveCard(b, "project", "deploy", "deploys go through the release train");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  assert.equal(fs.existsSync(path.join(a.mem, "project_deploy.md")), true, "a has b's card");
  assert.deepEqual(remoteBranches(c), ["main"]);
});

test("a store whose branch the remote lacks, beside other branches, is refused with the branches named; nothing is pushed", async (t) => {
  const { c, a, b } = cluster(t, "main");
  for (const [m, branch] of [
    [a, "main"],
    [b, "trunk"],
  ] as const) {
    fs.mkdirSync(m.mem);
    fs.writeFileSync(path.join(m.mem, "MEMORY.md"), EMPTY_INDEX);
    execFileSync("git", ["init", "-q", "-b", branch, m.mem], { env: m.env });
  }
  await ok(a, ["sync", "init", c.remote, "--trust", "own"]);
  await saveCard(a, "project", "ci", "CI runs on GitHub Actions");
  await ok(a, ["sync"]);
  execFileSync("git", ["push", "-q", c.remote, "main:refs/heads/other"], { cwd: a.mem, env: a.env });
  await saveCard(b, "project", "deploy", "deploys go through the release train");
  const r = await memctlOn(b, ["sync", "init", c.remote, "--trust", "own", "--json"]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const err = JSON.parse(r.stdout).error;
  assert.equal(err.code, "E_SYNC_BRANCH");
  assert.match(err.message, /trunk/);
  assert.match(err.message, /main, other/);
  assert.deepEqual(remoteBranches(c), ["main", "other"]);
});

test("sync init refuses a memory directory inside another repository (the project's) and creates no repository in it", async (t) => {
  const { c, a } = cluster(t, "main");
  const inside = path.join(a.repo, "mem");
  fs.mkdirSync(inside);
  fs.writeFileSync(path.join(inside, "MEMORY.md"), EMPTY_INDEX);
  const r = await memctlOn(a, ["sync", "init", c.remote, "--trust", "own", "--json"], { MEMCTL_MEMORY_DIR: inside });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.equal(JSON.parse(r.stdout).error.code, "E_SYNC_NOT_REPO");
  assert.equal(fs.existsSync(path.join(inside, ".git")), false);
  assert.deepEqual(remoteBranches(c), []);
  assert.equal(gitOn({ ...a, mem: a.repo }, "status", "--porcelain", "--", "mem").includes("mem/"), true, "still the project's untracked files");
});
