// Two builds' prompts inside the keeper's trust window at 100,000 cards, in CPU time (process.cpuUsage() at exit,
// through a --require preload, as bench/hook-ab.ts measures): the first prompt after a `memctl save` that no keeper
// has folded yet (the prompt folds it: the refresh), and the warm prompt after it with the save's delta in force.
// No keeper runs ([hook] keeper = false); a live keeper's check is stood in for by setting the check's record (the
// delta's mtime, else the cache's) to "now" before each prompt, so every prompt takes the trusted path.
// --all-writes also times the prompt after a hand edit of one MEMORY.md line no keeper has folded (the prompt reads
// MEMORY.md and matches it to the index it has), the prompt after a hand edit made since the check (the check set
// before the edit, as a keeper's round just before it), and the warm prompt before any write (no delta) is timed first.
// Run: npm run build && node --import tsx bench/trusted-write-ab.ts --dir <gen-store.ts store> --cards 100000 --runs 12 --compare <other dist> [--all-writes]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOOK_NODE_FLAGS } from "../lib/core/hook-flags.js";
import { generateCards } from "./gen-store.js";
import { arg, buildCopies, numberArg } from "./rounds.js";
import { sleepSync } from "./timed-child.js";

const cards = numberArg("cards", 100_000);
const runs = numberArg("runs", 12);
const template = arg("dir");
const allWrites = process.argv.includes("--all-writes");
if (!template || !fs.existsSync(path.join(template, "MEMORY.md"))) throw new Error("--dir: a store bench/gen-store.ts wrote");
const plain = generateCards(cards).filter((c) => c.priority === "normal" && c.status === "active");
const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-trusted-ab-"));
const home = path.join(root, "home");
fs.mkdirSync(home);
fs.writeFileSync(path.join(home, "c.toml"), "[hook]\nkeeper = false\n");
const cpuFile = path.join(root, "cpu.txt");
const preload = path.join(root, "cpu.cjs");
fs.writeFileSync(
  preload,
  `process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(${JSON.stringify(cpuFile)}, String((u.user + u.system) / 1000)); });`,
);
const PROMPT = "deploying to staging fails after the migration, check the helm chart";
const rows = new Map<string, { cpu: number[]; wall: number[] }>();
const run = (key: string, args: string[], env: NodeJS.ProcessEnv, input: string) => {
  fs.rmSync(cpuFile, { force: true });
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { env, input, encoding: "utf8", cwd: root });
  const wall = Number(process.hrtime.bigint() - t) / 1e6;
  if (r.status !== 0) throw new Error(`${key}: ${r.stderr}`);
  const row = rows.get(key) ?? { cpu: [], wall: [] };
  row.cpu.push(Number(fs.readFileSync(cpuFile, "utf8")));
  row.wall.push(wall);
  rows.set(key, row);
  return r.stdout;
};
/** As a keeper's check that just ended: the delta's mtime (else the cache's) set to now. */
const checkedNow = (dir: string) => {
  const delta = path.join(dir, ".memctl", "rank-delta.json");
  const file = fs.existsSync(delta) ? delta : path.join(dir, ".memctl", "rank-cache.bin");
  const now = new Date(Date.now() - 20);
  fs.utimesSync(file, now, now);
};
try {
  const setups = buildCopies(path.resolve(template), root, home);
  let session = 0;
  const payload = () => JSON.stringify({ session_id: `trusted-ab-${session++}`, cwd: root, hook_event_name: "UserPromptSubmit", prompt: PROMPT });
  const hookArgs = (hook: string) => [...HOOK_NODE_FLAGS, "--require", preload, hook, "--host", "codex"];
  for (const s of setups) spawnSync(process.execPath, [s.hook, "--host", "codex"], { env: s.env, input: payload(), cwd: root }); // the cold build
  if (allWrites)
    for (let i = 0; i < 4; i++) {
      run("node -e 0", ["--require", preload, "-e", "0"], setups[0]!.env, "");
      for (const s of i % 2 === 0 ? setups : [...setups].reverse()) {
        checkedNow(s.dir);
        run(`${s.name}: warm prompt, no delta yet`, hookArgs(s.hook), s.env, payload());
      }
    }
  for (let round = 0; round < runs; round++) {
    run("node -e 0", ["--require", preload, "-e", "0"], setups[0]!.env, "");
    const order = round % 2 === 0 ? setups : [...setups].reverse();
    const name = plain[(round * 7919) % plain.length]!.file.replace(/\.md$/, "");
    for (const s of order) {
      const r = spawnSync(process.execPath, [s.cli, "save", name, "-t", name.split("_")[0]!, "-d", `round ${round}: the zanzibar flag moved`], { env: s.env, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`${s.name} save: ${r.stderr}`);
    }
    sleepSync(150); // past the 100 ms in which a source is too recent for the delta to be written
    for (const s of order) {
      checkedNow(s.dir);
      run(`${s.name}: prompt after an unfolded save`, hookArgs(s.hook), s.env, payload());
    }
    for (const s of order) {
      checkedNow(s.dir);
      run(`${s.name}: warm prompt, the save's delta in force`, hookArgs(s.hook), s.env, payload());
    }
    if (!allWrites) continue;
    const line = plain[(round * 7919 + 3000) % plain.length]!.file;
    for (const s of order) {
      const file = path.join(s.dir, "MEMORY.md");
      const text = fs.readFileSync(file, "utf8");
      const end = text.indexOf("\n", text.indexOf(`(${line})`));
      fs.writeFileSync(file, `${text.slice(0, end)} (quokka ${round})${text.slice(end)}`); // in place, as an editor
    }
    sleepSync(150);
    for (const s of order) {
      checkedNow(s.dir);
      run(`${s.name}: prompt after an unfolded hand edit of one MEMORY.md line`, hookArgs(s.hook), s.env, payload());
    }
    // As it happens with a keeper: its check made, then a hand edit, then a prompt inside that check's window (each
    // build in turn: a prompt that waited for the other build's could find its check past the window).
    const later = plain[(round * 7919 + 6000) % plain.length]!.file;
    for (const s of order) {
      checkedNow(s.dir);
      const file = path.join(s.dir, "MEMORY.md");
      const text = fs.readFileSync(file, "utf8");
      const end = text.indexOf("\n", text.indexOf(`(${later})`));
      fs.writeFileSync(file, `${text.slice(0, end)} (wombat ${round})${text.slice(end)}`);
      sleepSync(150);
      run(`${s.name}: prompt after a hand edit of one MEMORY.md line made since the check`, hookArgs(s.hook), s.env, payload());
    }
    // Folded (untimed), as the keeper's next round would: the next round's save then chains from it.
    for (const s of order) {
      checkedNow(s.dir);
      spawnSync(process.execPath, [s.hook, "--host", "codex"], { env: s.env, input: payload(), cwd: root });
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const span = (xs: number[]) => `${Math.min(...xs).toFixed(0)} / ${med(xs).toFixed(0)} / ${Math.max(...xs).toFixed(0)}`;
  const nodeCpu = med(rows.get("node -e 0")!.cpu);
  console.log(
    `${cards} cards, ${runs} rounds, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log("| run | CPU ms min / median / max | CPU ratio to node -e 0 | wall ms min / median / max |\n|---|---:|---:|---:|");
  for (const [key, row] of rows) console.log(`| ${key} | ${span(row.cpu)} | ${(med(row.cpu) / nodeCpu).toFixed(2)}x | ${span(row.wall)} |`);
} finally {
  fs.rmSync(root, { recursive: true, force: true });
}
