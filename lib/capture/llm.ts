// The model pass of capture: the configured command (argv, prompt on stdin: `[capture] llm_command`, else
// `[compact] llm_command`) reads the session's user messages and prints candidates as JSON lines. Each must
// name the message it came from; the excerpt in its source is that message's own text (its sentences that state the
// candidate, excerpt.ts), never the model's, so a model cannot invent where a memory came from. Output that does not parse stages nothing.
//
// The prompt is written against the model's measured failure (bench/history/2026-12.md, Capture): a first prompt that
// listed the card tiers and asked for "statements worth keeping" got most durable statements but proposed far
// more, mostly what the task was building, restated as a project fact. So it now says what memory is for (a
// later, unrelated session), what the repository already records, and asks the model to sort and rate each
// candidate, so the parser can drop what the model itself calls a fact, a task or a guess.
import { CARD_TYPES } from "../core/card-types.js";
import { cardNameProblem } from "../records/card-input.js";
import { parseCandidates } from "../proposals/distill-llm.js";
import type { UserMessage } from "./transcript.js";
import { statingExcerpt } from "./excerpt.js";
import { titleOf } from "./rules.js";
import type { CaptureCandidate } from "./stage.js";

/** The user messages the prompt carries at most (the newest), and each message's characters at most. */
const PROMPT_MESSAGES = 200;
const MESSAGE_CHARS = 2000;

/** What the prompt lets a candidate be; any other kind (a model answering "fact" or "task") is dropped. */
export const CAPTURE_KINDS = ["instruction", "correction", "decision", "remember"] as const;
/** The model's own rating, weakest first. */
export const CONFIDENCES = ["low", "medium", "high"] as const;
export type Confidence = (typeof CONFIDENCES)[number];
/** The weakest rating the parser keeps. */
export const DEFAULT_MIN_CONFIDENCE: Confidence = "medium";

export function capturePrompt(messages: readonly UserMessage[]): string {
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
    "",
  ].join("\n");
}

/** The model's rating, or undefined when it gave none the parser knows (a model that rates nothing loses nothing). */
export function confidenceOf(raw: unknown): Confidence | undefined {
  const s = typeof raw === "string" ? raw.trim().toLowerCase() : "";
  return (CONFIDENCES as readonly string[]).includes(s) ? (s as Confidence) : undefined;
}

/** Why a candidate is dropped for what the model said about it, or undefined to keep it. Fields the model left
 * out drop nothing, so an answer in the older four-field shape parses as it always did. */
function weakness(raw: Record<string, unknown>, minConfidence: Confidence): string | undefined {
  if ("kind" in raw && !(typeof raw.kind === "string" && (CAPTURE_KINDS as readonly string[]).includes(raw.kind.trim().toLowerCase()))) return "kind is not one the prompt allows";
  if ("why" in raw && !(typeof raw.why === "string" && raw.why.trim() !== "")) return "no reason it is durable";
  const c = confidenceOf(raw.confidence);
  if (c !== undefined && CONFIDENCES.indexOf(c) < CONFIDENCES.indexOf(minConfidence)) return `confidence ${c}`;
  return undefined;
}

/** The model's candidates that name a real message, a card type and a one-line description, and that the model
 * did not itself call weak (a kind outside CAPTURE_KINDS, an empty why, a confidence under minConfidence). */
export function modelCandidates(output: string, messages: readonly UserMessage[], minConfidence: Confidence = DEFAULT_MIN_CONFIDENCE): CaptureCandidate[] {
  const byN = new Map(messages.map((m) => [m.n, m]));
  const out: CaptureCandidate[] = [];
  for (const raw of parseCandidates(output) as Record<string, unknown>[]) {
    const m = typeof raw.message === "number" ? byN.get(raw.message) : undefined;
    const type = typeof raw.type === "string" ? raw.type.trim() : "";
    const description = typeof raw.description === "string" ? raw.description.replace(/\s+/g, " ").trim() : "";
    if (!m || !(CARD_TYPES as readonly string[]).includes(type) || description === "" || [...description].length > 200) continue;
    if (weakness(raw, minConfidence) !== undefined) continue;
    const asked = typeof raw.name === "string" ? raw.name.trim().toLowerCase() : "";
    const name = asked !== "" && asked.length <= 60 && cardNameProblem(asked) === undefined ? asked : titleOf(description);
    const why = typeof raw.why === "string" ? raw.why.replace(/\s+/g, " ").trim().slice(0, 300) : "";
    const confidence = confidenceOf(raw.confidence);
    out.push({
      type,
      name,
      description,
      excerpt: statingExcerpt(m.text, description),
      message: m.n,
      kind: "model",
      ...(why ? { why } : {}),
      ...(confidence ? { confidence } : {}),
    });
  }
  return out;
}
