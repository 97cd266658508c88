// A key-writing prompt tried on h/keys3 and dropped (bench/history/2026-12.md, "h/keys3"): v2 plus "keys are matched word for
// word", one question per fact in the body, the other names of the subject, native-speaker wording, and "every key
// holds a word particular to this card". Frozen byte for byte so `--key-prompt v4` replays its recorded answers.
// (v3 was an earlier dropped variant whose answers were never committed.) Never edit it.
import type { RecallPromptCard } from "../../lib/core/recall-keys.js";

const PROMPT_BODY_CHARS = 2000;

export function recallKeysPromptV4(card: RecallPromptCard, languages: readonly string[], ownerLanguages: readonly string[] = []): string {
  const body = card.body.trim();
  const clipped = body.length > PROMPT_BODY_CHARS ? `${body.slice(0, PROMPT_BODY_CHARS)}\n[…]` : body;
  const written = languages.length > 0 ? languages.join(", ") : "English";
  const langs = ownerLanguages.length > 0 ? `${written}; and the ones its owner types prompts in: ${ownerLanguages.join(", ")}` : written;
  return [
    "You write recall keys for one memory card of a developer's coding-agent memory.",
    "A recall key is a short line a developer might type to an agent when this card is what the agent needs,",
    "even though they do not know the card exists. Keys are matched word for word against what they type, so a key",
    "only helps when it shares a specific word with it. Write 12 to 16 keys:",
    "- symptoms they would describe when they hit the problem the card prevents: what they see (an error message,",
    "  a crash, a wrong, missing or stale result, a stuck or slow step, a failing command), not the rule;",
    "- questions they would ask whose answer is in the card: one for each fact in the body, not only the title's;",
    "- the other names of what the card is about: synonyms, the broader kind and the narrower ones, abbreviations",
    "  and codes spelled out and the reverse, and the tools, commands, files and screens involved that it does not name;",
    `- at least three of the above in each of these languages, the ones this store is written in: ${langs};`,
    "  as a native speaker types them, with the technical words they really use there, not a word-for-word translation.",
    "Write as that developer would, in everyday words, not in the card's own terms; vary the words from key to key",
    "so that together the keys cover the many ways of saying it. Every key must hold at least one word particular",
    "to this card's subject, not only general words that any question could use: such a key also matches prompts",
    "that need no memory. Keep each key under 100 characters. Do not repeat the card's title. Do not add facts the",
    "card does not state.",
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
