// Several builds of the per-prompt hook and `node -e 0`, interleaved, on copies of one generated store: wall time
// per run and the child's own CPU time, which a loaded machine inflates far less than wall time (process.cpuUsage()
// at exit, recorded by a --require preload given to every build and to node -e 0 alike). Per-round ratios to the
// first build give the spread; this is how bench/history/2026-12.md "Start-up machinery" measured each piece.
// Run: node --import tsx bench/hook-ab.ts --cards 1000 --runs 30 before=.old-dist after=dist [noflags=dist:none]
// A build is a dist/ directory inside the checkout (so it resolves node_modules); after ":" the node flags it is
// started with, comma-separated, or "none" (default: the wiring's). Run it with another Node to measure that Node.
// --dir DIR: copy a store bench/gen-store.ts wrote there (100,000 cards take minutes to generate) instead of
// generating one. --trusted: no keeper ([hook] keeper = false); before each prompt the rank cache's check is
// recorded as made just now (the delta's mtime, else the cache's), as a live keeper that keeps its 2 s window
// leaves it, so every prompt above 10,000 cards is the trusted warm one. --prompt TEXT: that prompt every time
// instead of PROMPTS in turn. Peak RSS is process.resourceUsage().maxRSS at exit, from the same preload.
// --env NAME:KEY=VALUE (repeatable): that variable in build NAME's environment (e.g. MEMCTL_KEEPER_MIN=0: a keeper
// answering its prompts at 1,000 cards). Each build's keeper, if its prompts start one, is waited for until it answers
// before the timed rounds, reported, and stopped at the end.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOOK_NODE_FLAGS } from "../lib/core/hook-flags.js";
import { generateStore } from "./gen-store.js";
import { arg, numberArg, PROMPTS } from "./rounds.js";
import { keeperAnswering, keeperState, stopKeeper } from "./keeper-state.js";

const argv = process.argv.slice(2);
const cards = numberArg("cards", 1000);
const runs = numberArg("runs", 30);
const builds = argv.filter((a, i) => a.includes("=") && !a.startsWith("--") && argv[i - 1] !== "--env");
const kept = arg("dir");
const trusted = argv.includes("--trusted");
const prompt = arg("prompt");
const extraEnv = argv.flatMap((a, i) => (argv[i - 1] === "--env" ? [a] : []));

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  return s[Math.floor(pos)]! + (s[Math.ceil(pos)]! - s[Math.floor(pos)]!) * (pos - Math.floor(pos));
};
const spread = (xs: number[]) => [Math.min(...xs), quantile(xs, 0.25), quantile(xs, 0.5), quantile(xs, 0.75), Math.max(...xs)].map((x) => +x.toFixed(3));

interface Kind {
  name: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  args: string[];
  wall: number[];
  cpu: number[];
  rss: number[];
  memory?: string;
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-hook-ab-"));
try {
  const cpuFile = path.join(root, "cpu.txt");
  const preload = path.join(root, "cpu.cjs");
  fs.writeFileSync(
    preload,
    `process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(${JSON.stringify(cpuFile)}, \`\${(u.user + u.system) / 1000} \${process.resourceUsage().maxRSS}\`); });`,
  );
  const template = kept ? path.resolve(kept) : generateStore({ cards, dir: path.join(root, "template") }).dir;
  if (!fs.existsSync(path.join(template, "MEMORY.md"))) throw new Error(`--dir: no MEMORY.md in ${template}`);
  // At rest, as a store is between edits: the rank cache is not written for files modified just now.
  const past = new Date(Date.now() - 86_400_000);
  if (!kept) for (const name of ["", ...fs.readdirSync(template, { recursive: true, encoding: "utf8" })]) fs.utimesSync(path.join(template, name), past, past);
  const kinds: Kind[] = builds.map((spec, k) => {
    const [name, rest] = spec.split("=") as [string, string];
    const [dir, flags] = rest.split(":") as [string, string | undefined];
    const base = path.join(root, `build-${k}`);
    const [repo, home, memory, tmp] = ["repo", "home", "memory", "tmp"].map((d) => path.join(base, d)) as [string, string, string, string];
    for (const d of [repo, home, tmp]) fs.mkdirSync(d, { recursive: true });
    spawnSync("git", ["init", "-q", repo]);
    fs.cpSync(template, memory, { recursive: true, preserveTimestamps: true });
    // A copy's files have new ctimes and inodes: its first prompt builds its own rank cache rather than carrying
    // the template's as a delta through every timed prompt.
    for (const f of ["rank-cache.bin", "rank-delta.json"]) fs.rmSync(path.join(memory, ".memctl", f), { force: true });
    if (trusted) fs.writeFileSync(path.join(home, "c.toml"), "[hook]\nkeeper = false\n");
    const nodeFlags = flags === undefined ? [...HOOK_NODE_FLAGS] : flags === "none" ? [] : flags.split(",");
    return {
      name,
      cwd: repo,
      env: {
        PATH: process.env.PATH,
        HOME: home,
        TMPDIR: tmp,
        MEMCTL_MEMORY_DIR: memory,
        MEMCTL_CONFIG_FILE: path.join(home, "c.toml"),
        ...Object.fromEntries(extraEnv.filter((e) => e.startsWith(`${name}:`)).map((e) => e.slice(name.length + 1).split(/=(.*)/s, 2) as [string, string])),
      },
      args: [...nodeFlags, "--require", preload, path.resolve(dir, "hooks", "user-prompt-submit.cjs"), "--host", "codex"],
      wall: [],
      cpu: [],
      rss: [],
      memory,
    };
  });
  const node: Kind = { name: "node -e 0", cwd: root, env: { PATH: process.env.PATH }, args: ["--require", preload, "-e", "0"], wall: [], cpu: [], rss: [] };
  const all = [node, ...kinds];
  let session = 0;
  const once = (k: Kind, i: number, keep: boolean) => {
    fs.rmSync(cpuFile, { force: true });
    if (trusted && k.memory) checkedNow(k.memory);
    const input =
      k === node ? "" : JSON.stringify({ session_id: `hook-ab-${session++}`, cwd: k.cwd, hook_event_name: "UserPromptSubmit", prompt: prompt ?? PROMPTS[i % PROMPTS.length] });
    const start = process.hrtime.bigint();
    const r = spawnSync(process.execPath, k.args, { input, env: k.env, cwd: k.cwd, encoding: "utf8" });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (r.status !== 0) throw new Error(`${k.name} exited ${r.status}: ${r.stderr}`);
    if (keep) {
      k.wall.push(ms);
      const [cpu, rss] = fs.readFileSync(cpuFile, "utf8").split(" ").map(Number) as [number, number];
      k.cpu.push(cpu);
      k.rss.push(rss / 1024);
    }
  };
  // Warm-up rounds build each copy's rank cache and let each build write its code cache.
  for (let i = 0; i < 5; i++) for (const k of all) once(k, i, false);
  const keepers: Record<string, string> = Object.fromEntries(await Promise.all(kinds.map(async (k) => [k.name, await keeperAnswering(k.memory!, 15_000)] as const)));
  for (let i = 0; i < runs; i++) for (const k of [...all.slice(i % all.length), ...all.slice(0, i % all.length)]) once(k, i, true);
  const first = kinds[0]!;
  const results = all.map((k) => ({
    name: k.name,
    wall_ms: spread(k.wall),
    ratio_to_node: +(quantile(k.wall, 0.5) / quantile(node.wall, 0.5)).toFixed(3),
    wall_vs_first_per_round: spread(k.wall.map((w, i) => w / first.wall[i]!)),
    cpu_ms: spread(k.cpu),
    cpu_vs_first_per_round: spread(k.cpu.map((c, i) => c / first.cpu[i]!)),
    cpu_ratio_to_node: +(quantile(k.cpu, 0.5) / quantile(node.cpu, 0.5)).toFixed(3),
    peak_rss_mib: spread(k.rss),
  }));
  for (const k of kinds) keepers[k.name] = `${keepers[k.name]} before, ${await keeperState(k.memory!)} after`;
  process.stdout.write(`${JSON.stringify({ cards, runs, trusted, node: process.version, load: os.loadavg().map((l) => +l.toFixed(2)), keepers, results }, null, 1)}\n`);
} finally {
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) if (name.startsWith("build-")) stopKeeper(path.join(root, name, "memory"));
  fs.rmSync(root, { recursive: true, force: true });
}

/** As a keeper's check that just ended: the delta's mtime (else the cache's) set to now (bench/trusted-write-ab.ts). */
function checkedNow(memory: string): void {
  const delta = path.join(memory, ".memctl", "rank-delta.json");
  const file = fs.existsSync(delta) ? delta : path.join(memory, ".memctl", "rank-cache.bin");
  if (!fs.existsSync(file)) return; // the first prompt builds it
  const now = new Date(Date.now() - 20);
  fs.utimesSync(file, now, now);
}
