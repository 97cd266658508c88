// The verify pass of capture: a second call to the same model command, which sees the first pass's candidates
// with the user's own message each names, and keeps only what a later, unrelated session would need and get wrong
// without it. It can only drop candidates, never add or reword one, so it cannot put words in the store.
//
// Why a second pass (bench/README.md, Capture, the verify pass): the second capture prompt left false positives
// that read as standing rules only out of context (a one-time setup choice, a feature's default given inside a
// task, a one-off README or debugging preference). The first pass reads the whole session looking for what to
// keep; judging one statement at a time against the words it came from is a different question, asked apart.
//
// Nothing is lost to a bad answer: a verdict counts only when it names a candidate, says keep true or false and
// gives a reason; a candidate with no such verdict, or with verdicts that disagree, stays as the first pass had it.
import { parseCandidates } from "../proposals/distill-llm.js";
import { CONFIDENCES, confidenceOf, type Confidence } from "./llm.js";
import type { CaptureCandidate } from "./stage.js";
import type { UserMessage } from "./transcript.js";

const MESSAGE_CHARS = 2000;
const REASON_CHARS = 300;

/** Verify prompt v3 (v1 and v2 are frozen in bench/capture). v2 kept by default and named one kind of drop, so what it
 * kept wrongly read as a rule out of context: a sentence of a specification, an answer about the feature being built,
 * a step of the task. v3 asks first what the user's words are, in the terms (a rule, a correction, a decision
 * with its reason, a remember request; or a spec, a task step, neither), so "always" inside a spec is judged as a spec. */
export function verifyPrompt(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
  const named = [...new Set(candidates.map((c) => c.message))].sort((a, b) => a - b);
  const byN = new Map(messages.map((m) => [m.n, m.text]));
  return [
    "A first reading of a coding session proposed the candidates below as long-term memory for a coding agent: notes",
    "shown to every later session in this repository, whatever its task. The owner reviews each one: a kept one-off",
    "costs the owner a rejection, a wrong drop loses a standing preference for good. Judge each candidate by the user's",
    "own words in the message it names, not by the candidate's wording.",
    "",
    'First say what the user\'s words are (the "what" field):',
    '- "rule": the user tells the agent how to work or write code here beyond this task: always or never, from now on,',
    "  who runs or does what, a tool, library, model or approach to use or to avoid, where things belong, a convention",
    "  for the codebase, something the project does not need. Said in passing inside a task request still counts when",
    "  the words are not tied to this task.",
    '- "correction": the user corrects how the agent went about its work (something it did unasked, something it should',
    "  have done, a way of working it got wrong) in a way that applies to other work too.",
    '- "decision": the user chooses between alternatives for the project, with a reason that outlasts this task.',
    '- "remember": the user asks for something to be remembered.',
    '- "spec": what the thing being built should do or look like: a feature\'s behaviour, options, defaults, layout or',
    "  output; the content of a document, prompt or instructions the user is writing (the rules an assistant or bot",
    "  being built should follow are that product's rules, not the agent's); an answer to the agent's question about",
    "  this feature.",
    '- "task": a step, scope or order of this piece of work (for now, not yet, next), a fix or a debugging direction, a',
    "  one-time setting, account or value for this setup, a request about the format of this answer.",
    '- "other": a question, a report, pasted text, or words that do not say what the candidate says.',
    "",
    "Keep the candidate when the words are a rule, correction, decision or remember request. Drop it when they are a",
    "spec, a task or other, even when they say always, never, should or make sure: inside a specification those words",
    "describe the thing being built, and the code or the document holds them once it is done. When the words can be",
    "read either way, keep it and say medium.",
    "",
    "The user's messages the candidates name:",
    ...named.map((n) => `[message ${n}] ${(byN.get(n) ?? "").slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    "The candidates:",
    ...candidates.map((c, i) => `[candidate ${i + 1}] message ${c.message} (${c.type}): ${c.description.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"candidate": <its number>, "what": "rule|correction|decision|remember|',
    'spec|task|other", "keep": true|false, "confidence": "high|medium|low", "reason": "<one line: the user\'s words that',
    'decide it>"}. Confidence is how sure you are of the verdict; rate a drop high only when you are sure.',
    "",
  ].join("\n");
}

export interface Verdict {
  keep: boolean;
  reason: string;
  /** How sure the verifier said it was; undefined when it gave no rating the parser knows (v1 asked for none). */
  confidence?: Confidence;
}

/** The least sure drop that still drops (bench/README.md, the verify pass, v2): a dropped statement is lost for good,
 * a kept one-off costs the owner one rejection, so a drop the verifier is not sure of keeps its candidate. A drop with
 * no rating counts, so an answer in the v1 shape is read as before. */
export const DEFAULT_DROP_CONFIDENCE: Confidence = "high";

/** The least sure keep that still keeps (bench/README.md, capture3). Only candidates the first pass did not rate high
 * are judged, so the first pass was unsure of each; a keep the verifier rates low is a second unsure reading, and two
 * unsure readings are not enough to ask the owner. A keep with no rating counts (v1's shape). */
export const DEFAULT_KEEP_CONFIDENCE: Confidence = "medium";

export interface VerifyThresholds {
  /** The least sure drop that drops (default DEFAULT_DROP_CONFIDENCE). */
  minDrop?: Confidence;
  /** The least sure keep that keeps (default DEFAULT_KEEP_CONFIDENCE); a keep under it drops its candidate. */
  minKeep?: Confidence;
}

/** Each candidate's verdict (by its 0-based index); a candidate missing from the map was not judged. */
export function verdictsIn(output: string, count: number): Map<number, Verdict> {
  const seen = new Map<number, Verdict | "conflict">();
  for (const raw of parseCandidates(output) as Record<string, unknown>[]) {
    const i = typeof raw.candidate === "number" && Number.isInteger(raw.candidate) ? raw.candidate - 1 : -1;
    const reason = typeof raw.reason === "string" ? raw.reason.replace(/\s+/g, " ").trim().slice(0, REASON_CHARS) : "";
    if (i < 0 || i >= count || typeof raw.keep !== "boolean" || reason === "") continue;
    const confidence = confidenceOf(raw.confidence);
    const before = seen.get(i);
    // The same candidate judged both ways is not a verdict: it stays as the first pass had it.
    seen.set(i, before === undefined ? { keep: raw.keep, reason, ...(confidence ? { confidence } : {}) } : before !== "conflict" && before.keep === raw.keep ? before : "conflict");
  }
  return new Map([...seen].filter((e): e is [number, Verdict] => e[1] !== "conflict"));
}

export interface Verified {
  kept: CaptureCandidate[];
  dropped: { candidate: CaptureCandidate; reason: string }[];
  /** How many candidates had a verdict; 0 means the answer judged nothing (junk, or empty) and nothing changed. */
  judged: number;
}

/** The candidates the verify answer keeps, in their order; each kept one carries the verifier's reason, and one it
 * would have dropped without being sure enough carries that doubt instead, for the reviewer. A keep rated under
 * minKeep is no support for a candidate the first pass was unsure of: it is dropped, with the verifier's reason. */
export function applyVerdicts(output: string, candidates: readonly CaptureCandidate[], thresholds: VerifyThresholds = {}): Verified {
  const { minDrop = DEFAULT_DROP_CONFIDENCE, minKeep = DEFAULT_KEEP_CONFIDENCE } = thresholds;
  const atLeast = (v: Verdict, min: Confidence) => v.confidence === undefined || CONFIDENCES.indexOf(v.confidence) >= CONFIDENCES.indexOf(min);
  const verdicts = verdictsIn(output, candidates.length);
  const out: Verified = { kept: [], dropped: [], judged: verdicts.size };
  candidates.forEach((c, i) => {
    const v = verdicts.get(i);
    if (!v) out.kept.push(c);
    else if (v.keep && atLeast(v, minKeep)) out.kept.push({ ...c, verified: v.reason });
    else if (v.keep) out.dropped.push({ candidate: c, reason: `kept only with ${v.confidence} confidence, after a first reading that was not sure either: ${v.reason}` });
    else if (atLeast(v, minDrop)) out.dropped.push({ candidate: c, reason: v.reason });
    else out.kept.push({ ...c, doubted: `${v.reason} (confidence ${v.confidence})` });
  });
  return out;
}
