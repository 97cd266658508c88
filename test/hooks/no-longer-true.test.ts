// Issue "Memory that stays true" item 3: what is no longer true is not injected as true.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runUserPromptHook } from "../../lib/hook/run.js";
import { runSessionStartHook } from "../../lib/hook/session-start.js";
import { ageStore, sandbox } from "../helpers.js";

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

for (const fullCheckMax of ["10000", "1"])
  test(`across midnight (the injected clock), with the caches the evening's prompts wrote and no file changed: the expiring card goes at 00:00 UTC (full-check size ${fullCheckMax})`, async () => {
    const s = sandbox([
      { file: "project_freeze.md", title: "Code freeze for the launch", hook: "no merges to main during the freeze", expires_at: "2026-12-01" },
      { file: "feedback_pinned_freeze.md", title: "Freeze reminder", hook: "ask before merging", priority: "always", expires_at: "2026-12-01" },
      { file: "project_deploy.md", title: "Deploys", hook: "deploys go out from main" },
    ]);
    ageStore(s.memory); // old enough that the caches are written and trusted
    try {
      // Size 1: every call but the first trusts a recent full check (the large-store path), as a keeper would keep it.
      const at = (iso: string) => ({ ...s.io, env: { ...s.io.env, MEMCTL_FULL_CHECK_MAX: fullCheckMax }, now: () => new Date(iso) });
      const prompt = async (iso: string) => (await runUserPromptHook(payload(s.repo, "can I merge to main during the freeze?"), { host: "generic" }, at(iso))).outcome.stdout;
      const start = async (iso: string) =>
        (await runSessionStartHook(JSON.stringify({ cwd: s.repo, session_id: `s-${iso}`, source: "startup" }), { host: "generic" }, at(iso))).text;
      for (let i = 0; i < 2; i++) {
        assert.match(await prompt("2026-12-01T23:59:30Z"), /feedback_pinned_freeze\.md/);
        assert.match(await start("2026-12-01T23:59:40Z"), /project_freeze\.md/);
      }
      const evening = await prompt("2026-12-01T23:59:50Z");
      assert.match(evening, /project_freeze\.md/);
      assert.match(evening, /feedback_pinned_freeze\.md/);
      const morning = await prompt("2026-12-02T00:00:10Z");
      assert.doesNotMatch(morning, /project_freeze|feedback_pinned_freeze/);
      const started = await start("2026-12-02T00:00:20Z");
      assert.doesNotMatch(started, /project_freeze|feedback_pinned_freeze/);
      assert.match(started, /project_deploy\.md/);
    } finally {
      s.cleanup();
    }
  });
