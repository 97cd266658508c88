// Session start right after each write, inside the keeper's trust window, two builds interleaved (issue 32): each
// build on its own copy of a bench/gen-store.ts store with its keeper alive; after a `memctl save` of one card's
// description, a hand edit of one MEMORY.md line, a hand edit of one card in place and a `memctl rm`, the start is
// run as soon as the keeper has recorded a check of the cache in force (under 0.4 s old), so every start may take
// the trusted path whatever the load; then the next start (the lines just kept). CPU by process.cpuUsage() at exit
// (a --require preload), peak RSS by GNU time; a start that found no check to trust reads the catalog (~250 MiB).
// Run: npm run build && node --import tsx bench/start-after-write.ts --dir <store> --cards 100000 --runs 4 --compare <old dist>
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateCards } from "./gen-store.js";
import { sleepSync, timedNode } from "./timed-child.js";
import { arg, buildCopies, median, numberArg } from "./rounds.js";
import { stopKeeper } from "./keeper-state.js";

const cards = numberArg("cards", 100_000);
const runs = numberArg("runs", 4);
const template = arg("dir");
if (!template || !fs.existsSync(path.join(template, "MEMORY.md"))) throw new Error("--dir: a store bench/gen-store.ts wrote");
const plain = generateCards(cards).filter((c) => c.priority === "normal" && c.status === "active");
const root = fs.mkdtempSync(path.join(os.tmpdir(), "memctl-start-after-write-"));
const home = path.join(root, "home");
fs.mkdirSync(home);
fs.writeFileSync(path.join(home, "c.toml"), `[guardrails]\nmax_files = ${cards * 2 + 1000}\nmax_total_bytes = ${1 << 30}\n`);
const cpuFile = path.join(root, "cpu.txt");
const preload = path.join(root, "cpu.cjs");
fs.writeFileSync(
  preload,
  `process.on("exit", () => { const u = process.cpuUsage(); require("node:fs").writeFileSync(${JSON.stringify(cpuFile)}, String((u.user + u.system) / 1000)); });`,
);
const rows = new Map<string, { cpu: number[]; wall: number[]; mib: number[] }>();
const outputs = new Map<string, string>();
const run = (key: string, args: string[], env: NodeJS.ProcessEnv, input: string) => {
  fs.rmSync(cpuFile, { force: true });
  const r = timedNode(["--require", preload, ...args], env, input);
  const row = rows.get(key) ?? { cpu: [], wall: [], mib: [] };
  row.cpu.push(Number(fs.readFileSync(cpuFile, "utf8")));
  row.wall.push(r.ms);
  row.mib.push(r.rssMiB);
  rows.set(key, row);
  return r.stdout;
};
/** The keeper's check names the cache in force (the delta, else the card-cache file), ended after `since` and under 0.4 s ago. */
const freshCheck = (dir: string, since: number) => {
  try {
    const check = JSON.parse(fs.readFileSync(path.join(dir, ".memctl", "card-check"), "utf8")) as { cache: number[]; at: number };
    const delta = path.join(dir, ".memctl", "card-delta");
    const st = fs.statSync(fs.existsSync(delta) ? delta : path.join(dir, ".memctl", "card-cache"));
    return [st.mtimeMs, st.size, st.ctimeMs, st.ino].every((v, i) => v === check.cache[i]) && check.at > since && Date.now() - check.at < 400;
  } catch {
    return false;
  }
};
let missed = 0;
const waitFresh = (dir: string, since: number) => {
  for (const end = Date.now() + 20_000; Date.now() < end; sleepSync(15)) if (freshCheck(dir, since)) return;
  missed++;
};
try {
  const setups = buildCopies(path.resolve(template), root, home);
  let session = 0;
  const startInput = () => JSON.stringify({ session_id: `saw-${session++}`, cwd: root, source: "startup" });
  const start = (key: string, s: (typeof setups)[number], round: number) => {
    // Each build's block names its own copy of the store: compared without it.
    const out = run(`${s.name}: ${key}`, [s.cli, "hook", "session-start", "--host", "codex"], s.env, startInput()).replaceAll(s.dir, "<store>");
    const other = outputs.get(`${round} ${key}`);
    if (other !== undefined && other !== out) {
      const dump = arg("dump");
      if (dump) fs.writeFileSync(`${dump}.${s.name}`, out);
      if (dump) fs.writeFileSync(`${dump}.other`, other);
      throw new Error(`${key}: the builds printed different starts`);
    }
    outputs.set(`${round} ${key}`, out);
  };
  // A prompt first (the keeper finds a rank cache), then starts until the lines are kept.
  for (const s of setups)
    spawnSync(process.execPath, [s.hook, "--host", "codex"], { env: s.env, input: JSON.stringify({ session_id: "w", cwd: root, prompt: "deploy" }), cwd: root });
  for (let i = 0; i < 3; i++)
    for (const s of setups) {
      waitFresh(s.dir, 0);
      spawnSync(process.execPath, [s.cli, "hook", "session-start", "--host", "codex"], { env: s.env, input: startInput(), cwd: root });
    }
  missed = 0;
  const cli = (s: (typeof setups)[number], ...args: string[]) => {
    const r = spawnSync(process.execPath, [s.cli, ...args], { env: s.env, encoding: "utf8", cwd: root });
    if (r.status !== 0) throw new Error(`${s.name} ${args[0]}: ${r.stderr}`);
  };
  const edit = (file: string, change: (text: string) => string) => fs.writeFileSync(file, change(fs.readFileSync(file, "utf8")));
  for (let round = 0; round < runs; round++) {
    run("node -e 0", ["-e", "0"], setups[0]!.env, "");
    const order = round % 2 === 0 ? setups : [...setups].reverse();
    const pick = (k: number) => plain[(round * 7919 + k * 2003) % plain.length]!.file;
    const writes: [string, (s: (typeof setups)[number]) => void][] = [
      ["a save", (s) => cli(s, "save", pick(0).replace(/\.md$/, ""), "-d", `round ${round}: the zanzibar flag moved`)],
      [
        "a hand edit of one MEMORY.md line",
        (s) =>
          edit(path.join(s.dir, "MEMORY.md"), (t) => {
            const end = t.indexOf("\n", t.indexOf(`(${pick(1)})`));
            return `${t.slice(0, end)} (quokka ${round})${t.slice(end)}`;
          }),
      ],
      ["a hand edit of a card", (s) => edit(path.join(s.dir, pick(2)), (t) => t.replace("topics:", `topics:\n  - wombat${round}`))],
      ["an rm", (s) => cli(s, "rm", pick(3).replace(/\.md$/, ""))],
    ];
    for (const [what, write] of writes)
      for (const s of order) {
        const since = Date.now();
        write(s);
        waitFresh(s.dir, since);
        start(`start after ${what}`, s, round);
        waitFresh(s.dir, 0);
        start(`the next start after ${what}`, s, round);
      }
  }
  const span = (xs: number[], d = 0) => `${Math.min(...xs).toFixed(d)} / ${median(xs).toFixed(d)} / ${Math.max(...xs).toFixed(d)}`;
  const node = rows.get("node -e 0")!;
  console.log(
    `${cards} cards, ${runs} rounds, checks waited for in vain: ${missed}, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  console.log("| run | CPU ms min / median / max | CPU ratio | wall ms min / median / max | wall ratio | peak RSS MiB min / median / max |\n|---|---:|---:|---:|---:|---:|");
  for (const [key, row] of rows)
    console.log(
      `| ${key} | ${span(row.cpu)} | ${(median(row.cpu) / median(node.cpu)).toFixed(2)}x | ${span(row.wall)} | ${(median(row.wall) / median(node.wall)).toFixed(2)}x | ${span(row.mib)} |`,
    );
} finally {
  // Each copy's keeper stopped before its store goes.
  for (const d of fs.readdirSync(root)) stopKeeper(path.join(root, d));
  sleepSync(500);
  fs.rmSync(root, { recursive: true, force: true });
}
