// A key-writing prompt tried on h/rank7 (bench/history/2026-12.md, "h/rank7"), written from issue 28's definition of
// keys and from v4's measured failure (it steered keys back to the card's own words): keys are matched beside the
// card's text, so only the words a key adds help; ask for the symptom as the person who meets it says it, the task,
// the other names of each thing, each language's own words. Frozen byte for byte so `--key-prompt v5` replays its
// recorded answers. Never edit it.
import type { RecallPromptCard } from "../../lib/core/recall-keys.js";

const PROMPT_BODY_CHARS = 2000;

export function recallKeysPromptV5(card: RecallPromptCard, languages: readonly string[], ownerLanguages: readonly string[] = []): string {
  const body = card.body.trim();
  const clipped = body.length > PROMPT_BODY_CHARS ? `${body.slice(0, PROMPT_BODY_CHARS)}\n[…]` : body;
  const written = languages.length > 0 ? languages.join(", ") : "English";
  const langs = ownerLanguages.length > 0 ? `${written}; and the ones its owner types prompts in: ${ownerLanguages.join(", ")}` : written;
  return [
    "You write recall keys for one memory card of a developer's coding-agent memory.",
    "A recall key is a short line a developer might type to an agent when this card is what the agent needs,",
    "even though they do not know the card exists and have never read its words. The card's own text is searched",
    "already; keys are searched beside it, so a key helps only through the words it adds that the card lacks.",
    "Write 12 to 16 keys:",
    "- the symptom as the person who meets it would put it, knowing neither its cause nor the card's rule: what",
    "  they see go wrong or what they notice, in the plain words of someone describing it to a colleague;",
    "- the task they are doing when they need the card, asked as a request or a question (how do I, why does, where is);",
    "- the other names of each thing the card is about: synonyms, the everyday word for a technical term and the",
    "  technical term for an everyday word, the broader kind it belongs to, abbreviations spelled out and the reverse;",
    `- at least three keys in each of these languages, the ones this store is written in: ${langs};`,
    "  in each, the words people who speak it really type for this (their everyday word, their technical term, the",
    "  English word where they borrow it), not a translation of the card's sentences.",
    "Before writing, note silently which words the card uses, then say the same things with other words: every key",
    "must hold at least one word that appears nowhere in the card, and most of its words should be new. Vary the",
    "words from key to key so that together the keys cover the many ways of saying it. Keep each key under 100",
    "characters. Do not repeat the card's title. Do not add facts the card does not state.",
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
