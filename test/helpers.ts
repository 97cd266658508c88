import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { main } from "../lib/cli/main.js";
import { BufferSink, type Io } from "../lib/io.js";

/** A fresh temp directory (realpath'd, so /tmp symlinks never confuse path comparisons). */
export function tempDir(prefix = "memctl-test-"): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
}

export interface TestIo extends Io {
  out: BufferSink;
  err: BufferSink;
}

/** An injected IO rooted in temp dirs: a temp HOME and a config file inside it, never the real ones. */
export function testIo(options: { cwd: string; home: string; env?: Record<string, string | undefined>; now?: Date }): TestIo {
  const out = new BufferSink();
  const err = new BufferSink();
  return {
    stdout: out,
    stderr: err,
    out,
    err,
    env: { MEMCTL_CONFIG_FILE: path.join(options.home, "memctl-config.toml"), ...options.env },
    cwd: options.cwd,
    home: options.home,
    now: () => options.now ?? new Date("2026-12-02T09:00:00Z"),
  };
}

/** Runs the CLI in-process and returns exit code and captured output. */
export async function runCli(argv: string[], io: TestIo): Promise<{ code: number; stdout: string; stderr: string }> {
  io.out.text = "";
  io.err.text = "";
  const code = await main(argv, io);
  return { code, stdout: io.out.text, stderr: io.err.text };
}

/** `git init` a real repository with one commit. */
export function gitInit(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe", env: gitEnv() });
  git("init", "-q", "-b", "main");
  fs.writeFileSync(path.join(dir, "README.md"), "hello\n");
  git("add", ".");
  git("commit", "-q", "-m", "init");
  return dir;
}

/** Runs git with a config isolated from the real home. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, stdio: "pipe", env: gitEnv() }).toString().trim();
}

function gitEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: os.tmpdir(),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_AUTHOR_NAME: "t",
    GIT_AUTHOR_EMAIL: "t@example.invalid",
    GIT_COMMITTER_NAME: "t",
    GIT_COMMITTER_EMAIL: "t@example.invalid",
  };
}

/** True when running as root, where permission bits do not stop reads. */
export const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
