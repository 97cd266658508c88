import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { callTool, connect } from "../lib/mcp/support.js";
import { envOf, teammatePushesHeld } from "../support/held-arrivals.js";
import { hookOn, ok } from "../support/machines.js";

// An agent the owner opted in to write ([hosts.claude] write = true) edits memory through memory_manage. It is still
// not the owner: what a sync holds must not reach it through an edit's answer (the snippet), nor be released by its
// edit (an edit makes a file the owner's), nor renamed out from under the hold.

test("an opted-in agent's memory_manage neither reads nor releases what a sync holds", async (t) => {
  const { b } = await teammatePushesHeld(t);
  await ok(b, ["sync"]);
  fs.writeFileSync(b.env.MEMCTL_CONFIG_FILE!, "[hosts.claude]\nwrite = true\n");
  const mcp = await connect({ cwd: b.repo, env: envOf(b), flags: { actor: "host:claude" } });
  t.after(() => mcp.close());
  const quarantined = await callTool(mcp.client, "memory_manage", {
    command: "str_replace",
    path: "reference_upload-keys.md",
    old_str: "name: upload-keys",
    new_str: "name: upload-keys ",
  });
  assert.equal(quarantined.isError, true, quarantined.text);
  assert.equal(quarantined.code, "E_QUARANTINED", quarantined.text);
  assert.doesNotMatch(quarantined.text, /AKIA/);
  const pending = await callTool(mcp.client, "memory_manage", { command: "str_replace", path: "project_deploy-notes.md", old_str: "status: active", new_str: "status: active " });
  assert.equal(pending.code, "E_HELD", pending.text);
  assert.doesNotMatch(pending.text, /ignore previous/);
  const renamed = await callTool(mcp.client, "memory_manage", { command: "rename", old_path: "project_deploy-notes.md", new_path: "project_notes2.md" });
  assert.equal(renamed.code, "E_HELD", renamed.text);
  const inserted = await callTool(mcp.client, "memory_manage", { command: "insert", path: "project_deploy-notes.md", insert_line: 0, insert_text: "x" });
  assert.equal(inserted.code, "E_HELD", inserted.text);
  assert.doesNotMatch(hookOn(b, "how does the release pipeline deploy to staging"), /project_deploy-notes\.md|project_notes2\.md/);
  // An edit of the owner's own line next to held ones: the answer's snippet leaves the held lines out.
  const edited = await callTool(mcp.client, "memory_manage", {
    command: "str_replace",
    path: "MEMORY.md",
    old_str: "bob's own card about deploys",
    new_str: "bob's own card about deploys and releases",
  });
  assert.equal(edited.isError, false, edited.text);
  assert.match(edited.text, /deploys and releases/);
  assert.doesNotMatch(edited.text, /Upload keys|Deploy notes|read it first/, edited.text);
  // A held line is not edited (nor its text probed) through str_replace either.
  const probe = await callTool(mcp.client, "memory_manage", { command: "str_replace", path: "MEMORY.md", old_str: "read it first", new_str: "read it" });
  assert.equal(probe.code, "E_HELD", probe.text);
  await mcp.close();
});
