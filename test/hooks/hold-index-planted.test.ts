// The per-prompt hook reads the hold list's sidecar (.memctl/arrival-paths) whenever .memctl/arrivals.json is there. A
// store kept in a project checkout brings both; the sidecar as a link to /dev/zero, or a FIFO, was read with a plain
// read: every prompt grew without end or hung. The compiled hook, a real FIFO and link.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";
import { runBounded } from "../support/bounded-run.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose", topics: ["testing"] }];

for (const [name, plant] of [
  ["a FIFO", (file: string) => assert.equal(spawnSync("mkfifo", [file]).status, 0)],
  ["a link to /dev/zero", (file: string) => fs.symlinkSync("/dev/zero", file)],
] as const) {
  test(`the hold list's sidecar as ${name}: the prompt is answered promptly with its card`, async (t) => {
    const s = sandbox(CARDS);
    t.after(() => s.cleanup());
    const env = { PATH: process.env.PATH, HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "c.toml") };
    fs.mkdirSync(path.join(s.memory, ".memctl"), { recursive: true });
    fs.writeFileSync(path.join(s.memory, ".memctl", "arrivals.json"), '{"version":1,"items":[]}\n');
    plant(path.join(s.memory, ".memctl", "arrival-paths"));
    const payload = JSON.stringify({ session_id: "s1", cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we run the tests?" });
    const hook = await runBounded([HOOK, "--host", "generic"], payload, env, s.repo);
    assert.equal(hook.signal, null, `hook killed after ${hook.ms} ms, peak ${hook.peakKiB} KiB`);
    assert.equal(hook.code, 0);
    assert.match(hook.stdout, /feedback_testing\.md/);
  });
}
