// Temp directories for tests, removed when the test file's process exits: a test that forgets its cleanup (or
// fails before it) leaves nothing behind. scripts/run-tests.mjs reports anything that still escapes.
// A directory is removed only once no process names it or works in it: a background process a test started there
// (the freshness keeper, given its store's path; a ui server) would otherwise outlive it and write into the tree removed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const made: string[] = [];
let hooked = false;

/** A fresh directory under the temp dir (or `base`), named `<prefix>XXXXXX`, removed at process exit. */
export function scratchDir(prefix: string, base = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(base, prefix));
  made.push(dir);
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const d of made) removeScratch(d);
    });
  }
  return dir;
}

/** Stops every process naming `dir` (stopProcessesNaming), then removes `dir`. Never throws for a process. */
export function removeScratch(dir: string): void {
  try {
    stopProcessesNaming(dir);
  } catch {
    // a process that will not go: the directory is still removed, and run-tests.mjs reports what comes back
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * SIGKILLs this user's live processes naming or working in `dir` (Linux /proc; none elsewhere) and returns
 * once each has gone (a zombie counts: it runs no more code), throwing after `ms`. Synchronous, so an exit
 * handler and a test's plain cleanup can call it.
 */
export function stopProcessesNaming(dir: string, ms = 5_000): void {
  const deadline = Date.now() + ms;
  const pids = processesNaming(dir);
  // Named, so the test that forgot to stop what it started can be found and fixed.
  if (pids.length > 0) process.stderr.write(`scratch: stopping ${pids.length} process(es) still naming ${dir}: ${pids.map(describe).join("; ")}\n`);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // exited meanwhile, or not ours
    }
  }
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (;;) {
    const alive = pids.filter(running);
    if (alive.length === 0) return;
    if (Date.now() > deadline) throw new Error(`processes still running in ${dir} after ${ms} ms: ${alive.join(", ")}`);
    Atomics.wait(pause, 0, 0, 10);
  }
}

/** The pids of live processes other than this one with an argument, or a working directory, that is `dir` or inside it. */
export function processesNaming(dir: string): number[] {
  let pids: number[];
  try {
    pids = fs
      .readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
  let real = dir;
  try {
    real = fs.realpathSync(dir);
  } catch {
    // removed already: its own name is all there is to look for
  }
  const inside = (arg: string) => [dir, real].some((d) => arg === d || arg.startsWith(d + path.sep));
  return pids.filter((pid) => {
    if (pid === process.pid) return false;
    try {
      const args = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      return (args.some(inside) || inside(cwdOf(pid))) && running(pid);
    } catch {
      return false; // exited meanwhile
    }
  });
}

function cwdOf(pid: number): string {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return ""; // another user's, or exited
  }
}

/** Alive and not a zombie (state Z: exited, waiting for its parent to reap it). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/** A pid and its first arguments, for the stderr line. */
function describe(pid: number): string {
  try {
    return `${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, 3).join(" ")}`;
  } catch {
    return String(pid);
  }
}
