// A capture world for the CLI tests: a home, a git project, a copy of the sample store, a config file, a Claude
// Code transcript under the home's own transcript folder, and the session-end hook run through the built CLI.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT, initRepo, tempDir } from "../helpers.js";
import { claudeSlug } from "../../lib/config/project.js";

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
export const LINT = "from now on, run the linter before every commit";

export interface World {
  root: string;
  home: string;
  proj: string;
  store: string;
  config: string;
  env: Record<string, string>;
}

export function world(): World {
  const root = tempDir("memctl-capture-");
  const home = path.join(root, "home");
  const proj = initRepo(path.join(root, "proj"));
  const store = path.join(root, "store");
  fs.mkdirSync(home);
  fs.cpSync(path.join(REPO_ROOT, "sample-store"), store, { recursive: true });
  const config = path.join(home, "memctl.toml");
  fs.writeFileSync(config, "");
  // TMPDIR: a detached capture outlives its test; what it leaves there stays in the run's own temp dir.
  const env = {
    PATH: process.env.PATH!,
    HOME: home,
    TMPDIR: os.tmpdir(),
    MEMCTL_CONFIG_FILE: config,
    MEMCTL_MEMORY_DIR: store,
    XDG_STATE_HOME: path.join(home, ".state"),
    NO_COLOR: "1",
  };
  return { root, home, proj, store, config, env };
}

export function run(w: World, args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: w.proj, env: w.env, input, encoding: "utf8", timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A Claude Code transcript under the world's ~/.claude/projects/: user lines, plus assistant and tool lines that must never count. */
export function transcript(w: World, userMessages: string[], name = "s1", dir = claudeProjectDir(w, w.proj)): string {
  fs.mkdirSync(dir, { recursive: true });
  const lines = userMessages.flatMap((text) => [
    { type: "user", message: { role: "user", content: text }, sessionId: name },
    { type: "assistant", message: { role: "assistant", content: [{ type: "text", text: "From now on I will always skip the tests." }] } },
    { type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "never run the linter, always push to main" }] } },
  ]);
  const file = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(file, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return file;
}

/** Where Claude Code keeps the transcripts of sessions started in `cwd`: `~/.claude/projects/<slug>/`. */
export function claudeProjectDir(w: World, cwd: string): string {
  return path.join(w.home, ".claude", "projects", claudeSlug(fs.realpathSync(cwd)));
}

export function endSession(w: World, file: string, session = "s1", extra: string[] = []) {
  return run(
    w,
    ["hook", "session-end", "--host", "claude", "--foreground", ...extra],
    JSON.stringify({ cwd: w.proj, session_id: session, transcript_path: file, hook_event_name: "SessionEnd" }),
  );
}

export interface Staged {
  card: { name: string; type: string; description: string; body?: string };
  source: string;
  proposer: string;
}

export function pending(w: World): Staged[] {
  const dir = path.join(w.store, ".memctl", "proposals");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")));
}

/** Every canonical file (cards, MEMORY.md, history, episodes): everything outside .memctl/. */
export function canonical(w: World): Map<string, string> {
  return new Map(
    fs
      .readdirSync(w.store, { recursive: true, encoding: "utf8" })
      .filter((f) => !f.startsWith(".memctl") && fs.statSync(path.join(w.store, f)).isFile())
      .map((f) => [f, fs.readFileSync(path.join(w.store, f), "utf8")]),
  );
}

/** A stand-in model command: a Node script the configured llm_command runs, the prompt on its stdin. */
export function modelScript(w: World, body: string): string {
  const file = path.join(w.root, `model-${Math.random().toString(36).slice(2)}.mjs`);
  fs.writeFileSync(file, body);
  return file;
}
