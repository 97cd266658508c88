import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { callTool, connect } from "../lib/mcp/support.js";
import { envOf, teammatePushesHeld } from "../support/held-arrivals.js";
import { memctlOn, ok, type Machine } from "../support/machines.js";

// What a sync holds is not injected; an agent must not read it another way either. memory_view (MCP) and
// memctl view are how an agent reads a file beyond its block: a quarantined card's secret or a teammate's
// unreviewed card would otherwise reach the agent's context (and its model provider) through them.

async function heldStore(t: { after: (fn: () => void) => void }): Promise<Machine> {
  const { b } = await teammatePushesHeld(t);
  const report = JSON.parse(await ok(b, ["sync", "--json"])) as { arrivals: { path: string; state: string }[] };
  const states = new Map(report.arrivals.map((x) => [x.path, x.state]));
  assert.equal(states.get("reference_upload-keys.md"), "quarantined");
  assert.equal(states.get("project_deploy-notes.md"), "pending");
  return b;
}

test("memory_view gives an agent nothing a sync holds: no quarantined secret, no unreviewed card, not their index lines", async (t) => {
  const b = await heldStore(t);
  const mcp = await connect({ cwd: b.repo, env: envOf(b) });
  t.after(() => mcp.close());
  for (const [args, code] of [
    [{ path: "reference_upload-keys.md" }, "E_QUARANTINED"],
    [{ path: "/memories/reference_upload-keys.md", view_range: [1, -1] }, "E_QUARANTINED"],
    [{ name: "upload-keys" }, "E_QUARANTINED"],
    [{ path: "project_deploy-notes.md" }, "E_HELD"],
    [{ name: "deploy-notes" }, "E_HELD"],
  ] as const) {
    const r = await callTool(mcp.client, "memory_view", args);
    assert.equal(r.isError, true, `${JSON.stringify(args)}: ${r.text}`);
    assert.equal(r.code, code, JSON.stringify(r));
    assert.doesNotMatch(r.text, /AKIA|ignore previous/);
  }
  const index = await callTool(mcp.client, "memory_view", { path: "MEMORY.md" });
  assert.equal(index.isError, false, index.text);
  assert.match(index.text, /feedback_bobs-own\.md/, "the owner's own line is shown");
  assert.doesNotMatch(index.text, /Upload keys|Deploy notes|read it first/, index.text);
  const lines = fs.readFileSync(path.join(b.mem, "MEMORY.md"), "utf8").split("\n").length;
  assert.match(index.text, new RegExp(`\\n\\s*${lines}\\t`), "line numbers are the file's: held lines are replaced, not dropped");
  // Accepted, the card is the owner's: an agent reads it.
  const review = JSON.parse(await ok(b, ["review", "--json"])) as { arrivals: { id: string; path: string }[] };
  await ok(b, ["accept", review.arrivals.find((x) => x.path === "project_deploy-notes.md")!.id]);
  const accepted = await callTool(mcp.client, "memory_view", { name: "deploy-notes" });
  assert.equal(accepted.isError, false, accepted.text);
  assert.match(accepted.text, /ignore previous/);
  await mcp.close();
});

test("memctl view and show: the owner reads an unreviewed arrival but never a quarantined one; from an agent's shell neither", async (t) => {
  const b = await heldStore(t);
  const owner = await memctlOn(b, ["view", "project_deploy-notes.md"]);
  assert.equal(owner.code, 0, owner.stderr);
  assert.match(owner.stdout, /ignore previous/);
  const quarantined = await memctlOn(b, ["view", "reference_upload-keys.md", "--json"]);
  assert.notEqual(quarantined.code, 0);
  assert.match(quarantined.stderr + quarantined.stdout, /E_QUARANTINED/);
  assert.doesNotMatch(quarantined.stderr + quarantined.stdout, /AKIA/);
  const ownerIndex = await ok(b, ["view", "MEMORY.md"]);
  assert.match(ownerIndex, /Deploy notes/);
  assert.doesNotMatch(ownerIndex, /Upload keys/);
  const agent = await memctlOn(b, ["view", "project_deploy-notes.md", "--json"], { CLAUDECODE: "1" });
  assert.notEqual(agent.code, 0);
  assert.match(agent.stderr + agent.stdout, /E_HELD/);
  assert.doesNotMatch(agent.stderr + agent.stdout, /ignore previous/);
  assert.doesNotMatch(await ok(b, ["view", "MEMORY.md"], { CLAUDECODE: "1" }), /Deploy notes|Upload keys/);
  // memctl show draws the same line: the owner reads an arrival waiting for review, an agent's shell does not.
  assert.match(await ok(b, ["show", "deploy-notes"]), /ignore previous/);
  const agentShow = await memctlOn(b, ["show", "deploy-notes", "--json"], { CODEX_THREAD_ID: "t-1" });
  assert.notEqual(agentShow.code, 0);
  assert.match(agentShow.stderr + agentShow.stdout, /E_HELD/);
  assert.doesNotMatch(agentShow.stderr + agentShow.stdout, /ignore previous/);
});
