import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { initRepo, tempDir } from "../helpers.js";
import { removeScratch } from "./scratch.js";
import { CLI } from "./fixture.js";

// Two (or more) machines sharing one bare remote: each has its own HOME, git identity and config (the real
// user's git config is never read: GIT_CONFIG_NOSYSTEM, GIT_CONFIG_GLOBAL inside the temp HOME).

export interface Machine {
  name: string;
  home: string;
  /** A project checkout (the cwd memctl runs from). */
  repo: string;
  /** The memory directory: its own git work tree. */
  mem: string;
  env: NodeJS.ProcessEnv;
}

export interface Cluster {
  root: string;
  remote: string;
  machines: Machine[];
}

export function makeCluster(names: string[] = ["alice", "bob"]): Cluster {
  const root = tempDir("memctl-sync-");
  const remote = path.join(root, "remote.git");
  execFileSync("git", ["init", "-q", "--bare", "-b", "main", remote], { env: isolatedGitEnv(root) });
  const machines = names.map((name) => {
    const home = path.join(root, name, "home");
    fs.mkdirSync(home, { recursive: true });
    fs.writeFileSync(path.join(home, ".gitconfig"), `[user]\n\tname = ${name}\n\temail = ${name}@example.invalid\n[init]\n\tdefaultBranch = main\n`);
    const repo = initRepo(path.join(root, name, "project"));
    const mem = path.join(root, name, "memory");
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: home,
      GIT_CONFIG_GLOBAL: path.join(home, ".gitconfig"),
      GIT_CONFIG_NOSYSTEM: "1",
      MEMCTL_CONFIG_FILE: path.join(home, "memctl.toml"),
      MEMCTL_MEMORY_DIR: mem,
      NO_COLOR: "1",
    };
    return { name, home, repo, mem, env };
  });
  return { root, remote, machines };
}

function isolatedGitEnv(root: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, HOME: root, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI on a machine (a real process, as a person or a hook would). */
export function memctlOn(m: Machine, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: m.repo, env: { ...m.env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** Runs memctl and fails the test with its output unless it exits 0. */
export async function ok(m: Machine, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<string> {
  const r = await memctlOn(m, args, extraEnv);
  if (r.code !== 0) throw new Error(`${m.name}: memctl ${args.join(" ")} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export function gitOn(m: Machine, ...args: string[]): string {
  return execFileSync("git", args, { cwd: m.mem, env: m.env, stdio: "pipe" }).toString().trim();
}

export function saveCard(m: Machine, type: string, name: string, description: string): Promise<string> {
  return ok(m, ["save", name, "-t", type, "-d", description, "--topics", "sync,test"]);
}

/** Every file git tracks in the memory directory, with its text. */
/** A teammate (`from`) pushes one history line naming `card` by hand, as git carries it; `to` syncs it in. */
export async function pushHistoryLine(from: Machine, to: Machine, card: string): Promise<void> {
  const line = { rev: 1, card, op: "create", actor: "human", at: "2026-12-01T00:00:00.000Z", sha256: "a".repeat(64), bytes: 5 };
  fs.mkdirSync(path.join(from.mem, ".memctl"), { recursive: true });
  fs.appendFileSync(path.join(from.mem, ".memctl", "history.jsonl"), `${JSON.stringify(line)}\n`);
  gitOn(from, "add", "-A");
  gitOn(from, "commit", "-q", "--no-verify", "-m", "a history line");
  gitOn(from, "push", "-q", "origin", "HEAD:main");
  await ok(to, ["sync"]);
}

export function trackedFiles(m: Machine): Map<string, string> {
  const files = gitOn(m, "ls-files", "-z").split("\0").filter(Boolean);
  return new Map(files.map((f) => [f, fs.readFileSync(path.join(m.mem, f), "utf8")]));
}

const EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) — hook\n";

/** Two machines, each with an empty store synced to one bare remote (`trust`: the level each chooses), removed after `t`. */
export async function syncedPair(t: { after: (fn: () => void) => void }, trust?: "own" | "shared"): Promise<{ c: Cluster; a: Machine; b: Machine }> {
  const c = makeCluster();
  t.after(() => removeScratch(c.root)); // stops what still runs there first (a keeper a hook started)
  const [a, b] = c.machines as [Machine, Machine];
  for (const m of [a, b]) {
    fs.mkdirSync(m.mem);
    fs.writeFileSync(path.join(m.mem, "MEMORY.md"), EMPTY_INDEX);
    await ok(m, ["sync", "init", c.remote, ...(trust ? ["--trust", trust] : [])]);
  }
  return { c, a, b };
}

/** What the per-prompt hook prints on `m` for `prompt` (the built CLI, as a host runs it); throws unless it exits 0. */
export function hookOn(m: Machine, prompt: string): string {
  const r = spawnSync(process.execPath, [CLI, "hook", "user-prompt-submit", "--host", "generic"], {
    cwd: m.repo,
    input: JSON.stringify({ cwd: m.repo, prompt }),
    env: m.env,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`${m.name}: hook exited ${r.status}\n${r.stderr}`);
  return r.stdout;
}

/** What the session-start hook prints on `m` (the built CLI, as a host runs it); throws unless it exits 0. */
export function sessionStartOn(m: Machine): string {
  const r = spawnSync(process.execPath, [CLI, "hook", "session-start", "--host", "generic"], {
    cwd: m.repo,
    input: JSON.stringify({ cwd: m.repo, session_id: "s-1", source: "startup" }),
    env: m.env,
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`${m.name}: session-start exited ${r.status}\n${r.stderr}`);
  return r.stdout;
}
