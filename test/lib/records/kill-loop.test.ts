import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { cardTextProblems } from "../../../lib/core/card-rules.js";
import { consolidate } from "../../../lib/proposals/consolidate.js";
import { latestByCard, readHistory, sha256Hex } from "../../../lib/store/history.js";
import { readJobs } from "../../../lib/store/jobs.js";
import { propose, readArchived, readPending } from "../../../lib/proposals/propose.js";
import { withRecordsLock } from "../../../lib/records/commit.js";
import { intentPath, readIntent } from "../../../lib/records/intent-file.js";
import { saveCard } from "../../../lib/records/save.js";
import { parseCard } from "../../../lib/core/card.js";
import { parseIndex } from "../../../lib/core/index-file.js";
import { REPO_ROOT, sandbox } from "../../helpers.js";

// SIGKILL loop over real `memctl save` / `accept` / `consolidate --accept-facts` processes, killed at random
// moments around their writes (the pause point stretches each rename to PAUSE_MS). After each kill: no torn
// file; then the next command (a writer's recovery, or the consolidate retry) runs and every card on disk has
// its history entry with its content hash, one index line carrying its description, no proposal is held, no
// job is left running. Counts are printed as a diagnostic; MEMCTL_KILL_LOOP_KILLS sets the target (default 320).

const CLI = path.join(REPO_ROOT, "dist", "cli.js");
const TARGET = Number(process.env.MEMCTL_KILL_LOOP_KILLS ?? 320);
const LANES = 4;
const PAUSE_MS = 25;
const OPS = ["save-update", "save-create", "accept", "consolidate"] as const;

interface Tally {
  kills: number;
  finished: number;
  torn: string[];
  violations: string[];
  states: Map<string, number>;
}

test(`SIGKILL at random moments of ${TARGET}+ real memctl writers: no torn file, every card recorded and indexed, retries complete`, { timeout: 600_000 }, async (t) => {
  const tally: Tally = { kills: 0, finished: 0, torn: [], violations: [], states: new Map() };
  const started = Date.now();
  await Promise.all(Array.from({ length: LANES }, (_, lane) => runLane(t, lane, tally)));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const states = [...tally.states].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`);
  t.diagnostic(
    `kills ${tally.kills}, finished before the kill ${tally.finished}, distinct states ${tally.states.size}, torn files ${tally.torn.length}, invariant violations ${tally.violations.length}, ${seconds} s`,
  );
  for (const s of states) t.diagnostic(`state ${s}`);
  assert.deepEqual(tally.torn, [], "torn files");
  assert.deepEqual(tally.violations, [], "invariant violations");
  assert.ok(tally.kills >= TARGET, `only ${tally.kills} kills`);
});

async function runLane(t: { after: (fn: () => void) => void }, lane: number, tally: Tally): Promise<void> {
  const s = sandbox([]);
  t.after(() => s.cleanup());
  const memory = s.memory;
  const env = {
    PATH: process.env.PATH,
    HOME: s.home,
    MEMCTL_CONFIG_FILE: path.join(s.home, "config.toml"),
    MEMCTL_MEMORY_DIR: memory,
    MEMCTL_PAUSE_BEFORE_COMMIT_MS: String(PAUSE_MS),
  };
  const ctx = { memoryDir: memory, actor: "human", now: new Date() };
  await saveCard(ctx, { name: "base", type: "project", description: "base rev 0" });
  for (let i = 0; tally.kills < TARGET && i < TARGET; i++) {
    const op = OPS[(i + lane) % OPS.length]!;
    const name = op === "save-update" ? "base" : `${op.slice(0, 1)}${lane}-${i}`;
    const file = `${op === "save-update" || op === "save-create" ? "project" : "reference"}_${name}.md`;
    let argv: string[];
    if (op === "save-update") argv = ["save", "base", "-d", `base rev ${lane}-${i}`];
    else if (op === "save-create") argv = ["save", name, "-t", "project", "-d", `created ${name}`];
    else {
      const p = await propose(
        // The owner's own proposal: --accept-facts promotes it (a host's needs a source memctl can check).
        { memoryDir: memory, actor: "human", now: new Date() },
        { card: { name, type: "reference", description: `fact ${name}` }, source: "kill loop", kind: "fact", confidence: 0.9 },
      );
      argv = op === "accept" ? ["accept", p.id] : ["consolidate", "--accept-facts"];
    }
    const before = readOr(memory, file);
    const killed = await runAndKill(memory, s.repo, argv, env);
    if (killed) tally.kills++;
    else tally.finished++;
    const where = `lane ${lane} #${i} ${argv.join(" ")}`;
    tally.torn.push(...tornFiles(memory).map((x) => `${where}: ${x}`));
    const state = observe(memory, file, before, op);
    tally.states.set(state, (tally.states.get(state) ?? 0) + 1);
    // The next command: any writer completes an interrupted write first; the consolidate pass is the retry.
    await withRecordsLock({ memoryDir: memory }, () => undefined);
    if (op === "accept" || op === "consolidate") {
      try {
        const pass = await consolidate({ ...ctx, now: new Date() }, { acceptFacts: true });
        if (pass.held.length > 0 || pass.left_pending > 0) tally.violations.push(`${where}: retry held ${pass.held.length}, left ${pass.left_pending} pending`);
      } catch (err) {
        tally.violations.push(`${where}: retry failed: ${(err as Error).message}`);
      }
    }
    tally.violations.push(...invariants(memory).map((x) => `${where}: ${x}`));
  }
}

/** Spawns the CLI and SIGKILLs it at a random moment around its write; true when it was killed. */
async function runAndKill(memory: string, cwd: string, argv: string[], env: Record<string, string | undefined>): Promise<boolean> {
  const child = spawn(process.execPath, [CLI, ...argv], { cwd, env, stdio: "ignore" });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
  const watcher = fs.watch(path.join(memory, ".memctl"));
  let timer: NodeJS.Timeout | undefined;
  // Mostly armed when the write-ahead intent's temp file appears (the write's renames follow, PAUSE_MS apart);
  // one run in four armed at the first touch of .memctl/ (the lock), to kill before the intent too.
  const early = Math.random() < 0.25;
  const arm = () => {
    if (timer) return;
    timer = setTimeout(() => child.kill("SIGKILL"), Math.random() * PAUSE_MS * (early ? 2 : 5));
  };
  watcher.on("change", (_event, name) => {
    if (early || String(name).startsWith(".intent.json.")) arm();
  });
  const fallback = setTimeout(arm, 15_000);
  const signal = await exited;
  watcher.close();
  clearTimeout(fallback);
  if (timer) clearTimeout(timer);
  return signal === "SIGKILL";
}

/** Files whose bytes are not a whole version: cards that do not parse as cards, index bullets that do not parse, bad JSON lines. */
function tornFiles(memory: string): string[] {
  const out: string[] = [];
  for (const f of rootCards(memory)) {
    const problems = cardTextProblems(fs.readFileSync(path.join(memory, f), "utf8"));
    if (problems.length > 0) out.push(`${f}: ${problems.join("; ")}`);
  }
  const index = fs.readFileSync(path.join(memory, "MEMORY.md"), "utf8");
  if (!index.endsWith("\n") || parseIndex(index).unparsed.length > 0) out.push("MEMORY.md");
  if (readHistory(memory).malformed > 0) out.push("history.jsonl");
  if (readJobs(memory, new Date()).malformed > 0) out.push("jobs.jsonl");
  try {
    readIntent(memory);
  } catch (err) {
    out.push(`intent: ${(err as Error).message}`);
  }
  if (readPending(memory).unreadable.length > 0 || readArchived(memory).unreadable.length > 0) out.push("proposals");
  return out;
}

/** What a kill left, before anything repairs it. */
function observe(memory: string, file: string, before: string | undefined, op: string): string {
  const now = readOr(memory, file);
  const card = now === undefined ? "no-card" : now === before ? "card-old" : "card-new";
  const intent = fs.existsSync(intentPath(memory)) ? "intent" : "no-intent";
  const recorded = now !== undefined && latestByCard(readHistory(memory).entries).get(file)?.sha256 === sha256Hex(now) ? "history" : "no-history";
  const description = now === undefined ? undefined : parseCard(now).meta.description;
  const line = parseIndex(fs.readFileSync(path.join(memory, "MEMORY.md"), "utf8")).entries.find((e) => e.file === file);
  const indexed = line && line.hook === description ? "index-in-step" : line ? "index-stale" : "index-none";
  return `${op} ${intent} ${card} ${indexed} ${recorded}`;
}

function invariants(memory: string): string[] {
  const out: string[] = [];
  if (fs.existsSync(intentPath(memory))) out.push("an intent is still pending");
  const latest = latestByCard(readHistory(memory).entries);
  const entries = parseIndex(fs.readFileSync(path.join(memory, "MEMORY.md"), "utf8")).entries;
  for (const f of rootCards(memory)) {
    const bytes = fs.readFileSync(path.join(memory, f));
    if (latest.get(f)?.sha256 !== sha256Hex(bytes)) out.push(`${f} has no history entry with its content hash`);
    const lines = entries.filter((e) => e.file === f);
    const description = parseCard(bytes.toString("utf8")).meta.description;
    if (lines.length !== 1 || lines[0]!.hook !== description)
      out.push(`${f}: ${lines.length} index line(s), hook ${JSON.stringify(lines[0]?.hook)} vs description ${JSON.stringify(description)}`);
  }
  for (const e of entries) if (!fs.existsSync(path.join(memory, e.file))) out.push(`index line ${e.line} links a missing ${e.file}`);
  if (readPending(memory).proposals.length > 0) out.push(`${readPending(memory).proposals.length} proposal(s) still pending after the retry`);
  for (const j of readJobs(memory, new Date()).jobs) if (j.status === "running") out.push(`job ${j.id} still running (holder ${j.holder})`);
  return out;
}

function rootCards(memory: string): string[] {
  return fs.readdirSync(memory).filter((f) => /^(feedback|project|reference|user)_.+\.md$/.test(f));
}

function readOr(memory: string, file: string): string | undefined {
  try {
    return fs.readFileSync(path.join(memory, file), "utf8");
  } catch {
    return undefined;
  }
}
