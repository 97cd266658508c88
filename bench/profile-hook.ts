// Where the hook's time goes: runs the compiled hook under --cpu-prof on a generated store and sums self time
// per function and per module over several calls (warm rank cache, usage sidecar present).
// Run: npm run build && node --import tsx bench/profile-hook.ts [--cards 10000] [--calls 5] [--top 25]
//      [--dir DIR] [--prompt TEXT] [--after save] [--wait-ms 2000] [--gap-ms 0] [--card-cache]
// --dir: a store bench/gen-store.ts wrote there (--out DIR): copied, timestamps kept, instead of generated (100,000
// cards take minutes). --after save: each profiled prompt comes --wait-ms after a `memctl save` of an existing card
// (the first prompt after a write). Above 10,000 cards the hook starts a freshness keeper: stopped at the end.
//      node --import tsx bench/profile-hook.ts --floor [--runs 30]   (startup floor, piece by piece)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateCards, generateStore } from "./gen-store.js";
import { sleepSync } from "./timed-child.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const HOOK = path.join(ROOT, "dist", "hooks", "user-prompt-submit.cjs");

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time in ms per key, summed over profiles. */
function selfTimes(profiles: CpuProfile[], keyOf: (cf: CpuProfile["nodes"][number]["callFrame"]) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of profiles) {
    const byId = new Map(p.nodes.map((n) => [n.id, n.callFrame]));
    p.samples.forEach((id, i) => {
      const key = keyOf(byId.get(id)!);
      out.set(key, (out.get(key) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
    });
  }
  return out;
}

/**
 * The startup floor a hook entry cannot go below, piece by piece (interleaved medians): a bare node start, an
 * empty ES module, the builtins the hook imports, its one npm dependency, and the hook bundle given no work.
 */
function floor(runs: number): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-floor-"));
  try {
    const file = (name: string, text: string) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    const smolToml = path.join(ROOT, "node_modules", "smol-toml", "dist", "index.js");
    const cases: [string, string[]][] = [
      ["node -e 0", ["-e", "0"]],
      ["empty .mjs", [file("empty.mjs", "")]],
      ["import node:fs, node:path, node:os", [file("fs.mjs", 'import "node:fs"; import "node:path"; import "node:os";')]],
      ["  + node:crypto", [file("crypto.mjs", 'import "node:fs"; import "node:path"; import "node:os"; import "node:crypto";')]],
      ["  + smol-toml (by path)", [file("toml.mjs", `import "node:fs"; import "node:path"; import "node:os"; import "node:crypto"; import ${JSON.stringify(smolToml)};`)]],
      ["hook bundle, payload {} (no work)", [HOOK, "--host", "codex"]],
    ];
    const times = cases.map(() => [] as number[]);
    for (let i = 0; i < runs + 3; i++) {
      cases.forEach(([, args], k) => {
        const start = process.hrtime.bigint();
        spawnSync(process.execPath, args, { input: "{}" });
        if (i >= 3) times[k]!.push(Number(process.hrtime.bigint() - start) / 1e6);
      });
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
    const base = med(times[0]!);
    process.stdout.write(`startup floor (median of ${runs}, interleaved; node ${process.version})\n`);
    cases.forEach(([name], k) => {
      process.stdout.write(`${med(times[k]!).toFixed(1).padStart(8)} ms  ${(med(times[k]!) / base).toFixed(2)}x  ${name}\n`);
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function main(): void {
  const argv = process.argv.slice(2);
  if (argv.includes("--floor")) {
    const i = argv.indexOf("--runs");
    floor(i >= 0 ? Number(argv[i + 1]) : 30);
    return;
  }
  const get = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const cards = get("cards", 10000);
  const calls = get("calls", 5);
  const top = get("top", 25);
  const waitMs = get("wait-ms", 2000);
  const gapMs = get("gap-ms", 0);
  const text = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);
  const afterSave = text("after") === "save";
  const kept = text("dir");
  if (!fs.existsSync(HOOK)) throw new Error("run `npm run build` first");
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-profile-"));
  const home = path.join(root, "home");
  try {
    const repo = path.join(root, "repo");
    const profDir = path.join(root, "prof");
    fs.mkdirSync(home, { recursive: true });
    spawnSync("git", ["init", "-q", repo]);
    const dir = path.join(root, "memory");
    if (kept) fs.cpSync(path.resolve(kept), dir, { recursive: true, preserveTimestamps: true });
    const generated = kept ? { dir, cards: generateCards(cards) } : generateStore({ cards, dir });
    const plain = generated.cards.filter((c) => c.priority === "normal" && c.status === "active");
    const env = { PATH: process.env.PATH, HOME: home, MEMCTL_MEMORY_DIR: dir, MEMCTL_CONFIG_FILE: path.join(home, "none.toml") };
    const input = JSON.stringify({ cwd: repo, hook_event_name: "UserPromptSubmit", prompt: text("prompt") ?? "the Redis cache keeps timing out under load, p95 doubled" });
    // --card-cache: listed once first, so the store has a card cache as one in use does, and the keeper watches it.
    if (argv.includes("--card-cache")) spawnSync(process.execPath, [path.join(ROOT, "dist", "cli.js"), "list", "--json"], { env, stdio: "ignore" });
    spawnSync(process.execPath, [HOOK, "--host", "codex"], { input, env, cwd: repo }); // builds the rank cache
    spawnSync(process.execPath, [HOOK, "--host", "codex"], { input, env, cwd: repo }); // and, above 10,000 cards, starts the keeper
    for (let i = 0; i < calls; i++) {
      if (afterSave) {
        const name = plain[(i * 7919) % plain.length]!.file.replace(/\.md$/, "");
        const cli = path.join(ROOT, "dist", "cli.js");
        const r = spawnSync(process.execPath, [cli, "save", name, "-t", name.split("_")[0]!, "-d", `profile ${i}: the zanzibar flag moved`], { env, encoding: "utf8" });
        if (r.status !== 0) throw new Error(`save: ${r.stderr}`);
        sleepSync(waitMs);
      } else sleepSync(gapMs);
      spawnSync(process.execPath, ["--cpu-prof", "--cpu-prof-interval", "100", "--cpu-prof-dir", profDir, HOOK, "--host", "codex"], { input, env, cwd: repo });
    }
    const profiles = fs.readdirSync(profDir).map((f) => JSON.parse(fs.readFileSync(path.join(profDir, f), "utf8")) as CpuProfile);
    const short = (url: string) => (url ? url.replace(/^.*node_modules\//, "node_modules/").replace(/^file:\/\/.*\/dist\//, "dist/") : "");
    const byFunction = selfTimes(profiles, (cf) => `${cf.functionName || "(anonymous)"} ${short(cf.url)}${cf.url ? `:${cf.lineNumber + 1}` : ""}`);
    const byModule = selfTimes(profiles, (cf) => short(cf.url) || cf.functionName);
    const total = [...byModule.values()].reduce((a, b) => a + b, 0);
    const print = (title: string, m: Map<string, number>) => {
      process.stdout.write(`\n${title} (mean self ms per call; ${calls} calls, ${cards} cards, ${(total / profiles.length).toFixed(1)} ms profiled per call)\n`);
      for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stdout.write(`${(v / profiles.length).toFixed(1).padStart(8)}  ${k}\n`);
    };
    print("by module", byModule);
    print("by function", byFunction);
    const state = path.join(dir, ".memctl");
    process.stdout.write(
      `\n.memctl after ${calls + 1} calls: ${fs
        .readdirSync(state)
        .map((f) => `${f} ${fs.statSync(path.join(state, f)).size}B`)
        .join(", ")}\n`,
    );
  } finally {
    stopKeepers(home);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The keepers the hooks started (each logs its pid to the hook log), stopped before their store is removed. */
function stopKeepers(home: string): void {
  const log = path.join(home, ".local/state/memctl/hook.log");
  if (!fs.existsSync(log)) return;
  for (const m of fs.readFileSync(log, "utf8").matchAll(/\tkeeper (\d+) for /g)) {
    try {
      process.kill(Number(m[1]), "SIGKILL");
    } catch {
      // already gone
    }
  }
}

main();
