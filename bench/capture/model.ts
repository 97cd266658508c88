// The capture model pass, measured the honest way: for each bench session, the product's own prompt
// (lib/capture/llm.ts capturePrompt, exactly what `[capture] llm_command` receives on stdin) goes to a model that
// sees nothing else; its answers are recorded by the prompt's sha256 (answers.jsonl) and replayed through the
// model-command interface (bench/replay-model.mjs as the configured command), so the product's own runner and parser
// (runLlmCommand, modelCandidates) read them exactly as they would read a user's model.
// answers.jsonl holds the answers to both prompt versions, each keyed by its prompt's hash: v1 (the first prompt,
// frozen in prompt-v1.ts) and v2 (the product's prompt today).
//   node --import tsx bench/capture/model.ts prompts [--set phr,specstory] [--prompt v1|v2] > prompts.jsonl
//   node --import tsx bench/capture/model.ts missing [--set …] [--prompt v1|v2]   (prompts with no recorded answer)
import path from "node:path";
import { fileURLToPath } from "node:url";
import { capturePrompt, DEFAULT_MIN_CONFIDENCE, modelCandidates, type Confidence } from "../../lib/capture/llm.js";
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import { runLlmCommand } from "../../lib/compact/generate.js";
import { SETS, sessionsOf, userMessagesOf, type BenchSession } from "./corpus.js";
import { capturePromptV1 } from "./prompt-v1.js";
import { recordedHashes, replayCommand, sha256 } from "../recorded-model.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ANSWERS_FILE = path.join(HERE, "answers.jsonl");
export const REPLAY_COMMAND = replayCommand(ANSWERS_FILE);

export { sha256 };

/** v1: the prompt the first answers were recorded for; v2: lib/capture/llm.ts's capturePrompt. */
export const PROMPT_VERSIONS = ["v1", "v2"] as const;
export type PromptVersion = (typeof PROMPT_VERSIONS)[number];

export function sessionPrompt(s: BenchSession, version: PromptVersion = "v2"): { prompt: string; hash: string } {
  const prompt = (version === "v1" ? capturePromptV1 : capturePrompt)(userMessagesOf(s));
  return { prompt, hash: sha256(prompt) };
}

export interface ModelOutcome {
  /** The candidates the product keeps from the recorded answer; undefined when the model "failed". */
  candidates?: CaptureCandidate[];
  failure?: string;
}

export interface ReplayOptions {
  version?: PromptVersion;
  /** The parser's threshold (the product's default unless measuring another). */
  minConfidence?: Confidence;
  command?: string[];
}

/** Each session's recorded answer, run through the model-command interface and the product's parser. */
export async function recordedCandidates(sessions: readonly BenchSession[], options: ReplayOptions = {}): Promise<Map<string, ModelOutcome>> {
  const { version = "v2", minConfidence = DEFAULT_MIN_CONFIDENCE, command = REPLAY_COMMAND } = options;
  const out = new Map<string, ModelOutcome>();
  for (const s of sessions) {
    const { prompt } = sessionPrompt(s, version);
    const run = await runLlmCommand({ command, prompt, timeoutMs: 20_000, env: process.env, cwd: HERE });
    out.set(s.key, run.ok ? { candidates: modelCandidates(run.summary, userMessagesOf(s), minConfidence) } : { failure: run.reason });
  }
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [verb = "prompts", ...rest] = process.argv.slice(2);
  const at = rest.indexOf("--set");
  const sets = at === -1 ? [...SETS] : rest[at + 1]!.split(",");
  const pv = rest.indexOf("--prompt");
  const version = (pv === -1 ? "v2" : rest[pv + 1]) as PromptVersion;
  if (!PROMPT_VERSIONS.includes(version)) throw new Error(`--prompt ${version}: known versions are ${PROMPT_VERSIONS.join(", ")}`);
  const have = verb === "missing" ? recordedHashes(ANSWERS_FILE) : new Set<string>();
  const seen = new Set<string>();
  for (const set of sets)
    for (const s of sessionsOf(set)) {
      const p = sessionPrompt(s, version);
      if (seen.has(p.hash) || have.has(p.hash)) continue;
      seen.add(p.hash);
      process.stdout.write(JSON.stringify({ hash: p.hash, prompt: p.prompt }) + "\n");
    }
}
