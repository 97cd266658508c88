// Per-prompt hook latency and peak RSS against `node -e 0`, measured interleaved in the same run.
// Run: npm run build && npm run bench:latency [-- --sizes 100,1000,10000 --runs 40 --warmup 5 --repeat 1 --json]
// --bin also runs the hook as committed project-scope wirings start it: `memctl-hook --host codex` found on PATH
// (a symlink to dist/hooks/user-prompt-submit.cjs, as npm links the bin; its node shebang, no flags), interleaved.
// --compare DIR also runs another build's hook (DIR is its dist/ directory) in the same interleaved rounds, on
// its own copy of each store, so two builds are compared under the same load; --compare-flags A,B starts it with
// those node flags instead of the wiring's ("" for none).
// Peak RSS uses GNU time (/usr/bin/time -f %M); install it with `apt-get install -y time` (Debian/Ubuntu).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateStore } from "./gen-store.js";
import { HOOK_NODE_FLAGS } from "../lib/core/hook-flags.js";
import { keeperAnswering, keeperState, stopKeeper } from "./keeper-state.js";
import { PROMPTS } from "./rounds.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOOK = path.join(ROOT, "dist", "hooks", "user-prompt-submit.cjs");
const GNU_TIME = "/usr/bin/time";

interface Options {
  sizes: number[];
  runs: number;
  warmup: number;
  repeat: number;
  rssRuns: number;
  json: boolean;
  sessionPrompts: number;
  keep: boolean;
  compare?: string;
  compareFlags?: string[];
  bin: boolean;
}

function parseOptions(argv: string[]): Options {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    sizes: (get("sizes") ?? "100,1000,10000").split(",").map(Number),
    runs: Number(get("runs") ?? 40),
    warmup: Number(get("warmup") ?? 5),
    repeat: Number(get("repeat") ?? 1),
    rssRuns: Number(get("rss-runs") ?? 8),
    json: argv.includes("--json"),
    sessionPrompts: Number(get("session-prompts") ?? 1),
    keep: argv.includes("--keep"),
    bin: argv.includes("--bin"),
    ...(get("compare") ? { compare: path.resolve(get("compare")!) } : {}),
    ...(get("compare-flags") !== undefined ? { compareFlags: get("compare-flags")!.split(",").filter(Boolean) } : {}),
  };
}

interface Fixture {
  cards: number;
  root: string;
  repo: string;
  memoryDir: string;
  home: string;
  indexBytes: number;
  env: NodeJS.ProcessEnv;
}

/** A git repo for the payload's cwd, a store selected by MEMCTL_MEMORY_DIR, and a temp HOME with no config. */
function makeFixture(cards: number): Fixture {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `memctl-latency-${cards}-`));
  const repo = path.join(root, "repo");
  const home = path.join(root, "home");
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(repo, { recursive: true });
  const git = spawnSync("git", ["init", "-q", repo], { encoding: "utf8" });
  if (git.status !== 0) throw new Error(`git init failed: ${git.stderr}`);
  const store = generateStore({ cards, dir: path.join(root, "memory") });
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    MEMCTL_MEMORY_DIR: store.dir,
    MEMCTL_CONFIG_FILE: path.join(home, "memctl-config.toml"),
    XDG_CONFIG_HOME: path.join(home, ".config"),
    CLAUDE_CONFIG_DIR: path.join(home, ".claude"),
  };
  return { cards, root, repo, memoryDir: store.dir, home, indexBytes: store.indexBytes, env };
}

/**
 * The hook dedupes by session (lib/hook/session-state.ts): a fixed session id would make every later run of a
 * prompt print nothing. By default each run is its own session (full ranking and block, plus the session-state
 * reads and appends); --session-prompts N keeps N consecutive runs in one session (what a conversation does).
 */
let runs = 0;
let sessionPrompts = 1;
function payload(f: Fixture, prompt: string): string {
  return JSON.stringify({
    session_id: `bench-session-${Math.floor(runs++ / sessionPrompts)}`,
    turn_id: "bench-turn",
    transcript_path: null,
    cwd: f.repo,
    hook_event_name: "UserPromptSubmit",
    model: "gpt-5-codex",
    permission_mode: "default",
    prompt,
  });
}

// As every wiring runs it (lib/core/hook-flags.ts).
const HOOK_ARGS = [...HOOK_NODE_FLAGS, HOOK, "--host", "codex"];
const NODE_ARGS = ["-e", "0"];

/** Wall time of one child process, spawn to exit, in milliseconds (`command` defaults to this node). */
function timeOnce(args: string[], input: string, env: NodeJS.ProcessEnv, cwd: string, command = process.execPath): { ms: number; stdout: string; status: number | null } {
  const start = process.hrtime.bigint();
  const r = spawnSync(command, args, { input, env, cwd, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  return { ms, stdout: r.stdout, status: r.status };
}

/** Peak RSS in KiB of one child, via GNU time's %M (max resident set size). */
function rssOnce(args: string[], input: string, env: NodeJS.ProcessEnv, cwd: string): number {
  const out = path.join(os.tmpdir(), `memctl-rss-${process.pid}.txt`);
  const r = spawnSync(GNU_TIME, ["-f", "%M", "-o", out, process.execPath, ...args], { input, env, cwd, encoding: "utf8" });
  if (r.error) throw r.error;
  const kib = Number(fs.readFileSync(out, "utf8").trim().split("\n").pop());
  fs.rmSync(out, { force: true });
  return kib;
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

/** Files under .memctl/ the hook created besides the usage sidecar: a derived cache, if it keeps one. */
function derivedFiles(memoryDir: string): string[] {
  const dir = path.join(memoryDir, ".memctl");
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else if (!/^usage\./.test(e.name)) out.push(r);
    }
  };
  walk("");
  return out;
}

export interface SizeResult {
  cards: number;
  index_bytes: number;
  runs: number;
  node_median_ms: number;
  node_p95_ms: number;
  hook_median_ms: number;
  hook_p95_ms: number;
  /** Fastest and slowest run of each, for a min / median / max report. */
  node_min_max_ms: [number, number];
  hook_min_max_ms: [number, number];
  ratio: number;
  /** Median over runs of hook / node within the same adjacent pair: less sensitive to load drift. */
  pair_ratio_median: number;
  /** Median hook minus median node: what the hook adds over a bare node start. */
  overhead_ms: number;
  cold_median_ms?: number;
  cold_runs?: number;
  derived_cache_files: string[];
  hook_peak_rss_mib: number;
  node_peak_rss_mib: number;
  block_bytes_median: number;
  nonzero_exits: number;
  /** The store's keeper (bench/keeper-state.ts) after the warm-up and after the timed runs. */
  keeper: string;
  /** With --compare: the other build's hook, timed in the same rounds on its own copy of the store. */
  compare_median_ms?: number;
  compare_ratio?: number;
  compare_peak_rss_mib?: number;
  /** The other build's time over this build's in the same round: median and spread (min, p25, p75, max). */
  compare_vs_this?: { min: number; p25: number; median: number; p75: number; max: number };
  /** With --bin: the memctl-hook bin from PATH, and its median per-round ratio to the absolute wiring (spread: p25, p75). */
  bin_median_ms?: number;
  bin_ratio?: number;
  bin_vs_absolute?: { median: number; p25: number; p75: number };
}

async function measureSize(cards: number, o: Options): Promise<SizeResult> {
  const f = makeFixture(cards);
  const other = o.compare ? makeFixture(cards) : undefined;
  const otherArgs = o.compare ? [...(o.compareFlags ?? HOOK_NODE_FLAGS), path.join(o.compare, "hooks", "user-prompt-submit.cjs"), "--host", "codex"] : [];
  // The bin as npm links it: <prefix>/bin/memctl-hook → dist/hooks/user-prompt-submit.cjs, found through PATH.
  const binDir = o.bin ? fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bin-")) : undefined;
  if (binDir) fs.symlinkSync(HOOK, path.join(binDir, "memctl-hook"));
  const binEnv = binDir ? { ...f.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}` } : f.env;
  const runBin = (input: string) => timeOnce(["--host", "codex"], input, binEnv, f.repo, "memctl-hook");
  try {
    if (binDir && runBin(payload(f, PROMPTS[0]!)).status !== 0) throw new Error("memctl-hook from PATH failed");
    if (other) timeOnce(otherArgs, payload(other, PROMPTS[0]!), other.env, other.repo);
    const cold: number[] = [];
    // Cold first calls: before any hook has run, and again after removing whatever derived state it wrote.
    const coldFirst = timeOnce(HOOK_ARGS, payload(f, PROMPTS[0]!), f.env, f.repo);
    if (coldFirst.status !== 0) throw new Error(`hook exited ${coldFirst.status} on ${cards} cards`);
    const derived = derivedFiles(f.memoryDir);
    if (derived.length > 0) {
      cold.push(coldFirst.ms);
      for (let i = 0; i < 4; i++) {
        for (const d of derivedFiles(f.memoryDir)) fs.rmSync(path.join(f.memoryDir, ".memctl", d), { force: true });
        timeOnce(NODE_ARGS, "", f.env, f.repo);
        cold.push(timeOnce(HOOK_ARGS, payload(f, PROMPTS[(i + 1) % PROMPTS.length]!), f.env, f.repo).ms);
      }
      // Removing the derived files emptied the keeper's lock directory under a live keeper: one a user never has.
      // Stop it and clear the lock, so the warm-up's prompts start a keeper as in use.
      stopKeeper(f.memoryDir);
      fs.rmSync(path.join(f.memoryDir, ".memctl", "keeper"), { recursive: true, force: true });
    }
    for (let i = 0; i < o.warmup; i++) {
      timeOnce(NODE_ARGS, "", f.env, f.repo);
      timeOnce(HOOK_ARGS, payload(f, PROMPTS[i % PROMPTS.length]!), f.env, f.repo);
      if (other) timeOnce(otherArgs, payload(other, PROMPTS[i % PROMPTS.length]!), other.env, other.repo);
    }
    // The prompts' keeper (one is started past KEEPER_MIN entries) answering before the timed runs, as in use.
    const keeper = await keeperAnswering(f.memoryDir);
    const compared: number[] = [];
    const viaBin: number[] = [];
    const node: number[] = [];
    const hook: number[] = [];
    const blockBytes: number[] = [];
    let nonzero = 0;
    for (let i = 0; i < o.runs; i++) {
      const input = payload(f, PROMPTS[i % PROMPTS.length]!);
      // Alternate which goes first so slow drift on a shared machine hits both sides equally.
      const kinds: ("node" | "hook" | "other" | "bin")[] = ["node", "hook", ...(other ? (["other"] as const) : []), ...(binDir ? (["bin"] as const) : [])];
      const pair = [...kinds.slice(i % kinds.length), ...kinds.slice(0, i % kinds.length)];
      for (const which of pair) {
        if (which === "node") node.push(timeOnce(NODE_ARGS, "", f.env, f.repo).ms);
        else if (which === "bin") viaBin.push(runBin(input).ms);
        else if (which === "other") compared.push(timeOnce(otherArgs, payload(other!, PROMPTS[i % PROMPTS.length]!), other!.env, other!.repo).ms);
        else {
          const r = timeOnce(HOOK_ARGS, input, f.env, f.repo);
          hook.push(r.ms);
          blockBytes.push(Buffer.byteLength(r.stdout));
          if (r.status !== 0) nonzero++;
        }
      }
    }
    const hookRss: number[] = [];
    const nodeRss: number[] = [];
    for (let i = 0; i < o.rssRuns; i++) {
      nodeRss.push(rssOnce(NODE_ARGS, "", f.env, f.repo));
      hookRss.push(rssOnce(HOOK_ARGS, payload(f, PROMPTS[i % PROMPTS.length]!), f.env, f.repo));
    }
    const result: SizeResult = {
      cards,
      index_bytes: f.indexBytes,
      runs: o.runs,
      node_median_ms: median(node),
      node_p95_ms: quantile(node, 0.95),
      hook_median_ms: median(hook),
      hook_p95_ms: quantile(hook, 0.95),
      node_min_max_ms: [Math.min(...node), Math.max(...node)],
      hook_min_max_ms: [Math.min(...hook), Math.max(...hook)],
      ratio: median(hook) / median(node),
      pair_ratio_median: median(hook.map((h, k) => h / node[k]!)),
      overhead_ms: median(hook) - median(node),
      derived_cache_files: derived,
      hook_peak_rss_mib: Math.max(...hookRss) / 1024,
      node_peak_rss_mib: Math.max(...nodeRss) / 1024,
      block_bytes_median: median(blockBytes),
      nonzero_exits: nonzero,
      keeper: `${keeper} before the timed runs, ${await keeperState(f.memoryDir)} after`,
    };
    if (cold.length > 0) Object.assign(result, { cold_median_ms: median(cold), cold_runs: cold.length });
    if (binDir) {
      const perRound = viaBin.map((b, k) => b / hook[k]!);
      Object.assign(result, {
        bin_median_ms: median(viaBin),
        bin_ratio: median(viaBin) / median(node),
        bin_vs_absolute: { median: median(perRound), p25: quantile(perRound, 0.25), p75: quantile(perRound, 0.75) },
      });
    }
    if (other) {
      const otherRss: number[] = [];
      for (let i = 0; i < o.rssRuns; i++) otherRss.push(rssOnce(otherArgs, payload(other, PROMPTS[i % PROMPTS.length]!), other.env, other.repo));
      const perRound = compared.map((c, k) => c / hook[k]!);
      Object.assign(result, {
        compare_median_ms: median(compared),
        compare_ratio: median(compared) / median(node),
        compare_peak_rss_mib: Math.max(...otherRss) / 1024,
        compare_vs_this: { min: Math.min(...perRound), p25: quantile(perRound, 0.25), median: median(perRound), p75: quantile(perRound, 0.75), max: Math.max(...perRound) },
      });
    }
    return result;
  } finally {
    if (binDir) fs.rmSync(binDir, { recursive: true, force: true });
    stopKeeper(f.memoryDir);
    if (other) stopKeeper(other.memoryDir);
    if (other) fs.rmSync(other.root, { recursive: true, force: true });
    if (!o.keep) fs.rmSync(f.root, { recursive: true, force: true });
    else process.stderr.write(`kept fixture ${f.root}\n`);
  }
}

export interface FloorResult {
  runs: number;
  node_median_ms: number;
  /** The hook given a payload without a cwd: node start + loading the hook bundle + reading stdin, nothing else. */
  module_load_median_ms: number;
  /** The hook on a resolved store whose MEMORY.md has no entries: adds resolution, config and reading the index. */
  empty_store_median_ms: number;
  /** With --compare: the other build's two lines, in the same rounds. */
  compare?: { module_load_median_ms: number; empty_store_median_ms: number };
}

/** Where the fixed cost goes, before any card is ranked (interleaved, same run). */
function measureFloor(o: Options): FloorResult {
  const f = makeFixture(0);
  try {
    const series = { node: [] as number[], load: [] as number[], empty: [] as number[], otherLoad: [] as number[], otherEmpty: [] as number[] };
    const runs: [keyof typeof series, string[], string][] = [
      ["node", NODE_ARGS, ""],
      ["load", HOOK_ARGS, "{}"],
      ["empty", HOOK_ARGS, payload(f, PROMPTS[0]!)],
    ];
    if (o.compare) {
      // The other build on the same empty store: its own session ids, so neither sees the other's as a repeat.
      const other = [...(o.compareFlags ?? HOOK_NODE_FLAGS), path.join(o.compare, "hooks", "user-prompt-submit.cjs"), "--host", "codex"];
      runs.push(["otherLoad", other, "{}"], ["otherEmpty", other, payload(f, PROMPTS[0]!)]);
    }
    for (let i = 0; i < o.warmup + o.runs; i++) {
      const order = i % 2 === 0 ? runs : [...runs].reverse();
      for (const [name, args, input] of order) {
        const ms = timeOnce(args, input, f.env, f.repo).ms;
        if (i >= o.warmup) series[name].push(ms);
      }
    }
    const compare = o.compare ? { compare: { module_load_median_ms: median(series.otherLoad), empty_store_median_ms: median(series.otherEmpty) } } : {};
    return { runs: o.runs, node_median_ms: median(series.node), module_load_median_ms: median(series.load), empty_store_median_ms: median(series.empty), ...compare };
  } finally {
    fs.rmSync(f.root, { recursive: true, force: true });
  }
}

/** Least-squares slope of hook overhead over card count, in ms per 1,000 cards. */
export function growthPer1000(results: readonly SizeResult[]): number {
  const xs = results.map((r) => r.cards / 1000);
  const ys = results.map((r) => r.overhead_ms);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0);
  const den = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  return den === 0 ? NaN : num / den;
}

const fmt = (n: number | undefined, d = 1) => (n === undefined || Number.isNaN(n) ? "–" : n.toFixed(d));

function printTable(results: readonly SizeResult[], floor: FloorResult, round: number): void {
  const lines = [
    `round ${round}: node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
    "| cards | index bytes | node -e 0 median / p95 (ms) | hook median / p95 (ms) | ratio | pair ratio | hook − node (ms) | cold first call (ms) | peak RSS hook / node (MiB) | block bytes |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.cards.toLocaleString("en")} | ${r.index_bytes.toLocaleString("en")} | ${fmt(r.node_median_ms)} / ${fmt(r.node_p95_ms)} | ${fmt(r.hook_median_ms)} / ${fmt(r.hook_p95_ms)} | ${fmt(r.ratio, 2)}x | ${fmt(r.pair_ratio_median, 2)}x | ${fmt(r.overhead_ms)} | ${r.cold_median_ms === undefined ? "no cache" : fmt(r.cold_median_ms)} | ${fmt(r.hook_peak_rss_mib)} / ${fmt(r.node_peak_rss_mib)} | ${r.block_bytes_median} |`,
    ),
  ];
  if (results.length > 1) {
    const steps = results.slice(1).map((r, i) => {
      const prev = results[i]!;
      return `${prev.cards}→${r.cards}: ${fmt((r.overhead_ms - prev.overhead_ms) / ((r.cards - prev.cards) / 1000), 2)} ms/1k`;
    });
    lines.push("", `growth: ${fmt(growthPer1000(results), 2)} ms per extra 1,000 cards (least squares); per step ${steps.join(", ")}`);
  }
  lines.push(
    "",
    `fixed cost (medians, ms): node -e 0 ${fmt(floor.node_median_ms)}; hook with a payload lacking cwd (node + bundle load + stdin) ${fmt(floor.module_load_median_ms)} (+${fmt(floor.module_load_median_ms - floor.node_median_ms)}); hook on an empty MEMORY.md (+ resolve, config, index read) ${fmt(floor.empty_store_median_ms)} (+${fmt(floor.empty_store_median_ms - floor.module_load_median_ms)})`,
  );
  if (floor.compare) {
    const c = floor.compare;
    lines.push(
      `fixed cost of the build in --compare, same rounds: payload lacking cwd ${fmt(c.module_load_median_ms)} (+${fmt(c.module_load_median_ms - floor.node_median_ms)}); empty MEMORY.md ${fmt(c.empty_store_median_ms)} (+${fmt(c.empty_store_median_ms - c.module_load_median_ms)})`,
    );
  }
  lines.push("", `keeper: ${results.map((r) => `${r.cards.toLocaleString("en")} cards ${r.keeper}`).join("; ")}`);
  const compared = results.filter((r) => r.compare_median_ms !== undefined);
  if (compared.length > 0) {
    lines.push("", `compared with the build in --compare, same rounds (hook median ms, ratio to node -e 0, peak RSS MiB):`);
    for (const r of compared)
      lines.push(
        `  ${r.cards.toLocaleString("en")} cards: this build ${fmt(r.hook_median_ms)} ms ${fmt(r.ratio, 2)}x ${fmt(r.hook_peak_rss_mib)} MiB; compared build ${fmt(r.compare_median_ms)} ms ${fmt(r.compare_ratio, 2)}x ${fmt(r.compare_peak_rss_mib)} MiB; compared / this per round: median ${fmt(r.compare_vs_this?.median, 3)} (p25 ${fmt(r.compare_vs_this?.p25, 3)}, p75 ${fmt(r.compare_vs_this?.p75, 3)}, min ${fmt(r.compare_vs_this?.min, 3)}, max ${fmt(r.compare_vs_this?.max, 3)})`,
      );
  }
  const bad = results.filter((r) => r.nonzero_exits > 0);
  if (bad.length) lines.push(`WARNING: non-zero hook exits at ${bad.map((r) => r.cards).join(", ")} cards`);
  process.stdout.write(lines.join("\n") + "\n\n");
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  sessionPrompts = Math.max(1, o.sessionPrompts);
  if (!fs.existsSync(HOOK)) {
    process.stderr.write(`missing ${path.relative(ROOT, HOOK)}: run \`npm run build\` first\n`);
    process.exit(2);
  }
  if (!fs.existsSync(GNU_TIME)) {
    process.stderr.write(`missing ${GNU_TIME} (GNU time, for peak RSS): install it with \`apt-get install -y time\`\n`);
    process.exit(2);
  }
  const all: { floor: FloorResult; sizes: SizeResult[] }[] = [];
  for (let round = 1; round <= o.repeat; round++) {
    const floor = measureFloor(o);
    const results: SizeResult[] = [];
    for (const n of o.sizes) results.push(await measureSize(n, o));
    all.push({ floor, sizes: results });
    if (!o.json) printTable(results, floor, round);
  }
  if (o.json) {
    const out = { node: process.version, cpus: os.cpus().length, date: new Date().toISOString(), rounds: all, growth_ms_per_1000: all.map((r) => growthPer1000(r.sizes)) };
    process.stdout.write(JSON.stringify(out, null, 2) + "\n");
  }
}

await main();
