// One fresh Node process timed spawn to exit, with its peak RSS from GNU time (/usr/bin/time -f %M; on Debian
// `apt-get install -y time`). Shared by the benches that time whole processes one at a time.
import { spawnSync } from "node:child_process";

export interface TimedRun {
  ms: number;
  rssMiB: number;
  /** CPU time, user + system (GNU time's %U + %S: 10 ms resolution). */
  cpuMs: number;
  stdout: string;
}

/** Runs `node ...args` with exactly `env` (time `node -e 0` with the measured process's env: an inherited
 * NODE_EXTRA_CA_CERTS alone adds ~40 ms to a start) and `input` on stdin. */
export function timedNode(args: readonly string[], env: NodeJS.ProcessEnv, input = ""): TimedRun {
  const t = process.hrtime.bigint();
  const r = spawnSync("/usr/bin/time", ["-f", "%U %S %M", process.execPath, ...args], { env, input, encoding: "utf8", maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  const m = /([\d.]+) ([\d.]+) (\d+)\s*$/.exec(r.stderr);
  return { ms, rssMiB: Number(m?.[3] ?? Number.NaN) / 1024, cpuMs: m ? (Number(m[1]) + Number(m[2])) * 1000 : Number.NaN, stdout: r.stdout };
}

/** Blocks this process for `ms` (the benches run their rounds synchronously). */
export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
