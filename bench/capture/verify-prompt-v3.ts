// The verify prompt v3 (h/capture10), frozen byte for byte so `--verify-prompt v3` replays its recorded answers. It was
// measured on the dev sets and not adopted (bench/history/2026-12.md, h/capture10): the product's verify prompt is still v2.
// It asked first what the user's words are, in the terms (a rule, a correction, a decision with its reason, a
// remember request; or a spec, a task step, neither), so that "always" inside a spec is judged as a spec. Never edit it.
import type { CaptureCandidate } from "../../lib/capture/stage.js";
import type { UserMessage } from "../../lib/capture/transcript.js";

const MESSAGE_CHARS = 2000;

export function verifyPromptV3(candidates: readonly CaptureCandidate[], messages: readonly UserMessage[]): string {
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
