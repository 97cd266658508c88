// What the hook's usage lookup costs on its first (and only) call in a fresh process: openUsage plus one get
// per ranked card, on a store with a full usage.tsv and a ~200 KB pending log of realistic hook lines (one line
// per call holding all its hits: tens to ~1,400 card paths). Each sample is a new process; medians reported.
// Run: node --import tsx bench/usage-lookup.ts [--cards 10000] [--only 64,390] [--runs 30] [--log-kb 200] [--keep]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generateCards, rng, shiftDay, writeUsage } from "./gen-store.js";
import { recordHitsSync, USAGE_LOG } from "../lib/usage/usage.js";

const TODAY = "2026-12-02";
const SELF = fileURLToPath(import.meta.url);

interface Fixture {
  dir: string;
  /** Card paths that occur in the pending log, then the rest, each list in a seeded order. */
  logged: string[];
  others: string[];
}

/** A sidecar only (openUsage reads no card files): a folded snapshot of most cards, then pending lines. */
function makeFixture(cards: number, logBytes: number, root: string): Fixture {
  const generated = generateCards(cards);
  writeUsage(root, generated, cards * 2, TODAY);
  const all = generated.map((c) => c.file);
  const r = rng(42);
  const logged = new Set<string>();
  const log = path.join(root, ".memctl", USAGE_LOG);
  for (let call = 0; fs.statSync(log).size < logBytes; call++) {
    // Hook lines hold every hit of a prompt: a broad prompt on a big store hits over a thousand cards.
    const size = Math.min(cards, 20 + Math.floor(r() ** 2 * Math.min(1400, cards)));
    const hits = new Set<string>();
    while (hits.size < size) hits.add(all[Math.floor(r() ** 2 * cards)]!);
    recordHitsSync(root, [...hits], shiftDay(TODAY, -Math.floor(r() * 3)));
    for (const h of hits) logged.add(h);
  }
  const shuffle = (xs: string[]) =>
    xs
      .map((x) => [r(), x] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, x]) => x);
  return { dir: root, logged: shuffle([...logged]), others: shuffle(all.filter((c) => !logged.has(c))) };
}

/** The ranked cards the hook asks about: mostly cards recently hit (they match the same prompts), some not. */
function onlySet(f: Fixture, n: number): string[] {
  const fromLog = Math.min(f.logged.length, Math.ceil(n * 0.75));
  return [...f.logged.slice(0, fromLog), ...f.others.slice(0, n - fromLog)];
}

async function child(dir: string, onlyFile: string): Promise<void> {
  const only = new Set<string>(JSON.parse(fs.readFileSync(onlyFile, "utf8")));
  const { openUsage } = await import("../lib/usage/usage.js");
  const t0 = performance.now();
  const lookup = openUsage(dir, TODAY, only);
  const t1 = performance.now();
  let found = 0;
  for (const card of only) if (lookup.get(card)) found++;
  const t2 = performance.now();
  process.stdout.write(JSON.stringify({ open: t1 - t0, get: t2 - t1, found, store: lookup.store }) + "\n");
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * (s.length - 1) + 0.5))]!;
};

function main(argv: string[]): void {
  const arg = (name: string, fallback: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1]! : fallback;
  };
  const cards = Number(arg("cards", "10000"));
  const sizes = arg("only", "64,390").split(",").map(Number);
  const runs = Math.max(1, Number(arg("runs", "30")));
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-usage-lookup-"));
  try {
    const f = makeFixture(cards, Number(arg("log-kb", "200")) * 1024, root);
    const stat = (name: string) => fs.statSync(path.join(root, ".memctl", name)).size;
    console.log(`${cards} cards: usage.tsv ${(stat("usage.tsv") / 1024).toFixed(0)} KB, ${USAGE_LOG} ${(stat(USAGE_LOG) / 1024).toFixed(0)} KB (${root})`);
    const files = sizes.map((n) => {
      const file = path.join(root, `only-${n}.json`);
      fs.writeFileSync(file, JSON.stringify(onlySet(f, n)));
      return file;
    });
    const samples = sizes.map(() => [] as { open: number; get: number; found: number }[]);
    // Interleaved, so drift in the machine's load falls on every size alike; the first 2 rounds warm the disk cache.
    for (let round = 0; round < runs + 2; round++) {
      files.forEach((file, k) => {
        const out = spawnSync(process.execPath, ["--import", "tsx", SELF, "--child", root, file], { encoding: "utf8" });
        if (out.status !== 0) throw new Error(out.stderr);
        if (round >= 2) samples[k]!.push(JSON.parse(out.stdout));
      });
    }
    sizes.forEach((n, k) => {
      const s = samples[k]!;
      const ms = (pick: (x: (typeof s)[number]) => number) =>
        `${quantile(s.map(pick), 0.5).toFixed(2)} (p10 ${quantile(s.map(pick), 0.1).toFixed(2)}, p90 ${quantile(s.map(pick), 0.9).toFixed(2)})`;
      console.log(`only ${n} (${s[0]!.found} with usage): openUsage ${ms((x) => x.open)} ms, gets ${ms((x) => x.get)} ms, total ${ms((x) => x.open + x.get)} ms`);
    });
  } finally {
    if (argv.includes("--keep")) console.log(`kept ${root}`);
    else fs.rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const argv = process.argv.slice(2);
  if (argv[0] === "--child") await child(argv[1]!, argv[2]!);
  else main(argv);
}
