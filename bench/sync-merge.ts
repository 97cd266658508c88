// memctl sync on a 10,000-card store with 1,000 changes on each of two machines (900 edits, 50 new cards,
// 50 removals; 100 of the edits are of the same cards on both sides), plus 100 episodes each. Times the sync
// that merges (commit, fetch, merge with memctl's drivers, conflicts → proposals, history reconcile, push).
// Usage: node --import tsx bench/sync-merge.ts [--cards 10000] [--changes 1000]
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { generateCards, writeStore } from "./gen-store.js";
import { numberArg } from "./rounds.js";

const CARDS = numberArg("cards", 10_000);
const CHANGES = numberArg("changes", 1_000);
const CLI = path.resolve("dist/cli.js");
const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "memctl-bench-sync-")));
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

function machine(name: string) {
  const home = path.join(root, name);
  fs.mkdirSync(path.join(home, "project"), { recursive: true });
  fs.writeFileSync(path.join(home, ".gitconfig"), `[user]\n\tname = ${name}\n\temail = ${name}@example.invalid\n`);
  const mem = path.join(home, "memory");
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    GIT_CONFIG_GLOBAL: path.join(home, ".gitconfig"),
    GIT_CONFIG_NOSYSTEM: "1",
    MEMCTL_MEMORY_DIR: mem,
    MEMCTL_CONFIG_FILE: path.join(home, "c.toml"),
  };
  execFileSync("git", ["init", "-q", path.join(home, "project")], { env });
  const memctl = (...args: string[]) => execFileSync(process.execPath, [CLI, ...args], { cwd: path.join(home, "project"), env, stdio: "pipe" }).toString();
  const git = (...args: string[]) => execFileSync("git", args, { cwd: mem, env, stdio: "pipe" }).toString();
  return { mem, env, memctl, git };
}

function timed<T>(fn: () => T): [T, number] {
  const t0 = performance.now();
  const r = fn();
  return [r, performance.now() - t0];
}

const remote = path.join(root, "remote.git");
execFileSync("git", ["init", "-q", "--bare", "-b", "main", remote]);
const a = machine("a");
const b = machine("b");
const cards = generateCards(CARDS, 7);
writeStore(a.mem, cards);
const at = "2026-12-01T00:00:00.000Z";
fs.mkdirSync(path.join(a.mem, ".memctl"));
fs.writeFileSync(
  path.join(a.mem, ".memctl/history.jsonl"),
  cards
    .map((c) => JSON.stringify({ rev: 1, card: c.file, op: "create", actor: "human", at, sha256: sha(fs.readFileSync(path.join(a.mem, c.file), "utf8")), bytes: 0 }) + "\n")
    .join(""),
);
const [, initMs] = timed(() => a.memctl("sync", "init", remote));
execFileSync("git", ["clone", "-q", remote, b.mem], { env: b.env });
b.memctl("sync");

/** 1,000 changes on one side, as memctl writes them: card files, their index lines, history lines, episodes. */
function change(m: ReturnType<typeof machine>, side: string, editFrom: number) {
  const index = fs.readFileSync(path.join(m.mem, "MEMORY.md"), "utf8").split("\n");
  const history: string[] = [];
  const edits = Math.round(CHANGES * 0.9);
  const news = Math.round(CHANGES * 0.05);
  for (let i = editFrom; i < editFrom + edits; i++) {
    const file = cards[i]!.file;
    const text = fs.readFileSync(path.join(m.mem, file), "utf8") + `\nEdited on ${side}.\n`;
    fs.writeFileSync(path.join(m.mem, file), text);
    history.push(JSON.stringify({ rev: 2, card: file, op: "update", actor: "human", at: `2026-12-02T00:00:0${side === "a" ? 1 : 2}.000Z`, sha256: sha(text), bytes: text.length }));
  }
  const removeFrom = side === "a" ? CARDS - news : CARDS - 2 * news;
  for (let i = removeFrom; i < removeFrom + news; i++) {
    const file = cards[i]!.file;
    fs.rmSync(path.join(m.mem, file));
    const line = index.findIndex((l) => l.includes(`](${file})`));
    if (line >= 0) index.splice(line, 1);
    history.push(JSON.stringify({ rev: 2, card: file, op: "delete", actor: "human", at, sha256: null, bytes: 0 }));
  }
  for (let i = 0; i < news; i++) {
    const file = `feedback_new-${side}-${i}.md`;
    const text = `---\nname: new-${side}-${i}\ndescription: new on ${side}\ntopics: []\npriority: normal\nstatus: active\nupdated_at: "2026-12-02"\nrepo_refs: []\n---\nNew.\n`;
    fs.writeFileSync(path.join(m.mem, file), text);
    index.splice(2 + i * 37, 0, `- [new ${side} ${i}](${file}) — new on ${side}`);
    history.push(JSON.stringify({ rev: 1, card: file, op: "create", actor: "human", at, sha256: sha(text), bytes: text.length }));
  }
  fs.writeFileSync(path.join(m.mem, "MEMORY.md"), index.join("\n"));
  fs.appendFileSync(path.join(m.mem, ".memctl/history.jsonl"), history.map((l) => `${l}\n`).join(""));
  const eps = Array.from(
    { length: 100 },
    (_, i) => JSON.stringify({ ts: `2026-12-02T01:${String(i % 60).padStart(2, "0")}:00.000Z`, host: side, summary: `episode ${i} on ${side}` }) + "\n",
  );
  fs.appendFileSync(path.join(m.mem, "episodes.jsonl"), eps.join(""));
}

const overlap = Math.round(CHANGES * 0.1);
change(a, "a", 0);
change(b, "b", Math.round(CHANGES * 0.9) - overlap);
const [, pushMs] = timed(() => b.memctl("sync"));
const [out, mergeMs] = timed(() => JSON.parse(a.memctl("sync", "--json")) as { proposals: string[]; merged: boolean; pushed: boolean });
const [, pullMs] = timed(() => b.memctl("sync"));

const files = a.git("ls-files").split("\n").filter(Boolean);
const markers = files.filter((f) => /^(<{7}|>{7})/m.test(fs.readFileSync(path.join(a.mem, f), "utf8"))).length;
const cardCount = files.filter((f) => /^(feedback|project|reference|user)_/.test(f)).length;
const indexLines = fs
  .readFileSync(path.join(a.mem, "MEMORY.md"), "utf8")
  .split("\n")
  .filter((l) => l.startsWith("- [")).length;
const episodes = fs.readFileSync(path.join(a.mem, "episodes.jsonl"), "utf8").split("\n").filter(Boolean).length;
console.log(`cards ${CARDS}, changes ${CHANGES} per side (${overlap} cards edited on both)`);
console.log(`sync init (commit ${CARDS} cards, push): ${initMs.toFixed(0)} ms`);
console.log(`b: sync (commit + push its changes):     ${pushMs.toFixed(0)} ms`);
console.log(`a: sync that merges (commit, fetch, merge, ${out.proposals.length} proposals, push): ${mergeMs.toFixed(0)} ms`);
console.log(`b: sync that fast-forwards:             ${pullMs.toFixed(0)} ms`);
console.log(`after: ${cardCount} cards, ${indexLines} index lines, ${episodes} episodes, ${markers} files with conflict markers`);
console.log(`same head on both: ${a.git("rev-parse", "HEAD") === b.git("rev-parse", "HEAD")}`);
fs.rmSync(root, { recursive: true, force: true });
