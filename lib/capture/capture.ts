// One session's capture: its user messages → candidates (rules, or the model when one is configured, then the
// model's verify pass over its own candidates) → proposals. The model's runner is injected (the hook layer passes
// compact's runner), so this folder never spawns.
import { isQuestion, ownText } from "./mood.js";
import { candidatesIn, everySentence } from "./rules.js";
import { capturePrompt, DEFAULT_MIN_CONFIDENCE, modelCandidates, type Confidence } from "./llm.js";
import { stageCaptured, type CaptureCandidate, type StageOptions, type StageOutcome } from "./stage.js";
import type { UserMessage } from "./transcript.js";
import { applyVerdicts, verifyPrompt } from "./verify.js";

export type ModelRunner = (prompt: string) => Promise<{ ok: true; summary: string } | { ok: false; reason: string }>;

export interface CaptureResult extends StageOutcome {
  /** rules, model, "model, verified"; "model (unverified: …)" when the verify answer was unusable; "rules (model
   * failed: …)" when the first answer was. */
  pass: string;
  messages: number;
}

export interface ModelPassOptions {
  /** Run the verify pass over the model's candidates (default true; `[capture] verify = false` turns it off). */
  verify?: boolean;
  minConfidence?: Confidence;
  /** The least sure drop of the verify pass that drops (default DEFAULT_DROP_CONFIDENCE). */
  minDrop?: Confidence;
  /** The least sure keep of the verify pass that keeps (default DEFAULT_KEEP_CONFIDENCE). */
  minKeep?: Confidence;
  /** The bench's replay of recorded verify answers: another prompt version, and whether it judged the first pass's
   * high-rated candidates too (the v1 prompt did). The product uses verifyPrompt and leaves those out. */
  verifyWith?: { prompt: typeof verifyPrompt; high: boolean };
  /** The bench's replay of another first-pass prompt's recorded answers (the product uses capturePrompt). */
  captureWith?: typeof capturePrompt;
}

/** A candidate left out, and by what: the verify pass's verdict, or its message having nothing of the user's own. */
export interface Dropped {
  candidate: CaptureCandidate;
  reason: string;
  by: "verify" | "own words";
}

export type ModelPass = { ok: true; candidates: CaptureCandidate[]; dropped: Dropped[]; pass: string } | { ok: false; reason: string };

/** Every rule candidate in the messages, newest message last, each statement once. */
export function ruleCandidates(messages: readonly UserMessage[]): CaptureCandidate[] {
  const seen = new Set<string>();
  return messages
    .flatMap((m) => candidatesIn(m.text, m.n))
    .filter((c) => !seen.has(c.description.toLowerCase()) && seen.add(c.description.toLowerCase()))
    .map((c) => ({ type: c.type, name: c.name, description: c.description, excerpt: c.excerpt, message: c.message, kind: c.kind }));
}

const NOTHING_OWN = "the message it names states nothing of the user's own: only questions or pasted text";

/** True when a message holds no sentence the user stated: each is a question, or what is left is pasted. Length does
 * not count ("use bun" states a rule; so does one 500-character sentence). A question or a paste is not memory (the definition of durable), whatever the
 * model made of it. */
export function statesNothing(text: string): boolean {
  return everySentence(ownText(text)).every(isQuestion);
}

/** The model's candidates for a session, then (unless turned off) the verify pass over those it did not rate high,
 * then none whose message states nothing of the user's own. */
export async function modelPass(messages: readonly UserMessage[], model: ModelRunner, options: ModelPassOptions = {}): Promise<ModelPass> {
  const run = await readAndVerify(messages, model, options);
  if (!run.ok) return run;
  // After the verify call, as measured (bench/history/2026-12.md, h/capture11): it judges what the first pass proposed.
  const own = new Map(messages.map((m) => [m.n, !statesNothing(m.text)]));
  const asked = run.candidates.filter((c) => !own.get(c.message));
  if (asked.length === 0) return run;
  return {
    ...run,
    candidates: run.candidates.filter((c) => own.get(c.message)),
    dropped: [...run.dropped, ...asked.map((candidate) => ({ candidate, reason: NOTHING_OWN, by: "own words" as const }))],
  };
}

/** A verify answer that fails, times out or judges nothing leaves the first pass's candidates exactly as they were.
 * Why the high-rated ones are not checked (bench/history/2026-12.md, the verify pass, v2): on the dev half every one of them
 * (12) was durable and the v1 verifier kept them all, so checking them can only lose recall, and a session whose
 * candidates are all high needs no second call. */
async function readAndVerify(messages: readonly UserMessage[], model: ModelRunner, options: ModelPassOptions): Promise<ModelPass> {
  const answer = await model((options.captureWith ?? capturePrompt)(messages));
  if (!answer.ok) return { ok: false, reason: answer.reason };
  const candidates = modelCandidates(answer.summary, messages, options.minConfidence ?? DEFAULT_MIN_CONFIDENCE);
  const { prompt, high } = options.verifyWith ?? { prompt: verifyPrompt, high: false };
  const checked = candidates.filter((c) => high || c.confidence !== "high");
  // Nothing to check: most sessions, so the verify call costs nothing there.
  if (options.verify === false || checked.length === 0) return { ok: true, candidates, dropped: [], pass: "model" };
  const check = await model(prompt(checked, messages));
  if (!check.ok) return { ok: true, candidates, dropped: [], pass: `model (unverified: ${check.reason})` };
  const verified = applyVerdicts(check.summary, checked, { ...(options.minDrop ? { minDrop: options.minDrop } : {}), ...(options.minKeep ? { minKeep: options.minKeep } : {}) });
  if (verified.judged === 0) return { ok: true, candidates, dropped: [], pass: "model (unverified: the verify answer judged no candidate)" };
  // Back in the first pass's order: a checked candidate as the verdict left it, an unchecked one as it was.
  // verified.kept is in the checked candidates' order, less the dropped ones.
  const gone = new Set(verified.dropped.map((d) => d.candidate));
  const isChecked = new Set(checked);
  let next = 0;
  const kept = candidates.flatMap((c) => (!isChecked.has(c) ? [c] : gone.has(c) ? [] : [verified.kept[next++]!]));
  return { ok: true, candidates: kept, dropped: verified.dropped.map((d) => ({ ...d, by: "verify" as const })), pass: "model, verified" };
}

export async function captureMessages(
  options: StageOptions,
  src: { host: string; sessionId: string },
  messages: readonly UserMessage[],
  model?: ModelRunner,
  passOptions: ModelPassOptions = {},
): Promise<CaptureResult> {
  let pass = "rules";
  let candidates: CaptureCandidate[] | undefined;
  let dropped: StageOutcome["skipped"] = [];
  if (model && messages.length > 0) {
    const run = await modelPass(messages, model, passOptions);
    if (run.ok) {
      candidates = run.candidates;
      dropped = run.dropped.map((d) => ({ name: d.candidate.name, reason: d.by === "verify" ? `the verify pass dropped it: ${d.reason}` : d.reason }));
      pass = run.pass;
    } else pass = `rules (model failed: ${run.reason})`;
  }
  // The model failing, hanging or printing junk falls back to the rules: the session is still captured.
  candidates ??= ruleCandidates(messages);
  const staged = await stageCaptured(options, src, candidates);
  return { ...staged, skipped: [...dropped, ...staged.skipped], pass, messages: messages.length };
}
