import assert from "node:assert/strict";
import { test } from "node:test";
import { gitOn, memctlOn, ok, syncedPair } from "../support/machines.js";

// From an agent's shell `memctl review` leaves out the proposals a sync holds (a teammate's, not yet reviewed by the
// owner: test/sync/arrivals-review-agent.test.ts), but its "N pending" (and --json count) still counted them: the
// agent learnt how many it was not shown. It counts what it may see; the owner's count is the whole queue.

const CLAUDE = { CLAUDECODE: "1" };

test("an agent's review counts only the proposals it is shown; the owner's counts all", async (t) => {
  const { a, b } = await syncedPair(t, "shared");
  await ok(a, ["sync"]);
  await ok(b, ["sync"]);
  for (const name of ["team-one", "team-two"]) await ok(a, ["propose", name, "-t", "project", "-d", `the team's ${name}`, "--source", "standup"]);
  gitOn(a, "add", "-A");
  gitOn(a, "commit", "-q", "--no-verify", "-m", "teammate push");
  gitOn(a, "push", "-q", "origin", "HEAD:main");
  await ok(b, ["sync"]);
  await ok(b, ["propose", "mine", "-t", "project", "-d", "the agent's own idea", "--source", "ci log"], CLAUDE);

  const agent = await memctlOn(b, ["review"], CLAUDE);
  assert.equal(agent.code, 0, agent.stderr);
  assert.match(agent.stdout, /^1 pending\./m);
  const agentJson = JSON.parse((await memctlOn(b, ["review", "--json"], CLAUDE)).stdout) as { count: number; proposals: unknown[] };
  assert.deepEqual([agentJson.count, agentJson.proposals.length], [1, 1]);

  assert.match(await ok(b, ["review"]), /^3 pending\./m);
  const owner = JSON.parse(await ok(b, ["review", "--json"])) as { count: number; proposals: unknown[] };
  assert.deepEqual([owner.count, owner.proposals.length], [3, 3]);
});
