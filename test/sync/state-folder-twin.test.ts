import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { gitOn, memctlOn, ok, syncedPair } from "../support/machines.js";

// memctl's per-machine state lives in `.memctl/` (the hold list, the machine id, the crash intent), which a sync
// never takes from a merge. A teammate's `.MEMCTL/arrivals.json` is another folder to git, but a case-insensitive
// checkout (macOS, Windows) writes it into this machine's `.memctl/`, over ignored files git treats as expendable:
// an empty hold list releases every held arrival, a planted intent with this machine's id is replayed as its own.

test("a pushed folder that folds to .memctl/ is left out of the merge, whatever its case or ignorable characters", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  // A file of that name too: a case-insensitive checkout cannot write it where the folder is, and the merge fails.
  const planted = [".MEMCTL/arrivals.json", ".Memctl/machine-id", ".memctl\u200d/intent.json", ".MEMCTL/sync/state.json", ".mEmctl"];
  for (const p of planted) {
    fs.mkdirSync(path.dirname(path.join(a.mem, p)), { recursive: true });
    fs.writeFileSync(path.join(a.mem, p), p.endsWith(".json") ? '{"items":[]}\n' : "m-bob\n");
  }
  gitOn(a, "add", "-f", "--", ...planted);
  gitOn(a, "commit", "-q", "--no-verify", "-m", "state folders that fold to .memctl");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  const r = await memctlOn(b, ["sync", "--json"]);
  assert.equal(r.code, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { not_merged: { path: string; reason: string }[] };
  for (const p of planted)
    assert.ok(
      report.not_merged.some((n) => n.path === p && /\.memctl\/.*E_PATH_RESERVED/.test(n.reason)),
      `${p} not reported: ${r.stdout}`,
    );
  const tracked = gitOn(b, "ls-files").split("\n");
  for (const p of planted) assert.ok(!tracked.includes(p), tracked.join(", "));
  for (const top of [".MEMCTL", ".Memctl", ".memctl\u200d", ".mEmctl"]) assert.equal(fs.existsSync(path.join(b.mem, top)), false, top);
  // The teammate's later cards still arrive: the push is not refused as a whole.
  await ok(a, ["sync"]);
  fs.writeFileSync(path.join(a.mem, "project_canary.md"), "---\nname: canary\ndescription: the canary stage runs first\n---\nthe canary stage runs first\n");
  gitOn(a, "add", "project_canary.md");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a card");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  assert.ok(fs.existsSync(path.join(b.mem, "project_canary.md")));
});
