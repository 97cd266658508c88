// The verify prompt as it was when bench/capture/answers.jsonl's first 41 verify answers were recorded
// (lib/capture/verify.ts at ac0cbf7), frozen byte for byte so `--verify-prompt v1` still replays those answers next to
// the answers to the product's verify prompt today. Never edit it: a changed byte changes every hash and orphans the
// recorded answers. v1 judged every candidate, the first pass's high-rated ones too, and asked for no confidence.
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import type { UserMessage } from "../../lib/capture/transcript.js";

const MESSAGE_CHARS = 2000;

export function verifyPromptV1(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
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
