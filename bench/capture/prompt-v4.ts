// Capture prompt v4, measured on the dev halves (bench/history/2026-12.md, h/capture12); v3 was h/capture8's, not kept. Written
// from the definition of durable (always / never, corrections, decisions with their reason, remember): one
// line per message that states a candidate, a repeat worded exactly as the first so staging records it on the one
// proposal as said again, and a message of only questions, a bug report or a paste states none. Never edit it: a
// changed byte changes every hash and orphans the recorded answers.
import type { UserMessage } from "../../lib/capture/transcript.js";

const PROMPT_MESSAGES = 200;
const MESSAGE_CHARS = 2000;

export function capturePromptV4(messages: readonly UserMessage[]): string {
  return [
    "Below are the messages a user typed to a coding agent in one session. Find what the user told the agent that a",
    "future agent, starting a later, unrelated session in the same repository on a different task, would need to be",
    "told and would otherwise get wrong. Most sessions contain nothing like that; an empty answer is normal and correct.",
    "",
    "Worth keeping (the candidate's kind):",
    "- instruction: a standing rule for how the agent should work or write code here (always, never, from now on,",
    '  who does what, "use A, not B"). It counts when said once in passing, inside a task request or as an aside, as',
    "  long as it is meant beyond this task: how to work here (who runs, deploys or tests what, what the agent should",
    "  or should not do itself, a step not to forget, an environment to use), where things belong in the whole",
    "  codebase, what to use or avoid.",
    "- correction: the user correcting how the agent works, in a way that should hold next time too.",
    "- decision: a choice between alternatives with the reason the user gives, when the reason outlasts the task (a",
    "  library, model or approach chosen over another, something the project does not need or want, a policy the user",
    "  sets). The code shows what was built, not what was ruled out or why; without a reason, leave it to the code.",
    "- remember: an explicit request to remember something.",
    "",
    "Not memory (leave it out):",
    "- What this task builds or changes: a feature, its behaviour, options and defaults, file names and paths, output",
    "  formats, UI details, a plan. Once done, the code, its README or the git history records it.",
    "- Facts the repository already shows: what the project is, its structure, dependencies and versions, names,",
    "  where things live, what a command does.",
    "- A one-time request about this task, even when a task description says should, always, make sure or don't.",
    "- A message that only asks questions, reports a bug or an error, or pastes a document, spec, log or output: it",
    "  states nothing to keep, even when the pasted text says should or always. Praise, summaries of earlier sessions.",
    "- Anything that only matters in this session. Secrets, always.",
    "",
    "Test every candidate: would it still hold, and still matter, in a later session about something else, and would",
    "an agent that reads the code miss it? If not, leave it out. Prefer fewer, stronger candidates: at most 5 different",
    "things, and most sessions have 0 to 2.",
    "",
    "Users often say what matters to them more than once. Give a line for every message that states a candidate, not",
    "only the plainest one: when another message says the same thing again (reworded, as a reminder, or in passing),",
    "give that message its own line with the same name and the same description, word for word, so the repeats are",
    "recorded on one proposal as said again.",
    "",
    "Card types:",
    "- feedback: how the agent should work (instructions, corrections).",
    "- project: a decision about this project, with its reason, that the code alone does not explain.",
    "- user: the user's own role or workflow, such as what they do themselves.",
    "- reference: where to find something outside the repository.",
    "",
    ...messages.slice(-PROMPT_MESSAGES).map((m) => `[message ${m.n}] ${m.text.slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per message and candidate: {"message": <its number>, "kind":',
    '"instruction|correction|decision|remember", "type": "feedback|project|user|reference", "name": "short-kebab-title",',
    '"description": "<the statement, one line, at most 200 characters>", "why": "<one line: why it still holds in a',
    'later, unrelated session and is not already in the code>", "confidence": "high|medium|low"}. Rate low what may be',
    "a one-off or a fact the code shows; low candidates are dropped. Print [] if there is nothing durable.",
    "",
  ].join("\n");
}
