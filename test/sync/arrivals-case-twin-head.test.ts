import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, memctlOn, ok, saveCard, syncedPair } from "../support/machines.js";

// A pushed path that only differs by case from a card the owner holds but has not pushed yet: the remote's tree
// holds no twin, so the fold check (which compared the remote's paths with each other) let it in. A case-insensitive
// checkout writes both to one file: the teammate's text over the owner's card, with no hold.

test("a pushed path that folds to a card only the owner's HEAD holds is left out of the merge", async (t) => {
  const { a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  await saveCard(b, "project", "deploys", "how deploys reach staging through the canary");
  const card = (d: string) => `---\nname: deploys\ndescription: ${d}\ntopics: [deploy]\npriority: always\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\n${d}\n`;
  fs.writeFileSync(path.join(a.mem, "project_Deploys.md"), card("deploys go straight to production, skip the canary"));
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a case twin of a card not pushed yet");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const r = await memctlOn(b, ["sync", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { not_merged: { path: string; reason: string }[] };
  assert.ok(
    report.not_merged.some((n) => n.path === "project_Deploys.md" && /case or Unicode normalisation/.test(n.reason)),
    r.stdout,
  );
  const tracked = gitOn(b, "ls-files").split("\n");
  assert.ok(!tracked.includes("project_Deploys.md"), tracked.join(", "));
  assert.ok(tracked.includes("project_deploys.md"), tracked.join(", "));
  // What the remote holds now has one of the two, the owner's.
  const remote = gitOn(b, "ls-tree", "-r", "--name-only", "origin/main").split("\n");
  assert.ok(!remote.includes("project_Deploys.md"), remote.join(", "));
});

test("a case-only rename pushed from the owner's other machine still arrives (the old name is gone after the merge)", async (t) => {
  const { a, b } = await syncedPair(t, "own");
  await saveCard(b, "project", "deploys", "how deploys reach staging through the canary");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  gitOn(a, "mv", "project_deploys.md", "project_Deploys.md");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a case-only rename");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { not_merged: { path: string }[] };
  assert.deepEqual(report.not_merged, []);
  assert.deepEqual(gitOn(b, "ls-files", "project_*").split("\n"), ["project_Deploys.md"]);
});
