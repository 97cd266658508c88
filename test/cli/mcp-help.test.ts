import assert from "node:assert/strict";
import { test } from "node:test";
import fs from "node:fs";
import path from "node:path";
import { COMMANDS } from "../../lib/cli/commands.js";
import { TOOL_NAMES } from "../../lib/mcp/server.js";
import { REPO_ROOT, runCli, tempDir, testIo } from "../helpers.js";

test("memctl mcp --help gives the server's real default actor (host:mcp), not the CLI's (human)", async (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const r = await runCli(["mcp", "--help"], testIo({ cwd: dir, home: dir }));
  assert.equal(r.code, 0);
  const line = r.stdout.split("\n").find((l) => l.trimStart().startsWith("--actor"))!;
  assert.match(line, /host:mcp \(default\)/);
  assert.doesNotMatch(line, /human \(default\)/);
});

test("every MCP tool the server registers is named in memctl mcp --help, in memctl --help's summary and in docs/commands.md's tool table", async (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const help = (await runCli(["mcp", "--help"], testIo({ cwd: dir, home: dir }))).stdout;
  const summary = COMMANDS.mcp!.summary;
  const docs = fs.readFileSync(path.join(REPO_ROOT, "docs", "commands.md"), "utf8");
  for (const tool of TOOL_NAMES) {
    assert.ok(help.includes(tool), `memctl mcp --help names ${tool}`);
    assert.ok(summary.includes(tool.replace(/^memory_/, "")), `the mcp summary in memctl --help names ${tool}`);
    assert.ok(docs.includes(`| \`${tool}\` |`), `docs/commands.md has a table row for ${tool}`);
  }
});
