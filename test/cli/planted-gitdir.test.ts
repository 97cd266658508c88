import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { git, gitInit, tempDir } from "../helpers.js";
import { CLI } from "../support/fixture.js";

// A project directory the user did not make (an unpacked archive, a download) carries its own `.git`: a `commondir`
// file inside a `.git` directory, or a `.git` file whose `gitdir:` names another repository's git directory. git
// follows both; memctl must not let them choose the store, or the agent working in that directory is handed (and
// writes into) the memory of the repository they name. A real linked worktree (git worktree add) keeps its store.

function world() {
  const home = tempDir("memctl-planted-");
  const victim = gitInit(path.join(home, "work", "victim"));
  const store = path.join(home, ".claude", "projects", claudeSlug(victim), "memory");
  fs.mkdirSync(store, { recursive: true });
  fs.writeFileSync(
    path.join(store, "project_payroll.md"),
    "---\nname: payroll\ndescription: payroll database credentials live in the vault path ops/payroll\ntopics: [payroll]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\nAsk ops.\n",
  );
  fs.writeFileSync(path.join(store, "MEMORY.md"), "# Memory\n\n- [Payroll](project_payroll.md) — payroll database credentials live in the vault path ops/payroll\n");
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "memctl.toml"), NO_COLOR: "1" };
  const run = (cwd: string, args: string[], input?: string) => spawnSync(process.execPath, [CLI, ...args], { cwd, env, input, encoding: "utf8" });
  return { home, victim, store, run };
}

test("a planted .git (a commondir in a .git directory, a gitdir file naming another repository) does not select that repository's store", (t) => {
  const w = world();
  t.after(() => fs.rmSync(w.home, { recursive: true, force: true }));
  const resolved = (cwd: string) => JSON.parse(w.run(cwd, ["resolve", "--json"]).stdout) as { memory_dir?: string | null; canonical_repo: string };
  assert.equal(resolved(w.victim).memory_dir, w.store, "the victim's own checkout uses its store");

  const viaCommondir = path.join(w.home, "downloads", "tool-a");
  fs.mkdirSync(path.join(viaCommondir, ".git"), { recursive: true });
  fs.writeFileSync(path.join(viaCommondir, ".git", "HEAD"), "ref: refs/heads/main\n");
  fs.writeFileSync(path.join(viaCommondir, ".git", "commondir"), `${path.join(w.victim, ".git")}\n`);
  const viaGitfile = path.join(w.home, "downloads", "tool-b");
  fs.mkdirSync(viaGitfile, { recursive: true });
  fs.writeFileSync(path.join(viaGitfile, ".git"), `gitdir: ${path.join(w.victim, ".git")}\n`);
  // A gitfile naming a real worktree of the victim's, which does not name this directory back.
  git(w.victim, "worktree", "add", "-q", path.join(w.home, "work", "victim-wt"));
  const viaWorktree = path.join(w.home, "downloads", "tool-c");
  fs.mkdirSync(viaWorktree, { recursive: true });
  fs.writeFileSync(path.join(viaWorktree, ".git"), `gitdir: ${path.join(w.victim, ".git", "worktrees", "victim-wt")}\n`);

  for (const dir of [viaCommondir, viaGitfile, viaWorktree]) {
    const r = resolved(dir);
    assert.notEqual(r.memory_dir, w.store, `${dir} resolved to the victim's store`);
    assert.equal(r.canonical_repo, dir);
    const hook = w.run(dir, ["hook", "user-prompt-submit", "--host", "generic"], JSON.stringify({ cwd: dir, prompt: "where are the payroll database credentials" }));
    assert.equal(hook.status, 0, hook.stderr);
    assert.doesNotMatch(hook.stdout, /payroll/, `${dir}: ${hook.stdout}`);
  }
  // The real linked worktree is the victim's repository: its store.
  assert.equal(resolved(path.join(w.home, "work", "victim-wt")).memory_dir, w.store);
});

test("a planted .git/worktrees entry naming another checkout does not bring that project's Claude memory into import or doctor", (t) => {
  const w = world();
  t.after(() => fs.rmSync(w.home, { recursive: true, force: true }));
  // An unpacked archive with a .git directory of its own that lists the victim's checkout as one of its worktrees.
  const tool = gitInit(path.join(w.home, "downloads", "tool-d"));
  fs.mkdirSync(path.join(tool, ".git", "worktrees", "x"), { recursive: true });
  fs.writeFileSync(path.join(tool, ".git", "worktrees", "x", "gitdir"), `${path.join(w.victim, ".git")}\n`);
  assert.equal(w.run(tool, ["init"], "").status, 0);
  const plan = JSON.parse(w.run(tool, ["import", "claude", "--json"]).stdout) as { scanned_dirs: string[]; items: { name: string }[] };
  assert.deepEqual(plan.scanned_dirs, [], "the victim's Claude memory was scanned as this project's");
  assert.deepEqual(plan.items, []);
  const doctor = w.run(tool, ["doctor", "--json"]);
  assert.doesNotMatch(doctor.stdout, /payroll/, "doctor named the victim's Claude memory as this project's");

  // A .git file naming the victim's git dir: the victim's own linked worktrees (which name it back) are not this project's.
  git(w.victim, "worktree", "add", "-q", path.join(w.home, "work", "victim-wt2"));
  const wt2Store = path.join(w.home, ".claude", "projects", claudeSlug(path.join(w.home, "work", "victim-wt2")), "memory");
  fs.mkdirSync(wt2Store, { recursive: true });
  fs.writeFileSync(path.join(wt2Store, "project_salaries.md"), "---\nname: salaries\ndescription: salary bands live in ops/hr\n---\nAsk HR.\n");
  const viaGitfile = path.join(w.home, "downloads", "tool-e");
  fs.mkdirSync(viaGitfile, { recursive: true });
  fs.writeFileSync(path.join(viaGitfile, ".git"), `gitdir: ${path.join(w.victim, ".git")}\n`);
  assert.equal(w.run(viaGitfile, ["init"], "").status, 0);
  const borrowed = JSON.parse(w.run(viaGitfile, ["import", "claude", "--json"]).stdout) as { scanned_dirs: string[] };
  assert.deepEqual(borrowed.scanned_dirs, [], "a .git file naming the victim's git dir scanned the victim's worktrees' Claude memory");

  // A real linked worktree (git worktree add) of the archive's repository still counts: its memory is this project's.
  const wt = path.join(w.home, "downloads", "tool-d-wt");
  git(tool, "worktree", "add", "-q", wt);
  const wtStore = path.join(w.home, ".claude", "projects", claudeSlug(wt), "memory");
  fs.mkdirSync(wtStore, { recursive: true });
  fs.writeFileSync(path.join(wtStore, "feedback_tabs.md"), "---\nname: tabs\ndescription: we indent with tabs\n---\nTabs.\n");
  const again = JSON.parse(w.run(tool, ["import", "claude", "--json"]).stdout) as { scanned_dirs: string[]; items: { name: string }[] };
  assert.deepEqual(again.scanned_dirs, [wtStore]);
  assert.deepEqual(
    again.items.map((i) => i.name),
    ["tabs"],
  );
});
