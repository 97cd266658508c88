import assert from "node:assert/strict";
import { test } from "node:test";
import { gitOn, hookOn, memctlOn, ok, saveCard, syncedPair } from "../support/machines.js";

// A name no checkout here can hold: a path component over the filesystem's 255 bytes, made with git's plumbing (no
// file system ever held it). git's merge fails on it ("File name too long") every time, so a teammate who pushed one
// stopped every later sync on this machine: nothing of the owner's was pushed again.

test("a pushed file whose name no filesystem can hold is left out of the merge; the sync goes on and pushes the owner's cards", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const long = `project_${"x".repeat(300)}.md`;
  const blob = gitOn(a, "hash-object", "-w", "MEMORY.md");
  gitOn(a, "update-index", "--add", "--cacheinfo", `100644,${blob},${long}`);
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a name too long for any filesystem");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const first = await memctlOn(b, ["sync", "--json"]);
  assert.equal(first.code, 0, first.stderr);
  const report = JSON.parse(first.stdout) as { not_merged: { path: string; reason: string }[] };
  assert.ok(
    report.not_merged.some((n) => n.path === long && /E_GUARDRAIL/.test(n.reason)),
    first.stdout,
  );
  await saveCard(b, "project", "mine", "bob's own card about releases");
  await ok(b, ["sync"]);
  assert.match(hookOn(b, "bob's own card about releases"), /project_mine\.md/);
  // The owner's card reached the remote.
  assert.match(gitOn(b, "ls-tree", "-r", "--name-only", "origin/main"), /project_mine\.md/);
});
