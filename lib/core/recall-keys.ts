// Recall keys: a card's optional `recall:` list of the ways people will ask for it (symptoms, questions,
// synonyms, the same in the store's other languages). They are ranked as their own field and never printed
// in a block. This module is pure: the frontmatter value's checks, the product's key-writing prompt, and
// the parser that turns a model's answer into keys (junk in, no keys out; never a partial card).

/** At most this many keys per card, each at most this many characters: keys widen recall, not the card. */
export const MAX_RECALL_KEYS = 16;
export const MAX_RECALL_KEY_CHARS = 120;
/** How many keys every prompt asks for: 12–16 everyday, varied ones beat 8–14 by 6–7 points on paraphrased prompts. */
export const RECALL_KEYS_ASKED = "12 to 16";
/** The ask, for instructions whose model writes keys beside a card (distill, propose): one wording everywhere. */
export const RECALL_KEYS_GUIDANCE =
  "short lines a developer would type when this card is what they need without knowing it exists — the symptom they see, questions it answers, synonyms and related tool names it does not spell out — in everyday words rather than the card's own, varied from key to key, at least three in each of the store's languages; never the title again";

export interface RecallKeyProblem {
  code: "E_RECALL_KEYS";
  message: string;
}

/** Checks a frontmatter `recall` value as a save would: a list of non-empty one-line strings, bounded. */
export function recallKeyProblems(value: unknown): RecallKeyProblem[] {
  if (value === undefined || value === null) return [];
  const problem = (message: string): RecallKeyProblem => ({ code: "E_RECALL_KEYS", message });
  if (!Array.isArray(value)) return [problem("recall must be a list of strings (one way people would ask for this card per item)")];
  const problems: RecallKeyProblem[] = [];
  if (value.length > MAX_RECALL_KEYS) problems.push(problem(`recall has ${value.length} keys; at most ${MAX_RECALL_KEYS} are allowed`));
  value.forEach((k, i) => {
    if (typeof k !== "string" || k.trim() === "") problems.push(problem(`recall[${i}] must be a non-empty string`));
    else if (/[\u0000-\u001f\u007f]/.test(k)) problems.push(problem(`recall[${i}] must be one line with no control characters`));
    else if ([...k].length > MAX_RECALL_KEY_CHARS) problems.push(problem(`recall[${i}] is ${[...k].length} characters; at most ${MAX_RECALL_KEY_CHARS} are allowed`));
  });
  return problems;
}

/** The keys a parsed frontmatter carries, or [] (a malformed value is doctor's to report, not the ranker's). */
export function recallKeysOf(frontmatter: Record<string, unknown>): string[] {
  const v = frontmatter.recall;
  if (!Array.isArray(v)) return [];
  return v.filter((k): k is string => typeof k === "string" && k.trim() !== "").slice(0, MAX_RECALL_KEYS);
}

export interface RecallPromptCard {
  name: string;
  title: string;
  description?: string;
  topics: readonly string[];
  body: string;
}

/** How much of a card's body the prompt carries: enough for its facts, never a whole transcript. */
const PROMPT_BODY_CHARS = 2000;

/**
 * The product's key-writing prompt for one card. `languages` are the languages the store's cards are written
 * in (names such as "English", "French"), `ownerLanguages` those only its owner prompts in, so a prompt in one
 * reaches a card written in another. Without owner languages the prompt is worded as it always was.
 */
export function recallKeysPrompt(card: RecallPromptCard, languages: readonly string[], ownerLanguages: readonly string[] = []): string {
  const body = card.body.trim();
  const clipped = body.length > PROMPT_BODY_CHARS ? `${body.slice(0, PROMPT_BODY_CHARS)}\n[…]` : body;
  const written = languages.length > 0 ? languages.join(", ") : "English";
  const langs = ownerLanguages.length > 0 ? `${written}; and the ones its owner types prompts in: ${ownerLanguages.join(", ")}` : written;
  return [
    "You write recall keys for one memory card of a developer's coding-agent memory.",
    "A recall key is a short line a developer might type to an agent when this card is what the agent needs,",
    `even though they do not know the card exists. Write ${RECALL_KEYS_ASKED} keys:`,
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

export type RecallParse = { ok: true; keys: string[] } | { ok: false; reason: string };

const LIST_MARK = /^\s*(?:[-*•·]|\d{1,2}[.)]|[（(]?\d{1,2}[)）])\s+/;
const QUOTES = /^["'“”‘’「『]+|["'“”‘’」』]+$/g;

/**
 * A model's answer as keys: one per line, list marks and quotes stripped, deduplicated, bounded. Lines that
 * cannot be keys (too long, code fences, a preamble ending in ':') are dropped; an answer that leaves no key
 * is refused with a reason, so a failing model never writes an empty or junk list.
 */
export function parseRecallKeys(answer: string, title = ""): RecallParse {
  const seen = new Set<string>([title.trim().toLowerCase()]);
  const keys: string[] = [];
  for (const raw of answer.split(/\r?\n/)) {
    if (/^\s*```/.test(raw)) continue;
    const line = raw.replace(LIST_MARK, "").trim().replace(QUOTES, "").trim();
    if (line === "" || line.endsWith(":") || /[\u0000-\u001f\u007f]/.test(line)) continue;
    if ([...line].length > MAX_RECALL_KEY_CHARS) continue;
    const fold = line.toLowerCase();
    if (seen.has(fold)) continue;
    seen.add(fold);
    keys.push(line);
    if (keys.length === MAX_RECALL_KEYS) break;
  }
  if (keys.length === 0) return { ok: false, reason: "the model's answer held no usable key (one short line per key was expected)" };
  return { ok: true, keys };
}
