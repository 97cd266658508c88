// A session start keys up to three session records (the other-wiring claim, the lines Claude loaded natively, the
// reset after a compaction); the per-user secret behind those keys is read from disk once per process.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

// Counts the opens of the secret's file in the hook's own process (a preload: the product code is run unchanged).
const COUNTER = `const fs = require("node:fs");
let n = 0;
const open = fs.openSync;
fs.openSync = function (p, ...rest) { if (String(p).endsWith("/session-key")) n++; return open.call(this, p, ...rest); };
process.on("exit", () => process.stderr.write("session-key opens: " + n + "\\n"));
`;

test("a session start after a compaction reads the session secret once", () => {
  const s = sandbox([{ file: "project_b.md", title: "Deploy", hook: "deploys go through the pipeline" }]);
  try {
    const counter = path.join(s.root, "count-opens.cjs");
    fs.writeFileSync(counter, COUNTER);
    const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    for (const source of ["startup", "compact"]) {
      const r = spawnSync(process.execPath, ["--require", counter, CLI, "hook", "session-start", "--host", "codex"], {
        input: JSON.stringify({ cwd: s.repo, session_id: "s-1", source, hook_event_name: "SessionStart" }),
        env,
        encoding: "utf8",
      });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /Deploy/, source);
      const opens = Number(/session-key opens: (\d+)/.exec(r.stderr)?.[1]);
      // The first start makes the secret (a failed open, then the read of what it linked into place).
      assert.equal(opens, source === "startup" ? 2 : 1, `${source}: ${r.stderr}`);
    }
  } finally {
    s.cleanup();
  }
});
