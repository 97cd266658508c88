// What the interleaved process benches share: their command-line options, the builds they compare (this
// checkout's dist/, and --compare <old dist> before it), one copy of the store per build, and the results table
// (min / median / max wall time, the median's ratio to `node -e 0`, peak RSS).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Prompts a person types to a coding agent; they rotate so no single prompt's match count dominates. */
export const PROMPTS = [
  "deploying to staging fails after the migration, check the helm chart",
  "why does the ledger-service retry webhooks twice?",
  "add a vitest suite for the Stripe webhook handler",
  "部署前需要运行哪些检查？",
  "bump deps in the web client and run typecheck",
  "the Redis cache keeps timing out under load, p95 doubled",
  "ok",
  "rotate the auth-gateway tokens before tagging a release",
];

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The value after `--name` on the command line, if given. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** `--name N`, or `fallback`. */
export function numberArg(name: string, fallback: number): number {
  return Number(arg(name) ?? fallback);
}

export interface BuildCopy {
  name: string;
  dist: string;
  /** This build's copy of the store. */
  dir: string;
  env: NodeJS.ProcessEnv;
  cli: string;
  hook: string;
}

/**
 * "after" (this checkout's dist/) and, with --compare, "before" first: each with its own copy of `template` under
 * `root` (timestamps kept: the store stays at rest) and an environment naming it, with `home` as HOME.
 */
export function buildCopies(template: string, root: string, home: string): BuildCopy[] {
  const builds: [string, string][] = [["after", path.join(ROOT, "dist")]];
  const compare = arg("compare");
  if (compare) builds.unshift(["before", path.resolve(compare)]);
  return builds.map(([name, dist]) => {
    const dir = path.join(root, name);
    fs.cpSync(template, dir, { recursive: true, preserveTimestamps: true });
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: home, MEMCTL_MEMORY_DIR: dir, MEMCTL_CONFIG_FILE: path.join(home, "c.toml") };
    // Passed on when set: the keeper and the trust window at a size a short run can reach.
    if (process.env.MEMCTL_FULL_CHECK_MAX) env.MEMCTL_FULL_CHECK_MAX = process.env.MEMCTL_FULL_CHECK_MAX;
    return { name, dist, dir, env, cli: path.join(dist, "cli.js"), hook: path.join(dist, "hooks", "user-prompt-submit.cjs") };
  });
}

/** Wall ms and peak RSS MiB of each run, by row. */
export type Rows = Map<string, { ms: number[]; mib: number[]; cpu?: number[] }>;

/** `cpuMs` (user + system), when the bench measured it, adds a CPU column to printRows' table. */
export function recordRow(rows: Rows, key: string, ms: number, mib: number, cpuMs?: number): void {
  const row = rows.get(key) ?? { ms: [], mib: [] };
  row.ms.push(ms);
  row.mib.push(mib);
  if (cpuMs !== undefined) (row.cpu ??= []).push(cpuMs);
  rows.set(key, row);
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Prints `title` with the machine's load, then the table; the ratio is to the median of the "node -e 0" row. */
export function printRows(title: string, rows: Rows): void {
  const node = median(rows.get("node -e 0")!.ms);
  console.log(
    `${title}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const cpuNode = rows.get("node -e 0")!.cpu;
  const cpu = cpuNode !== undefined;
  console.log(`| run | min / median / max (ms) | ratio to node -e 0 | peak RSS median / max (MiB) |${cpu ? " CPU ms min / median / max | CPU ratio |" : ""}`);
  console.log(`|---|---:|---:|---:|${cpu ? "---:|---:|" : ""}`);
  const range = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return `${sorted[0]!.toFixed(0)} / ${median(xs).toFixed(0)} / ${sorted.at(-1)!.toFixed(0)}`;
  };
  for (const [key, row] of rows) {
    const { ms, mib } = row;
    const rss = mib.every(Number.isNaN) ? "—" : `${median(mib).toFixed(0)} / ${Math.max(...mib).toFixed(0)}`;
    const cpuCells = cpu && row.cpu ? ` ${range(row.cpu)} | ${(median(row.cpu) / median(cpuNode)).toFixed(2)}x |` : cpu ? " | |" : "";
    console.log(`| ${key} | ${range(ms)} | ${(median(ms) / node).toFixed(2)}x | ${rss} |${cpuCells}`);
  }
}

/**
 * The last full check's age at each start (undefined: no check recorded yet), summarised; a command above 10,000
 * cards trusts a check only while it is under 2 s old. A start with no check has no age: it is counted apart, never
 * as the milliseconds since 1970.
 */
export function checkAges(ages: readonly (number | undefined)[]): string {
  const known = ages.filter((a): a is number => a !== undefined);
  const none = ages.length - known.length;
  const parts: string[] = [];
  if (known.length > 0) {
    const fresh = known.filter((a) => a < 2000).length;
    parts.push(`min ${Math.min(...known).toFixed(0)} / median ${median(known).toFixed(0)} / max ${Math.max(...known).toFixed(0)} ms, under 2 s for ${fresh} of ${ages.length}`);
  }
  if (none > 0) parts.push(`no check for ${none} of ${ages.length}`);
  return parts.join("; ");
}
