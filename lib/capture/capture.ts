// One session's capture: its user messages → candidates (rules, or the model when one is configured) → proposals.
// The model's runner is injected (the hook layer passes compact's runner), so this folder never spawns.
import { candidatesIn } from "./rules.js";
import { capturePrompt, modelCandidates } from "./llm.js";
import { stageCaptured, type CaptureCandidate, type StageOptions, type StageOutcome } from "./stage.js";
import type { UserMessage } from "./transcript.js";

export type ModelRunner = (prompt: string) => Promise<{ ok: true; summary: string } | { ok: false; reason: string }>;

export interface CaptureResult extends StageOutcome {
  /** rules, or model; "rules (model failed: …)" when the model's answer was unusable. */
  pass: string;
  messages: number;
}

/** Every rule candidate in the messages, newest message last, each statement once. */
export function ruleCandidates(messages: readonly UserMessage[]): CaptureCandidate[] {
  const seen = new Set<string>();
  return messages
    .flatMap((m) => candidatesIn(m.text, m.n))
    .filter((c) => !seen.has(c.description.toLowerCase()) && seen.add(c.description.toLowerCase()))
    .map((c) => ({ type: c.type, name: c.name, description: c.description, excerpt: c.excerpt, message: c.message, kind: c.kind }));
}

export async function captureMessages(
  options: StageOptions,
  src: { host: string; sessionId: string },
  messages: readonly UserMessage[],
  model?: ModelRunner,
): Promise<CaptureResult> {
  let pass = "rules";
  let candidates: CaptureCandidate[] | undefined;
  if (model && messages.length > 0) {
    const answer = await model(capturePrompt(messages));
    if (answer.ok) {
      candidates = modelCandidates(answer.summary, messages);
      pass = "model";
    } else pass = `rules (model failed: ${answer.reason})`;
  }
  // The model failing, hanging or printing junk falls back to the rules: the session is still captured.
  candidates ??= ruleCandidates(messages);
  const staged = await stageCaptured(options, src, candidates);
  return { ...staged, pass, messages: messages.length };
}
