// Benchmark: `memctl import claude --from DIR --yes` end to end (process start included) for N Claude Code
// memory cards. Target (issue 16 item 15): linear, 10,000 cards in under 10 s. Build first: `npm run build`.
// Run: node --import tsx bench/import.ts [--sizes 500,1000,2000,10000] [--runs 1] [--keep]
// Each run imports into a fresh store (MEMORY.md only) beside a git repository, with the config raising
// [guardrails] max_files above N (the default, 2,000, would refuse the larger sizes up front).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { arg } from "./rounds.js";

const CLI = path.resolve(import.meta.dirname, "..", "dist", "cli.js");
const TARGET_10K_MS = 10_000;

/** N Claude memory cards: frontmatter as Claude Code writes it, a description, a body of a few lines. */
function generateCards(dir: string, n: number): void {
  fs.mkdirSync(dir, { recursive: true });
  const types = ["feedback", "project", "reference", "user"];
  for (let i = 0; i < n; i++) {
    const type = types[i % 4]!;
    const body = `Card ${i} records a decision about area ${i % 37}.\n\nWhy: it came up in session ${i % 101}.\nHow to apply: check module ${i % 200} first.\n`;
    fs.writeFileSync(path.join(dir, `${type}_card-${i}.md`), `---\nname: card-${i}\ndescription: synthetic imported card ${i} about area ${i % 37}\ntype: ${type}\n---\n${body}`);
  }
}

/** CPU seconds (user + system) of every waited-for child so far, from /proc on Linux; undefined elsewhere. */
function childCpuSeconds(): number | undefined {
  try {
    const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in USER_HZ (100 on Linux)
  } catch {
    return undefined;
  }
}

function runOnce(n: number, keep: boolean): { ms: number; cpu?: number; imported: number; root: string } {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-import-")));
  const repo = path.join(root, "repo");
  const memory = path.join(root, "memory");
  const home = path.join(root, "home");
  const src = path.join(root, "claude-memory");
  for (const d of [repo, memory, home]) fs.mkdirSync(d, { recursive: true });
  spawnSync("git", ["init", "-q", repo]);
  fs.writeFileSync(path.join(memory, "MEMORY.md"), "# Memory\n");
  const config = path.join(root, "config.toml");
  fs.writeFileSync(config, `[guardrails]\nmax_files = ${Math.max(2000, n + 100)}\nmax_total_bytes = ${64 * 1024 * 1024}\n`);
  generateCards(src, n);
  const env = { PATH: process.env.PATH, HOME: home, MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: config, NO_COLOR: "1" };
  const cpuBefore = childCpuSeconds();
  const start = performance.now();
  const r = spawnSync(process.execPath, [CLI, "import", "claude", "--from", src, "--yes", "--json"], { cwd: repo, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - start;
  const cpuAfter = childCpuSeconds();
  const cpu = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  if (r.status !== 0) throw new Error(`import of ${n} cards exited ${r.status}: ${r.stderr}`);
  const imported = (JSON.parse(r.stdout) as { imported: string[] }).imported.length;
  if (!keep) fs.rmSync(root, { recursive: true, force: true });
  return { ms, ...(cpu !== undefined ? { cpu } : {}), imported, root };
}

const sizes = (arg("sizes") ?? "500,1000,2000,10000").split(",").map(Number);
const runs = Number(arg("runs") ?? "1");
const keep = process.argv.includes("--keep");
if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run npm run build first`);

// Wall time includes waiting for the disk (one fdatasync per card, eight in flight); CPU time does not, so it
// shows the import's own cost even on a loaded machine.
const rows: string[][] = [["cards", "median wall ms", "wall ms / card", "CPU s", "imported"]];
let tenK: number | undefined;
for (const n of sizes) {
  const times: number[] = [];
  const cpus: number[] = [];
  let imported = 0;
  for (let i = 0; i < runs; i++) {
    const r = runOnce(n, keep);
    times.push(r.ms);
    if (r.cpu !== undefined) cpus.push(r.cpu);
    imported = r.imported;
    if (keep) console.error(`kept ${r.root}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  if (n === 10_000) tenK = median;
  const cpu = cpus.length ? cpus.sort((a, b) => a - b)[Math.floor(cpus.length / 2)]!.toFixed(2) : "n/a";
  rows.push([n.toLocaleString("en-US"), median.toFixed(0), (median / n).toFixed(2), cpu, String(imported)]);
}
const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
for (const r of rows) console.log(r.map((cell, c) => cell.padStart(widths[c]!)).join("  "));
if (tenK !== undefined) console.log(`10,000 cards: ${tenK.toFixed(0)} ms (target < ${TARGET_10K_MS} ms) ${tenK < TARGET_10K_MS ? "OK" : "OVER"}`);
