// The hook log ($XDG_STATE_HOME/memctl/hook.log) takes lines built from host payloads: a session-end payload naming a
// transcript path of megabytes wrote it whole into one line, on every session end, into a log nothing ever rotated.
// Each line is bounded now, and the log rotates as the why log does. Real processes: the built CLI's hook, fed on stdin.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

function sessionEnd(s: ReturnType<typeof sandbox>, payload: Record<string, unknown>): void {
  const r = spawnSync(process.execPath, [CLI, "hook", "session-end", "--host", "claude", "--foreground"], {
    input: JSON.stringify({ cwd: s.repo, hook_event_name: "SessionEnd", ...payload }),
    env: { PATH: process.env.PATH ?? "", ...s.io.env },
    encoding: "utf8",
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  assert.equal(r.status, 0, r.stderr);
}

test("a transcript path of megabytes leaves one bounded line in the hook log, and the log rotates", () => {
  const s = sandbox([{ file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging" }]);
  try {
    const dir = path.join(s.home, ".local", "state", "memctl");
    const log = path.join(dir, "hook.log");
    sessionEnd(s, { session_id: "s1", transcript_path: `/${"ab/".repeat(1_000_000)}x.jsonl` });
    const text = fs.readFileSync(log, "utf8");
    assert.match(text, /capture skipped: transcript "\/ab\/ab/);
    assert.ok(text.length < 8 * 1024, `hook.log holds ${text.length} characters`);
    assert.equal(text.split("\n").length, 2, "one line");
    // A log grown past its bound (years of faults) is rotated by the next line, as the why log is.
    fs.appendFileSync(log, `${"2026-12-01T00:00:00.000Z\tan old fault\n".repeat(40_000)}`);
    sessionEnd(s, { session_id: "s2", transcript_path: "/etc/passwd" });
    assert.ok(fs.statSync(path.join(dir, "hook.1.log")).size > 1024 * 1024);
    assert.ok(!fs.existsSync(log) || fs.statSync(log).size < 8 * 1024);
  } finally {
    s.cleanup();
  }
});
