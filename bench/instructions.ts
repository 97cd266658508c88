// Instructions per hook call under valgrind's callgrind, which counts instructions rather than time: the same
// binary, inputs and state give nearly the same count whatever else the machine is doing, so changes too small
// for wall-time noise still show. Each call runs on a store whose usage files are put back before it (a folded
// snapshot with its row index and 12 compact pending lines), so every call sees the same state.
// Run: npm run build && node --import tsx bench/instructions.ts [--sizes 1000,10000] [--runs 3] [--hook FILE] [--keep]
// (--hook: another build's dist/hooks/user-prompt-submit.cjs, to compare builds on the same machine.)
// Needs valgrind (`apt-get install -y valgrind`); without it the script says so and exits 2.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateStore } from "./gen-store.js";
import { HOOK_NODE_FLAGS } from "../lib/core/hook-flags.js";
import { arg } from "./rounds.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PROMPT = "how do we deploy the billing service and run the database migrations?";
const USAGE_FILES = ["usage.log", "usage.tsv", "usage.idx"];

const sizes = (arg("sizes") ?? "1000,10000").split(",").map(Number);
const runs = Number(arg("runs") ?? 3);
const HOOK = path.resolve(arg("hook") ?? path.join(ROOT, "dist", "hooks", "user-prompt-submit.cjs"));

function env(store: string, home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, MEMCTL_MEMORY_DIR: store, MEMCTL_CONFIG_FILE: path.join(home, "none.toml") };
}

/**
 * Instructions of one run of `node args` under callgrind (its own count, not valgrind's), less V8's search for
 * a prime hash seed at isolate start (detail::sprp), which differs by up to ~7M from one process to the next
 * with nothing else changed; without callgrind_annotate the raw count is reported.
 */
function instructions(args: string[], input: string, environment: NodeJS.ProcessEnv): number {
  const out = path.join(os.tmpdir(), `memctl-callgrind-${process.pid}.out`);
  try {
    const r = spawnSync("valgrind", ["--tool=callgrind", `--callgrind-out-file=${out}`, process.execPath, ...args], { input, env: environment, encoding: "utf8" });
    const m = /Collected : (\d+)/.exec(r.stderr);
    if (!m) throw new Error(`callgrind printed no count (exit ${r.status}): ${r.stderr.slice(-500)}`);
    const annotated = spawnSync("callgrind_annotate", [out], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    const seed = /^\s*([\d,]+) \([^)]*\)\s+\S*detail::sprp\(/m.exec(annotated.stdout ?? "");
    return Number(m[1]) - (seed ? Number(seed[1]!.replace(/,/g, "")) : 0);
  } finally {
    fs.rmSync(out, { force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const millions = (n: number) => `${(n / 1e6).toFixed(1)}M`;

if (spawnSync("valgrind", ["--version"]).status !== 0) {
  process.stderr.write("valgrind is not installed: apt-get install -y valgrind (Debian/Ubuntu)\n");
  process.exit(2);
}
if (!fs.existsSync(HOOK)) {
  process.stderr.write("run npm run build first\n");
  process.exit(2);
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-instructions-"));
try {
  const home = path.join(root, "home");
  const repo = path.join(root, "repo");
  fs.mkdirSync(home);
  fs.mkdirSync(repo);
  spawnSync("git", ["init", "-q", repo]);
  const payload = JSON.stringify({ cwd: repo, prompt: PROMPT });
  const rows: string[][] = [];
  const node = median(Array.from({ length: runs }, () => instructions(["-e", "0"], "", { PATH: process.env.PATH })));
  rows.push(["node -e 0", millions(node), ""]);
  const empty = median(Array.from({ length: runs }, () => instructions([...HOOK_NODE_FLAGS, HOOK, "--host", "codex"], "{}", env(root, home))));
  rows.push(["hook, payload {} (loader, body, stdin)", millions(empty), `+${millions(empty - node)}`]);
  for (const cards of sizes) {
    const store = generateStore({ cards, dir: path.join(root, `store-${cards}`) }).dir;
    const state = path.join(store, ".memctl");
    const hook = () => spawnSync(process.execPath, [...HOOK_NODE_FLAGS, HOOK, "--host", "codex"], { input: payload, env: env(store, home) });
    // Calls until a fold has written the row index and 12 lines are pending, then that state is kept (a build
    // without a row index stops at 12 pending lines after 40 calls).
    for (let i = 0; i < 200; i++) {
      hook();
      const pending = fs.existsSync(path.join(state, "usage.log")) ? fs.readFileSync(path.join(state, "usage.log"), "utf8").split("\n").length - 1 : 0;
      if ((fs.existsSync(path.join(state, "usage.idx")) || i >= 40) && pending >= 12) break;
    }
    const saved = USAGE_FILES.filter((f) => fs.existsSync(path.join(state, f))).map((f) => ({
      f,
      bytes: fs.readFileSync(path.join(state, f)),
      stat: fs.statSync(path.join(state, f)),
    }));
    const counts = Array.from({ length: runs }, () => {
      for (const { f, bytes, stat } of saved) {
        // Only a file the call changed (usage.log) is written back: usage.idx is bound to usage.tsv's exact
        // mtime, which utimes cannot put back to the nanosecond. Same inode, times put back.
        if (fs.readFileSync(path.join(state, f)).equals(bytes)) continue;
        fs.writeFileSync(path.join(state, f), bytes);
        fs.utimesSync(path.join(state, f), stat.atime, stat.mtime);
      }
      for (const f of fs.readdirSync(state).filter((n) => n.endsWith(".folding"))) fs.rmSync(path.join(state, f));
      return instructions([...HOOK_NODE_FLAGS, HOOK, "--host", "codex"], payload, env(store, home));
    });
    const m = median(counts);
    rows.push([`hook, ${cards.toLocaleString("en")} cards`, millions(m), `+${millions(m - node)}`]);
  }
  process.stdout.write(
    `instructions per call, median of ${runs} (node ${process.version}, ${path.relative(process.cwd(), HOOK) || HOOK})\n\n| | instructions | over node -e 0 |\n|---|---:|---:|\n`,
  );
  for (const r of rows) process.stdout.write(`| ${r.join(" | ")} |\n`);
} finally {
  if (process.argv.includes("--keep")) process.stdout.write(`kept ${root}\n`);
  else fs.rmSync(root, { recursive: true, force: true });
}
