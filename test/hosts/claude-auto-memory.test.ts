import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { runUserPromptHook } from "../../lib/hook/run.js";
import { REPO_ROOT, sandbox, writeStore } from "../helpers.js";

// The halved Claude budget (1500 / 10) is for a store Claude Code loads natively: its auto-memory directory
// with auto memory on. memctl install claude turns auto memory off, and a store elsewhere is never loaded by
// Claude: both get the shared budget (3000 / 20).
const cards = Array.from({ length: 30 }, (_, i) => ({ file: `feedback_deploy_${i}.md`, title: `Deploy rule ${i}`, hook: `deploy step ${i}` }));

let calls = 0;
async function entriesInjected(s: ReturnType<typeof sandbox>, env: Record<string, string | undefined>): Promise<number> {
  const io = { ...s.io, env };
  const result = await runUserPromptHook(JSON.stringify({ cwd: s.repo, prompt: "how do we deploy?", session_id: `s${++calls}` }), { host: "claude" }, io);
  assert.equal(result.status, "injected", JSON.stringify(result.outcome));
  const context = JSON.parse(result.outcome.stdout).hookSpecificOutput.additionalContext as string;
  return context.split("\n").filter((l) => l.startsWith("- [")).length;
}

/** The sandbox's store moved to Claude's auto-memory directory for the repo (memctl's legacy store). */
async function legacyStore(s: ReturnType<typeof sandbox>): Promise<Record<string, string | undefined>> {
  const env = { MEMCTL_CONFIG_FILE: s.io.env.MEMCTL_CONFIG_FILE, HOME: s.home };
  const probe = await runUserPromptHook(JSON.stringify({ cwd: s.repo, prompt: "x" }), { host: "claude" }, { ...s.io, env });
  const dir = probe.resolution!.legacy_dir;
  fs.mkdirSync(dir, { recursive: true });
  writeStore(dir, cards);
  return env;
}

test("Claude's auto-memory directory as the store, auto memory on: the halved budget (10 entries)", async (t) => {
  const s = sandbox(cards);
  t.after(s.cleanup);
  assert.equal(await entriesInjected(s, await legacyStore(s)), 10);
});

test("the same store with autoMemoryEnabled: false (what memctl install claude writes): the shared budget (20 entries)", async (t) => {
  const s = sandbox(cards);
  t.after(s.cleanup);
  const env = await legacyStore(s);
  fs.mkdirSync(path.join(s.repo, ".claude"), { recursive: true });
  fs.writeFileSync(path.join(s.repo, ".claude/settings.json"), '{ "autoMemoryEnabled": false }\n');
  assert.equal(await entriesInjected(s, env), 20);
  fs.writeFileSync(path.join(s.repo, ".claude/settings.local.json"), '{ "autoMemoryEnabled": true }\n');
  assert.equal(await entriesInjected(s, env), 10, "local settings win over project settings, as in Claude Code");
  assert.equal(await entriesInjected(s, { ...env, CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" }), 20, "the environment switch wins");
});

test("a store outside Claude's auto-memory directory: Claude never loads it, so the shared budget", async (t) => {
  const s = sandbox(cards);
  t.after(s.cleanup);
  assert.equal(await entriesInjected(s, s.io.env), 20);
});

test("a settings file with comments or a trailing comma (JSONC, which memctl install edits and keeps) is still read", async (t) => {
  const s = sandbox(cards);
  t.after(s.cleanup);
  const env = await legacyStore(s);
  fs.mkdirSync(path.join(s.home, ".claude"), { recursive: true });
  const settings = '{\n  // my theme\n  "theme": "dark", /* "autoMemoryEnabled": true */\n  "url": "http://x//y",\n  "autoMemoryEnabled": false,\n}\n';
  fs.writeFileSync(path.join(s.home, ".claude/settings.json"), settings);
  assert.equal(await entriesInjected(s, env), 20, "auto memory is off: the shared budget");
  fs.writeFileSync(path.join(s.home, ".claude/settings.json"), settings.replace('"autoMemoryEnabled": false', '"autoMemoryEnabled": true'));
  assert.equal(await entriesInjected(s, env), 10, "auto memory on: the halved budget");
});

// The compiled hook reads those settings through the one JSONC reader, whose parser it bundles: a copy of dist/hooks
// with no node_modules above it still reads a settings file with comments.
test("the compiled hook, from a folder with no node_modules, reads a JSONC settings file", async (t) => {
  const s = sandbox(cards);
  t.after(s.cleanup);
  const env = await legacyStore(s);
  const bare = path.join(s.root, "bare");
  fs.mkdirSync(bare);
  fs.cpSync(path.join(REPO_ROOT, "dist", "hooks"), path.join(bare, "hooks"), { recursive: true });
  fs.mkdirSync(path.join(s.home, ".claude"), { recursive: true });
  const entries = (enabled: boolean) => {
    fs.writeFileSync(path.join(s.home, ".claude/settings.json"), `{\n  // mine\n  "autoMemoryEnabled": ${enabled},\n}\n`);
    const r = spawnSync(process.execPath, [path.join(bare, "hooks", "user-prompt-submit.cjs"), "--host", "claude"], {
      input: JSON.stringify({ cwd: s.repo, prompt: "how do we deploy?", session_id: `b${++calls}` }),
      env: { PATH: process.env.PATH, ...env },
      encoding: "utf8",
    });
    assert.equal(r.status, 0, r.stderr);
    return (JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string).split("\n").filter((l) => l.startsWith("- [")).length;
  };
  assert.equal(entries(false), 20, "auto memory off: the shared budget");
  assert.equal(entries(true), 10, "auto memory on: the halved budget");
});
