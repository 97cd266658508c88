// Capture benchmark: precision and recall of session-end capture (lib/capture) on real user messages nobody here
// wrote, labelled by reading before any pass ran on them (bench/capture/: Spec-Kit Prompt History Records and whole
// SpecStory sessions committed to public repositories). A message is "captured" when the pass makes at least one
// candidate from it; precision = captured messages labelled durable / captured messages, recall = durable messages
// captured / durable messages. Each pass sees a whole session, as at session end: the rules (ruleCandidates), the
// model (a recorded model's answer to the product's own prompt, replayed through the model-command interface:
// bench/capture/model.ts), or both (a message counts when either captured it).
// The model's answers are recorded for three prompt versions (bench/capture/model.ts): --prompt v1 replays the first
// prompt's answers, v2 (the default) the product's prompt today, v4 the frozen prompt-v4.ts (h/capture12); --min-confidence measures another parser threshold;
// --verify replays the product's verify pass (lib/capture/verify.ts) over the v2 (or v4) candidates, from its recorded answers;
// --verify-prompt v1 replays the first verify prompt's answers (every candidate judged, every drop counted), v2 (the
// default) the product's verify prompt today, v3 and v4 two more (frozen, not adopted), v5 and v6 over prompt v4's
// candidates (frozen; h/capture13, h/capture14), and
// --stage hands each session's candidates to the product's staging (bench/capture/stage.ts: one real store per
// repository, sessions in order), so the per-session bound and the dedupe against pending proposals count too.
// --verify-drop measures another least-sure drop that still drops (default high), --verify-keep another least-sure
// keep that still keeps (default medium).
// The text output lists false positives and misses for the dev halves only: the test half is for aggregate numbers.
// Run: npm run bench:capture [-- --pass rules|model|both|product] [--set phr|specstory|specstory2|specstory3|specstory4|all] [--half dev|test|all]
//        [--prompt v1|v2|v4] [--min-confidence low|medium|high] [--verify [--verify-prompt v1|v2|v3|v4|v5|v6] [--verify-drop low|medium|high] [--verify-keep low|medium|high]] [--stage] [--json]
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ruleCandidates } from "../lib/capture/capture.js";
import { DEFAULT_MIN_CONFIDENCE } from "../lib/capture/llm.js";
import { DEFAULT_DROP_CONFIDENCE, DEFAULT_KEEP_CONFIDENCE } from "../lib/capture/verify.js";
import { DEFAULT_SESSION_LIMIT } from "../lib/capture/stage.js";
import { SETS, sessionsOf, userMessagesOf, type BenchSession } from "./capture/corpus.js";
import { recordedCandidates, type ModelOutcome, type ReplayOptions } from "./capture/model.js";
import { stagedBy } from "./capture/stage.js";
import type { CaptureCandidate } from "../lib/capture/stage.js";

/** both: a message counts when either pass captured it; product: what capture does today (the model, and the rules
 * only for a session whose model answer failed). */
export type Pass = "rules" | "model" | "both" | "product";

export interface HalfScore {
  set: string;
  half: string;
  messages: number;
  durable: number;
  captured: number;
  truePositives: number;
  /** Candidates made (before the per-session staging bound), and how many came from a durable message. */
  candidates: number;
  candidatesFromDurable: number;
  precision: number | null;
  recall: number | null;
  /** Recall when each session stages at most DEFAULT_SESSION_LIMIT candidates, in the pass's order. */
  recallWithinBound: number | null;
  /** Sessions whose recorded model answer was missing or unusable (the product would fall back to the rules). */
  modelFailures: number;
  /** With --verify: sessions the verify pass ran on, and those whose verify answer was missing or judged nothing
   * (the product keeps the first pass's candidates there). */
  verified: number;
  unverified: number;
  falsePositives: { id: number; description: string }[];
  missed: number[];
  /** With --stage: the candidates staged by the product into one store per repository (bench/capture/stage.ts).
   * Precision over messages a proposal was staged from; recall over durable messages proposed or skipped as a
   * restatement of a pending proposal. */
  staging?: {
    proposed: number;
    proposedDurable: number;
    covered: number;
    /** Proposals staged (a message may give more than one), and skips recorded on a pending proposal as said again. */
    proposals: number;
    restatementsRecorded: number;
    precision: number | null;
    recall: number | null;
    notes: { id: number; durable: boolean; notes: string[] }[];
  };
}

/** Each message's candidates (by message id) for one session and pass. */
async function capturedBy(
  sessions: readonly BenchSession[],
  pass: Pass,
  replay: ReplayOptions,
): Promise<{ byId: Map<number, string[]>; staged: Set<number>; failures: number; verified: number; unverified: number; bySession: Map<string, CaptureCandidate[]> }> {
  const byId = new Map<number, string[]>();
  // Each session's candidates in the pass's order: what --stage hands to the product's staging.
  const bySession = new Map<string, CaptureCandidate[]>();
  // The messages behind each session's first DEFAULT_SESSION_LIMIT candidates: what staging keeps at most.
  const staged = new Set<number>();
  const perSession = new Map<string, number>();
  const add = (s: BenchSession, c: CaptureCandidate, description: string) => {
    const n = c.message;
    const m = s.messages.find((x, i) => (x.n ?? i + 1) === n);
    if (!m) return;
    bySession.set(s.key, [...(bySession.get(s.key) ?? []), c]);
    byId.set(m.id, [...(byId.get(m.id) ?? []), description]);
    const count = perSession.get(s.key) ?? 0;
    if (count < DEFAULT_SESSION_LIMIT) staged.add(m.id);
    perSession.set(s.key, count + 1);
  };
  let failures = 0;
  let verified = 0;
  let unverified = 0;
  const model = pass === "rules" ? new Map<string, ModelOutcome>() : await recordedCandidates(sessions, replay);
  for (const s of sessions) {
    const answered = model.get(s.key)?.candidates;
    if (pass !== "rules" && !answered) failures += 1;
    const label = model.get(s.key)?.pass ?? "";
    if (label === "model, verified") verified += 1;
    else if (label.startsWith("model (unverified")) unverified += 1;
    for (const c of answered ?? []) add(s, c, `[model] ${c.description}`);
    if (pass === "rules" || pass === "both" || (pass === "product" && !answered)) for (const c of ruleCandidates(userMessagesOf(s))) add(s, c, `[rule] ${c.description}`);
  }
  return { byId, staged, failures, verified, unverified, bySession };
}

export async function score(set: string, half: string, pass: Pass, replay: ReplayOptions = {}, stage = false): Promise<HalfScore> {
  const sessions = sessionsOf(set).filter((s) => half === "all" || s.half === half);
  const messages = sessions.flatMap((s) => s.messages);
  const { byId, staged, failures, verified, unverified, bySession } = await capturedBy(sessions, pass, replay);
  let staging: HalfScore["staging"];
  if (stage) {
    const st = await stagedBy(sessions, (s) => bySession.get(s.key) ?? []);
    const proposed = messages.filter((m) => st.get(m.id)?.proposed);
    const proposedDurable = proposed.filter((m) => m.durable === true).length;
    const covered = messages.filter((m) => m.durable === true && st.get(m.id)?.covered).length;
    const durableCount = messages.filter((m) => m.durable === true).length;
    staging = {
      proposed: proposed.length,
      proposedDurable,
      covered,
      proposals: [...st.values()].reduce((n, x) => n + x.proposals, 0),
      restatementsRecorded: [...st.values()].reduce((n, x) => n + x.recorded, 0),
      precision: proposed.length === 0 ? null : proposedDurable / proposed.length,
      recall: durableCount === 0 ? null : covered / durableCount,
      // Per-message notes for the dev half only: the test half is for aggregate numbers.
      notes: half !== "dev" ? [] : messages.filter((m) => st.has(m.id)).map((m) => ({ id: m.id, durable: m.durable === true, notes: st.get(m.id)!.notes })),
    };
  }
  const captured = messages.filter((m) => byId.has(m.id));
  const tp = captured.filter((m) => m.durable === true);
  const durable = messages.filter((m) => m.durable === true);
  const candidates = [...byId.values()].reduce((n, c) => n + c.length, 0);
  return {
    set,
    half,
    messages: messages.length,
    durable: durable.length,
    captured: captured.length,
    truePositives: tp.length,
    candidates,
    candidatesFromDurable: tp.reduce((n, m) => n + byId.get(m.id)!.length, 0),
    precision: captured.length === 0 ? null : tp.length / captured.length,
    recall: durable.length === 0 ? null : tp.length / durable.length,
    recallWithinBound: durable.length === 0 ? null : durable.filter((m) => staged.has(m.id)).length / durable.length,
    modelFailures: failures,
    verified,
    unverified,
    falsePositives: captured.filter((m) => m.durable !== true).map((m) => ({ id: m.id, description: byId.get(m.id)![0]! })),
    missed: durable.filter((m) => !byId.has(m.id)).map((m) => m.id),
    ...(staging ? { staging } : {}),
  };
}

function pct(x: number | null): string {
  return x === null ? "n/a" : `${Math.round(x * 100)} %`;
}

function flag(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1]!;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const pass = flag("pass", "rules") as Pass;
  const sets = flag("set", "all") === "all" ? [...SETS] : flag("set", "all").split(",");
  const halves = flag("half", "all") === "all" ? ["dev", "test"] : [flag("half", "all")];
  const replay = {
    version: flag("prompt", "v2"),
    minConfidence: flag("min-confidence", DEFAULT_MIN_CONFIDENCE),
    verify: process.argv.includes("--verify"),
    verifyPrompt: flag("verify-prompt", "v2"),
    minDrop: flag("verify-drop", DEFAULT_DROP_CONFIDENCE),
    minKeep: flag("verify-keep", DEFAULT_KEEP_CONFIDENCE),
  } as ReplayOptions;
  const scores: HalfScore[] = [];
  const stage = process.argv.includes("--stage");
  // A set with no message in a half (specstory2 is all test, specstory3 all dev) prints no row for it.
  for (const set of sets)
    for (const half of halves) {
      const s = await score(set, half, pass, replay, stage);
      if (s.messages > 0) scores.push(s);
    }
  if (process.argv.includes("--json")) process.stdout.write(JSON.stringify(scores, null, 2) + "\n");
  else {
    process.stdout.write(
      `pass: ${pass}${pass === "rules" ? "" : `, prompt ${replay.version}, min confidence ${replay.minConfidence}${replay.verify ? `, then verify prompt ${replay.verifyPrompt}${replay.verifyPrompt === "v1" ? "" : ` (drops at confidence ${replay.minDrop} and above, keeps at ${replay.minKeep} and above)`}` : ""}`}\nset        half  messages  durable  captured  precision  recall  recall≤${DEFAULT_SESSION_LIMIT}/session  candidates (from durable)\n`,
    );
    for (const s of scores)
      process.stdout.write(
        `${s.set.padEnd(10)} ${s.half.padEnd(5)} ${String(s.messages).padStart(8)} ${String(s.durable).padStart(8)} ${String(s.captured).padStart(9)} ${pct(s.precision).padStart(10)} ${pct(s.recall).padStart(7)} ${pct(s.recallWithinBound).padStart(19)}  ${s.candidates} (${s.candidatesFromDurable})${s.modelFailures ? `  model failed on ${s.modelFailures} sessions` : ""}${replay.verify ? `  verified ${s.verified} sessions, unverified ${s.unverified}` : ""}\n`,
      );
    for (const s of scores.filter((x) => x.staging))
      process.stdout.write(
        `${s.set.padEnd(10)} ${s.half.padEnd(5)} staged: proposed from ${s.staging!.proposed} messages, precision ${pct(s.staging!.precision)} (${s.staging!.proposedDurable}/${s.staging!.proposed}), recall ${pct(s.staging!.recall)} (${s.staging!.covered}/${s.durable}, proposed or a restatement of a pending proposal); ${s.staging!.proposals} proposals, ${s.staging!.restatementsRecorded} restatements recorded on them\n`,
      );
    for (const s of scores.filter((x) => x.half === "dev")) {
      for (const n of s.staging?.notes ?? []) process.stdout.write(`  ${s.set} ${s.half} #${n.id}${n.durable ? " (durable)" : ""}: ${n.notes.join("\n    ")}\n`);
      for (const fp of s.falsePositives) process.stdout.write(`  ${s.set} ${s.half} false positive #${fp.id}: ${fp.description}\n`);
      if (s.missed.length > 0) process.stdout.write(`  ${s.set} ${s.half} missed: #${s.missed.join(", #")}\n`);
    }
  }
}
