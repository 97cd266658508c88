// Freshness keepers a test's hooks started (lib/rank-cache/keeper.ts): a hook run on a store above the full-check
// size leaves one running in the background. Each names itself in the hook log of the HOME it ran under, so a test
// can stop every one of them, and wait until they are gone, before it removes its store.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { hookLogPath } from "../../lib/hook/run.js";
import { KEEPER_LOCK } from "../../lib/rank-cache/keeper.js";
import { keeperAskDir } from "../../lib/rank-cache/keeper-ask.js";
import { processAlive } from "../../lib/store/lock.js";

/** The hook log's lines about keepers under `home` ("…\tkeeper <pid> for <store>: spawned | started | exited (…)"). */
export function keeperLogLines(home: string): string[] {
  const log = hookLogPath({ env: {}, home });
  if (!fs.existsSync(log)) return [];
  return fs
    .readFileSync(log, "utf8")
    .split("\n")
    .filter((l) => /\tkeeper \d+ for /.test(l));
}

/** The pid of every keeper logged under `home`: spawned by a hook (logged before it runs), started, or exited at once. */
export function keeperPids(home: string): number[] {
  return [...new Set(keeperLogLines(home).map((l) => Number(/\tkeeper (\d+) for /.exec(l)![1])))];
}

/** SIGKILLs every keeper started under `home` and resolves once none is alive (rejects after `ms`). */
export async function stopKeepers(home: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const alive = keeperPids(home).filter(processAlive);
    if (alive.length === 0) return;
    if (Date.now() > deadline) throw new Error(`keepers still alive after ${ms} ms: ${alive.join(", ")}`);
    for (const pid of alive) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // exited meanwhile
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The pid in the store's keeper lock owner file, whether or not that process is still alive. */
export function keeperHolder(memory: string): number | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(memory, ".memctl", KEEPER_LOCK, "owner"), "utf8")) as { pid: number }).pid;
  } catch {
    return undefined;
  }
}

/** The names in the store's question directory (lib/rank-cache/keeper-ask.ts); none when it is not there (a new keeper's being made). */
export function questionsLeft(memory: string): string[] {
  try {
    return fs.readdirSync(keeperAskDir(memory));
  } catch {
    return [];
  }
}

/** Polls `check` every 25 ms; fails the test naming `what` after `ms`. */
export async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * The pids of live processes working in `dir` (Linux /proc; none elsewhere): a detached child a test started there,
 * such as session end's capture, which must be gone before its directories are removed. An exited one has no cwd.
 */
export function processesIn(dir: string): number[] {
  let pids: string[];
  let real: string;
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
    real = fs.realpathSync(dir);
  } catch {
    return [];
  }
  return pids.map(Number).filter((pid) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/cwd`) === real;
    } catch {
      return false; // another user's, or exited meanwhile
    }
  });
}
