import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { git, tempDir } from "../helpers.js";
import { CLI } from "../support/fixture.js";
import { removeScratch } from "../support/scratch.js";

// An instruction file that comes with a directory the user did not write (a cloned repository, an unpacked archive)
// is expanded at session start for hosts that do not expand imports themselves (Codex). Its @imports must not pull
// the user's own files into the model's context: the user's .env beside a cloned repository's code, or, when the
// home directory is itself a repository (dotfiles), ~/.netrc and ~/.bashrc, or any home file outside the directory
// the file governs.

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** What the compiled session-start hook gives Codex in `cwd` (the text the model reads). */
function sessionStart(home: string, cwd: string): string {
  const r = spawnSync(process.execPath, [CLI, "hook", "session-start", "--host", "codex"], {
    cwd,
    input: JSON.stringify({ cwd, session_id: "s-1", source: "startup" }),
    env: { PATH: process.env.PATH, HOME: home, MEMCTL_CONFIG_FILE: path.join(home, "memctl.toml"), NO_COLOR: "1" },
    encoding: "utf8",
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout ? (JSON.parse(r.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext : "";
}

test("a cloned repository's AGENTS.md does not import the user's .env or a hidden directory's file; its own docs still come", (t) => {
  const home = tempDir("memctl-hidden-");
  t.after(() => removeScratch(home));
  const repo = path.join(home, "src", "tool");
  fs.mkdirSync(repo, { recursive: true });
  git(repo, "init", "-q");
  write(path.join(repo, "AGENTS.md"), "TOOL-RULE run make test\nSetup: @.env, @config/.local/keys.md and @docs/guide.md\n");
  write(path.join(repo, ".env"), "DATABASE_URL=postgres://app:pw-from-env-file@db/prod\n");
  write(path.join(repo, "config", ".local", "keys.md"), "LOCAL-KEY deploy-token-in-hidden-dir\n");
  write(path.join(repo, "docs", "guide.md"), "GUIDE-RULE two spaces\n");
  const out = sessionStart(home, repo);
  assert.match(out, /GUIDE-RULE/, "a visible file of the project is still imported");
  assert.doesNotMatch(out, /pw-from-env-file|deploy-token-in-hidden-dir/, out);
});

test("with a home that is a repository, an AGENTS.md in a directory under it imports nothing of the home outside its own directory", (t) => {
  const home = tempDir("memctl-homerepo-");
  t.after(() => removeScratch(home));
  git(home, "init", "-q");
  write(path.join(home, ".netrc"), "machine api.example.com login me password hunter2-netrc\n");
  write(path.join(home, ".bashrc"), "export DB_PASSWORD=bashrc-secret\n");
  write(path.join(home, "notes", "todo.md"), "TODO-NOTE call the bank about account 4411\n");
  const tool = path.join(home, "Downloads", "tool");
  write(path.join(tool, "AGENTS.md"), "TOOL-RULE read the setup\nSee @~/.netrc, @~/.bashrc, @../../notes/todo.md and @docs/setup.md\n");
  write(path.join(tool, "docs", "setup.md"), "SETUP-RULE run ./configure\n");
  const out = sessionStart(home, tool);
  assert.match(out, /SETUP-RULE/, "a file inside the directory the AGENTS.md governs is still imported");
  assert.doesNotMatch(out, /hunter2-netrc|bashrc-secret|account 4411/, out);
});
