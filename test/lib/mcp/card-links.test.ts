// MCP reads a card by its name and lists its links as `memctl show` does (issue "Memory that stays true", item 7),
// through the real SDK client over stdio against the built server.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { sandbox } from "../../helpers.js";
import { callTool, connect } from "./support.js";

test("memory_view opens a card by name and lists where each of its links leads", async () => {
  const s = sandbox([{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging from main" }]);
  const env = { HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"), MEMCTL_MEMORY_DIR: s.memory };
  const release = "---\nname: release\ndescription: release steps\nmetadata:\n  type: project\n---\nFirst [[deploy]], then [[no-such-card]] and [up](../x.md).\n";
  fs.writeFileSync(path.join(s.memory, "project_release.md"), release);
  const server = await connect({ cwd: s.repo, env });
  try {
    for (const name of ["release", "project_release"]) {
      const r = await callTool(server.client, "memory_view", { name });
      assert.equal(r.isError, false, r.text);
      assert.match(r.text, /^Here's the content of project_release\.md with line numbers:/);
      assert.match(r.text, /\t First \[\[deploy\]\]|\tFirst \[\[deploy\]\]/);
      assert.match(r.text, /Links in this card:\n {2}deploy -> project_deploy\.md\n {2}no-such-card -> dead\n {2}\.\.\/x\.md -> unsafe$/);
      assert.deepEqual(r.data?.links, [
        { link: "deploy", target: "project_deploy.md", status: "ok" },
        { link: "no-such-card", target: null, status: "dead" },
        { link: "../x.md", target: null, status: "unsafe" },
      ]);
    }
    const byPath = await callTool(server.client, "memory_view", { path: "/memories/project_release.md" });
    assert.match(byPath.text, /no-such-card -> dead/, "a read by path lists the links too");
    const plain = await callTool(server.client, "memory_view", { path: "MEMORY.md" });
    assert.doesNotMatch(plain.text, /Links in this card/, "the index is not a card");
    const missing = await callTool(server.client, "memory_view", { name: "nope" });
    assert.deepEqual([missing.isError, missing.code], [true, "E_NOT_FOUND"]);
    assert.match(missing.text, /no card named "nope"/);
    const both = await callTool(server.client, "memory_view", { name: "release", path: "MEMORY.md" });
    assert.deepEqual([both.isError, both.code], [true, "E_USAGE"]);
  } finally {
    await server.close();
    s.cleanup();
  }
});
