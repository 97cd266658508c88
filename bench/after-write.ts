// The first prompt after a write, against `node -e 0`, interleaved: a warm prompt, the prompt after a `memctl
// save` (an update of an existing card) and the prompt after an in-place hand edit of a card, each a fresh hook
// process timed spawn to exit with its peak RSS (GNU time). Issue 32 item 1's targets.
// Run: npm run build && node --import tsx bench/after-write.ts --cards 10000 --runs 5 [--compare <old dist>] [--wait-ms 300] [--gap-ms 2500] [--dir DIR] [--sync] [--card-cache] [--all-writes]
// --compare runs another build's hook and CLI on its own copy of the store in the same rounds. --wait-ms is the
// pause between the write and the prompt (a person takes seconds; under 100 ms the cache refuses a racy write).
// --dir keeps the generated store there and reuses it on the next run (100,000 cards take minutes to generate).
// --all-writes also times the first prompt after a `memctl save` of a new card (MEMORY.md appended in place), after a
// hand edit of one MEMORY.md line (its hook rewritten in place, the file written whole as an editor does) and after
// `memctl rm` of that new card. CPU is the hook's own (process.cpuUsage() at exit, through a --require preload, as
// bench/hook-ab.ts takes it): GNU time's 10 ms ticks are a sixth of a warm prompt. The builds alternate each round.
// --sync also times the first prompt after `memctl sync` pulled one card a teammate changed: each build's copy
// syncs with a bare remote of its own (bench/teammate.ts), and each round pushes the same edit into each.
// Above 10,000 cards the hook starts a freshness keeper (lib/rank-cache/keeper.ts): its CPU time and peak RSS are
// reported, and it is stopped before the store is removed.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateCards, generateStore, type GeneratedCard } from "./gen-store.js";
import { arg, buildCopies, numberArg, printRows, recordRow, type Rows } from "./rounds.js";
import { HOOK_NODE_FLAGS } from "../lib/core/hook-flags.js";
import { gitHome, pushCardEdit, syncedStore } from "./teammate.js";
import { sleepSync, timedNode } from "./timed-child.js";

const cards = numberArg("cards", 10_000);
const runs = numberArg("runs", 5);
const waitMs = numberArg("wait-ms", 300);
// Before each warm prompt: people type prompts seconds apart, and above 10,000 cards a prompt within 2 s of the
// last full check trusts it (docs/internals.md, "Freshness"), which back-to-back runs would measure instead.
const gapMs = numberArg("gap-ms", 2_500);
const pulls = process.argv.includes("--sync");
// --card-cache: each copy listed once first (`memctl list --json`), so it has a card cache, as a store in use does
// (every session start writes one); the keeper then checks it beside the rank cache. A copy's ctimes are new, so a
// cache made in the template would not match: it is made on each copy.
const listed = process.argv.includes("--card-cache");
const allWrites = process.argv.includes("--all-writes");

const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-after-write-"));
const home = path.join(root, "home");
fs.mkdirSync(home);
const cpuFile = path.join(root, "cpu.txt");
const preload = path.join(root, "cpu.cjs");
fs.writeFileSync(
  preload,
  `process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(${JSON.stringify(cpuFile)}, String((u.user + u.system) / 1000)); });`,
);

/** Wall ms (spawn to exit), peak RSS MiB (GNU time) and CPU ms (the process's own, at exit) of one process. */
function timed(args: string[], env: NodeJS.ProcessEnv, input = ""): [number, number, number] {
  fs.rmSync(cpuFile, { force: true });
  const r = timedNode(["--require", preload, ...args], env, input);
  return [r.ms, r.rssMiB, fs.existsSync(cpuFile) ? Number(fs.readFileSync(cpuFile, "utf8")) : Number.NaN];
}
const hookArgs = (hook: string) => [...HOOK_NODE_FLAGS, hook, "--host", "codex"];
const template = arg("dir") ? path.resolve(arg("dir")!) : path.join(root, "store");
// Reused when --dir already holds this script's store (the cards are the same: the generator is seeded).
const store = fs.existsSync(path.join(template, "MEMORY.md")) ? { cards: generateCards(cards) } : generateStore({ cards, dir: template, usageCalls: 0 });
const plain = store.cards.filter((c) => c.priority === "normal" && c.status === "active");
const gitEnv = pulls ? gitHome(home) : {};
const setups = buildCopies(template, root, home).map((s) => ({ ...s, env: { ...s.env, ...gitEnv }, remote: path.join(root, `${s.name}.git`) }));
if (pulls) for (const s of setups) syncedStore(s.remote, s.cli, s.env);
let session = 0;
const payload = (prompt: string) => JSON.stringify({ session_id: `after-write-${session++}`, cwd: root, hook_event_name: "UserPromptSubmit", prompt });
const PROMPT = "deploying to staging fails after the migration, check the helm chart";
for (const s of setups) {
  if (listed) {
    const r = spawnSync(process.execPath, [s.cli, "list", "--json"], { env: s.env, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${s.name} list: ${r.stderr}`);
  }
  const [ms, mib] = timed(hookArgs(s.hook), s.env, payload(PROMPT)); // builds the rank cache
  console.error(`${s.name}: cold build ${ms.toFixed(0)} ms, ${mib.toFixed(0)} MiB`);
}
sleepSync(waitMs);

const rows: Rows = new Map();
// CPU time beside wall time: on a shared, loaded machine it moves far less with the load (bench/hook-ab.ts).
const record = (key: string, [ms, mib, cpu]: [number, number, number?]) => recordRow(rows, key, ms, mib, cpu);
// The store's second prompt: it reads the cache the first one built (37 s to build again at 100,000 cards if not).
for (const s of setups) record(`${s.name}: second prompt (after the cold build)`, timed(hookArgs(s.hook), s.env, payload(PROMPT)));
const card = (round: number): GeneratedCard => plain[(round * 7919) % plain.length]!;
const all = setups;
for (let round = 0; round < runs; round++) {
  const setups = round % 2 === 0 ? all : [...all].reverse();
  sleepSync(gapMs);
  record("node -e 0", timed(["-e", "0"], setups[0]!.env)); // the hook's environment: an inherited NODE_EXTRA_CA_CERTS alone adds ~40 ms
  for (const s of setups) record(`${s.name}: warm prompt`, timed(hookArgs(s.hook), s.env, payload(PROMPT)));
  const saved = card(round);
  const name = saved.file.replace(/\.md$/, "");
  for (const s of setups) {
    const r = spawnSync(process.execPath, [s.cli, "save", name, "-t", name.split("_")[0]!, "-d", `round ${round}: the zanzibar flag moved`], { env: s.env, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${s.name} save: ${r.stderr}`);
  }
  sleepSync(waitMs);
  for (const s of setups) record(`${s.name}: first prompt after save`, timed(hookArgs(s.hook), s.env, payload(PROMPT)));
  const edited = card(round + 1000);
  for (const s of setups) {
    const file = path.join(s.dir, edited.file);
    fs.writeFileSync(file, fs.readFileSync(file, "utf8").replace("topics:\n", `topics:\n  - "quokka${round}"\n`)); // in place: same inode
  }
  sleepSync(waitMs);
  for (const s of setups) record(`${s.name}: first prompt after an in-place edit`, timed(hookArgs(s.hook), s.env, payload(PROMPT)));
  if (allWrites) {
    for (const s of setups) {
      const r = spawnSync(process.execPath, [s.cli, "save", `after_write_new_${round}`, "-t", "project", "-d", `round ${round}: a new card about the helm chart`], {
        env: s.env,
        encoding: "utf8",
      });
      if (r.status !== 0) throw new Error(`${s.name} save (new): ${r.stderr}`);
    }
    sleepSync(waitMs);
    for (const s of setups) record(`${s.name}: first prompt after saving a new card`, timed(hookArgs(s.hook), s.env, payload(PROMPT)));
    const line = card(round + 3000);
    for (const s of setups) {
      const file = path.join(s.dir, "MEMORY.md");
      const text = fs.readFileSync(file, "utf8");
      const at = text.indexOf(`(${line.file})`);
      const end = text.indexOf("\n", at);
      if (at < 0 || end < 0) throw new Error(`${s.name}: ${line.file} is not in MEMORY.md`);
      fs.writeFileSync(file, `${text.slice(0, end)} (quokka ${round})${text.slice(end)}`); // in place: same inode
    }
    sleepSync(waitMs);
    for (const s of setups) record(`${s.name}: first prompt after a hand edit of one MEMORY.md line`, timed(hookArgs(s.hook), s.env, payload(PROMPT)));
    for (const s of setups) {
      const r = spawnSync(process.execPath, [s.cli, "rm", `after_write_new_${round}`], { env: s.env, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`${s.name} rm: ${r.stderr}`);
    }
    sleepSync(waitMs);
    for (const s of setups) record(`${s.name}: first prompt after rm of the new card`, timed(hookArgs(s.hook), s.env, payload(PROMPT)));
  }
  if (pulls) {
    const pulled = card(round + 2000);
    // Words no generated card has, one of them new each round: the card pulled now ranks first.
    const words = `wombat kumquat zq${String.fromCharCode(97 + (round % 26))}${String.fromCharCode(97 + Math.floor(round / 26))}x`;
    for (const s of setups) pushCardEdit(s.remote, pulled.file, `round ${round}: ${words}`, s.env);
    for (const s of setups) {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [s.cli, "sync"], { env: s.env, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`${s.name} sync: ${r.stderr}`);
      record(`${s.name}: memctl sync (pull of 1 card; not a prompt)`, [Number(process.hrtime.bigint() - t) / 1e6, Number.NaN, Number.NaN]);
    }
    sleepSync(waitMs);
    for (const s of setups) {
      const out = timedNode([s.hook, "--host", "codex"], s.env, payload(words));
      if (!out.stdout.includes(`round ${round}: ${words}`)) throw new Error(`${s.name}: the pulled change is not in the block:\n${out.stdout}`);
      record(`${s.name}: first prompt after a sync pull`, [out.ms, out.rssMiB, out.cpuMs]);
    }
  }
  record("node -e 0", timed(["-e", "0"], setups[0]!.env)); // the hook's environment: an inherited NODE_EXTRA_CA_CERTS alone adds ~40 ms
}

// The keepers the hooks started (each logs its pid to the hook log): CPU time over their life so far, peak RSS.
const keepers = [
  ...new Set(
    [
      ...(fs.existsSync(path.join(home, ".local/state/memctl/hook.log")) ? fs.readFileSync(path.join(home, ".local/state/memctl/hook.log"), "utf8") : "").matchAll(
        /\tkeeper (\d+) for /g,
      ),
    ].map((m) => Number(m[1])),
  ),
];
const tick = 100; // USER_HZ
const bootSeconds = Number(fs.readFileSync("/proc/uptime", "utf8").split(" ")[0]);
for (const pid of keepers) {
  try {
    const stat = fs
      .readFileSync(`/proc/${pid}/stat`, "utf8")
      .slice(fs.readFileSync(`/proc/${pid}/stat`, "utf8").lastIndexOf(")") + 2)
      .split(" ");
    const cpu = (Number(stat[11]) + Number(stat[12])) / tick;
    const alive = bootSeconds - Number(stat[19]) / tick;
    const hwm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    console.log(
      `keeper ${pid}: ${cpu.toFixed(1)} s CPU in ${alive.toFixed(0)} s alive (${((100 * cpu) / alive).toFixed(0)}% of a core), peak RSS ${(Number(hwm) / 1024).toFixed(0)} MiB`,
    );
    process.kill(pid, "SIGKILL");
  } catch {
    console.log(`keeper ${pid}: exited`);
  }
}
printRows(`${cards.toLocaleString("en-US")} cards, ${runs} rounds, wait ${waitMs} ms, gap ${gapMs} ms`, rows);
fs.rmSync(root, { recursive: true, force: true });
