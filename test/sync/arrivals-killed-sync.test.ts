import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";
import { CLI } from "../support/fixture.js";
import { gitOn, hookOn, ok, saveCard, syncedPair } from "../support/machines.js";

// A sync from a shared remote holds what a teammate pushed only after git's merge, in the same process. Killed in
// between (a closed terminal, a timeout, a crash), the next sync found the merge committed and only said it resumed:
// the teammate's pinned card went into every prompt unreviewed and their history lines stayed unmarked.

test("a sync killed right after git merged a shared remote's push: the next sync still holds what the push brought", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(b, "project", "deploys", "how deploys reach staging through the canary");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  // The teammate's push: a pinned card with its index line and history (a save on their machine).
  await ok(a, ["save", "rollback", "-t", "project", "-d", "zanzibar rollbacks skip the canary", "--priority", "always"]);
  await ok(a, ["sync"]);
  // The owner's own change, so both sides changed the history log and git runs memctl's log driver.
  await saveCard(b, "project", "releases", "how releases are tagged");
  // The sync pauses right after git's merge (the commit made, nothing held yet) and is killed there.
  const child = spawn(process.execPath, [CLI, "sync"], { cwd: b.repo, env: { ...b.env, MEMCTL_SYNC_PAUSE: "merged:60000" }, stdio: "ignore" });
  for (let i = 0; i < 600 && !gitOn(b, "ls-files").includes("project_rollback.md"); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(gitOn(b, "ls-files").includes("project_rollback.md"), "the sync merged");
  await new Promise((r) => setTimeout(r, 300));
  child.kill("SIGKILL");
  await new Promise((r) => child.on("close", r));
  const again = JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: { path: string }[] };
  assert.ok(
    again.arrivals.some((x) => x.path === "project_rollback.md"),
    JSON.stringify(again),
  );
  assert.doesNotMatch(hookOn(b, "zanzibar rollbacks"), /zanzibar|project_rollback/);
  const history = await ok(b, ["history", "project_rollback", "--json"]);
  assert.match(history, /"synced"/, history);
});
