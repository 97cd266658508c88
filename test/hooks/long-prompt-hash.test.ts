// A prompt is hashed once per run (the session's duplicate check, the why log's prompt_hash): up to
// ONE_SHOT_JS_MAX characters in plain JavaScript, past it through node:crypto, whose load cost a prompt of more than
// 256 characters ~3.5 ms CPU before (bench/README.md, h/warm1k2). The same digest either way, on the built hook: a
// second wiring's run of the same long prompt is still a duplicate, and the why log names the prompt's hash.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ONE_SHOT_JS_MAX } from "../../lib/core/sha256.js";
import { REPO_ROOT, sandbox } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }];

test("long prompts on both sides of the JavaScript bound: duplicates found, prompt_hash is the SHA-256", () => {
  const s = sandbox(CARDS);
  try {
    const env = { PATH: process.env.PATH ?? "", HOME: s.home, MEMCTL_MEMORY_DIR: s.memory, MEMCTL_CONFIG_FILE: path.join(s.home, "none.toml") };
    const why = () =>
      fs
        .readFileSync(path.join(s.memory, ".memctl", "why.jsonl"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { status: string; prompt_hash: string });
    for (const length of [1000, ONE_SHOT_JS_MAX, ONE_SHOT_JS_MAX + 1, 20_000]) {
      const prompt = `how do we run the integration tests? ${"the suite hangs after the migration step é ".repeat(Math.ceil(length / 40))}`.slice(0, length);
      const run = () =>
        spawnSync(process.execPath, ["--preserve-symlinks-main", HOOK, "--host", "codex"], {
          input: JSON.stringify({ session_id: `long-${length}`, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt }),
          env,
          encoding: "utf8",
          timeout: 20_000,
        });
      const first = run();
      assert.equal(first.status, 0, first.stderr);
      assert.match(first.stdout, /feedback_testing\.md/, `${length}: the block`);
      const second = run();
      assert.deepEqual([second.status, second.stdout], [0, ""], `${length}: the same prompt again within seconds is a second wiring`);
      const hash = createHash("sha256").update(prompt).digest("hex").slice(0, 16);
      assert.deepEqual(
        why()
          .slice(-2)
          .map((w) => [w.status, w.prompt_hash]),
        [
          ["injected", hash],
          ["duplicate", hash],
        ],
        `${length} characters`,
      );
    }
  } finally {
    s.cleanup();
  }
});
