// The CLI's reads and writes at scale: `memctl save` (an update and a new card), `list` and `search`, each as a
// fresh process, interleaved with `node -e 0` as latency.ts does, reported as a ratio of medians.
// Issue 32's targets: save ≤ 5x, list / search ≤ 10x `node -e 0` at 100,000 cards. Build first: `npm run build`.
// Run: node --import tsx bench/cli-scale.ts [--cards 10000] [--runs 5] [--dir DIR] [--keep] [--cpu] [--only save,save-last,save-new,rm,list,search,mcp]
// save-last (not in the default set): an update of the card on MEMORY.md's last line. rm (nor this): a card removed.
// mcp: `memory_search` calls to one `memctl mcp` server (not in the default set: the server is not a fresh process);
// with --rss, the server's resident set (Linux /proc: VmRSS, and VmHWM its peak) after its last call, and what it
// keeps once garbage is collected (heap and ArrayBuffers, from a preload: --expose-gc, on SIGUSR2). --mcp-write first
// creates a card through memory_manage and deletes it (the owner's opt-in for host:mcp written to the bench's
// config), as a host's agent managing its memory does, before the searches: a delete reads MEMORY.md whole.
// --cli another build's dist/cli.js (inside the checkout, e.g. .bench-cache/old-dist/cli.js, so it resolves node_modules).
// --after-save runs a save (an update of one card's description, not timed) before each timed command.
// --after-index-edit rewrites one MEMORY.md line by hand (no write journal: an editor, a pull outside memctl) before each.
// --dir reuses a store this script generated before (a 100,000-card store takes minutes to write); --keep keeps it.
// --compare another build's dist/cli.js, run in the same rounds on its own copy of the store (<dir>-compare, made
// once: the two builds' caches share a name), so both meet the same load; its medians and ratio print beside.
// The store is bench/gen-store.ts's, plus a history.jsonl with one create entry per card, as saves would leave.
// --keeper starts this build's freshness keeper (dist/hooks/keeper.cjs) on its store first (and with --compare the
// other build's on its copy) and waits for its first check of both caches (so list / search above 10,000 cards trust a check under 2 s old), killed at the end.
// --gap-ms N waits N ms before each timed command: 2100 leaves no command a check made by the one before it.
// --cpu also reports each timed process's own CPU time (process.cpuUsage() at exit, through a --require preload given
// to every process alike, node -e 0 included, as hook-ab.ts does): a loaded machine inflates it far less than wall time.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { generateStore } from "./gen-store.js";
import { sha256Hex } from "../lib/store/history.js";
import { arg, checkAges } from "./rounds.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI = path.resolve(arg("cli") ?? path.join(ROOT, "dist", "cli.js"));
const COMPARE = arg("compare") ? path.resolve(arg("compare")!) : undefined;

/** A generated store with a history entry per card; reused when `dir` already holds one. */
function prepare(cards: number, dir: string | undefined): string {
  const memory = dir ?? fs.mkdtempSync(path.join(os.tmpdir(), `memctl-bench-cli-${cards}-`));
  if (fs.existsSync(path.join(memory, "MEMORY.md"))) return memory;
  const start = performance.now();
  const store = generateStore({ cards, dir: memory, usageCalls: Math.min(300, cards) });
  const lines = store.cards.map((c) => {
    const text = fs.readFileSync(path.join(memory, c.file));
    return JSON.stringify({ rev: 1, card: c.file, op: "create", actor: "human", at: "2026-11-01T00:00:00.000Z", sha256: sha256Hex(text), bytes: text.length });
  });
  fs.mkdirSync(path.join(memory, ".memctl"), { recursive: true });
  fs.writeFileSync(path.join(memory, ".memctl", "history.jsonl"), lines.join("\n") + "\n");
  console.error(`generated ${cards} cards in ${memory} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
  return memory;
}

function run(argv: string[], env: NodeJS.ProcessEnv, cwd: string): { ms: number; status: number | null; stderr: string; cpuMs: number } {
  if (cpuProbe) fs.rmSync(cpuProbe.out, { force: true });
  const start = performance.now();
  const r = spawnSync(process.execPath, cpuProbe ? ["--require", cpuProbe.preload, ...argv] : argv, { env, cwd, encoding: "utf8", maxBuffer: 256 << 20 });
  const ms = performance.now() - start;
  const cpuMs = cpuProbe && fs.existsSync(cpuProbe.out) ? Number(fs.readFileSync(cpuProbe.out, "utf8")) : Number.NaN;
  return { ms, status: r.status, stderr: r.stderr, cpuMs };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const cards = Number(arg("cards") ?? 10_000);
const runs = Number(arg("runs") ?? 5);
const only = (arg("only") ?? "save,save-new,list,search").split(",").filter((c) => c !== "none"); // none: only generate
if (!fs.existsSync(CLI)) throw new Error("dist/cli.js is missing: run `npm run build` first");
const memory = prepare(cards, arg("dir"));
const home = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-cli-home-"));
const cpuProbe = process.argv.includes("--cpu") ? { preload: path.join(home, "cpu.cjs"), out: path.join(home, "cpu.txt") } : undefined;
if (cpuProbe)
  fs.writeFileSync(
    cpuProbe.preload,
    `process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(${JSON.stringify(cpuProbe.out)}, String((u.user + u.system) / 1000)); });\n`,
  );
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: home,
  MEMCTL_MEMORY_DIR: memory,
  MEMCTL_CONFIG_FILE: path.join(home, "config.toml"),
  XDG_CONFIG_HOME: path.join(home, ".config"),
  XDG_STATE_HOME: path.join(home, ".state"),
  NO_COLOR: "1",
};
// Past the agent guardrails' default 2,000 files only while the owner's save is refused there (before issue 32).
fs.writeFileSync(
  env.MEMCTL_CONFIG_FILE!,
  `[guardrails]\nmax_files = ${cards * 2 + 1000}\nmax_total_bytes = ${1 << 30}\n${process.argv.includes("--mcp-write") ? "\n[hosts.mcp]\nwrite = true\n" : ""}`,
);
const target = fs.readdirSync(memory).find((f) => f.startsWith("project_") && f.endsWith(".md"))!;
// save-last: the generated card last in MEMORY.md (cards saved later follow it), where a look-up of its
// line, which stops at the first line linking it, costs the most.
const lastTarget = [...fs.readFileSync(path.join(memory, "MEMORY.md"), "utf8").matchAll(/^- \[[^\]]*\]\(([^)]+\.md)\)/gm)]
  .map((m) => m[1]!)
  .filter((f) => /^[a-z]+_[a-z]+_\d{5}\.md$/.test(f)) // gen-store.ts's names: in both builds' copies
  .at(-1)!;
// rm (not in the default set): each call removes another generated card, from the index's first lines on, so a
// run needs no undo between calls (the store shrinks by one card a call: nothing at this size).
let rmTargets: string[] | undefined;
const nextRemoved = () =>
  (rmTargets ??= [...fs.readFileSync(path.join(memory, "MEMORY.md"), "utf8").matchAll(/^- \[[^\]]*\]\(([a-z]+_[a-z]+_\d{5}\.md)\)/gm)]
    .map((m) => m[1]!)
    // Still in both copies: a run before this one removed others from each (--dir reuses them).
    .filter((f) => f !== target && f !== lastTarget && [memory, compareEnv?.MEMCTL_MEMORY_DIR].every((d) => !d || fs.existsSync(path.join(d, f)))))[removed++]!;
let n = 0;
let removed = 0;
const commands: Record<string, () => string[]> = {
  rm: () => ["rm", nextRemoved().replace(/\.md$/, "")],
  save: () => ["save", target.replace(/\.md$/, ""), "-d", `bench update ${n++} of an existing card, the description only`],
  "save-last": () => ["save", lastTarget.replace(/\.md$/, ""), "-d", `bench update ${n++} of the card on the index's last line`],
  "save-new": () => ["save", `bench-new-${process.pid}-${n++}`, "-t", "project", "-d", "a new card the bench adds"],
  list: () => ["list", "--json"],
  search: () => ["search", "deploy migration", "--json"],
};
const compareEnv: NodeJS.ProcessEnv | undefined = COMPARE ? { ...env, MEMCTL_MEMORY_DIR: `${memory}-compare` } : undefined;
if (compareEnv && !fs.existsSync(compareEnv.MEMCTL_MEMORY_DIR!)) fs.cpSync(memory, compareEnv.MEMCTL_MEMORY_DIR!, { recursive: true });
const gapMs = Number(arg("gap-ms") ?? 0);
const afterSave = process.argv.includes("--after-save");
const afterIndexEdit = process.argv.includes("--after-index-edit");
// With --compare, the other build's own keeper on its copy too: each build's commands trust its own keeper's checks.
const keepers = process.argv.includes("--keeper") ? [startKeeper(CLI, env), ...(compareEnv ? [startKeeper(COMPARE!, compareEnv)] : [])] : [];

/** A build's keeper on its store, once its first check of the card cache (and the rank cache) is recorded. */
function startKeeper(cli: string, e: NodeJS.ProcessEnv): number {
  const dir = e.MEMCTL_MEMORY_DIR!;
  // A card cache for the keeper to keep (it never builds a first one), and the rank cache a store in use has.
  run([cli, "list", "--json"], e, home);
  const child = spawn(process.execPath, [path.join(path.dirname(cli), "hooks", "keeper.cjs"), dir], { env: e, detached: true, stdio: "ignore" });
  child.unref();
  const from = Date.now();
  const deadline = from + 600_000;
  while (!((checkAt(dir) ?? 0) > from && fs.existsSync(path.join(dir, ".memctl", "rank-cache.bin")))) {
    if (Date.now() > deadline) throw new Error("the keeper made no check in 10 minutes");
    spawnSync("sleep", ["0.2"]);
  }
  console.log(`keeper ${child.pid}: first check after ${((Date.now() - from) / 1000).toFixed(1)} s`);
  return child.pid!;
}
/** When the card cache's last recorded full check started (undefined: none). */
function checkAt(dir = memory): number | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(dir, ".memctl", "card-check"), "utf8")) as { at: number }).at;
  } catch {
    return undefined;
  }
}
/** The last full check's age now (undefined: none recorded). */
const checkAge = (dir?: string) => {
  const at = checkAt(dir);
  return at === undefined ? undefined : Date.now() - at;
};
const stats = (xs: number[]) => `min ${Math.min(...xs).toFixed(0)} / median ${median(xs).toFixed(0)} / max ${Math.max(...xs).toFixed(0)} ms`;

/** `memory_search` through one `memctl mcp` server over stdio: ms per call after the first (which warms the cache). */
async function mcpSearch(cli = CLI, mcpEnv = env): Promise<number[]> {
  // --rss: a preload that, on SIGUSR2, collects garbage and writes what stays (process.memoryUsage) to a file.
  const probe = process.argv.includes("--rss") ? { preload: path.join(home, "rss.cjs"), out: path.join(home, "rss.json") } : undefined;
  if (probe)
    fs.writeFileSync(
      probe.preload,
      // Collected twice, 200 ms apart: V8 frees a dead ArrayBuffer's memory concurrently, after the collection.
      `process.on("SIGUSR2", () => { globalThis.gc(); setTimeout(() => { globalThis.gc(); require("node:fs").writeFileSync(${JSON.stringify(probe.out)}, JSON.stringify(process.memoryUsage())); }, 200); });\n`,
    );
  const argv = probe ? ["--expose-gc", "--require", probe.preload, cli, "mcp"] : [cli, "mcp"];
  const child = spawn(process.execPath, argv, { env: mcpEnv, cwd: home, stdio: ["pipe", "pipe", "ignore"] });
  /** The server's resident set and peak (Linux /proc), then what stays after a full collection: heap and ArrayBuffers. */
  const memory = async () => {
    const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) / 1024;
    fs.rmSync(probe!.out, { force: true });
    child.kill("SIGUSR2");
    while (!fs.existsSync(probe!.out)) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 20)); // written whole by then (a few hundred bytes)
    const u = JSON.parse(fs.readFileSync(probe!.out, "utf8")) as NodeJS.MemoryUsage;
    const mb = (n: number) => (n / 2 ** 20).toFixed(1);
    return `RSS ${kb("VmRSS").toFixed(1)} MB (peak ${kb("VmHWM").toFixed(1)}); after a full GC: heap ${mb(u.heapUsed)} MB, ArrayBuffers ${mb(u.arrayBuffers)} MB`;
  };
  const waiting = new Map<number, (m: { error?: unknown; result?: { isError?: boolean } }) => void>();
  readline.createInterface({ input: child.stdout! }).on("line", (l) => {
    const m = JSON.parse(l);
    waiting.get(m.id)?.(m);
  });
  let id = 0;
  const call = (method: string, params: object) =>
    new Promise<{ error?: unknown; result?: { isError?: boolean } }>((resolve) => {
      waiting.set(++id, resolve);
      child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  await call("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } });
  child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" })}\n`);
  if (process.argv.includes("--mcp-write")) {
    const file_text = [
      "---",
      "name: bench-rss",
      "description: a card the bench's MCP server writes",
      "metadata:",
      "  type: feedback",
      "topics: [bench]",
      "priority: normal",
      "status: active",
      "updated_at: 2026-11-01",
      "repo_refs: []",
      "---",
      "",
      "written through memory_manage",
      "",
    ].join("\n");
    const card = `/memories/feedback_bench_rss_${process.pid}.md`;
    for (const args of [
      { command: "create", path: card, file_text },
      { command: "delete", path: card },
    ]) {
      const r = await call("tools/call", { name: "memory_manage", arguments: args });
      if (r.error || r.result?.isError) throw new Error(`memory_manage failed: ${JSON.stringify(r).slice(0, 300)}`);
      if (probe) console.log(`mcp       server after memory_manage ${args.command}: ${await memory()}`);
    }
  }
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const start = performance.now();
    const r = await call("tools/call", { name: "memory_search", arguments: { query: "deploy migration", in: "cards" } });
    if (r.error || r.result?.isError) throw new Error(`memory_search failed: ${JSON.stringify(r).slice(0, 300)}`);
    if (i > 0) times.push(performance.now() - start);
  }
  if (probe) console.log(`mcp       server after ${runs + 1} memory_search calls: ${await memory()}`);
  child.kill();
  return times;
}

console.log(`node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}, ${cards} cards, ${runs} runs`);
for (const name of only) {
  if (name === "mcp") {
    if (compareEnv) console.log(`mcp       compare: memory_search ${stats(await mcpSearch(COMPARE!, compareEnv))} a call`);
    console.log(`mcp       memory_search ${stats(await mcpSearch())} a call`);
    continue;
  }
  const times: number[] = [];
  const compared: number[] = [];
  const base: number[] = [];
  const ages: (number | undefined)[] = [];
  const cpu = new Map<number[], number[]>([
    [times, []],
    [compared, []],
    [base, []],
  ]);
  const compareAges: (number | undefined)[] = [];
  const once = (cli: string, e: NodeJS.ProcessEnv, into: number[]) => {
    if (afterSave) {
      // Each timed command right after a save by the same build (not timed), its MEMORY.md stamp 300 ms old.
      const saved = run([cli, ...commands.save!()], e, home);
      if (saved.status !== 0) throw new Error(`save exited ${saved.status}: ${saved.stderr.slice(0, 500)}`);
      spawnSync("sleep", ["0.3"]);
    }
    if (afterIndexEdit) {
      // The target's index line given a new hook in place, as session-start.ts's index edit; its stamp 300 ms old.
      const index = path.join(e.MEMCTL_MEMORY_DIR!, "MEMORY.md");
      const text = fs.readFileSync(index, "utf8");
      const at = text.indexOf(`](${target})`);
      const end = text.indexOf("\n", at);
      fs.writeFileSync(index, `${text.slice(0, at)}](${target}) — edited by hand ${n++}${text.slice(end)}`);
      spawnSync("sleep", ["0.3"]);
    }
    if (gapMs > 0) spawnSync("sleep", [String(gapMs / 1000)]);
    if (cli === CLI) ages.push(checkAge());
    else if (keepers.length > 1) compareAges.push(checkAge(e.MEMCTL_MEMORY_DIR));
    const r = run([cli, ...commands[name]!()], e, home);
    if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
    into.push(r.ms);
    cpu.get(into)!.push(r.cpuMs);
  };
  const baseline = () => {
    const r = run(["-e", "0"], env, home);
    base.push(r.ms);
    cpu.get(base)!.push(r.cpuMs);
  };
  run([CLI, ...commands[name]!()], env, home); // warm the page cache (and the build's card cache); not counted
  if (compareEnv) run([COMPARE!, ...commands[name]!()], compareEnv, home);
  for (let i = 0; i < runs; i++) {
    const first = i % 2 === 0;
    if (first) baseline();
    if (compareEnv && first) once(COMPARE!, compareEnv, compared);
    once(CLI, env, times);
    if (compareEnv && !first) once(COMPARE!, compareEnv, compared);
    if (!first) baseline();
  }
  const line = (label: string, xs: number[]) => `${label.padEnd(9)} ${stats(xs)}; node -e 0 median ${median(base).toFixed(1)} ms; ratio ${(median(xs) / median(base)).toFixed(1)}x`;
  if (compareEnv) console.log(line(`${name} (compare)`, compared));
  console.log(line(name, times));
  if (cpuProbe) {
    const cpuLine = (label: string, xs: number[]) => `${label.padEnd(9)} CPU ${stats(xs)}; node -e 0 CPU median ${median(cpu.get(base)!).toFixed(1)} ms`;
    if (compareEnv) console.log(cpuLine(`${name} (compare)`, cpu.get(compared)!));
    console.log(cpuLine(name, cpu.get(times)!));
  }
  // Above 10,000 cards a command trusts the last full check only when it is under 2 s old as it starts.
  console.log(`${"".padEnd(9)} last full check's age at each start: ${checkAges(ages)}`);
  if (compareAges.length > 0) console.log(`${"".padEnd(9)} compare: ${checkAges(compareAges)}`);
}
for (const pid of keepers) process.kill(pid, "SIGKILL");
if (compareEnv && !process.argv.includes("--keep") && arg("dir") === undefined) fs.rmSync(compareEnv.MEMCTL_MEMORY_DIR!, { recursive: true, force: true });
fs.rmSync(home, { recursive: true, force: true });
if (!process.argv.includes("--keep") && arg("dir") === undefined) fs.rmSync(memory, { recursive: true, force: true });
