import assert from "node:assert/strict";
import { test } from "node:test";
import { MemctlError } from "../../lib/core/errors.js";
import { mcpServerCommand } from "../../install/mcp-command.js";

test("mcpServerCommand: node with the absolute compiled CLI and `mcp`, flags appended in a fixed order", () => {
  assert.deepEqual(mcpServerCommand("/opt/memctl"), { command: "node", args: ["/opt/memctl/dist/cli.js", "mcp"] });
  assert.deepEqual(mcpServerCommand("/opt/memctl/", { readOnly: true, actor: "agent:t1", repoRoot: "/src/app" }), {
    command: "node",
    args: ["/opt/memctl/dist/cli.js", "mcp", "--repo-root", "/src/app", "--actor", "agent:t1", "--read-only"],
  });
  assert.deepEqual(mcpServerCommand("/opt/memctl", { readOnly: false }).args, ["/opt/memctl/dist/cli.js", "mcp"]);
});

test("mcpServerCommand refuses a relative package root (hosts start servers from their own directory)", () => {
  assert.throws(
    () => mcpServerCommand("node_modules/memctl"),
    (e: MemctlError) => e.code === "E_USAGE" && /must be an absolute path/.test(e.message),
  );
});
