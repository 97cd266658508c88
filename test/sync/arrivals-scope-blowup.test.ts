import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { CLI } from "../support/fixture.js";
import { gitOn, ok, saveCard, syncedPair } from "../support/machines.js";

// A card's `scope:` globs were matched by plain backtracking: a scope of 66 "**" segments (199 characters, within the
// limits) against a working directory 6 deep cost 38 s, and more below, per card and prompt. Ranking reads every
// card's scope, held ones included, so a teammate's pushed card, held and never reviewed, hung each of the owner's
// prompts in a deep directory. Matching is linear in pattern and path now.

test("a pushed card whose scope is a run of ** segments does not hang the owner's prompt in a deep directory", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await saveCard(b, "project", "deploys", "how deploys reach staging through the canary");
  await ok(b, ["sync"]);
  await ok(a, ["sync"]);
  const scope = `${"**/".repeat(66)}x`;
  fs.writeFileSync(
    path.join(a.mem, "project_scoped.md"),
    `---\nname: scoped\ndescription: deploys reach staging\ntopics: [deploys]\nscope: ["${scope}"]\npriority: normal\nstatus: active\nupdated_at: 2026-01-01\nrepo_refs: []\n---\ndeploys reach staging\n`,
  );
  fs.appendFileSync(path.join(a.mem, "MEMORY.md"), "- [Scoped deploys](project_scoped.md) — deploys reach staging\n");
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "a scoped card");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  const deep = path.join(b.repo, "a", "b", "c", "d", "e", "f", "g", "h");
  fs.mkdirSync(deep, { recursive: true });
  const started = Date.now();
  const r = spawnSync(process.execPath, [CLI, "hook", "user-prompt-submit", "--host", "generic"], {
    cwd: deep,
    input: JSON.stringify({ cwd: deep, prompt: "how do deploys reach staging" }),
    env: b.env,
    encoding: "utf8",
    timeout: 20_000,
  });
  assert.equal(r.signal, null, `the prompt was killed after ${Date.now() - started} ms`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /project_deploys\.md/);
  assert.doesNotMatch(r.stdout, /project_scoped\.md/);
});
