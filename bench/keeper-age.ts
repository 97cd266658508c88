// The freshness keeper over time (lib/rank-cache/keeper.ts): how old the last recorded full check is when sampled,
// which is what every prompt, session start, `list` and `search` above 10,000 cards compares with its 2 s window
// (docs/internals.md, "Freshness"); and the keeper's CPU share and peak RSS. Two builds at once, each keeper on its
// own copy of one store, sampled in the same loop, so both meet the same load.
// Run: npm run build && node --import tsx bench/keeper-age.ts --cards 100000 --dir DIR --compare <old dist> [--samples 40]
// Phases: at rest; an in-place hand edit of a card every 4 s; after a `memctl save`; after a new card's save; after its rm. Each copy is listed first (so it
// has a card cache, as a store in use does) and prompted once (its rank cache, and its keeper started by the hook).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateCards, generateStore } from "./gen-store.js";
import { arg, buildCopies, median, numberArg } from "./rounds.js";
import { sleepSync } from "./timed-child.js";

const cards = numberArg("cards", 100_000);
const samples = numberArg("samples", 40);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-keeper-age-"));
const home = path.join(root, "home");
fs.mkdirSync(home);
const template = arg("dir") ? path.resolve(arg("dir")!) : path.join(root, "store");
const store = fs.existsSync(path.join(template, "MEMORY.md")) ? { cards: generateCards(cards) } : generateStore({ cards, dir: template, usageCalls: 0 });
const plain = store.cards.filter((c) => c.priority === "normal" && c.status === "active");
const copies = buildCopies(template, root, home);
const payload = JSON.stringify({ session_id: "keeper-age", cwd: root, hook_event_name: "UserPromptSubmit", prompt: "deploy migration" });
for (const c of copies) {
  const run = (argv: string[], input?: string) => {
    const r = spawnSync(process.execPath, argv, { env: c.env, input: input ?? "", stdio: ["pipe", "ignore", "pipe"], encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${c.name} ${argv.join(" ")}: ${r.stderr}`);
  };
  run([c.cli, "list", "--json"]);
  run([c.hook, "--host", "codex"], payload);
}

/** The pid of the keeper holding each copy's lock (waits for it). */
function keeperOf(dir: string): number {
  for (let i = 0; i < 200; i++) {
    try {
      return (JSON.parse(fs.readFileSync(path.join(dir, ".memctl", "keeper", "owner"), "utf8")) as { pid: number }).pid;
    } catch {
      sleepSync(100);
    }
  }
  throw new Error(`no keeper for ${dir}`);
}
const keepers = copies.map((c) => ({ ...c, pid: keeperOf(c.dir) }));

/** The rank cache's last check (its delta's mtime, else the cache's) and the card cache's recorded one. */
function ages(dir: string, now: number): [rank: number, card: number] {
  const delta = path.join(dir, ".memctl", "rank-delta.json");
  const rank = fs.statSync(fs.existsSync(delta) ? delta : path.join(dir, ".memctl", "rank-cache.bin")).mtimeMs;
  let card = Number.NEGATIVE_INFINITY;
  try {
    card = (JSON.parse(fs.readFileSync(path.join(dir, ".memctl", "card-check"), "utf8")) as { at: number }).at;
  } catch {
    // none recorded
  }
  return [now - rank, now - card];
}

/** CPU seconds (user + system) and peak RSS MiB of a process, from /proc. */
function usage(pid: number): [cpuS: number, hwmMiB: number] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const hwm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return [(Number(f[11]) + Number(f[12])) / 100, Number(hwm) / 1024];
}

const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const show = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString("en-US") : "none");
  return `${show(s[0]!)} / ${show(median(s))} / ${show(s[s.length - 1]!)}`;
};

function phase(title: string, each?: (i: number) => void): void {
  const load = os.loadavg()[0]!;
  const start = keepers.map((k) => ({ cpu: usage(k.pid)[0], at: performance.now(), rank: [] as number[], card: [] as number[] }));
  for (let i = 0; i < samples; i++) {
    each?.(i);
    sleepSync(500);
    const now = Date.now();
    keepers.forEach((k, j) => {
      const [rank, card] = ages(k.dir, now);
      start[j]!.rank.push(rank);
      start[j]!.card.push(card);
    });
  }
  console.log(`\n${title} (${samples} samples 0.5 s apart; load ${load.toFixed(1)} → ${os.loadavg()[0]!.toFixed(1)})`);
  keepers.forEach((k, j) => {
    const s = start[j]!;
    const [cpu, hwm] = usage(k.pid);
    const share = (100 * (cpu - s.cpu)) / ((performance.now() - s.at) / 1000);
    const late = (xs: number[]) => xs.filter((a) => a >= 2_000).length;
    console.log(
      `  ${k.name}: rank check age ${fmt(s.rank)} ms (${late(s.rank)} of ${samples} ≥ 2 s), card check age ${fmt(s.card)} ms (${late(s.card)} ≥ 2 s), keeper ${share.toFixed(0)}% of a core, peak RSS ${hwm.toFixed(0)} MiB`,
    );
  });
}

try {
  sleepSync(3_000); // the keepers' first, full rounds
  phase("at rest");
  phase("an in-place hand edit of a card every 4 s", (i) => {
    if (i % 8 !== 0) return;
    const card = plain[(i * 7919 + 13) % plain.length]!;
    for (const k of keepers) {
      const file = path.join(k.dir, card.file);
      fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("topics:\n", `topics:\n  - "quokka${i}"\n`));
    }
  });
  for (const k of keepers) {
    const name = plain[4242]!.file.replace(/\.md$/, "");
    const r = spawnSync(process.execPath, [k.cli, "save", name, "-t", name.split("_")[0]!, "-d", "the zanzibar flag moved"], { env: k.env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${k.name} save: ${r.stderr}`);
  }
  phase("after a `memctl save` (no command reads the card cache again)");
  // A new card (its file created, its line appended to MEMORY.md), then its removal: the listing changes.
  for (const [what, args] of [
    ["a new card's `memctl save`", ["save", "zanzibar", "-t", "project", "-d", "the zanzibar flag is new"]],
    ["its `memctl rm`", ["rm", "project_zanzibar"]],
  ] as const) {
    for (const k of keepers) {
      const r = spawnSync(process.execPath, [k.cli, ...args], { env: k.env, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`${k.name} ${what}: ${r.stderr}`);
    }
    phase(`after ${what}`);
  }
} finally {
  for (const k of keepers) {
    try {
      process.kill(k.pid, "SIGKILL");
    } catch {
      // exited
    }
  }
  fs.rmSync(root, { recursive: true, force: true });
}
