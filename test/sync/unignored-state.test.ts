import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { isPerMachine } from "../../lib/sync/layout.js";
import { gitOn, ok, saveCard, syncedPair, type Machine } from "../support/machines.js";

// .memctl/ holds this machine's own state: the why log (prompt hashes, session ids, the prompts themselves with
// log_prompts on), the session log, usage, locks, the machine id. A teammate's pushed .gitignore that un-ignores
// it must not make the owner's next sync commit and push that state, neither the sync that merges the push nor
// a later one.

function pushIgnore(a: Machine, extra: string): void {
  fs.appendFileSync(path.join(a.mem, ".gitignore"), extra);
  gitOn(a, "add", "-f", "--", ".gitignore");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "teammate push");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
}

/** A prompt through the per-session path (a session id), so the why log, usage and the session log are written. */
function prompt(m: Machine, text: string): void {
  const r = spawnSync(process.execPath, [path.join(import.meta.dirname, "..", "..", "dist", "cli.js"), "hook", "user-prompt-submit", "--host", "claude"], {
    cwd: m.repo,
    input: JSON.stringify({ cwd: m.repo, session_id: "owner-session", prompt: text }),
    env: m.env,
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
}

test("a pushed .gitignore that un-ignores .memctl/ cannot make the owner's sync push per-machine state", async (t) => {
  const { c, a, b } = await syncedPair(t, "shared");
  await saveCard(b, "feedback", "bobs-card", "bob's card about the deploy pipeline");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  prompt(b, "how does the deploy pipeline work");
  assert.ok(fs.existsSync(path.join(b.mem, ".memctl", "why.jsonl")), "the owner's why log exists to be leaked");
  pushIgnore(a, "!/.memctl/*\n!.memctl/**\n");
  await ok(b, ["sync"]); // merges the push
  prompt(b, "and the staging cluster?");
  await saveCard(b, "feedback", "bobs-second", "bob's second card about staging");
  await ok(b, ["sync"]); // a local commit after it
  const pushed = spawnSync("git", ["ls-tree", "-r", "--name-only", "main"], { cwd: c.remote, env: b.env, encoding: "utf8" }).stdout.split("\n").filter(Boolean);
  assert.deepEqual(
    pushed.filter((f) => isPerMachine(f)),
    [],
    `per-machine files reached the remote:\n${pushed.join("\n")}`,
  );
  assert.ok(pushed.includes("feedback_bobs-second.md"), "the owner's cards still sync");
});
