import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { main } from "../../lib/cli/main.js";
import { BufferSink, type Io } from "../../lib/store/io.js";
import { initRepo } from "../helpers.js";
import { scratchDir } from "./scratch.js";

/** A temp world: a git repo, a HOME, a config file path, and an explicit memory dir (created unless told not to). */
export interface World {
  root: string;
  repo: string;
  home: string;
  mem: string;
  env: Record<string, string>;
}

export function makeWorld(options: { createMemory?: boolean; explicit?: boolean } = {}): World {
  const root = fs.realpathSync(scratchDir("memctl-w-"));
  const repo = path.join(root, "repo");
  const home = path.join(root, "home");
  const mem = path.join(root, "mem");
  initRepo(repo);
  fs.mkdirSync(home);
  if (options.createMemory !== false) {
    fs.mkdirSync(mem);
    fs.writeFileSync(path.join(mem, "MEMORY.md"), "# Memory\n\nIndex.\n");
  }
  const env: Record<string, string> = { MEMCTL_CONFIG_FILE: path.join(root, "config.toml"), NO_COLOR: "1" };
  if (options.explicit !== false) env.MEMCTL_MEMORY_DIR = mem;
  return { root, repo, home, mem, env };
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs memctl in-process with a BufferSink io rooted in the world. */
export async function memctl(
  world: World,
  argv: string[],
  extra: { stdin?: string; now?: Date; env?: Record<string, string>; columns?: number; tty?: boolean } = {},
): Promise<RunResult> {
  const stdout = new BufferSink();
  const stderr = new BufferSink();
  if (extra.tty) stdout.isTTY = true;
  if (extra.columns) stdout.columns = extra.columns;
  const io: Io = {
    stdout,
    stderr,
    env: { ...world.env, ...(extra.env ?? {}) },
    cwd: world.repo,
    home: world.home,
    now: () => extra.now ?? new Date("2026-12-02T09:40:00.000Z"),
    ...(extra.stdin !== undefined ? { readStdin: async () => Buffer.from(extra.stdin!) } : {}),
  };
  const code = await main(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

export const CLI = path.resolve("dist/cli.js");

/** The process environment for spawning dist/cli.js in the world (no real HOME leaks in). */
export function spawnEnv(world: World): NodeJS.ProcessEnv {
  // TMPDIR: what a spawned memctl leaves there (a killed model call's empty directory) stays in the run's own temp dir.
  return { PATH: process.env.PATH, HOME: world.home, TMPDIR: os.tmpdir(), ...world.env };
}
