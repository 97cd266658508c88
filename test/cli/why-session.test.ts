// Audit finding 8: `memctl why --session nope` said "no hook runs logged yet" while runs were logged, and a
// `duplicate` run's record named the host's bare default budget (1500 B / 10) where the same session's other runs
// named the store's (3000 B / 20): the duplicate was logged before the store's budget was resolved.
import assert from "node:assert/strict";
import { test } from "node:test";
import { runUserPromptHook } from "../../lib/hook/run.js";
import { runCli, sandbox, testIo } from "../helpers.js";

const CARDS = [{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" }];

test("why --session with no match says no run matches that session, not that none are logged", async () => {
  const s = sandbox(CARDS);
  try {
    await runUserPromptHook(JSON.stringify({ session_id: "sess-1", cwd: s.repo, prompt: "the argo pipeline" }), { host: "claude" }, s.io);
    const io = testIo({ cwd: s.repo, home: s.home, env: s.io.env });
    const r = await runCli(["why", "--session", "nope"], io);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /no hook run logged for session nope/);
    assert.doesNotMatch(r.stdout, /logged yet/);
    const empty = sandbox(CARDS);
    try {
      const none = await runCli(["why", "--session", "nope"], testIo({ cwd: empty.repo, home: empty.home, env: empty.io.env }));
      assert.match(none.stdout, /no hook runs logged yet/, "a store with no runs at all still says so");
    } finally {
      empty.cleanup();
    }
  } finally {
    s.cleanup();
  }
});

test("a duplicate run's why record names the same budget as the session's other runs", async () => {
  const s = sandbox(CARDS);
  try {
    const send = () => runUserPromptHook(JSON.stringify({ session_id: "sess-2", cwd: s.repo, prompt: "the argo pipeline" }), { host: "claude" }, s.io);
    await send();
    const again = await send();
    assert.equal(again.status, "duplicate");
    const io = testIo({ cwd: s.repo, home: s.home, env: s.io.env });
    const runs = JSON.parse((await runCli(["why", "--json", "--session", "sess-2"], io)).stdout).runs as { status: string; budget: unknown }[];
    assert.deepEqual(
      runs.map((r) => r.status),
      ["injected", "duplicate"],
    );
    assert.deepEqual(runs[1]!.budget, runs[0]!.budget);
  } finally {
    s.cleanup();
  }
});
