// The model pass of capture: the configured command (argv, prompt on stdin: `[capture] llm_command`, else
// `[compact] llm_command`) reads the session's user messages and prints candidates as JSON lines. Each must
// name the message it came from; the excerpt in its source is that message's own text, never the model's, so a
// model cannot invent where a memory came from. Output that does not parse stages nothing.
import { CARD_TYPES } from "../core/card-types.js";
import { cardNameProblem } from "../records/card-input.js";
import { parseCandidates } from "../proposals/distill-llm.js";
import { TIERS } from "../proposals/distill.js";
import type { UserMessage } from "./transcript.js";
import { titleOf } from "./rules.js";
import type { CaptureCandidate } from "./stage.js";

/** The user messages the prompt carries at most (the newest), and each message's characters at most. */
const PROMPT_MESSAGES = 200;
const MESSAGE_CHARS = 2000;

export function capturePrompt(messages: readonly UserMessage[]): string {
  return [
    "Below are the messages a user typed to a coding agent in one session. Find the few statements worth keeping as",
    "long-term memory: standing instructions (always / never / from now on), corrections of the agent, decisions with",
    "their reason, and explicit requests to remember something. Ignore one-off requests, questions and anything that",
    "is only about this session. Never include secrets.",
    "",
    "Card types (tiers):",
    ...CARD_TYPES.map((t) => `- ${t}: ${TIERS[t]}`),
    "",
    ...messages.slice(-PROMPT_MESSAGES).map((m) => `[message ${m.n}] ${m.text.slice(0, MESSAGE_CHARS).replace(/\s+/g, " ")}`),
    "",
    'Print only JSON lines, one per statement: {"message": <its number>, "type": "feedback|project|user|reference", "name": "short-kebab-title", "description": "<the statement, one line, at most 200 characters>"}. Print [] if there is nothing durable.',
    "",
  ].join("\n");
}

/** The model's candidates that name a real message, a card type and a one-line description. */
export function modelCandidates(output: string, messages: readonly UserMessage[]): CaptureCandidate[] {
  const byN = new Map(messages.map((m) => [m.n, m]));
  const out: CaptureCandidate[] = [];
  for (const raw of parseCandidates(output) as Record<string, unknown>[]) {
    const m = typeof raw.message === "number" ? byN.get(raw.message) : undefined;
    const type = typeof raw.type === "string" ? raw.type.trim() : "";
    const description = typeof raw.description === "string" ? raw.description.replace(/\s+/g, " ").trim() : "";
    if (!m || !(CARD_TYPES as readonly string[]).includes(type) || description === "" || [...description].length > 200) continue;
    const asked = typeof raw.name === "string" ? raw.name.trim().toLowerCase() : "";
    const name = asked !== "" && asked.length <= 60 && cardNameProblem(asked) === undefined ? asked : titleOf(description);
    out.push({ type, name, description, excerpt: m.text, message: m.n, kind: "model" });
  }
  return out;
}
