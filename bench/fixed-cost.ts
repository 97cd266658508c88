// Where the hook's fixed cost goes: a copy of each build's dist/ with a mark at every phase boundary of the loader
// and the body (process.cpuUsage() at each, reported at exit), run as the wiring runs it. Per phase, the child's CPU
// time between marks (median of --cpu-runs, builds interleaved) and its instructions under callgrind, which dumps a
// part before every uv_getrusage (the marks' own call), so one run splits into phases (median of --runs; a mark's
// own ~4,600 instructions are taken off each phase). Diagnostic only: the marks move the numbers a little, the same
// for every build. The anchors are lines of the built body; when one is gone the script names it.
// Run: npm run build && node --import tsx bench/fixed-cost.ts --cards 1000 before=.old-dist after=dist [--runs 3] [--cpu-runs 25] [--modules]
// --env NAME:KEY=VALUE: a variable in build NAME's environment; a keeper its prompts start is waited for, then stopped.
// --split fnA,fnB: "rank and compose" split further by the body's functions of those names (each call inside the
// ranking phase is its own phase, its callees' wrapped ones taken out; e.g. --split loadRankable,everyCardUnchanged,rank).
// (builds inside the checkout, as hook-ab.ts: a copy elsewhere cannot resolve node_modules). Needs valgrind.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOOK_NODE_FLAGS } from "../lib/core/hook-flags.js";
import { generateStore } from "./gen-store.js";
import { arg, numberArg } from "./rounds.js";
import { keeperAnswering, stopKeeper } from "./keeper-state.js";

const ROOT = path.resolve(import.meta.dirname, "..");
const cards = numberArg("cards", 1000);
const runs = numberArg("runs", 3);
const cpuRuns = numberArg("cpu-runs", 25);
const argv = process.argv.slice(2);
const builds = argv.filter((a, i) => a.includes("=") && !a.startsWith("--") && argv[i - 1] !== "--env").map((a) => a.split("=", 2) as [string, string]);
// --env NAME:KEY=VALUE (repeatable), as hook-ab.ts: e.g. MEMCTL_KEEPER_MIN=0, a keeper answering at 1,000 cards.
const extraEnv = argv.flatMap((a, i) => (argv[i - 1] === "--env" ? [a] : []));
const SPLIT = (arg("split") ?? "").split(",").filter(Boolean);
// --modules: module initialisation split by the module whose top level ran (the body's "// lib/..." comments).
const MODULES = argv.includes("--modules");
const PROMPT = arg("prompt") ?? "how do we deploy the billing service and run the database migrations?";

// [text in the built body, mark inserted before it] in order; "bodyTop" after its anchor (main's first line).
const BODY_MARKS: [string, string][] = [
  ["  const input = await readInputBounded(0", "mainStart"],
  ['  if (input.status !== "read") {', "stdinRead"],
  ["  const config = readConfig(io);", "payloadParsed"],
  ["  let resolution;\n", "configRead"],
  ["  for (const warning of resolution.warnings", "resolved"],
  ["    const injection = await buildInjection({", "ranking"],
  ["    const script = options.keeperScript;", "ranked"],
  ['    return { status: "injected", outcome: host.context(text)', "whyWritten"],
  ["  if (result.outcome.stdout) io.stdout.write", "returned"],
  ["  process.exit(result.outcome.exitCode);", "exiting"],
];
/** The phase a part belongs to, by the mark it starts at. */
const PHASES: [RegExp, string][] = [
  [/^boot$/, "node start-up, to the loader's first line"],
  [/^loader$/, "loader: read the code cache"],
  [/^cacheRead$/, "loader: read the body"],
  [/^bodyRead$/, "loader: compile the body from the code cache"],
  [/^(compiled|mod:.*)$/, "body top level (module initialisation)"],
  [/^(bodyTop|mainStart)$/, "read the arguments and stdin"],
  [/^stdinRead$/, "parse the payload, stat cwd"],
  [/^payloadParsed$/, "read the config"],
  [/^configRead$/, "resolve the store"],
  [/^resolved$/, "budget, session state"],
  [/^ranking$/, "rank and compose"],
  [/^ranked$/, "why log"],
  [/^(whyWritten|returned)$/, "print the block"],
  [/^exiting$/, "process.exit until the exit event"],
];

function instrument(dist: string, to: string): void {
  fs.rmSync(to, { recursive: true, force: true });
  fs.cpSync(dist, to, { recursive: true, filter: (f) => !f.endsWith(".v8cache") });
  const loader = path.join(to, "hooks", "user-prompt-submit.cjs");
  // __enter/__leave: a wrapped function's call inside the body's phases is a phase of its own, named with the phase
  // it was called from (fn:NAME@PHASE); leaving one goes back to
  // the phase it was called from.
  const split = `globalThis.__S=[];globalThis.__F=[];globalThis.__enter=(n)=>{const on=/^(bodyTop|mainStart|stdinRead|payloadParsed|configRead|resolved|ranking|ranked|whyWritten|returned)$/.test(__B);__S.push(on);if(on){__F.push("fn:"+n+"@"+__B);__mark("fn:"+n+"@"+__B,1)}};globalThis.__leave=()=>{if(!__S.pop())return;__F.pop();__mark(__F.length?__F[__F.length-1]:__B,1)};`;
  const mark = `globalThis.__M=[];globalThis.__B="";globalThis.__mark=(n,f)=>{const u=process.cpuUsage();globalThis.__M.push([n,u.user+u.system]);if(!f)__B=n};${split}__mark("loader");process.on("exit",()=>{__mark("exit");process.stderr.write("MARKS "+JSON.stringify(__M)+"\\n")});`;
  let l = fs.readFileSync(loader, "utf8");
  for (const [at, name] of [
    ["var source = ", "cacheRead"],
    ["var script = new VmScript", "bodyRead"],
    ["var body = {", "compiled"],
  ] as const) {
    if (!l.includes(at)) throw new Error(`loader anchor gone: ${at}`);
    l = l.replace(at, `__mark("${name}");${at}`);
  }
  fs.writeFileSync(loader, l.replace('"use strict";', `"use strict";${mark}`));
  const bodyFile = path.join(to, "hooks", "user-prompt-submit.body.js");
  let b = fs.readFileSync(bodyFile, "utf8").replace(/\n\/\/ ((?:lib|hosts|node_modules)\/\S+)\n/g, '\n// $1\n__mark("mod:$1");\n');
  const main = "async function main() {";
  if (!b.includes(main)) throw new Error(`body anchor gone: ${main}`);
  b = b.replace(main, `${main}__mark("bodyTop");`);
  for (const f of SPLIT) {
    const re = new RegExp(`^(async )?function ${f}\\(`, "m");
    const m = re.exec(b);
    if (!m) throw new Error(`body function gone: ${f}`);
    const wrapper = m[1]
      ? `async function ${f}(...a){__enter("${f}");try{return await ${f}__split(...a)}finally{__leave()}}\n`
      : `function ${f}(...a){__enter("${f}");try{return ${f}__split(...a)}finally{__leave()}}\n`;
    b = b.slice(0, m.index) + wrapper + `${m[1] ?? ""}function ${f}__split(` + b.slice(m.index + m[0].length);
  }
  for (const [at, name] of BODY_MARKS) {
    if (!b.includes(at)) throw new Error(`body anchor gone: ${at}`);
    b = b.replace(at, `__mark("${name}");${at}`);
  }
  fs.writeFileSync(bodyFile, b);
}

/** A split function's call is labelled by the phase it was called from: "rank and compose: rank". */
const phaseOf = (mark: string): string | undefined => {
  const fn = /^fn:([^@]+)@(.*)$/.exec(mark);
  if (fn && SPLIT.includes(fn[1]!)) return `${phaseOf(fn[2]!)}: ${fn[1]}`;
  if (MODULES && mark.startsWith("mod:")) return `body top level (module initialisation): ${mark.slice(4)}`;
  return PHASES.find(([re]) => re.test(mark))?.[1];
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-fixed-cost-"));
const copies = builds.map(([name]) => path.join(ROOT, `.fixed-cost-${name}`));
try {
  const home = path.join(root, "home");
  const repo = path.join(root, "repo");
  fs.mkdirSync(home);
  fs.mkdirSync(repo);
  spawnSync("git", ["init", "-q", repo]);
  const targets = builds.map(([name, dist], i) => {
    instrument(path.resolve(ROOT, dist), copies[i]!);
    const store = generateStore({ cards, dir: path.join(root, `store-${name}`) }).dir;
    const env: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, MEMCTL_MEMORY_DIR: store, MEMCTL_CONFIG_FILE: path.join(home, "none.toml") };
    for (const e of extraEnv) {
      const [who, kv] = e.split(/:(.*)/s, 2) as [string, string];
      const [k, v] = kv.split(/=(.*)/s, 2) as [string, string];
      if (who === name) env[k] = v;
    }
    return {
      name,
      store,
      args: [...HOOK_NODE_FLAGS, path.join(copies[i]!, "hooks", "user-prompt-submit.cjs"), "--host", "codex"],
      env,
      cpu: new Map<string, number[]>(),
      ins: new Map<string, number[]>(),
      cpuRuns: [] as Map<string, number>[],
      insRuns: [] as Map<string, number>[],
    };
  });
  let session = 0;
  const input = () => JSON.stringify({ session_id: `fixed-cost-${session++}`, cwd: repo, hook_event_name: "UserPromptSubmit", prompt: PROMPT });
  const marksOf = (stderr: string): [string, number][] =>
    JSON.parse(
      stderr
        .split("\n")
        .find((x) => x.startsWith("MARKS "))!
        .slice(6),
    );
  const add = (m: Map<string, number[]>, per: Map<string, number>) => {
    for (const [k, v] of per) m.set(k, [...(m.get(k) ?? []), v]);
  };
  for (const t of targets) for (let i = 0; i < 3; i++) spawnSync(process.execPath, t.args, { input: input(), env: t.env, cwd: repo }); // each copy's code cache
  const keepers = await Promise.all(targets.map(async (t) => `${t.name}: ${await keeperAnswering(t.store, 15_000)}`));
  for (let r = 0; r < cpuRuns; r++)
    for (const t of r % 2 ? [...targets].reverse() : targets) {
      const m = marksOf(spawnSync(process.execPath, t.args, { input: input(), env: t.env, cwd: repo, encoding: "utf8" }).stderr);
      const per = new Map<string, number>([[phaseOf("boot")!, m[0]![1]]]);
      for (let j = 1; j < m.length; j++) {
        const p = phaseOf(m[j - 1]![0]);
        if (p) per.set(p, (per.get(p) ?? 0) + m[j]![1] - m[j - 1]![1]);
      }
      add(t.cpu, per);
      t.cpuRuns.push(per);
    }
  const out = path.join(root, "cg");
  for (let r = 0; r < runs; r++)
    for (const t of targets) {
      fs.rmSync(out, { recursive: true, force: true });
      fs.mkdirSync(out);
      const vg = ["--tool=callgrind", "--dump-before=uv_getrusage", `--callgrind-out-file=${path.join(out, "cg")}`, process.execPath, ...t.args];
      const names = ["boot", ...marksOf(spawnSync("valgrind", vg, { input: input(), env: t.env, cwd: repo, encoding: "utf8" }).stderr).map((x) => x[0])];
      const parts = fs.readdirSync(out).map((f) => {
        const text = fs.readFileSync(path.join(out, f), "utf8");
        return { part: Number(/^part: (\d+)/m.exec(text)?.[1] ?? 0), total: Number(/^(?:totals|summary): (\d+)/m.exec(text)?.[1] ?? 0) };
      });
      parts.sort((a, b) => a.part - b.part);
      const own = Math.min(...parts.slice(1).map((p) => p.total)); // an empty stretch between two marks: a mark's own cost
      const per = new Map<string, number>();
      parts.forEach((p, k) => {
        const phase = phaseOf(names[k] ?? "");
        if (phase) per.set(phase, (per.get(phase) ?? 0) + p.total - (k > 0 ? own : 0));
      });
      add(t.ins, per);
      t.insRuns.push(per);
    }
  const head = targets.map((t) => t.name).join(" → ");
  process.stdout.write(
    `${cards.toLocaleString("en")} cards, node ${process.version}, load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(" ")}\n\n`,
  );
  process.stdout.write(`| phase | instructions (M), ${head} | CPU ms, ${head} |\n|---|---:|---:|\n`);
  // Each phase, then the split functions called from it; "(k of N runs)" where a phase ran in only some runs (a
  // fallback, e.g. every card stat'ed when the keeper's answer came too late).
  const modules = [...new Set(targets.flatMap((t) => [...t.ins.keys()].filter((k) => k.includes("initialisation): "))))];
  modules.sort((a, b) => median(targets[0]!.ins.get(b) ?? []) - median(targets[0]!.ins.get(a) ?? []));
  const order = [...new Set(PHASES.map(([, p]) => p))].flatMap((p) => [p, ...SPLIT.map((f) => `${p}: ${f}`), ...modules.filter((m) => m.startsWith(`${p}: `))]);
  const seen = (t: (typeof targets)[number], phase: string) => {
    const c = t.cpu.get(phase)?.length ?? 0;
    const i = t.ins.get(phase)?.length ?? 0;
    return c < cpuRuns || i < runs ? ` (${t.name}: ${c}/${cpuRuns} CPU runs, ${i}/${runs} callgrind)` : "";
  };
  for (const phase of order) {
    if (!targets.some((t) => t.ins.has(phase) || t.cpu.has(phase))) continue;
    const ins = targets.map((t) => (median(t.ins.get(phase) ?? []) / 1e6).toFixed(2)).join(" → ");
    const cpu = targets.map((t) => (median(t.cpu.get(phase) ?? []) / 1000).toFixed(2)).join(" → ");
    const partial = targets.map((t) => seen(t, phase)).join("");
    process.stdout.write(`| ${phase}${partial} | ${ins} | ${cpu} |\n`);
  }
  // The fixed cost: every phase but node's own start-up and the ranking, summed per run before the median.
  const fixed = (perRun: Map<string, number>[]) =>
    median(perRun.map((per) => [...per].reduce((s, [p, v]) => (p.startsWith("node start-up") || p.startsWith("rank and compose") ? s : s + v), 0)));
  const ins = targets.map((t) => (fixed(t.insRuns) / 1e6).toFixed(2)).join(" → ");
  const cpu = targets.map((t) => (fixed(t.cpuRuns) / 1000).toFixed(2)).join(" → ");
  process.stdout.write(`keepers before the runs: ${keepers.join(", ")}\n`);
  process.stdout.write(`| **fixed cost** (all but start-up and ranking) | ${ins} | ${cpu} |\n`);
} finally {
  for (const [name] of builds) stopKeeper(path.join(root, `store-${name}`));
  fs.rmSync(root, { recursive: true, force: true });
  for (const c of copies) fs.rmSync(c, { recursive: true, force: true });
}
