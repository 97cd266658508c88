// The capture model pass, measured the honest way: for each bench session, the product's own prompt
// (lib/capture/llm.ts capturePrompt, exactly what `[capture] llm_command` receives on stdin) goes to a model that
// sees nothing else; its answers are recorded by the prompt's sha256 (answers.jsonl) and replayed through the
// model-command interface (bench/replay-model.mjs as the configured command), so the product's own runner,
// passes and parser (runLlmCommand, modelPass, modelCandidates, applyVerdicts) read them exactly as they would
// read a user's model.
// answers.jsonl holds the answers to five kinds of prompt, each keyed by its prompt's hash: v1 (the first prompt,
// frozen in prompt-v1.ts), v2 (the product's prompt today) and the verify prompts v1 (frozen in verify-prompt-v1.ts,
// over every candidate), v2 (lib/capture/verify.ts verifyPrompt, the product's), v3 (frozen in verify-prompt-v3.ts,
// measured and not adopted) and v4 (frozen in verify-prompt-v4.ts: the verdict with no rating), all over the candidates not rated high, which the product builds from the v2 answer's
// candidates, so they follow from the recorded v2 answers alone. A verify prompt depends on the parser's threshold too (--min-confidence low hands the
// verifier the low-rated candidates as well), so each threshold's verify prompts are their own prompts.
//   node --import tsx bench/capture/model.ts prompts [--set phr,specstory] [--half dev|test] [--prompt v1|v2|v4] [--verify [--verify-prompt v1|v2|v3|v4|v5|v6] [--min-confidence low|medium|high]] > prompts.jsonl
//   node --import tsx bench/capture/model.ts missing [--set …] [--half …] [--prompt v1|v2|v4] [--verify [--verify-prompt v1|v2|v3|v4|v5|v6] [--min-confidence …]]   (no recorded answer yet)
// With --prompt v4 and --verify: the verify prompt (v2, the product's, v5 or v6) over the recorded v4 answer's candidates.
//   node --import tsx bench/capture/model.ts record answers.jsonl   (merge {hash, answer} lines into answers.jsonl)
// Prompts are printed sorted by hash: nothing in the file says which set or half a prompt comes from.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { modelPass, type ModelPassOptions, type ModelRunner } from "../../lib/capture/capture.js";
import { capturePrompt, DEFAULT_MIN_CONFIDENCE, modelCandidates, type Confidence } from "../../lib/capture/llm.js";
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import { runLlmCommand } from "../../lib/compact/generate.js";
import { SETS, sessionsOf, userMessagesOf, type BenchSession } from "./corpus.js";
import { capturePromptV1 } from "./prompt-v1.js";
import { capturePromptV4 } from "./prompt-v4.js";
import { verifyPromptV1 } from "./verify-prompt-v1.js";
import { verifyPromptV3 } from "./verify-prompt-v3.js";
import { verifyPromptV4 } from "./verify-prompt-v4.js";
import { verifyPromptV5 } from "./verify-prompt-v5.js";
import { verifyPromptV6 } from "./verify-prompt-v6.js";
import { mergeAnswers, recordedHashes, replayCommand, sha256 } from "../recorded-model.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ANSWERS_FILE = path.join(HERE, "answers.jsonl");
export const REPLAY_COMMAND = replayCommand(ANSWERS_FILE);

export { sha256 };

/** v1: the prompt the first answers were recorded for; v2: lib/capture/llm.ts's capturePrompt; v4: frozen in
 * prompt-v4.ts (one line per message that states a candidate, h/capture12). */
export const PROMPT_VERSIONS = ["v1", "v2", "v4"] as const;
export type PromptVersion = (typeof PROMPT_VERSIONS)[number];

/** The verify prompt's versions: v1 (frozen, judged every candidate, no confidence), v2 (the product's), v3, v4, v5 and v6
 * (frozen; v5 and v6 over prompt v4's candidates only, h/capture13 and h/capture14). */
export const VERIFY_VERSIONS = ["v1", "v2", "v3", "v4", "v5", "v6"] as const;
export type VerifyVersion = (typeof VERIFY_VERSIONS)[number];

/** How the product's modelPass is told to replay a verify version: v1 judged the high-rated candidates too. */
const FROZEN: Partial<Record<VerifyVersion, NonNullable<ModelPassOptions["verifyWith"]>>> = {
  v1: { prompt: verifyPromptV1, high: true },
  v3: { prompt: verifyPromptV3, high: false },
  v4: { prompt: verifyPromptV4, high: false },
  v5: { prompt: verifyPromptV5, high: false },
  v6: { prompt: verifyPromptV6, high: false },
};
const verifyWith = (version: VerifyVersion): ModelPassOptions["verifyWith"] => FROZEN[version];

const FIRST: Record<PromptVersion, typeof capturePrompt> = { v1: capturePromptV1, v2: capturePrompt, v4: capturePromptV4 };

export function sessionPrompt(s: BenchSession, version: PromptVersion = "v2"): { prompt: string; hash: string } {
  const prompt = FIRST[version](userMessagesOf(s));
  return { prompt, hash: sha256(prompt) };
}

export interface ModelOutcome {
  /** The candidates the product keeps from the recorded answers; undefined when the model "failed". */
  candidates?: CaptureCandidate[];
  failure?: string;
  /** The product's pass label: model, "model, verified", or "model (unverified: …)" when the verify answer is missing. */
  pass?: string;
}

export interface ReplayOptions {
  version?: PromptVersion;
  /** The parser's threshold (the product's default unless measuring another). */
  minConfidence?: Confidence;
  /** Replay the verify pass too (lib/capture/verify.ts), from its recorded answers; v2 only. */
  verify?: boolean;
  /** Which verify prompt's answers to replay (default v2, the product's), and the least sure drop that drops. */
  verifyPrompt?: VerifyVersion;
  minDrop?: Confidence;
  /** The least sure keep that keeps (lib/capture/verify.ts DEFAULT_KEEP_CONFIDENCE unless measuring another). */
  minKeep?: Confidence;
  command?: string[];
}

const replayer =
  (command: string[]): ModelRunner =>
  (prompt) =>
    runLlmCommand({ command, prompt, timeoutMs: 20_000, env: process.env });

/** Each session's recorded answers, run through the model-command interface and the product's passes. */
export async function recordedCandidates(sessions: readonly BenchSession[], options: ReplayOptions = {}): Promise<Map<string, ModelOutcome>> {
  const { version = "v2", minConfidence = DEFAULT_MIN_CONFIDENCE, verify = false, verifyPrompt = "v2", minDrop, minKeep, command = REPLAY_COMMAND } = options;
  if (verify && version === "v1") throw new Error("--verify replays the verify pass over the v2 or v4 prompt's candidates only");
  const out = new Map<string, ModelOutcome>();
  const run = replayer(command);
  for (const s of sessions) {
    const messages = userMessagesOf(s);
    if (version === "v1") {
      const r = await run(sessionPrompt(s, "v1").prompt);
      out.set(s.key, r.ok ? { candidates: modelCandidates(r.summary, messages, minConfidence), pass: "model" } : { failure: r.reason });
      continue;
    }
    // The product's own two-call pass (modelPass), the recorded answers behind its model command.
    const r = await modelPass(messages, run, {
      verify,
      minConfidence,
      verifyWith: verifyWith(verifyPrompt),
      captureWith: FIRST[version],
      ...(minDrop ? { minDrop } : {}),
      ...(minKeep ? { minKeep } : {}),
    });
    out.set(s.key, r.ok ? { candidates: r.candidates, pass: r.pass } : { failure: r.reason });
  }
  return out;
}

/** The verify prompt the product sends for a session, from the recorded first-pass answer (v2, or v4's); undefined
 * when it sends none (the model proposed nothing, or its first-pass answer is missing). */
export async function verifyPromptOf(
  s: BenchSession,
  version: VerifyVersion = "v2",
  command: string[] = REPLAY_COMMAND,
  minConfidence: Confidence = DEFAULT_MIN_CONFIDENCE,
  first: PromptVersion = "v2",
): Promise<{ prompt: string; hash: string } | undefined> {
  const replay = replayer(command);
  const sent: string[] = [];
  // The first call replays the recorded first-pass answer; the second is the verify call: keep its prompt, answer nothing.
  await modelPass(userMessagesOf(s), (prompt) => (sent.push(prompt) === 1 ? replay(prompt) : Promise.resolve({ ok: false as const, reason: "not answered yet" })), {
    verifyWith: verifyWith(version),
    captureWith: FIRST[first],
    minConfidence,
  });
  const verify = sent[1];
  return verify === undefined ? undefined : { prompt: verify, hash: sha256(verify) };
}

/** The hash of every prompt the bench sends: both capture prompts and, from the recorded v2 answers, every verify
 * prompt, at the product's threshold and (v3) at low. */
export async function benchPromptHashes(): Promise<Set<string>> {
  const prompts = new Set<string>();
  for (const set of SETS)
    for (const s of sessionsOf(set)) {
      for (const v of PROMPT_VERSIONS) prompts.add(sessionPrompt(s, v).hash);
      for (const v of VERIFY_VERSIONS)
        for (const min of v === "v3" ? (["medium", "low"] as const) : ([DEFAULT_MIN_CONFIDENCE] as const)) {
          const vp = await verifyPromptOf(s, v, REPLAY_COMMAND, min);
          if (vp) prompts.add(vp.hash);
        }
      // v4's candidates go to the product's verify prompt (v2), to v5 and to v6.
      for (const v of ["v2", "v5", "v6"] as const) {
        const v4 = await verifyPromptOf(s, v, REPLAY_COMMAND, DEFAULT_MIN_CONFIDENCE, "v4");
        if (v4) prompts.add(v4.hash);
      }
    }
  return prompts;
}

/** Merges `{hash, answer}` lines from `file` into capture's answers file (recorded-model.ts mergeAnswers). */
export function recordAnswers(file: string, prompts: ReadonlySet<string>, answersFile = ANSWERS_FILE): { added: number; known: number; refused: string[] } {
  return mergeAnswers(file, prompts, answersFile);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [verb = "prompts", ...rest] = process.argv.slice(2);
  if (verb === "record") {
    const file = rest[0];
    if (!file) throw new Error("record: name the {hash, answer} JSONL file to merge");
    const r = recordAnswers(file, await benchPromptHashes());
    process.stdout.write(`recorded ${r.added} answer(s) into ${path.relative(process.cwd(), ANSWERS_FILE)}; ${r.known} already recorded; ${r.refused.length} refused\n`);
    for (const why of r.refused) process.stdout.write(`  refused ${why}\n`);
    process.exitCode = r.refused.length > 0 ? 1 : 0;
  } else {
    const at = rest.indexOf("--set");
    const sets = at === -1 ? [...SETS] : rest[at + 1]!.split(",");
    const pv = rest.indexOf("--prompt");
    const version = (pv === -1 ? "v2" : rest[pv + 1]) as PromptVersion;
    if (!PROMPT_VERSIONS.includes(version)) throw new Error(`--prompt ${version}: known versions are ${PROMPT_VERSIONS.join(", ")}`);
    const verify = rest.includes("--verify");
    const vv = rest.indexOf("--verify-prompt");
    const verifyVersion = (vv === -1 ? "v2" : rest[vv + 1]) as VerifyVersion;
    const mc = rest.indexOf("--min-confidence");
    const minConfidence = (mc === -1 ? DEFAULT_MIN_CONFIDENCE : rest[mc + 1]) as Confidence;
    if (!VERIFY_VERSIONS.includes(verifyVersion)) throw new Error(`--verify-prompt ${verifyVersion}: known versions are ${VERIFY_VERSIONS.join(", ")}`);
    const hf = rest.indexOf("--half");
    const half = hf === -1 ? "all" : rest[hf + 1]!;
    const have = verb === "missing" ? recordedHashes(ANSWERS_FILE) : new Set<string>();
    const out = new Map<string, string>();
    for (const set of sets)
      for (const s of sessionsOf(set).filter((x) => half === "all" || x.half === half)) {
        const p = verify ? await verifyPromptOf(s, verifyVersion, REPLAY_COMMAND, minConfidence, version) : sessionPrompt(s, version);
        if (p && !have.has(p.hash)) out.set(p.hash, p.prompt);
      }
    for (const hash of [...out.keys()].sort()) process.stdout.write(`${JSON.stringify({ hash, prompt: out.get(hash) })}\n`);
  }
}
