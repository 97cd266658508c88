import assert from "node:assert/strict";
import { test } from "node:test";
import { runSessionStartHook } from "../../../lib/hook/session-start.js";
import { sandbox } from "../../helpers.js";

const cards = [{ file: "feedback_deploy.md", title: "Deploy from main", hook: "deploy only from the main branch" }];

// The session-start block (once per session, not every prompt) reminds the model to log the session with the host's own command: Codex invokes skills as $name.
for (const [host, command] of [
  ["claude", "/mem-log"],
  ["codex", "$mem-log"],
  ["opencode", "/mem-log"],
  ["generic", "memctl log"],
] as const) {
  test(`the episode reminder names ${host}'s own log command (${command})`, async (t) => {
    const s = sandbox(cards);
    t.after(s.cleanup);
    const result = await runSessionStartHook(JSON.stringify({ cwd: s.repo, source: "startup", session_id: "s1" }), { host }, s.io);
    assert.equal(result.status, "injected");
    const text = result.outcome.stdout;
    assert.ok(text.includes(`record one with ${command}`), text);
    if (host === "codex" || host === "generic") assert.ok(!text.includes("/mem-log"), text);
  });
}
