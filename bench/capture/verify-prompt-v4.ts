// The verify prompt v4 (h/capture11), frozen byte for byte so `--verify-prompt v4` replays its recorded answers. v3's
// verdicts (its "what") were right more often than v2's but its confidences were flat (10 of 11 `medium`), so its
// drops never counted. v4 asks for the verdict alone, with no rating: its own spec / task / other is a sure drop
// (the product's parser counts an unrated drop), and the doubt goes into the choice of verdict. Written from the
// issue's definition of what is durable, not from any message in any set. Never edit it.
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import type { UserMessage } from "../../lib/capture/transcript.js";

const MESSAGE_CHARS = 2000;

export function verifyPromptV4(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
  const named = [...new Set(candidates.map((c) => c.message))].sort((a, b) => a - b);
  const byN = new Map(messages.map((m) => [m.n, m.text]));
  return [
    "A first reading of a coding session proposed the candidates below as long-term memory for a coding agent: notes",
    "shown to every later session in this repository, whatever its task. Memory is what should still hold in a later",
    "session. Judge each candidate by the user's own words in the message it names, not by the candidate's wording.",
    "",
    'Say what the user\'s words are (the "what" field), one of seven:',
    '- "rule": a standing instruction or preference, meant beyond this task: how the agent should work here (who runs,',
    "  deploys or tests what, what the agent does itself, a step not to forget, an environment to use), where things",
    "  belong, a tool, library, model or approach to use or to avoid, a convention for the codebase, something the",
    "  project does not need or want, the user's own workflow that later work has to fit. Said in passing inside a",
    "  task request, as an aside or without a reason, it is still a rule.",
    '- "correction": the user corrects how the agent went about its work, in a way that should hold next time too.',
    '- "decision": the user chooses between alternatives for the project, with a reason that outlasts this task.',
    '- "remember": the user asks the agent to remember something or to keep it in mind.',
    '- "spec": what the thing built in this task should do or look like (its behaviour, options, defaults, layout,',
    "  output), what one document should say, or a one-off styling request.",
    '- "task": a step of this piece of work that is over once it is done: a fix, a debugging direction, the order or',
    "  scope of the work, an account, setting or value for this one setup.",
    '- "other": a question, a bug report, pasted text, or words that do not say what the candidate says.',
    "",
    "A rule, correction, decision or remember request is kept for the owner to review. A spec, task or other is",
    "dropped, and a drop is final: the statement is lost for good, while a kept one-off costs the owner one rejection.",
    "So answer spec, task or other only when nothing in the user's words reaches beyond this task; when the words can",
    "be read both ways, give the durable reading.",
    "",
    "The user's messages the candidates name:",
    ...named.map((n) => `[message ${n}] ${(byN.get(n) ?? "").slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    "The candidates:",
    ...candidates.map((c, i) => `[candidate ${i + 1}] message ${c.message} (${c.type}): ${c.description.replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"candidate": <its number>, "what": "rule|correction|decision|remember|',
    'spec|task|other", "keep": true|false, "reason": "<one line: the user\'s words that decide it>"}. keep is true',
    "exactly when what is rule, correction, decision or remember.",
    "",
  ].join("\n");
}
