// The verify pass of capture: a second call to the same model command, which sees the first pass's candidates
// with the user's own message each names, and keeps only what a later, unrelated session would need and get wrong
// without it. It can only drop candidates, never add or reword one, so it cannot put words in the store.
//
// Why a second pass (bench/history/2026-12.md, Capture, the verify pass): the second capture prompt left false positives
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

/** Verify prompt v2 (v1 is frozen in bench/capture/verify-prompt-v1.ts). v1 dropped most durable statements said in
 * passing inside a task (where dependencies go, a library ruled out, a model insisted on, migrations not needed) as
 * "about this task"; what its right drops shared was narrower: a request that is done once this task is done,
 * restated by the candidate as a rule. So keeping is the default, the keep rule names what a standing preference said
 * in passing looks like, and the drop rule names only that restatement. */
export function verifyPrompt(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
  const named = [...new Set(candidates.map((c) => c.message))].sort((a, b) => a - b);
  const byN = new Map(messages.map((m) => [m.n, m.text]));
  return [
    "A first reading of a coding session proposed the candidates below as long-term memory for a coding agent. The",
    "owner reviews each one before it is shown to later sessions in this repository. A wrong drop costs more than a",
    "wrong keep: a dropped statement is lost for good, a kept one-off costs the owner one rejection. So keep a candidate",
    "unless you are sure it is a one-off.",
    "",
    "Keep it when the user's words in the message it names would apply again the next time the same kind of work comes",
    "up, even when said in passing inside a task request, as an aside, or without a reason:",
    "- how to work here: who runs, deploys or tests what, what the agent should or should not do itself, a step not to",
    "  forget, an environment to use;",
    "- where things go: where dependencies, files or shared code belong; a convention for the whole codebase;",
    "- what to use or avoid: a library, model, tool or approach the user chose, insisted on or ruled out;",
    "- what the project does not need or want (a guarantee, a step, a kind of code), for now or for good;",
    "- the user's own workflow or setup that later work has to fit;",
    "- a correction of the agent that should hold next time, or an explicit request to remember.",
    "That the code will show the result of this task does not make such a preference a one-off: a later task, on other",
    "code, would still need to be told.",
    "",
    "Drop it only when the user's words are a one-off about this task that the candidate restates as a rule: the request",
    "is done once this task is done, and nothing in the user's words reaches beyond it. Such as: what this feature should",
    "do, its options, defaults or output; what one document should say; which account, project or setting to use for",
    "this one setup; how to go about this one problem. Drop too a candidate whose message does not say it at all. Judge",
    "the user's words, not the candidate's wording.",
    "",
    "The user's messages the candidates name:",
    ...named.map((n) => `[message ${n}] ${(byN.get(n) ?? "").slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    "The candidates:",
    ...candidates.map((c, i) => `[candidate ${i + 1}] message ${c.message} (${c.type}): ${c.description.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"candidate": <its number>, "keep": true|false, "confidence":',
    '"high|medium|low", "reason": "<one line: what in the user\'s words holds beyond this task, or why it is done once',
    'this task is done>"}. Confidence is how sure you are of the verdict; rate a drop high only when you are sure.',
    "",
  ].join("\n");
}

export interface Verdict {
  keep: boolean;
  reason: string;
  /** How sure the verifier said it was; undefined when it gave no rating the parser knows (v1 asked for none). */
  confidence?: Confidence;
}

/** The least sure drop that still drops (bench/history/2026-12.md, the verify pass, v2): a dropped statement is lost for good,
 * a kept one-off costs the owner one rejection, so a drop the verifier is not sure of keeps its candidate. A drop with
 * no rating counts, so an answer in the v1 shape is read as before. */
export const DEFAULT_DROP_CONFIDENCE: Confidence = "high";

/** The least sure keep that still keeps (bench/history/2026-12.md, capture3). Only candidates the first pass did not rate high
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
