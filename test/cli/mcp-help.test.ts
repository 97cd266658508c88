import assert from "node:assert/strict";
import { test } from "node:test";
import { runCli, tempDir, testIo } from "../helpers.js";
import fs from "node:fs";

test("memctl mcp --help gives the server's real default actor (host:mcp), not the CLI's (human)", async (t) => {
  const dir = tempDir();
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const r = await runCli(["mcp", "--help"], testIo({ cwd: dir, home: dir }));
  assert.equal(r.code, 0);
  const line = r.stdout.split("\n").find((l) => l.trimStart().startsWith("--actor"))!;
  assert.match(line, /host:mcp \(default\)/);
  assert.doesNotMatch(line, /human \(default\)/);
});
