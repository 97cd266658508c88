import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, hookOn, ok, syncedPair } from "../support/machines.js";

// A teammate's card whose frontmatter reuses a list through YAML aliases: nested, a few hundred bytes stand for
// billions of topics, expanded by the first walk of the value (the sync's own card check, the hook's rank-cache
// build). It is a broken card like any other that breaks the card rules: quarantined, whatever the trust level.

test("own trust: a card reusing a list through YAML aliases arrives quarantined, is never injected, and the sync finishes", async (t) => {
  const { a, b } = await syncedPair(t, "own");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  const levels = ["l0: &l0 [deploy, staging, release]", "l1: &l1 [*l0, *l0, *l0]", "l2: &l2 [*l1, *l1, *l1]"];
  const text = `---\nname: deploys\ndescription: how deploys reach staging\n${levels.join("\n")}\ntopics: *l2\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\nDeploys go out on Tuesdays.\n`;
  fs.writeFileSync(path.join(a.mem, "project_deploys.md"), text);
  fs.appendFileSync(path.join(a.mem, "MEMORY.md"), "- [Deploys](project_deploys.md) — how deploys reach staging\n");
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "aliases");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: { path: string; state: string; reasons: string[] }[] };
  const item = report.arrivals.find((x) => x.path === "project_deploys.md");
  assert.equal(item?.state, "quarantined", JSON.stringify(report.arrivals));
  assert.ok(
    item!.reasons.some((r) => /YAML aliases/.test(r)),
    item!.reasons.join("; "),
  );
  assert.doesNotMatch(hookOn(b, "how do deploys reach staging"), /project_deploys\.md/);
});
