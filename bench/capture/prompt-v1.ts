// The capture prompt as it was when bench/capture/answers.jsonl's first 204 answers were recorded (lib/capture/llm.ts
// at 3fe931a), frozen byte for byte so the bench can still replay those answers ("before") next to the answers to
// the current prompt ("after"). Never edit it: a changed byte changes every hash and orphans the recorded answers.
import { CARD_TYPES } from "../../lib/core/card-types.js";
import { TIERS } from "../../lib/proposals/distill.js";
import type { UserMessage } from "../../lib/capture/transcript.js";

const PROMPT_MESSAGES = 200;
const MESSAGE_CHARS = 2000;

export function capturePromptV1(messages: readonly UserMessage[]): string {
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
