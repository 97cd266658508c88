// Usage-replay benchmark: does frecency earn its place? Replays days of sessions through the real hook
// (lib/hook/run.ts in process: it ranks, prints and records into the real usage sidecar, dates advancing) over a
// store whose areas each hold many cards that tie on keywords, and reports how often the card the user needed is
// in the printed block, with frecency on (the sidecar kept) and off (the sidecar removed after every prompt).
//   steady:   the user works on one card per area for days; a sharp prompt names it now and then, vague ones
//             ("how does deploy work again?") follow. Earlier use predicts later need.
//   shifting: every session wants a fresh card; prompts only hint at it ("deploy retries"). Earlier use
//             predicts nothing, so whatever frecency does here is its cost.
// Run: npm run bench:usage-replay [-- --days 30] [--seed 7] [--json]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { renderCard } from "./gen-store.js";
import { renderIndexLine } from "../lib/core/index-file.js";
import { runUserPromptHook } from "../lib/hook/run.js";
import { BufferSink, type Io } from "../lib/store/io.js";
import { BUDGETS } from "./session.js";

export { BUDGETS };
const START = "2026-11-01";
const AREAS = ["deploy", "database", "auth", "billing", "search"];
const FACETS = ["retries", "timeouts", "secrets", "rollback", "metrics"];

export interface ReplayOptions {
  /** Cards per area (they tie on the area's keywords). */
  perArea: number;
  areas: number;
  days: number;
  seed: number;
}
export const DEFAULTS: ReplayOptions = { perArea: 40, areas: 5, days: 30, seed: 7 };

interface Card {
  file: string;
  title: string;
  hook: string;
  topics: string[];
  area: string;
  word: string;
  facet: string;
}

interface Prompt {
  text: string;
  needed: string;
  /** sharp: names the card; vague: the area only (a tie); hint: the area and a facet a few cards share. */
  kind: "sharp" | "vague" | "hint";
}

export interface ReplayRow {
  scenario: "steady" | "shifting";
  budget: string;
  frecency: "on" | "off";
  prompts: number;
  /** Share of prompts whose needed card the block printed. */
  hit: number;
  /** The same over vague and hint prompts only (where keywords alone cannot decide). */
  hit_unsharp: number;
}

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 0x1_0000_0000;
  };
}

/** Distinct made-up words ("bakelo"): a card's own name, matching nothing else. */
function words(count: number, r: () => number): string[] {
  const c = "bdfgklmnprstvz";
  const v = "aeiou";
  const out = new Set<string>();
  while (out.size < count) {
    let w = "";
    for (let i = 0; i < 3; i++) w += c[Math.floor(r() * c.length)]! + v[Math.floor(r() * v.length)]!;
    out.add(w);
  }
  return [...out];
}

export function makeCards(o: ReplayOptions): Card[] {
  const r = rng(o.seed);
  const names = words(o.areas * o.perArea, r);
  const cards: Card[] = [];
  for (let a = 0; a < o.areas; a++) {
    const area = AREAS[a % AREAS.length]!;
    for (let i = 0; i < o.perArea; i++) {
      const word = names[a * o.perArea + i]!;
      const facet = FACETS[i % FACETS.length]!;
      const title = `${area[0]!.toUpperCase()}${area.slice(1)} ${word}`;
      cards.push({ file: `project_${area}_${word}.md`, title, hook: `how ${area} works for ${word}: ${facet} notes`, topics: [area], area, word, facet });
    }
  }
  // Interleaved, so MEMORY.md order favours no area.
  return cards.sort((x, y) => (x.word < y.word ? -1 : 1));
}

const sharp = (c: Card): Prompt => ({ text: `what was the ${c.word} ${c.area} setup?`, needed: c.file, kind: "sharp" });
const vague = (c: Card): Prompt => ({ text: `how does our ${c.area} work again?`, needed: c.file, kind: "vague" });
const hint = (c: Card): Prompt => ({ text: `${c.area} ${c.facet} question`, needed: c.file, kind: "hint" });

/** Sessions by day: two a day, each a list of prompts. */
export function sessions(scenario: ReplayRow["scenario"], cards: readonly Card[], o: ReplayOptions): Prompt[][][] {
  const r = rng(o.seed * 31 + (scenario === "steady" ? 1 : 2));
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const areas = [...new Set(cards.map((c) => c.area))];
  const byArea = new Map(areas.map((a) => [a, cards.filter((c) => c.area === a)]));
  // steady: each area's current card changes every ten days.
  const current = new Map<string, Card>();
  const days: Prompt[][][] = [];
  for (let d = 0; d < o.days; d++) {
    if (d % 10 === 0) for (const a of areas) current.set(a, pick(byArea.get(a)!));
    const day: Prompt[][] = [];
    for (let s = 0; s < 2; s++) {
      const area = pick(areas);
      if (scenario === "steady") {
        const c = current.get(area)!;
        day.push([...(r() < 0.3 ? [sharp(c)] : []), vague(c), hint(c), vague(c)]);
      } else {
        const c = pick(byArea.get(area)!);
        day.push([hint(c), vague(c), hint(c)]);
      }
    }
    days.push(day);
  }
  return days;
}

function writeStore(dir: string, cards: readonly Card[]): void {
  for (const c of cards) fs.writeFileSync(path.join(dir, c.file), renderCard({ ...c, priority: "normal", status: "active" }, "2026-10-01"));
  fs.writeFileSync(path.join(dir, "MEMORY.md"), ["# Memory", "", ...cards.map((c) => renderIndexLine(c)), ""].join("\n"));
  // Logged in the morning of the first day: no episode reminder.
  fs.writeFileSync(
    path.join(dir, "episodes.jsonl"),
    JSON.stringify({ ts: `${START}T08:00:00.000Z`, host: "claude", summary: "bench", project_key: "usage-replay", repo: "/src/acme", actor: "human" }) + "\n",
  );
  // Settled sources, so the hook keeps its rank cache.
  const old = new Date(Date.parse(`${START}T00:00:00Z`) - 86_400_000);
  for (const name of fs.readdirSync(dir)) fs.utimesSync(path.join(dir, name), old, old);
}

/** Removes the usage sidecar: the next prompt ranks with none (frecency off). */
function dropUsage(memory: string): void {
  const state = path.join(memory, ".memctl");
  if (!fs.existsSync(state)) return;
  for (const name of fs.readdirSync(state)) if (name.startsWith("usage.")) fs.rmSync(path.join(state, name), { force: true });
}

/** Replays one scenario under one budget on a fresh store, with frecency on or off. */
export async function replay(scenario: ReplayRow["scenario"], budget: (typeof BUDGETS)[number], frecency: ReplayRow["frecency"], o: ReplayOptions = DEFAULTS): Promise<ReplayRow> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "memctl-usage-replay-")));
  try {
    const memory = path.join(root, "memory");
    const cwd = path.join(root, "work");
    fs.mkdirSync(memory);
    fs.mkdirSync(cwd);
    const cards = makeCards(o);
    writeStore(memory, cards);
    let clock = Date.parse(`${START}T09:00:00Z`);
    const io: Io = {
      stdout: new BufferSink(),
      stderr: new BufferSink(),
      env: { MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(root, "config.toml"), HOME: root },
      cwd,
      home: root,
      now: () => new Date(clock),
    };
    let prompts = 0;
    let hits = 0;
    let unsharp = 0;
    let unsharpHits = 0;
    for (const [d, day] of sessions(scenario, cards, o).entries()) {
      clock = Date.parse(`${START}T09:00:00Z`) + d * 86_400_000;
      for (const session of day) {
        for (const p of session) {
          clock += 60_000;
          if (frecency === "off") dropUsage(memory);
          const r = await runUserPromptHook(JSON.stringify({ cwd, prompt: p.text }), { host: "claude", maxBytes: budget.maxBytes, maxEntries: budget.maxEntries }, io);
          const printed = r.injection ? r.injection.composed.lines.map((l) => l.file) : [];
          const hit = printed.includes(p.needed) ? 1 : 0;
          prompts++;
          hits += hit;
          if (p.kind !== "sharp") {
            unsharp++;
            unsharpHits += hit;
          }
        }
        clock += 3 * 3600_000;
      }
    }
    return { scenario, budget: budget.label, frecency, prompts, hit: hits / prompts, hit_unsharp: unsharp ? unsharpHits / unsharp : Number.NaN };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

const pct = (x: number) => (Number.isNaN(x) ? "–" : `${(100 * x).toFixed(1)} %`);

export function renderTable(rows: readonly ReplayRow[]): string {
  const out = ["| scenario | budget | frecency | prompts | needed card printed | on vague/hint prompts |", "|---|---|---|---|---|---|"];
  for (const r of rows) out.push(`| ${r.scenario} | ${r.budget} | ${r.frecency} | ${r.prompts} | ${pct(r.hit)} | ${pct(r.hit_unsharp)} |`);
  return out.join("\n") + "\n";
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const flag = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 ? Number(argv[at + 1]) : undefined;
  };
  const o = { ...DEFAULTS, days: flag("days") ?? DEFAULTS.days, seed: flag("seed") ?? DEFAULTS.seed };
  const rows: ReplayRow[] = [];
  for (const scenario of ["steady", "shifting"] as const) for (const budget of BUDGETS) for (const f of ["on", "off"] as const) rows.push(await replay(scenario, budget, f, o));
  if (argv.includes("--json")) process.stdout.write(JSON.stringify({ options: o, rows }, null, 2) + "\n");
  else process.stdout.write(renderTable(rows));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
