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
import type { CaptureCandidate } from "./stage.js";
import type { UserMessage } from "./transcript.js";

const MESSAGE_CHARS = 2000;
const REASON_CHARS = 300;

export function verifyPrompt(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
  const named = [...new Set(candidates.map((c) => c.message))].sort((a, b) => a - b);
  const byN = new Map(messages.map((m) => [m.n, m.text]));
  return [
    "A first reading of a coding session proposed the candidates below as long-term memory for a coding agent. If the",
    "owner accepts one, it is shown to every later session in this repository, whatever the task. Check each candidate",
    "against the user's own words in the message it names, and keep it only when both hold:",
    "1. The user meant it beyond the task at hand: a standing rule for how to work or write code here, a correction of",
    "   how the agent works that should hold next time, a choice between alternatives or a policy for the project with",
    "   a reason that outlasts the task, or an explicit request to remember. Said in passing inside a task request",
    "   still counts when it is about how to work here in general (who does what, what to use or avoid, where things go).",
    "2. A future agent, in a later, unrelated session on a different task, would need it and would otherwise get it",
    "   wrong: reading the code, its README or the git history would not tell it.",
    "",
    "Drop a candidate when:",
    "- the message asks for something about this task: what to build or change, a feature's option, default or",
    "  output, what one document should say, which account or setting to use for this setup, how to go about this one",
    "  problem; even when it says should, always, don't, only or just;",
    "- it states what the repository already shows, or what the task built;",
    "- the message it names does not say it. Judge the user's words, not the candidate's wording: a candidate that",
    "  adds a detail to what the user plainly said is judged on what the user said.",
    "",
    "The user's messages the candidates name:",
    ...named.map((n) => `[message ${n}] ${(byN.get(n) ?? "").slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    "The candidates:",
    ...candidates.map((c, i) => `[candidate ${i + 1}] message ${c.message} (${c.type}): ${c.description.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"candidate": <its number>, "keep": true|false, "reason": "<one line: why',
    'a later, unrelated session needs it, or why it is about this task only>"}.',
    "",
  ].join("\n");
}

export interface Verdict {
  keep: boolean;
  reason: string;
}

/** Each candidate's verdict (by its 0-based index); a candidate missing from the map was not judged. */
export function verdictsIn(output: string, count: number): Map<number, Verdict> {
  const seen = new Map<number, Verdict | "conflict">();
  for (const raw of parseCandidates(output) as Record<string, unknown>[]) {
    const i = typeof raw.candidate === "number" && Number.isInteger(raw.candidate) ? raw.candidate - 1 : -1;
    const reason = typeof raw.reason === "string" ? raw.reason.replace(/\s+/g, " ").trim().slice(0, REASON_CHARS) : "";
    if (i < 0 || i >= count || typeof raw.keep !== "boolean" || reason === "") continue;
    const before = seen.get(i);
    // The same candidate judged both ways is not a verdict: it stays as the first pass had it.
    seen.set(i, before === undefined ? { keep: raw.keep, reason } : before !== "conflict" && before.keep === raw.keep ? before : "conflict");
  }
  return new Map([...seen].filter((e): e is [number, Verdict] => e[1] !== "conflict"));
}

export interface Verified {
  kept: CaptureCandidate[];
  dropped: { candidate: CaptureCandidate; reason: string }[];
  /** How many candidates had a verdict; 0 means the answer judged nothing (junk, or empty) and nothing changed. */
  judged: number;
}

/** The candidates the verify answer keeps, in their order; each kept one carries the verifier's reason. */
export function applyVerdicts(output: string, candidates: readonly CaptureCandidate[]): Verified {
  const verdicts = verdictsIn(output, candidates.length);
  const out: Verified = { kept: [], dropped: [], judged: verdicts.size };
  candidates.forEach((c, i) => {
    const v = verdicts.get(i);
    if (v && !v.keep) out.dropped.push({ candidate: c, reason: v.reason });
    else out.kept.push(v ? { ...c, verified: v.reason } : c);
  });
  return out;
}
