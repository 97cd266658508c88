// The session benchmark replays sessions through the hook: dedupe never loses an answer already in context.
import assert from "node:assert/strict";
import { test } from "node:test";
import { BUDGETS, mergeRows, replay, toSessions, withFollowUps, type SessionSet } from "../../bench/session.js";

const CARDS = [
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag", topics: ["deploy"] },
  { file: "reference_deploy_commands.md", title: "Deploy commands", hook: "make deploy-staging, make deploy-prod after the tag", topics: ["deploy"] },
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] },
  { file: "user_owner.md", title: "Owner", hook: "wants short answers", topics: ["owner"], priority: "always" },
];
const PROMPTS = [
  { id: "a", kind: "direct", prompt: "how does the argo pipeline deploy?", relevant: ["project_deploy.md"] },
  { id: "b", kind: "direct", prompt: "deploy commands for prod", relevant: ["reference_deploy_commands.md"] },
  { id: "c", kind: "direct", prompt: "where does the staging deploy get its tag", relevant: ["project_deploy.md"] },
  { id: "d", kind: "direct", prompt: "run the integration tests", relevant: ["feedback_testing.md"] },
];

test("session replay: fewer bytes with dedupe, every answer still in context, follow-ups get nothing", async () => {
  const sessions = toSessions(PROMPTS, 4).map((s, i) => withFollowUps(s, 2, i));
  assert.equal(sessions.length, 1);
  assert.equal(sessions[0]!.length, 6);
  const set: SessionSet = { name: "tiny", cards: CARDS, sessions };
  const before = await replay(set, BUDGETS[0], "before");
  const after = await replay(set, BUDGETS[0], "after");
  assert.equal(before.in_context, 1);
  assert.equal(after.in_context, 1);
  assert.ok(after.bytes_per_session < before.bytes_per_session, `${after.bytes_per_session} >= ${before.bytes_per_session}`);
  assert.ok(after.in_block < 1, "prompt c's answer was shown at prompt a, so it is not in c's own block");
  assert.equal(after.no_memory_bytes, 0);
});

test("prompts that name their session are grouped by it, in order", () => {
  const grouped = toSessions(
    PROMPTS.map((p, i) => ({ ...p, session: i % 2 ? "odd" : "even" })),
    10,
  );
  assert.deepEqual(
    grouped.map((s) => s.map((p) => p.id)),
    [
      ["a", "c"],
      ["b", "d"],
    ],
  );
});

test("a set of several stores reports one row whose totals are those of its stores replayed together", async () => {
  const deploy: SessionSet = { name: "deploy", cards: CARDS, sessions: toSessions(PROMPTS.slice(0, 3), 3) };
  const tests: SessionSet = { name: "tests", cards: CARDS, sessions: [[PROMPTS[3]!, { id: "f", kind: "follow-up", prompt: "thanks", relevant: [] }]] };
  const rows = [await replay(deploy, BUDGETS[1], "after"), await replay(tests, BUDGETS[1], "after")];
  const merged = mergeRows("both", rows);
  assert.equal(merged.sessions, 2);
  assert.equal(merged.prompts, 5);
  assert.equal(merged.answerable, 4);
  assert.equal(merged.no_memory, 1);
  assert.equal(merged.bytes_per_session, (rows[0]!.bytes_per_session + rows[1]!.bytes_per_session) / 2);
  assert.equal(merged.in_context, (rows[0]!.in_context * 3 + rows[1]!.in_context * 1) / 4);
  assert.equal(merged.no_memory_bytes, rows[1]!.no_memory_bytes);
});
