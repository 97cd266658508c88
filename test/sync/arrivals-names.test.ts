import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
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

test("a pushed path that differs from a card only by case or Unicode normalisation is left out, so no case-insensitive checkout overwrites the card", async (t) => {
  const { a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await saveCard(b, "project", "deploys", "how deploys reach staging through the canary");
  const card = (d: string) => `---\nname: deploys\ndescription: ${d}\ntopics: [deploy]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${d}\n`;
  // The owner's own hand-written card with an accented name (NFC, as most editors write it).
  const cafe = "project_caf\u00e9.md";
  fs.writeFileSync(path.join(b.mem, cafe), card("the café opens at nine"));
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  fs.writeFileSync(path.join(a.mem, "Project_Deploys.md"), card("deploys go straight to production, skip the canary"));
  fs.writeFileSync(path.join(a.mem, cafe.normalize("NFD")), card("the café is closed for good"));
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "case and normalisation twins");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { not_merged: { path: string; reason: string }[] };
  const left = report.not_merged.filter((n) => /case or Unicode normalisation/.test(n.reason)).map((n) => n.path);
  assert.equal(left.length, 2, JSON.stringify(report.not_merged));
  assert.ok(left.includes("Project_Deploys.md"));
  const tracked = gitOn(b, "-c", "core.quotePath=false", "ls-files").split("\n");
  assert.ok(!tracked.includes("Project_Deploys.md"), tracked.join(", "));
  assert.equal(tracked.filter((f) => f.normalize("NFC").includes("café")).length, 1, tracked.join(", "));
  assert.match(fs.readFileSync(path.join(b.mem, "project_deploys.md"), "utf8"), /through the canary/);
});
