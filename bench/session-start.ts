// Session start against `node -e 0`, interleaved: `memctl hook session-start` (the overview without a compact,
// the pinned cards first) as a host spawns it, each a fresh process timed spawn to exit with its peak RSS (GNU
// time): the warm start, the start after an in-place hand edit of one card, and the start after one MEMORY.md
// line is rewritten (as a save does), and a start with a payload it refuses (module loading only). CPU time
// (user + system) beside wall time. Issue 32's target: ≤ 2× at 100,000 cards.
// Run: npm run build && node --import tsx bench/session-start.ts --cards 10000 --runs 5 [--compare <old dist>]
// --compare runs another build's CLI on its own copy of the store in the same rounds. `node -e 0` runs with the
// same environment as the hook: an inherited NODE_EXTRA_CA_CERTS alone adds ~50 ms to a node start.
// --dir DIR generates the store there once and reuses it (100,000 cards take minutes to write; each build copies it).
// --steady adds a second start right after each round's first (nothing changed since the start before it: the
// steady warm start, which prints the lines that start kept, lib/hook/overview-kept.ts).
// The freshness keeper: this build's session start starts one for a store above 10,000 entries (and a prompt is
// run once first, as a store in use has had, so the keeper finds a rank cache to keep rather than building one);
// --no-keeper turns it off ([hook] keeper = false). --gap-ms N waits N ms before each start instead of 300 ms:
// 2100 leaves no start a check made by the start before it, so without a keeper each start checks every card.
// --save adds a start after a `memctl save` of one card's description (each build's own save, not timed): what
// the index edit above does by hand, memctl does with a journaled edit of that line (lib/store/index-links.ts).
// --warm-rows adds warm starts told apart by the card cache's state: one more start after the index edit's (the
// 64 MB file just rewritten: no delta) and, with --save, two more after the save's (the save's delta in force; the
// first of them makes the pins again for the new delta, the second is the warm start until the next fold).
// --save-new adds a start after a `memctl save` of a new card and one after its `memctl rm` (each build's own).
// Every keeper is killed before the stores are removed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateCards, generateStore } from "./gen-store.js";
import { sleepSync, timedNode } from "./timed-child.js";
import { arg, buildCopies, numberArg, printRows, recordRow, type Rows } from "./rounds.js";

const cards = numberArg("cards", 10_000);
const runs = numberArg("runs", 5);

/** Wall ms (spawn to exit), peak RSS MiB and CPU ms (user + system) of one process under GNU time, and its stdout. */
function timed(args: string[], env: NodeJS.ProcessEnv, input = ""): [number, number, string, number] {
  const r = timedNode(args, env, input);
  return [r.ms, r.rssMiB, r.stdout, r.cpuMs];
}

const gapMs = Number(arg("gap-ms") ?? 300);
const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-session-start-"));
const home = path.join(root, "home");
fs.mkdirSync(home);
// The owner's save past the agent guardrails' default file count (as cli-scale.ts).
fs.writeFileSync(
  path.join(home, "c.toml"),
  `${process.argv.includes("--no-keeper") ? "[hook]\nkeeper = false\n" : ""}[guardrails]\nmax_files = ${cards * 2 + 1000}\nmax_total_bytes = ${1 << 30}\n`,
);
const template = arg("dir") ? path.resolve(arg("dir")!) : path.join(root, "store");
const store = fs.existsSync(path.join(template, "MEMORY.md")) ? { cards: generateCards(cards) } : generateStore({ cards, dir: template, usageCalls: 0 });
const setups = buildCopies(template, root, home);
// One prompt first, as in a store in use: the rank cache exists (and, above 10,000 entries, a keeper runs).
for (const s of setups) timed([s.hook, "--host", "codex"], s.env, JSON.stringify({ session_id: "warm", cwd: root, prompt: "deploy migration" }));
let session = 0;
const start = (s: (typeof setups)[number]) =>
  timed([s.cli, "hook", "session-start", "--host", "codex"], s.env, JSON.stringify({ session_id: `ss-${session++}`, cwd: root, source: "startup" }));
const outputs = new Map<string, string>();
for (const s of setups) {
  const [ms, mib, out] = start(s); // the first start writes the card cache
  console.error(`${s.name}: first start ${ms.toFixed(0)} ms, ${mib.toFixed(0)} MiB, ${out.length} chars out`);
  outputs.set(s.name, out.replaceAll(s.dir, "<dir>"));
}
sleepSync(gapMs);

const rows: Rows = new Map();
/** Each start's output by run and round, every build's: they must be the same. */
const printed = new Map<string, Set<string>>();
const record = (key: string, [ms, mib, out, cpu]: [number, number, string, number], s?: (typeof setups)[number]) => {
  if (s) {
    const at = `${key.slice(key.indexOf(":"))} ${rows.get(key)?.ms.length ?? 0}`;
    printed.set(at, (printed.get(at) ?? new Set()).add(out.replaceAll(s.dir, "<dir>")));
  }
  recordRow(rows, key, ms, mib, cpu);
};
const plain = store.cards.filter((c) => c.priority === "normal");
for (let round = 0; round < runs; round++) {
  record("node -e 0", timed(["-e", "0"], setups[0]!.env));
  for (const s of setups) {
    sleepSync(gapMs);
    record(`${s.name}: session start`, start(s), s);
  }
  for (const s of process.argv.includes("--steady") ? setups : []) {
    sleepSync(gapMs);
    record(`${s.name}: session start, steady (nothing changed since the last)`, start(s), s);
  }
  // A payload with no cwd: the start ends before any store is read, so this is loading the modules only.
  for (const s of setups) record(`${s.name}: session start, bad payload (modules only)`, timed([s.cli, "hook", "session-start", "--host", "codex"], s.env, "{}"));
  const edited = plain[(round * 7919) % plain.length]!;
  for (const s of setups) {
    const file = path.join(s.dir, edited.file);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("topics:\n", `topics:\n  - "quokka${round}"\n`)); // in place: same inode
  }
  for (const s of setups) {
    sleepSync(gapMs);
    record(`${s.name}: session start after an in-place edit`, start(s), s);
  }
  // One index line rewritten, as a save rewrites its card's line: MEMORY.md's stamp moves, the other lines do not.
  for (const s of setups) {
    const index = path.join(s.dir, "MEMORY.md");
    const text = fs.readFileSync(index, "utf8");
    const at = text.indexOf(`](${edited.file})`);
    fs.writeFileSync(index, `${text.slice(0, at)}](${edited.file}) (edited ${round})${text.slice(at + edited.file.length + 3)}`);
  }
  for (const s of setups) {
    sleepSync(gapMs);
    record(`${s.name}: session start after an index edit`, start(s), s);
  }
  const warmRows = process.argv.includes("--warm-rows");
  for (const s of warmRows ? setups : []) {
    sleepSync(gapMs);
    record(`${s.name}: warm session start, no delta`, start(s), s);
  }
  if (process.argv.includes("--save")) {
    for (const s of setups) {
      const r = spawnSync(process.execPath, [s.cli, "save", edited.file.replace(/\.md$/, ""), "-d", `saved in round ${round}`], { env: s.env, cwd: root, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`${s.name}: save failed: ${r.stderr}`);
    }
    for (const s of setups) {
      sleepSync(gapMs);
      record(`${s.name}: session start after a save`, start(s), s);
    }
    for (let again = 0; again < (warmRows ? 2 : 0); again++) {
      for (const s of setups) {
        sleepSync(gapMs);
        record(`${s.name}: ${again === 0 ? "second start after a save (a delta in force)" : "warm session start, a delta in force"}`, start(s), s);
      }
    }
  }
  if (process.argv.includes("--save-new")) {
    // A new card's save (its file created, its line appended to MEMORY.md), then its `rm`: each build's own, not timed.
    for (const [what, args] of [
      ["a new card's save", ["save", `benchnew${round}`, "-t", "project", "-d", `a new card saved in round ${round}`]],
      ["an rm", ["rm", `project_benchnew${round}`]],
    ] as const) {
      for (const s of setups) {
        const r = spawnSync(process.execPath, [s.cli, ...args], { env: s.env, cwd: root, encoding: "utf8" });
        if (r.status !== 0) throw new Error(`${s.name}: ${what} failed: ${r.stderr}`);
      }
      for (const s of setups) {
        sleepSync(gapMs);
        record(`${s.name}: session start after ${what}`, start(s), s);
      }
    }
  }
  record("node -e 0", timed(["-e", "0"], setups[0]!.env));
}

const same = new Set(outputs.values()).size === 1 ? "the same" : "DIFFERENT";
const every = [...printed.values()].every((outs) => outs.size === 1) ? "the same" : "DIFFERENT";
printRows(
  `${cards.toLocaleString("en-US")} cards, ${runs} rounds, first output ${same} in every build (${outputs.get("after")!.length} chars), every later start's ${every}`,
  rows,
);
for (const s of setups) {
  // The keeper a prompt or a start left for this store: killed, and gone, before its store is removed.
  try {
    const { pid } = JSON.parse(fs.readFileSync(path.join(s.dir, ".memctl", "keeper", "owner"), "utf8")) as { pid: number };
    process.kill(pid, "SIGKILL");
    console.error(`${s.name}: keeper ${pid} stopped`);
  } catch {
    // none alive
  }
}
sleepSync(200);
fs.rmSync(root, { recursive: true, force: true });
