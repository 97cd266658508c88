// The built hook reads Claude's settings through the one JSONC reader when a settings file that sets
// autoMemoryEnabled is not plain JSON (comments, trailing commas: what `memctl install` keeps). In the hook body
// that reader's parser is initialised on first call (scripts/build-hook.mjs jsoncParserLazy): this is that call.
// The budget follows the setting: Claude loads its auto-memory store's MEMORY.md itself while auto memory is on
// (1500 bytes / 10 entries), and gets the full budget when it is off.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { REPO_ROOT, sandbox, writeStore } from "../helpers.js";

const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const CARDS = [{ file: "feedback_testing.md", title: "Tests use a real Postgres", hook: "integration tests run against docker compose" }];

test("claude: a JSONC settings file's autoMemoryEnabled sets the budget of the built hook", () => {
  const s = sandbox();
  try {
    const auto = path.join(s.home, ".claude", "projects", claudeSlug(s.repo), "memory");
    fs.mkdirSync(auto, { recursive: true });
    writeStore(auto, CARDS);
    fs.mkdirSync(path.join(s.repo, ".claude"));
    const settings = path.join(s.repo, ".claude", "settings.local.json");
    const env = { PATH: process.env.PATH ?? "", HOME: s.home, MEMCTL_CONFIG_FILE: path.join(s.home, "none.toml") };
    const budgets: unknown[] = [];
    for (const [i, text] of [
      '{\n  // written by hand\n  "autoMemoryEnabled": false,\n}\n',
      '{\n  /* on again */ "autoMemoryEnabled": true,\n}\n',
      '{ "autoMemoryEnabled": false }\n',
    ].entries()) {
      fs.writeFileSync(settings, text);
      const r = spawnSync(process.execPath, ["--preserve-symlinks-main", HOOK, "--host", "claude"], {
        input: JSON.stringify({ session_id: `jsonc-${i}`, cwd: s.repo, hook_event_name: "UserPromptSubmit", prompt: "how do we run the integration tests?" }),
        env,
        encoding: "utf8",
        timeout: 20_000,
      });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /feedback_testing\.md/);
      const why = fs
        .readFileSync(path.join(auto, ".memctl", "why.jsonl"), "utf8")
        .trim()
        .split("\n");
      budgets.push((JSON.parse(why.at(-1)!) as { budget: unknown }).budget);
    }
    assert.deepEqual(budgets, [
      { max_bytes: 3000, max_entries: 20 },
      { max_bytes: 1500, max_entries: 10 },
      { max_bytes: 3000, max_entries: 20 },
    ]);
  } finally {
    s.cleanup();
  }
});
