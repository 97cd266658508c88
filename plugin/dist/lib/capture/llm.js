// lib/capture/llm.ts
import { CARD_TYPES } from "../core/card-types.js";
import { cardNameProblem } from "../records/card-input.js";
import { parseCandidates } from "../proposals/distill-llm.js";
import { statingExcerpt } from "./excerpt.js";
import { titleOf } from "./rules.js";
var PROMPT_MESSAGES = 200;
var MESSAGE_CHARS = 2e3;
var CAPTURE_KINDS = ["instruction", "correction", "decision", "remember"];
var CONFIDENCES = ["low", "medium", "high"];
var DEFAULT_MIN_CONFIDENCE = "medium";
function capturePrompt(messages) {
  return [
    "Below are the messages a user typed to a coding agent in one session. Find only what a future agent, starting a",
    "later, unrelated session in the same repository on a different task, would need to be told and would otherwise",
    "get wrong. Most sessions contain nothing like that; an empty answer is normal and correct.",
    "",
    "Worth keeping (the candidate's kind):",
    "- instruction: a standing rule for how the agent should work or write code here (always, never, from now on,",
    '  who does what, "use A, not B"). Said once in passing still counts when it is meant beyond this task.',
    "- correction: the user correcting how the agent works, in a way that should hold next time too.",
    "- decision: a choice between alternatives with a reason that outlasts the task (a library or an approach chosen",
    "  over another, a policy the user sets for the project).",
    "- remember: an explicit request to remember something.",
    "",
    "Not memory (leave it out):",
    "- What this task builds or changes: a feature, its behaviour, options and defaults, file names and paths, output",
    "  formats, UI details, a plan. Once done, the code, its README or the git history records it.",
    "- Facts the repository already shows: what the project is, its structure, dependencies and versions, names,",
    "  where things live, what a command does.",
    "- A one-time request about this task, even when a task description says should, always, make sure or don't.",
    "- Questions, bug reports, error output, pasted documents or specs, praise, summaries of earlier sessions.",
    "- Anything that only matters in this session. Secrets, always.",
    "",
    "Test every candidate: would it still hold, and still matter, in a later session about something else, and would",
    "an agent that reads the code miss it? If not, leave it out. Prefer fewer, stronger candidates: at most 5, and",
    "most sessions have 0 to 2. Say each thing once, naming the message that states it most plainly.",
    "",
    "Card types:",
    "- feedback: how the agent should work (instructions, corrections).",
    "- project: a decision about this project, with its reason, that the code alone does not explain.",
    "- user: the user's own role or workflow, such as what they do themselves.",
    "- reference: where to find something outside the repository.",
    "",
    ...messages.slice(-PROMPT_MESSAGES).map((m) => `[message ${m.n}] ${m.text.slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per candidate: {"message": <its number>, "kind": "instruction|correction|decision|remember",',
    '"type": "feedback|project|user|reference", "name": "short-kebab-title", "description": "<the statement, one line, at',
    'most 200 characters>", "why": "<one line: why it still holds in a later, unrelated session and is not already in',
    'the code>", "confidence": "high|medium|low"}. Rate low what may be a one-off or what the code will show; low',
    "candidates are dropped. Print [] if there is nothing durable.",
    ""
  ].join("\n");
}
function confidenceOf(raw) {
  const s = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  return CONFIDENCES.includes(s) ? s : void 0;
}
function weakness(raw, minConfidence) {
  if ("kind" in raw && !(typeof raw.kind === "string" && CAPTURE_KINDS.includes(raw.kind.trim().toLowerCase()))) return "kind is not one the prompt allows";
  if ("why" in raw && !(typeof raw.why === "string" && raw.why.trim() !== "")) return "no reason it is durable";
  const c = confidenceOf(raw.confidence);
  if (c !== void 0 && CONFIDENCES.indexOf(c) < CONFIDENCES.indexOf(minConfidence)) return `confidence ${c}`;
  return void 0;
}
function modelCandidates(output, messages, minConfidence = DEFAULT_MIN_CONFIDENCE) {
  const byN = new Map(messages.map((m) => [m.n, m]));
  const out = [];
  for (const raw of parseCandidates(output)) {
    const m = typeof raw.message === "number" ? byN.get(raw.message) : void 0;
    const type = typeof raw.type === "string" ? raw.type.trim() : "";
    const description = typeof raw.description === "string" ? raw.description.replace(/\s+/g, " ").trim() : "";
    if (!m || !CARD_TYPES.includes(type) || description === "" || [...description].length > 200) continue;
    if (weakness(raw, minConfidence) !== void 0) continue;
    const asked = typeof raw.name === "string" ? raw.name.trim().toLowerCase() : "";
    const name = asked !== "" && asked.length <= 60 && cardNameProblem(asked) === void 0 ? asked : titleOf(description);
    const why = typeof raw.why === "string" ? raw.why.replace(/\s+/g, " ").trim().slice(0, 300) : "";
    const confidence = confidenceOf(raw.confidence);
    out.push({
      type,
      name,
      description,
      excerpt: statingExcerpt(m.text, description),
      message: m.n,
      kind: "model",
      ...why ? { why } : {},
      ...confidence ? { confidence } : {}
    });
  }
  return out;
}
export {
  CAPTURE_KINDS,
  CONFIDENCES,
  DEFAULT_MIN_CONFIDENCE,
  capturePrompt,
  confidenceOf,
  modelCandidates
};
