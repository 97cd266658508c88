// A prompt never reads the local time zone: every date the hook writes is UTC (the why log's `at`, the usage day,
// hook.log), and `Date#toISOString` made V8 load it anyway (/etc/localtime or $TZ, ~0.2 ms CPU and ~0.7 MiB of
// every prompt; bench/README.md, h/warm1k2). Observed on the built hook: $TZ names a FIFO no one writes, so a run
// that opens it blocks until it is killed.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CARDS = [
  { file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" },
  { file: "project_deploy.md", title: "Deploy pipeline", hook: "argo syncs staging; prod needs a tag" },
];

test("the built hook prints its block, writes its why record and records hits without opening $TZ", () => {
  const s = sandbox(CARDS);
  try {
    const fifo = path.join(s.root, "tz-fifo");
    assert.equal(spawnSync("mkfifo", [fifo]).status, 0);
    const env = { PATH: process.env.PATH ?? "", HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "none.toml") };
    const prompt = (i: number, tz?: string) =>
      spawnSync(process.execPath, ["--preserve-symlinks-main", HOOK, "--host", "codex"], {
        input: JSON.stringify({ session_id: `tz-${i}`, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we run the integration tests?" }),
        env: tz ? { ...env, TZ: tz } : env,
        encoding: "utf8",
        timeout: 10_000,
      });
    // Two prompts with the zone readable build the rank cache and the code cache: the next ones are warm.
    for (let i = 0; i < 2; i++) assert.equal(prompt(i).status, 0);
    for (const [i, tz] of [
      [2, fifo],
      [3, `:${fifo}`],
    ] as const) {
      const r = prompt(i, tz);
      assert.equal(r.signal, null, `TZ=${tz}: the hook blocked opening the time zone`);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /feedback_testing\.md/);
    }
    // What it wrote is the UTC form it always was.
    const why = fs
      .readFileSync(path.join(s.memory, ".memctl", "why.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { at: string });
    assert.equal(why.length, 4);
    for (const w of why) assert.match(w.at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // The UTC day of each hit (the one a minute ago too: the test may cross midnight).
    const days = new Set([new Date().toISOString().slice(0, 10), new Date(Date.now() - 60_000).toISOString().slice(0, 10)]);
    const usage = fs
      .readFileSync(path.join(s.memory, ".memctl", "usage.log"), "utf8")
      .trim()
      .split("\n");
    assert.ok(usage.length >= 3 && usage.every((l) => days.has(l.slice(0, 10)) && l[10] === "\t"), usage.join("\n"));
  } finally {
    s.cleanup();
  }
});
