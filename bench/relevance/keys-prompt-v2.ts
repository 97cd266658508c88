// The key-writing prompt as it was when keys/answers.jsonl's v2 answers were recorded (lib/core/recall-keys.ts
// `recallKeysPrompt` at 32cb9bf), frozen byte for byte so `--key-prompt v2` still replays those answers ("before")
// next to the answers to the product's prompt today. Never edit it: a changed byte orphans the recorded answers.
import type { RecallPromptCard } from "../../lib/core/recall-keys.js";

const PROMPT_BODY_CHARS = 2000;

export function recallKeysPromptV2(card: RecallPromptCard, languages: readonly string[], ownerLanguages: readonly string[] = []): string {
  const body = card.body.trim();
  const clipped = body.length > PROMPT_BODY_CHARS ? `${body.slice(0, PROMPT_BODY_CHARS)}\n[…]` : body;
  const written = languages.length > 0 ? languages.join(", ") : "English";
  const langs = ownerLanguages.length > 0 ? `${written}; and the ones its owner types prompts in: ${ownerLanguages.join(", ")}` : written;
  return [
    "You write recall keys for one memory card of a developer's coding-agent memory.",
    "A recall key is a short line a developer might type to an agent when this card is what the agent needs,",
    "even though they do not know the card exists. Write 12 to 16 keys:",
    "- symptoms they would describe when they hit the problem the card prevents (what they see, not the rule);",
    "- questions they would ask whose answer is in the card;",
    "- synonyms, broader and narrower terms, and names of related tools the card does not spell out;",
    `- at least three of the above in each of these languages, the ones this store is written in: ${langs}.`,
    "Write as that developer would, in everyday words, not in the card's own terms; vary the words from key to key",
    "so that together the keys cover the many ways of saying it, since a key only helps when it shares a word with",
    "what they type. Keep each key under 100 characters. Do not repeat the card's title. Do not add facts the card",
    "does not state.",
    "Answer with the keys only, one per line: no numbering, no bullets, no quotes, no other text.",
    "",
    "<card>",
    `name: ${card.name}`,
    `title: ${card.title}`,
    ...(card.description ? [`description: ${card.description}`] : []),
    ...(card.topics.length > 0 ? [`topics: ${card.topics.join(", ")}`] : []),
    "",
    clipped,
    "</card>",
  ].join("\n");
}
