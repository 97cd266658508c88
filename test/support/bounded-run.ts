// A child process with a hard kill (a runaway loop, a hang, a runaway allocation), its peak RSS and CPU time sampled
// from /proc meanwhile. Bound a cost by its CPU time, not its wall time: on a loaded machine (CI's 2 cores) the wall
// time is mostly waiting for a core (a healthy doctor took 8.3 s of wall time there and was killed as hung).
import { spawn } from "node:child_process";
import fs from "node:fs";

/** CPU time past which a call counts as a runaway; the fixed code uses well under a second of it. */
export const CPU_CAP_MS = 8_000;
/** Wall time past which a call counts as blocked (a FIFO, a stdin never closed): a hang is minutes, not seconds. */
export const HANG_MS = 120_000;
export const MAX_RSS_KIB = 400 * 1024;

export interface Bounded {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  /** Peak resident set size seen in /proc (VmHWM), KiB. */
  peakKiB: number;
  /** CPU time (user + system) at the last sample, ms: short of the total by at most one 20 ms sample. */
  cpuMs: number;
  /** Why it was killed, if it was: past its CPU time, its wall time or its RSS. */
  killedFor?: "cpu" | "wall" | "rss";
}

/** The user + system CPU time of a live process, ms, from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms). */
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined; // exited between samples
  }
}

/**
 * Runs a child with a hard kill past `cpuCapMs` of CPU time, `wallMs` of wall time or `maxRssKiB`, sampling meanwhile;
 * its stdin is `input`, or what a feeder writes (it may never stop).
 * The wall bound allows for a fifth of a core: consolidate's 7 s of CPU took 36 s of wall time at load 25, over 120 s at 30.
 */
export function runBounded(
  args: string[],
  input: string | ((stdin: NodeJS.WritableStream) => void),
  env: NodeJS.ProcessEnv,
  cwd: string,
  cpuCapMs = CPU_CAP_MS,
  maxRssKiB = MAX_RSS_KIB,
  wallMs = Math.max(5 * cpuCapMs, HANG_MS),
): Promise<Bounded> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { env, cwd, stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let peakKiB = 0;
    let cpuMs = 0;
    let killedFor: Bounded["killedFor"];
    const kill = (why: NonNullable<Bounded["killedFor"]>) => {
      killedFor ??= why;
      child.kill("SIGKILL");
    };
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const sample = () => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"));
        if (m) peakKiB = Math.max(peakKiB, Number(m[1]));
      } catch {
        // exited between samples
      }
      const cpu = child.pid === undefined ? undefined : cpuMsOf(child.pid);
      if (cpu !== undefined) cpuMs = Math.max(cpuMs, cpu);
      if (peakKiB > maxRssKiB) kill("rss");
      else if (cpuMs > cpuCapMs) kill("cpu");
    };
    const poll = setInterval(sample, 20);
    const killer = setTimeout(() => kill("wall"), wallMs);
    // A feeder may write forever: its pipe goes with the child.
    child.on("exit", () => child.stdin.destroy());
    child.on("close", (code, signal) => {
      clearInterval(poll);
      clearTimeout(killer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started, peakKiB, cpuMs, ...(killedFor ? { killedFor } : {}) });
    });
    if (typeof input === "string") child.stdin.end(input);
    else input(child.stdin);
  });
}
