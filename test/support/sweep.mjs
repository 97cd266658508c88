// The one sweep of processes still using a temp tree, shared by test/support/scratch.ts (a test's cleanup) and
// scripts/run-tests.mjs (the run's scratch, whose test process may have been killed before its own cleanup).
// Plain .mjs so the runner, which runs before tsx, can import it; types in sweep.d.mts.
import fs from "node:fs";
import path from "node:path";

/**
 * SIGKILLs this user's live processes naming or working in `dir` (Linux /proc; none elsewhere) and returns
 * once each has gone (a zombie counts: it runs no more code), throwing after `ms`. Synchronous, so an exit
 * handler and a test's plain cleanup can call it. `label` starts the stderr line naming them.
 * @param {string} dir
 * @param {number} [ms]
 * @param {string} [label]
 */
export function stopProcessesNaming(dir, ms = 5_000, label = "scratch") {
  const deadline = Date.now() + ms;
  const pids = processesNaming(dir);
  // Named, so the test that forgot to stop what it started can be found and fixed.
  if (pids.length > 0) process.stderr.write(`${label}: stopping ${pids.length} process(es) still naming ${dir}: ${pids.map(describe).join("; ")}\n`);
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

/**
 * The pids of live processes other than this one with an argument, or a working directory, that is `dir` or inside it.
 * @param {string} dir
 * @returns {number[]}
 */
export function processesNaming(dir) {
  let pids;
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
  /** @param {string} arg */
  const inside = (arg) => [dir, real].some((d) => arg === d || arg.startsWith(d + path.sep));
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

/** @param {number} pid */
function cwdOf(pid) {
  try {
    return fs.readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return ""; // another user's, or exited
  }
}

/**
 * Alive and not a zombie (state Z: exited, waiting for its parent to reap it).
 * @param {number} pid
 */
function running(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

/**
 * A pid and its first arguments, for the stderr line.
 * @param {number} pid
 */
function describe(pid) {
  try {
    return `${pid} ${fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, 3).join(" ")}`;
  } catch {
    return String(pid);
  }
}
