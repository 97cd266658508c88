import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { claudeSlug } from "../../lib/config/project.js";
import { initRepo, REPO_ROOT, tempDir, writeStore } from "../helpers.js";

// A cloned project's AGENTS.md may import a visible Markdown file of ~/.claude (Claude Code's documented
// `@~/.claude/my-project-instructions.md`), but ~/.claude/projects/ holds every other project's memory (Claude's auto
// memory, memctl's legacy stores) and plans/ their plans: an import there must not put another project's cards
// into this session's instruction block.

const CLI = path.join(REPO_ROOT, "dist", "cli.js");

test("a project's AGENTS.md importing another project's memory under ~/.claude/projects gets none of it; its own ~/.claude file still composes", () => {
  const root = tempDir();
  try {
    const home = path.join(root, "home");
    const other = initRepo(path.join(root, "other"));
    const store = path.join(home, ".claude", "projects", claudeSlug(other), "memory");
    fs.mkdirSync(store, { recursive: true });
    writeStore(store, [{ file: "reference_deploy.md", title: "Deploy token", hook: "OTHER-PROJECT-CARD vault secret/prod/deploy" }]);
    fs.mkdirSync(path.join(home, ".claude", "plans"), { recursive: true });
    fs.writeFileSync(path.join(home, ".claude", "plans", "other-plan.md"), "OTHER-PROJECT-PLAN migrate billing\n");
    fs.writeFileSync(path.join(home, ".claude", "my-project-instructions.md"), "OWN-RULE answer briefly\n");
    const repo = initRepo(path.join(root, "repo"));
    const slug = claudeSlug(other);
    fs.writeFileSync(
      path.join(repo, "AGENTS.md"),
      `AGENTS-RULE keep PRs small\n@~/.claude/projects/${slug}/memory/MEMORY.md\n@~/.claude/projects/${slug}/memory/reference_deploy.md\n@~/.claude/plans/other-plan.md\n@~/.claude/my-project-instructions.md\n`,
    );
    const run = spawnSync(process.execPath, [CLI, "hook", "session-start", "--host", "codex"], {
      input: JSON.stringify({ session_id: "s", cwd: repo, hook_event_name: "SessionStart", source: "startup" }),
      env: { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), XDG_STATE_HOME: path.join(home, "state") },
      encoding: "utf8",
      timeout: 20_000,
    });
    assert.equal(run.status, 0, run.stderr);
    const text = JSON.parse(run.stdout).hookSpecificOutput.additionalContext as string;
    assert.match(text, /OWN-RULE/);
    assert.doesNotMatch(text, /OTHER-PROJECT-CARD|OTHER-PROJECT-PLAN/, text);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
