// A store the real prompt hook (dist/hooks/user-prompt-submit.cjs) runs against, as its own process: the temp
// dirs, the hook run with them, and an in-place edit of a cache the hook wrote (the planted-cache tests).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { TestContext } from "node:test";
import { initRepo, REPO_ROOT } from "../helpers.js";
import { removeScratch, scratchDir } from "./scratch.js";

export const HOOK = path.join(REPO_ROOT, "dist", "hooks", "user-prompt-submit.cjs");

export interface HookDirs {
  root: string;
  home: string;
  repo: string;
  memory: string;
  /** The hook's (and the CLI's) whole environment: nothing from the real home. */
  env: Record<string, string | undefined>;
}

/** A home, a git repo and an empty memory dir under a fresh temp dir, removed after the test with any keeper its hooks started. */
export function hookDirs(t: TestContext, prefix: string): HookDirs {
  const root = fs.realpathSync(scratchDir(prefix));
  t.after(() => removeScratch(root));
  const [home, repo, memory] = ["home", "repo", "memory"].map((d) => path.join(root, d)) as [string, string, string];
  fs.mkdirSync(home);
  fs.mkdirSync(memory);
  initRepo(repo);
  return { root, home, repo, memory, env: { PATH: process.env.PATH, HOME: home, MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(home, "c.toml") } };
}

/** `args` (the hook by default) run by node as a process with `dirs`' environment and `input` on stdin. */
export function runIn(dirs: HookDirs, input: string, args: string[] = [HOOK, "--host", "generic"]): { status: number | null; stdout: string; stderr: string } {
  return spawnSync(process.execPath, args, { input, env: dirs.env, encoding: "utf8", timeout: 20_000 });
}

/** The generic host's prompt hook run on `prompt`. */
export function runHook(dirs: HookDirs, prompt: string): { status: number | null; stdout: string; stderr: string } {
  return runIn(dirs, JSON.stringify({ cwd: dirs.repo, prompt }));
}

/**
 * Every `from` in a binary cache file (or only the one at offset `at`) replaced by `to` of the same length, its
 * mtime put back: still trusted.
 */
export function editBytesInPlace(file: string, from: string, to: string, at?: number): void {
  const bytes = fs.readFileSync(file);
  assert.ok(at === undefined ? bytes.includes(from) : bytes.toString("latin1", at, at + from.length) === from);
  const st = fs.statSync(file);
  const text = bytes.toString("latin1");
  const edited = Buffer.from(at === undefined ? text.replaceAll(from, to) : text.slice(0, at) + to + text.slice(at + from.length), "latin1");
  assert.equal(edited.length, bytes.length);
  const fd = fs.openSync(file, "r+");
  fs.writeSync(fd, edited, 0, edited.length, 0);
  fs.closeSync(fd);
  fs.utimesSync(file, st.atime, st.mtime);
}
