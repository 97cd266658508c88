// Issue "Memory that stays true" item 3: what is no longer true is not injected as true.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runUserPromptHook } from "../../lib/hook/run.js";
import { sandbox } from "../helpers.js";

const payload = (cwd: string, prompt: string) => JSON.stringify({ session_id: `s-${process.hrtime.bigint()}`, cwd, hook_event_name: "UserPromptSubmit", prompt });

test("superseded and expired cards are not injected as current; their replacement is", async () => {
  const s = sandbox([
    { file: "project_ci_buildkite.md", title: "CI runs on Buildkite", hook: "pipelines in buildkite", status: "superseded" },
    { file: "project_ci_actions.md", title: "CI runs on GitHub Actions", hook: "pipelines in workflows", topics: ["ci"] },
    { file: "project_ci_freeze.md", title: "CI freeze until November", hook: "no pipelines changes", expires_at: "2026-11-30" },
    { file: "project_ci_stale.md", title: "CI cache is flaky", hook: "pipelines retry once", status: "stale" },
  ]);
  try {
    const r = await runUserPromptHook(payload(s.repo, "which CI runs our pipelines?"), { host: "generic" }, s.io);
    assert.equal(r.status, "injected");
    const text = r.outcome.stdout;
    assert.match(text, /project_ci_actions\.md/);
    assert.doesNotMatch(text, /Buildkite|project_ci_buildkite/);
    assert.doesNotMatch(text, /CI freeze|project_ci_freeze/);
    // Stale is doubtful, not false: it still sinks below current cards but may be shown.
    assert.match(text, /project_ci_stale\.md/);
    assert.ok(Buffer.byteLength(text) <= 1500);
  } finally {
    s.cleanup();
  }
});

test("a pinned card (priority: always) that is superseded or expired is not printed either; a current pinned one is", async () => {
  const s = sandbox([
    { file: "feedback_old_branching.md", title: "Always rebase on develop", hook: "develop is the base branch", priority: "always", status: "superseded" },
    { file: "feedback_freeze.md", title: "Merge freeze for the launch", hook: "no merges to main", priority: "always", expires_at: "2026-11-30" },
    { file: "feedback_branching.md", title: "Always rebase on main", hook: "main is the base branch", priority: "always" },
  ]);
  try {
    const r = await runUserPromptHook(payload(s.repo, "how do I deploy the api?"), { host: "generic" }, s.io);
    const text = r.outcome.stdout;
    assert.match(text, /feedback_branching\.md/);
    assert.doesNotMatch(text, /feedback_old_branching|develop is the base/);
    assert.doesNotMatch(text, /feedback_freeze|Merge freeze/);
  } finally {
    s.cleanup();
  }
});
