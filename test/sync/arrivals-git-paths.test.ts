import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, hookOn, memctlOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// Paths git will not check out (a `.git` component in any case or NTFS / HFS spelling, a symlinked .gitmodules) and a
// .gitignore pushed as a link: made with git's plumbing, no checkout ever held them. Merged as they are, git refuses
// the merge every time ("invalid path"), so the owner's cards never leave the machine again. A junk .gitmodules
// merges, but every later `git fetch` parses it (submodule recursion) and fails: sync reported the remote offline.

/** Commits `entries` (path, mode, blob or commit) on top of a's HEAD with plumbing only, and pushes it. */
function pushTree(a: Machine, entries: [string, string, string][]): void {
  const env = { cwd: a.mem, env: a.env };
  const mktree = (lines: string[]) =>
    execFileSync("git", ["mktree", "--missing"], { ...env, input: lines.join("\n") + "\n" })
      .toString()
      .trim();
  // HEAD's entries but those replaced.
  const top = gitOn(a, "ls-tree", "HEAD")
    .split("\n")
    .filter((l) => !entries.some(([p]) => l.endsWith(`\t${p}`)));
  // Nested entries grouped by their first component (one level of folders is enough here).
  const folders = new Map<string, string[]>();
  for (const [p, mode, sha] of entries) {
    const type = mode === "160000" ? "commit" : "blob";
    const slash = p.indexOf("/");
    if (slash < 0) top.push(`${mode} ${type} ${sha}\t${p}`);
    else folders.set(p.slice(0, slash), [...(folders.get(p.slice(0, slash)) ?? []), `${mode} ${type} ${sha}\t${p.slice(slash + 1)}`]);
  }
  for (const [name, lines] of folders) top.push(`040000 tree ${mktree(lines)}\t${name}`);
  const commit = gitOn(a, "commit-tree", mktree(top), "-p", "HEAD", "-m", "paths git refuses");
  gitOn(a, "push", "-q", "origin", `${commit}:refs/heads/main`);
}

test("pushed paths git refuses to check out are left out of the merge; the sync goes on and pushes the owner's cards", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const blob = gitOn(a, "hash-object", "-w", "MEMORY.md");
  const bad = [
    "notes/.git", // a .git at any depth
    "NOTES/.GiT", // any case
    "x/git~1", // NTFS short name of .git (core.protectNTFS is on everywhere by default)
    "y/.git. ", // NTFS drops trailing dots and spaces
    "z/.git::$INDEX_ALLOCATION", // an NTFS stream
    "h/.g\u200cit", // HFS+ ignores U+200C: .git on a Mac (core.protectHFS is on there by default)
  ];
  pushTree(a, [
    ...bad.map((p): [string, string, string] => [p, "100644", blob]),
    ["sub/.gitmodules", "120000", blob], // a symlinked .gitmodules, any depth
    [".gitignore", "120000", blob], // the ignore rules memctl keeps, as a link
    ["project_fine.md", "100644", blob],
  ]);
  const first = await memctlOn(b, ["sync", "--json"]);
  assert.equal(first.code, 0, first.stdout + first.stderr);
  const report = JSON.parse(first.stdout) as { not_merged: { path: string; reason: string }[] };
  const left = report.not_merged.map((n) => n.path);
  for (const p of [...bad, "sub/.gitmodules", ".gitignore"]) assert.ok(left.includes(p), `${JSON.stringify(p)} not left out: ${JSON.stringify(report.not_merged)}`);
  assert.ok(!left.includes("project_fine.md"), JSON.stringify(report.not_merged));
  assert.ok(fs.lstatSync(path.join(b.mem, ".gitignore")).isFile(), "this machine's .gitignore stays a file");
  assert.match(fs.readFileSync(path.join(b.mem, ".gitignore"), "utf8"), /memctl:begin sync/);
  await saveCard(b, "project", "mine", "bob's own card about releases");
  await ok(b, ["sync"]);
  assert.match(gitOn(b, "ls-tree", "-r", "--name-only", "origin/main"), /project_mine\.md/);
  assert.match(hookOn(b, "bob's own card about releases"), /project_mine\.md/);
});

test("a pushed .gitmodules is left out, and one the store already holds does not stop the next fetch", async (t) => {
  const { a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  // Not git config syntax: git fetch parses .gitmodules for submodule recursion and dies on it.
  fs.writeFileSync(path.join(a.mem, ".gitmodules"), "# Memory\n\nOne line per card: - [T](f.md) — hook\n");
  gitOn(a, "add", ".gitmodules");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a junk .gitmodules");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const first = JSON.parse(await ok(b, ["sync", "--json"])) as { not_merged: { path: string; reason: string }[] };
  assert.ok(
    first.not_merged.some((n) => n.path === ".gitmodules"),
    JSON.stringify(first.not_merged),
  );
  assert.ok(!fs.existsSync(path.join(b.mem, ".gitmodules")));
  await saveCard(b, "project", "mine", "bob's own card about releases");
  await ok(b, ["sync"]);
  assert.match(gitOn(b, "ls-tree", "-r", "--name-only", "origin/main"), /project_mine\.md/);
  // alice's store already holds it (committed by hand, or merged by an older memctl): her fetch still works.
  await saveCard(b, "project", "second", "a second card of bob's about canaries");
  await ok(b, ["sync"]);
  const r = await memctlOn(a, ["sync", "--json"]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.ok(fs.existsSync(path.join(a.mem, "project_second.md")));
});
