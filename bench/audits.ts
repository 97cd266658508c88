// Benchmark: `memctl doctor` and `memctl stats` end to end (process start included) on a large store.
// Target (issue 4): each under 1.5 s on a 10,000-card store. Build first: `npm run build`.
// Run: node --import tsx bench/audits.ts [--cards 10000] [--runs 5] [--keep] [--only doctor] [--compare <other dist>/cli.js]
// Each run times `node -e 0`, this build and (--compare) another build back to back, in an order that rotates, so
// the ratio to a bare node start is taken under the same load for each.
// The store is realistic for an audit: every card has full frontmatter and 1–3 repo_refs (path:, fn:, flag:)
// into a generated repository, history records every card (a few hand-edited since), the usage sidecar holds
// hits for a third of the cards, and episodes.jsonl holds 2,000 sessions (a few malformed).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sha256Hex } from "../lib/store/history.js";
import { foldUsage, recordHitsSync } from "../lib/usage/usage.js";
import { numberArg } from "./rounds.js";

const TARGET_MS = 1500;
const TODAY = new Date().toISOString().slice(0, 10);

/** A generated project: a git repository with code the refs point into, and a memory store beside it. */
function generate(cards: number): { root: string; repo: string; memory: string; home: string; config: string } {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-audits-")));
  const repo = path.join(root, "repo");
  const memory = path.join(root, "memory");
  const home = path.join(root, "home");
  for (const d of [path.join(repo, "lib"), path.join(repo, "scripts"), path.join(memory, ".memctl"), home]) fs.mkdirSync(d, { recursive: true });
  spawnSync("git", ["init", "-q", repo]);
  for (let m = 0; m < 200; m++) {
    const defs = Array.from({ length: 20 }, (_, k) => `export function fn${m}_${k}(x: number): number {\n  return x + ${k};\n}\n`).join("\n");
    fs.writeFileSync(path.join(repo, "lib", `mod${m}.ts`), defs);
  }
  const flags = Array.from({ length: 100 }, (_, f) => `  --flag-${f}) shift ;;`).join("\n");
  fs.writeFileSync(path.join(repo, "scripts", "run.sh"), `#!/bin/sh\ncase "$1" in\n${flags}\nesac\n`);

  const index: string[] = ["# Memory", ""];
  const history: string[] = [];
  const types = ["feedback", "project", "reference", "user"];
  for (let i = 0; i < cards; i++) {
    const file = `${types[i % 4]}_card-${i}.md`;
    const m = i % 200;
    const refs = [`path:lib/mod${m}.ts`, ...(i % 2 === 0 ? [`fn:lib/mod${m}.ts#fn${m}_${i % 20}`] : []), ...(i % 5 === 0 ? [`flag:scripts/run.sh --flag-${i % 100}`] : [])];
    const refsYaml = i % 3 === 0 ? `repo_refs: [${refs.join(", ")}]` : `repo_refs:\n${refs.map((r) => `  - ${r}`).join("\n")}`;
    const text = [
      "---",
      `name: card-${i}`,
      `description: synthetic card ${i} about area ${i % 37}`,
      "metadata:",
      "  node_type: memory",
      `  type: ${types[i % 4]}`,
      `topics: [area-${i % 37}, topic-${i % 11}]`,
      `priority: ${i % 100 === 0 ? "always" : "normal"}`,
      "status: active",
      'updated_at: "2026-11-01"',
      refsYaml,
      "---",
      `Card ${i}: when touching area ${i % 37}, run the checks first. ${"Detail text. ".repeat(8)}`,
      "",
    ].join("\n");
    fs.writeFileSync(path.join(memory, file), text);
    index.push(`- [Card ${i} (${i % 15 === 0 ? "部署前检查" : "deploy checks"})](${file}) — area ${i % 37}: ${"what this card alone is for ".slice(0, 20 + (i % 40))} #${i}`);
    history.push(
      JSON.stringify({
        rev: 1,
        card: file,
        op: "create",
        actor: "human",
        at: "2026-11-01T00:00:00.000Z",
        sha256: i % 500 === 0 ? sha256Hex("older") : sha256Hex(text),
        bytes: text.length,
      }),
    );
  }
  fs.writeFileSync(path.join(memory, "MEMORY.md"), index.join("\n") + "\n");
  fs.writeFileSync(path.join(memory, ".memctl", "history.jsonl"), history.join("\n") + "\n");
  const episodes = Array.from({ length: 2000 }, (_, e) =>
    e % 400 === 0
      ? "{torn"
      : JSON.stringify({ ts: "2026-11-20T10:00:00.000Z", host: "claude", summary: e % 10 === 0 ? "" : `session ${e}`, project_key: "bench", repo, actor: "human" }),
  );
  fs.writeFileSync(path.join(memory, "episodes.jsonl"), episodes.join("\n") + "\n");
  const files = fs.readdirSync(memory).filter((f) => f.endsWith(".md") && f !== "MEMORY.md");
  for (let call = 0; call < 600; call++) {
    const hits = Array.from({ length: 8 }, (_, k) => files[((call * 7 + k * 131) % Math.ceil(files.length / 3)) * 3]!);
    recordHitsSync(memory, hits, TODAY, { foldAtBytes: Number.MAX_SAFE_INTEGER });
  }
  foldUsage(memory, TODAY);
  const config = path.join(root, "config.toml");
  fs.writeFileSync(config, "[doctor]\nwarn_bytes = 4096\n");
  return { root, repo, memory, home, config };
}

/** GNU time, when installed, adds the child's CPU seconds: on a shared machine wall time swings with load, CPU much less. */
const GNU_TIME = fs.existsSync("/usr/bin/time") ? "/usr/bin/time" : undefined;

function time(cli: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): { ms: number; cpuMs?: number; status: number | null; stdout: string } {
  const [cmd, argv] = GNU_TIME ? [GNU_TIME, ["-f", "cpu %U %S", process.execPath, cli, ...args]] : [process.execPath, [cli, ...args]];
  const start = performance.now();
  const r = spawnSync(cmd, argv, { env, cwd, encoding: "utf8", maxBuffer: 64 << 20 });
  const ms = performance.now() - start;
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr ?? "");
  return { ms, ...(cpu ? { cpuMs: (Number(cpu[1]) + Number(cpu[2])) * 1000 } : {}), status: r.status, stdout: r.stdout };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const cards = numberArg("cards", 10_000);
const runs = numberArg("runs", 5);
const cli = path.resolve("dist/cli.js");
if (!fs.existsSync(cli)) throw new Error("dist/cli.js is missing: run `npm run build` first");
const genStart = performance.now();
const p = generate(cards);
console.log(
  `node ${process.version}, ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(`generated ${cards} cards in ${((performance.now() - genStart) / 1000).toFixed(1)} s at ${p.root}`);
const env = { PATH: process.env.PATH, HOME: p.home, MEMCTL_MEMORY_DIR: p.memory, MEMCTL_CONFIG_FILE: p.config, NO_COLOR: "1" };

const compareArg = process.argv.indexOf("--compare");
const compare = compareArg > 0 ? path.resolve(process.argv[compareArg + 1]!) : undefined;
const onlyArg = process.argv.indexOf("--only");
const commands = onlyArg > 0 ? process.argv[onlyArg + 1]!.split(",") : ["doctor", "stats"];
const spread = (xs: number[]) => `min ${Math.min(...xs).toFixed(0)}, median ${median(xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)}`;

let failed = false;
for (const command of commands) {
  const times: number[] = [];
  const cpus: number[] = [];
  const bare: number[] = [];
  const other: number[] = [];
  const otherCpus: number[] = [];
  let last = time(cli, [command, "--json"], env, p.repo); // warm the page cache; not counted
  if (compare) time(compare, [command, "--json"], env, p.repo);
  for (let r = 0; r < runs; r++) {
    const steps = [
      () => bare.push(time("-e", ["0"], env, p.repo).ms),
      () => {
        last = time(cli, [command, "--json"], env, p.repo);
        times.push(last.ms);
        if (last.cpuMs !== undefined) cpus.push(last.cpuMs);
      },
      ...(compare
        ? [
            () => {
              const o = time(compare, [command, "--json"], env, p.repo);
              other.push(o.ms);
              if (o.cpuMs !== undefined) otherCpus.push(o.cpuMs);
            },
          ]
        : []),
    ];
    for (let k = 0; k < steps.length; k++) steps[(k + r) % steps.length]!();
  }
  const nodeMs = median(bare);
  console.log(
    `${command.padEnd(6)} node -e 0: ${spread(bare)} ms; this build ${spread(times)} ms (${(median(times) / nodeMs).toFixed(1)}× node)${
      compare
        ? `; --compare ${spread(other)} ms (${(median(other) / nodeMs).toFixed(1)}× node), this/compare ${(median(times) / median(other)).toFixed(3)}${
            cpus.length && otherCpus.length
              ? `; CPU this ${spread(cpus)} ms, compare ${spread(otherCpus)} ms, ratio of medians ${(median(cpus) / median(otherCpus)).toFixed(3)}`
              : ""
          }`
        : ""
    }; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  const report = JSON.parse(last.stdout);
  const counted = command === "doctor" ? report.entry_count : report.card_count;
  if (counted !== cards) throw new Error(`${command} saw ${counted} cards, expected ${cards}`);
  const detail =
    command === "doctor"
      ? `issues ${report.issues_count}, hand edits ${report.hand_edited_cards.length}, stale refs ${report.stale_repo_refs.length}`
      : `cards_with_hits ${report.cards_with_hits}, episodes ${report.episodes_total} (+${report.episodes_malformed} malformed)`;
  const med = median(times);
  const ok = med < TARGET_MS;
  failed ||= !ok;
  console.log(
    `${command.padEnd(6)} ${cards} cards: median ${med.toFixed(0)} ms, min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)} over ${runs} runs${cpus.length ? `, CPU median ${median(cpus).toFixed(0)} ms` : ""} (exit ${last.status}; ${detail}) ${ok ? "OK" : `OVER ${TARGET_MS} ms`}`,
  );
}
if (!process.argv.includes("--keep")) fs.rmSync(p.root, { recursive: true, force: true });
process.exitCode = failed ? 1 : 0;
