import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { memctlOn, ok, saveCard, syncedPair } from "../support/machines.js";

// A synced store is its own git work tree: `.git/` (objects, refs, logs, hooks) sits inside it. The store's file and
// size limits walked it as store files, so a store synced a while was "past its limits" by git's own files: the
// file tools (which bind the limits for every caller) refused a note, and doctor warned. `.git/` is git's, not the
// store's, like `.memctl/`. Two machines over a bare remote, the built CLI.

test("a synced store's .git/ does not count against its file and size limits", async (t) => {
  const { a } = await syncedPair(t, "own");
  fs.appendFileSync(a.env.MEMCTL_CONFIG_FILE!, "[guardrails]\nmax_files = 6\nmax_total_bytes = 20000\n");
  await saveCard(a, "project", "deploys", "deploys go through the canary first");
  await ok(a, ["sync"]);
  const gitFiles = fs.readdirSync(path.join(a.mem, ".git"), { recursive: true }).length;
  assert.ok(gitFiles > 6, `git holds ${gitFiles} entries`);
  const made = await memctlOn(a, ["manage", "create", "notes/alex.md", "--text", "Prefers small PRs", "--json"]);
  assert.equal(made.code, 0, made.stdout + made.stderr);
  const doctor = JSON.parse(await ok(a, ["doctor", "--json"])) as Record<string, unknown>;
  assert.doesNotMatch(JSON.stringify(doctor.limits_exceeded ?? []), /max_files|max_total_bytes/, JSON.stringify(doctor.limits_exceeded));
});
