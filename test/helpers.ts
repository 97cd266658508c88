import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { main } from "../lib/cli/main.js";
import { BufferSink, type Io } from "../lib/store/io.js";
import { removeScratch, scratchDir } from "./support/scratch.js";

/** A fresh temp directory (realpath'd, so /tmp symlinks never confuse path comparisons). */
export function tempDir(prefix = "memctl-test-"): string {
  return fs.realpathSync(scratchDir(prefix));
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

/** `git init` an empty repository (creating the directory), with git's config isolated from the real home. */
export function initRepo(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("git", ["init", "-q", "-b", "main", dir], { stdio: "pipe", env: gitEnv() });
  return dir;
}

/** `git init` a real repository with one commit. */
export function gitInit(dir: string): string {
  initRepo(dir);
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, stdio: "pipe", env: gitEnv() });
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

export interface CardSpec {
  file: string;
  title: string;
  hook: string;
  topics?: string[];
  priority?: string;
  status?: string;
  expires_at?: string;
  scope?: string[];
}

/** A temp sandbox: home, a git repo, a memory dir with MEMORY.md and cards, and an io pointing at them. */
export function sandbox(cards: CardSpec[] = [], options: { now?: Date } = {}) {
  const root = fs.realpathSync(scratchDir("memctl-test-"));
  const home = path.join(root, "home");
  const repo = path.join(root, "repo");
  const memory = path.join(root, "memory");
  fs.mkdirSync(home);
  initRepo(repo);
  fs.mkdirSync(memory);
  writeStore(memory, cards);
  const stdout = new BufferSink();
  const stderr = new BufferSink();
  const env = { MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(home, "config.toml"), HOME: home };
  const io: Io = { stdout, stderr, env, cwd: repo, home, now: () => options.now ?? new Date("2026-12-02T10:00:00Z") };
  return { root, home, repo, memory, io, stdout, stderr, cleanup: () => removeScratch(root) };
}

export function cardText(c: CardSpec): string {
  const lines = ["---", `name: ${c.file.replace(/\.md$/, "")}`, `description: ${JSON.stringify(c.hook)}`, "metadata:", "  node_type: memory", "  type: feedback", "topics:"];
  for (const t of c.topics ?? []) lines.push(`  - ${JSON.stringify(t)}`);
  lines.push(`priority: ${c.priority ?? "normal"}`, `status: ${c.status ?? "active"}`, 'updated_at: "2026-11-01"');
  if (c.expires_at) lines.push(`expires_at: "${c.expires_at}"`);
  lines.push("repo_refs: []");
  if (c.scope) lines.push("scope:", ...c.scope.map((s) => `  - ${JSON.stringify(s)}`));
  lines.push("---", `# ${c.title}`, "");
  return lines.join("\n");
}

export function writeStore(memory: string, cards: CardSpec[]): void {
  fs.writeFileSync(path.join(memory, "MEMORY.md"), ["# Memory", "", ...cards.map((c) => `- [${c.title}](${c.file}) — ${c.hook}`)].join("\n") + "\n");
  for (const c of cards) fs.writeFileSync(path.join(memory, c.file), cardText(c));
}

/** Sets every mtime in the store an hour back so the rank cache is not "racy" and gets written. */
export function ageStore(memory: string): void {
  const past = new Date(Date.now() - 3600_000);
  for (const name of fs.readdirSync(memory)) fs.utimesSync(path.join(memory, name), past, past);
  fs.utimesSync(memory, past, past);
}

export const REPO_ROOT = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), "..");
