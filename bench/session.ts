// Session benchmark: replays multi-prompt sessions through the hook itself (lib/hook/run.ts, in process) and
// reports bytes per session and the share of prompts whose answering card is in context — injected at this
// prompt or earlier in the same session — without session deduplication (payloads carry no session id) and
// with it (one session id per session, a minute between prompts).
// Run: npm run bench:session [-- --session-size 8] [--set hand,coding,locomo] [--locomo FILE|URL] [--prompts FILE] [--cards FILE] [--json]
// Sets: the hand-written store (three orders), the coding projects, and LoCoMo conversations 0–2 (with --locomo or
// $MEMCTL_LOCOMO; fetched as bench:relevance does).
// A set is cards (bench/relevance/cards.jsonl shape) and labelled prompts in a plausible order (prompts.jsonl
// shape; an optional "session" field groups them, otherwise consecutive prompts are cut into sessions).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runUserPromptHook } from "../lib/hook/run.js";
import { BufferSink, type Io } from "../lib/store/io.js";
import { materializeStore, type CardLine } from "./relevance/store.js";
import { codingGroups } from "./relevance/coding.js";
import { loadLocomo } from "./relevance/locomo.js";
import type { BenchGroup } from "./relevance/harness.js";
import type { LabelledPrompt } from "./relevance/types.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TODAY = "2026-12-02";

/** A session set's card is a relevance set's card (bench/relevance/store.ts). */
export type SessionCard = CardLine;

/** One memory store and the sessions replayed against it. */
export interface SessionSet {
  name: string;
  cards: readonly SessionCard[];
  sessions: readonly (readonly LabelledPrompt[])[];
}

export const BUDGETS = [
  { label: "1500/10", maxBytes: 1500, maxEntries: 10 },
  { label: "3000/20", maxBytes: 3000, maxEntries: 20 },
] as const;

export interface SessionRow {
  set: string;
  budget: string;
  mode: "before" | "after";
  sessions: number;
  prompts: number;
  /** Mean bytes the hook injected per session. */
  bytes_per_session: number;
  /** Share of prompts (with an answering card) whose answering card is in context at that prompt. */
  in_context: number;
  /** Share of those whose answering card is in this prompt's own block. */
  in_block: number;
  /** Mean bytes on prompts that need no memory (no answering card); NaN when the set has none. */
  no_memory_bytes: number;
  /** Share of prompts that got no block at all. */
  empty_blocks: number;
  /** Counts behind the shares, so rows of several stores combine (mergeRows). */
  answerable: number;
  no_memory: number;
}

/** Consecutive prompts cut into sessions of `size`, or grouped by their "session" field when they carry one. */
export function toSessions(prompts: readonly (LabelledPrompt & { session?: string })[], size: number): LabelledPrompt[][] {
  if (prompts.some((p) => p.session !== undefined)) {
    const groups = new Map<string, LabelledPrompt[]>();
    for (const p of prompts) groups.set(p.session ?? "", [...(groups.get(p.session ?? "") ?? []), p]);
    return [...groups.values()];
  }
  const out: LabelledPrompt[][] = [];
  for (let i = 0; i < prompts.length; i += size) out.push(prompts.slice(i, i + size));
  return out;
}

/**
 * The same prompts ordered by the area they touch (their first answering card's topic, then file), the way a
 * developer works through one area before the next: the order in which earlier blocks matter most.
 */
export function topicalOrder(prompts: readonly LabelledPrompt[], cards: readonly SessionCard[]): LabelledPrompt[] {
  const topic = new Map(cards.map((c) => [c.file, c.topics[0] ?? c.file]));
  const key = (p: LabelledPrompt) => (p.relevant[0] ? `${topic.get(p.relevant[0]) ?? ""}\u0000${p.relevant[0]}` : "\uffff");
  return prompts
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (key(a.p) < key(b.p) ? -1 : key(a.p) > key(b.p) ? 1 : a.i - b.i))
    .map(({ p }) => p);
}

/** Replays every session of a set under one budget, with or without deduplication, on a fresh copy of the store. */
export async function replay(set: SessionSet, budget: (typeof BUDGETS)[number], mode: "before" | "after"): Promise<SessionRow> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "memctl-session-bench-")));
  try {
    const memory = path.join(root, "memory");
    const cwd = path.join(root, "work");
    fs.mkdirSync(memory);
    fs.mkdirSync(cwd);
    materializeStore({ dir: memory, cards: set.cards, usage: false });
    let clock = Date.parse(`${TODAY}T10:00:00Z`);
    const io: Io = {
      stdout: new BufferSink(),
      stderr: new BufferSink(),
      env: { MEMCTL_MEMORY_DIR: memory, MEMCTL_CONFIG_FILE: path.join(root, "config.toml"), HOME: root },
      cwd,
      home: root,
      now: () => new Date(clock),
    };
    let bytes = 0;
    let answerable = 0;
    let inContext = 0;
    let inBlock = 0;
    let noMemory = 0;
    let noMemoryBytes = 0;
    let empty = 0;
    let prompts = 0;
    for (const [s, session] of set.sessions.entries()) {
      const seen = new Set<string>();
      for (const p of session) {
        clock += 60_000;
        const payload = { cwd, prompt: p.prompt, ...(mode === "after" ? { session_id: `${set.name}-${s}` } : {}) };
        const r = await runUserPromptHook(JSON.stringify(payload), { host: "claude", maxBytes: budget.maxBytes, maxEntries: budget.maxEntries }, io);
        const block = r.outcome.stdout ? (JSON.parse(r.outcome.stdout).hookSpecificOutput.additionalContext as string) : "";
        const size = Buffer.byteLength(block);
        const printed = r.status === "injected" && r.injection ? [...r.injection.composed.always, ...r.injection.composed.lines].map((l) => l.file) : [];
        for (const f of printed) seen.add(f);
        prompts++;
        bytes += size;
        if (size === 0) empty++;
        if (p.relevant.length === 0) {
          noMemory++;
          noMemoryBytes += size;
          continue;
        }
        answerable++;
        if (p.relevant.some((f) => seen.has(f))) inContext++;
        if (p.relevant.some((f) => printed.includes(f))) inBlock++;
      }
      clock += 3600_000;
    }
    return {
      set: set.name,
      budget: budget.label,
      mode,
      sessions: set.sessions.length,
      prompts,
      bytes_per_session: bytes / set.sessions.length,
      in_context: answerable ? inContext / answerable : Number.NaN,
      in_block: answerable ? inBlock / answerable : Number.NaN,
      no_memory_bytes: noMemory ? noMemoryBytes / noMemory : Number.NaN,
      empty_blocks: empty / prompts,
      answerable,
      no_memory: noMemory,
    };
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function readJsonl<T>(file: string): T[] {
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as T);
}

/** What people type between questions; none of it needs memory. */
export const FOLLOW_UPS = ["thanks, that fixed it", "yes, ship it", "ok, do that", "looks good, commit it", "run it again", "great, next"];

/** A follow-up (no answering card) after every `every` prompts, as conversations go. */
export function withFollowUps(session: readonly LabelledPrompt[], every: number, offset: number): LabelledPrompt[] {
  const out: LabelledPrompt[] = [];
  session.forEach((p, i) => {
    out.push(p);
    if ((i + 1) % every === 0) out.push({ id: `${p.id}-f`, kind: "follow-up", prompt: FOLLOW_UPS[(offset + i) % FOLLOW_UPS.length]!, relevant: [] });
  });
  return out;
}

/** The hand-written set as sessions: prompts in file order, the same ordered by area, and by area with follow-ups. */
export function handWrittenSets(size: number, cardsFile?: string, promptsFile?: string): SessionSet[] {
  const cards = readJsonl<SessionCard>(cardsFile ?? path.join(HERE, "relevance", "cards.jsonl"));
  const prompts = readJsonl<LabelledPrompt & { session?: string }>(promptsFile ?? path.join(HERE, "relevance", "prompts.jsonl"));
  const name = promptsFile ? path.basename(promptsFile, ".jsonl") : "hand-written";
  return [
    { name: `${name}, file order`, cards, sessions: toSessions(prompts, size) },
    { name: `${name}, by area`, cards, sessions: toSessions(topicalOrder(prompts, cards), size) },
    { name: `${name}, by area + follow-ups`, cards, sessions: toSessions(topicalOrder(prompts, cards), size).map((s, i) => withFollowUps(s, 2, i)) },
  ];
}

/** Each group (its own store) as a session set: its prompts in the order given, cut into sessions of `size`. */
export function groupSets(groups: readonly BenchGroup[], size: number): SessionSet[] {
  return groups.map((g) => ({ name: g.name, cards: g.cards, sessions: toSessions(g.prompts, size) }));
}

/** Rows of one set's stores (same budget and mode) as one row: totals over every session and prompt. */
export function mergeRows(name: string, rows: readonly SessionRow[]): SessionRow {
  const sum = (f: (r: SessionRow) => number) => rows.reduce((n, r) => n + f(r), 0);
  const sessions = sum((r) => r.sessions);
  const prompts = sum((r) => r.prompts);
  const answerable = sum((r) => r.answerable);
  const noMemory = sum((r) => r.no_memory);
  // A share over answerable (or no-memory) prompts: each store's share weighted by its count of them.
  const weighted = (value: "in_context" | "in_block" | "no_memory_bytes", by: "answerable" | "no_memory", total: number) =>
    total ? rows.reduce((n, r) => n + (r[by] ? r[value] * r[by] : 0), 0) / total : Number.NaN;
  return {
    set: name,
    budget: rows[0]!.budget,
    mode: rows[0]!.mode,
    sessions,
    prompts,
    bytes_per_session: sum((r) => r.bytes_per_session * r.sessions) / sessions,
    in_context: weighted("in_context", "answerable", answerable),
    in_block: weighted("in_block", "answerable", answerable),
    no_memory_bytes: weighted("no_memory_bytes", "no_memory", noMemory),
    empty_blocks: sum((r) => r.empty_blocks * r.prompts) / prompts,
    answerable,
    no_memory: noMemory,
  };
}

/** Replays a multi-store set (the coding projects, LoCoMo's conversations) and reports it as one row per budget and mode. */
async function replayGroups(name: string, sets: readonly SessionSet[]): Promise<SessionRow[]> {
  const rows: SessionRow[] = [];
  for (const budget of BUDGETS)
    for (const mode of ["before", "after"] as const) {
      const each: SessionRow[] = [];
      for (const set of sets) each.push(await replay(set, budget, mode));
      rows.push(mergeRows(name, each));
    }
  return rows;
}

const pct = (x: number) => (Number.isNaN(x) ? "–" : `${(100 * x).toFixed(1)} %`);
const num = (x: number) => (Number.isNaN(x) ? "–" : x.toFixed(0));

export function renderTable(rows: readonly SessionRow[]): string {
  const out = [
    "| set | budget | dedupe | sessions × prompts | bytes / session | answer in context | answer in this block | no-memory prompt bytes | empty blocks |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows)
    out.push(
      `| ${r.set} | ${r.budget} | ${r.mode === "after" ? "on" : "off"} | ${r.sessions} × ${(r.prompts / r.sessions).toFixed(1)} | ${num(r.bytes_per_session)} | ${pct(r.in_context)} | ${pct(r.in_block)} | ${num(r.no_memory_bytes)} | ${pct(r.empty_blocks)} |`,
    );
  return out.join("\n") + "\n";
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const size = Number(get("session-size") ?? 8);
  const locomo = get("locomo") ?? process.env.MEMCTL_LOCOMO;
  const wanted = new Set((get("set") ?? (locomo ? "hand,coding,locomo" : "hand,coding")).split(","));
  const rows: SessionRow[] = [];
  if (wanted.has("hand"))
    for (const set of handWrittenSets(size, get("cards"), get("prompts")))
      for (const budget of BUDGETS) for (const mode of ["before", "after"] as const) rows.push(await replay(set, budget, mode));
  // The coding projects in the order their prompts were written (one area at a time), with their own no-memory prompts.
  if (wanted.has("coding")) rows.push(...(await replayGroups("coding (4 projects)", groupSets(codingGroups(), size))));
  // LoCoMo's questions in the dataset's order, sessions cut within each conversation (0–2 only: 3–9 are held out).
  if (wanted.has("locomo")) rows.push(...(await replayGroups("locomo conv 0–2", groupSets(await loadLocomo({ source: locomo }), size))));
  if (argv.includes("--json")) process.stdout.write(JSON.stringify({ session_size: size, rows }, null, 2) + "\n");
  else process.stdout.write(renderTable(rows));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
