// The verify prompt v2, as it was when bench/capture/answers.jsonl's verify v2 answers were recorded (lib/capture/verify.ts
// at 5c83bd08), frozen byte for byte so `--verify-prompt v2` still replays those answers next to the product's verify
// prompt today. Never edit it: a changed byte changes every hash and orphans the recorded answers. v2 keeps by default
// ("a wrong drop costs more than a wrong keep") and names one kind of drop: a one-off restated as a rule.
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import type { UserMessage } from "../../lib/capture/transcript.js";

const MESSAGE_CHARS = 2000;

export function verifyPromptV2(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
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
