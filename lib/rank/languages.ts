// Which languages a store is written in, from its cards' text: the key-writing prompt asks for keys in each,
// so a prompt in one language can reach a card written in another. Script decides CJK, Korean and Thai; for
// Latin script, the function words (stop-words.ts) decide. English is always included: developers type tool
// names and error messages in English whatever language they write in. The languages the owner prompts in (the why
// log keeps each prompt's code) join them: a store of English cards whose owner types Chinese gets Chinese keys.
import { latinLanguage } from "./stop-words.js";
import { ASCII_TEXT } from "../core/sanitize.js";

const NAMES: Readonly<Record<string, string>> = {
  en: "English",
  fr: "French",
  de: "German",
  es: "Spanish",
  it: "Italian",
  pt: "Portuguese",
  nl: "Dutch",
  zh: "Chinese",
  ja: "Japanese",
  ko: "Korean",
  th: "Thai",
};

/** One text's language code: kana → ja, Hangul → ko, Thai → th, other Han → zh, else by Latin function words. */
export function textLanguage(text: string): string {
  // ASCII text (most prompts; the hook's why log asks for every one) has no other script, and its lower-cased
  // letters are \p{L}'s: [a-z'] gives the same words without compiling the property class (~0.15 ms, as tokenize.ts).
  const ascii = ASCII_TEXT.test(text);
  if (!ascii) {
    if (/[\u3040-\u30ff]/.test(text)) return "ja";
    if (/[\uac00-\ud7af]/.test(text)) return "ko";
    if (/[\u0e00-\u0e7f]/.test(text)) return "th";
    if (/[\u4e00-\u9fff]/.test(text)) return "zh";
  }
  // One-letter words (flags like -s, -v; elided l', d') say nothing about the language.
  const words = (text.toLowerCase().match(ascii ? /[a-z']+/g : /[\p{L}']+/gu) ?? []).flatMap((w) => w.split("'")).filter((w) => w.length > 1);
  return latinLanguage(words) ?? "en";
}

/** The languages textLanguage can tell (English names): only these can be found, or found missing, in a text. */
export const KNOWN_LANGUAGES: ReadonlySet<string> = new Set(Object.values(NAMES));

/** A language's English name from its code or its name ("zh" and "chinese" → "Chinese"); an unknown one as given. */
export function languageName(lang: string): string {
  const l = lang.trim().toLowerCase();
  // Own keys only: a configured "constructor" is a name we do not know, not Object's.
  return (Object.hasOwn(NAMES, l) ? NAMES[l] : undefined) ?? Object.values(NAMES).find((n) => n.toLowerCase() === l) ?? lang.trim();
}

/**
 * The languages (English names) the store uses, English first and always present: a language counts once
 * `minCards` texts or `minShare` of them are in it (a few cards in a language mean prompts in it will come).
 * `extra` (languages people ask in that no card is written in, as names or codes) follow, each once.
 */
export function storeLanguages(texts: readonly string[], extra: readonly string[] = [], minCards = 3, minShare = 0.05): string[] {
  const counts = new Map<string, number>();
  for (const t of texts) {
    const lang = textLanguage(t);
    counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const floor = Math.max(1, Math.min(minCards, texts.length * minShare));
  const found = [...counts].filter(([lang, n]) => lang !== "en" && n >= floor).sort((a, b) => b[1] - a[1]);
  const names = ["English", ...found.map(([lang]) => NAMES[lang] ?? lang)];
  return [...names, ...beyond(names, extra.map(languageName))];
}

/** `more` without the languages `have` holds, each once (names compared without case). */
function beyond(have: readonly string[], more: readonly string[]): string[] {
  const seen = new Set(have.map((l) => l.toLowerCase()));
  return more.filter((l) => !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()));
}

/**
 * When a language the owner prompts in counts, over the last `window` prompts (one why-log record each):
 * - `minShare` (1 in 10) and at least `minPrompts` (3): each language asked takes at least three of a card's 12–16
 *   keys, so it has to be a real share of what the owner types; three prompts keep one pasted error message or a
 *   one-off question from counting;
 * - `window` (200): recent use, so a language the owner stopped typing drops out; the why log holds about that
 *   many runs (two generations of 256 KiB);
 * - at most `max` (3) beyond the cards' own: with English and a card's language, three more at three keys each
 *   still fit the 16 keys a card may hold.
 */
export const PROMPT_LANGUAGE_RULE: PromptLanguageRule = { window: 200, minShare: 0.1, minPrompts: 3, max: 3 };

export interface PromptLanguageRule {
  window: number;
  minShare: number;
  minPrompts: number;
  max: number;
}

/**
 * The languages (English names) that count among `codes`, the detected languages of the owner's prompts, oldest
 * first. A code textLanguage does not give (a hand-edited or planted log) is a prompt in no language we name.
 */
export function promptLanguages(codes: readonly string[], rule = PROMPT_LANGUAGE_RULE): string[] {
  const recent = codes.slice(-rule.window);
  const counts = new Map<string, number>();
  for (const c of recent) if (Object.hasOwn(NAMES, c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const floor = Math.max(rule.minPrompts, rule.minShare * recent.length);
  return [...counts]
    .filter(([, n]) => n >= floor)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([code]) => NAMES[code]!);
}

/** Where the owner's languages come from: `configured` ([recall] languages) when set, else the codes of recent prompts. */
export interface OwnerLanguages {
  configured?: readonly string[];
  promptCodes?: readonly string[];
}

/** The languages recall keys are asked in: the store's cards' (`cards`), then the ones only its owner asks in (`owner`). */
export interface KeyLanguages {
  cards: string[];
  owner: string[];
}

/**
 * `cards` from the cards' texts (storeLanguages); `owner` is `configured` ([recall] languages, which overrides
 * detection: `[]` turns it off) when set, else up to `rule.max` of the languages that count among the owner's
 * recent prompts (`promptCodes`), less those the cards already use.
 */
export function keyLanguages(cardTexts: readonly string[], owner: OwnerLanguages, rule = PROMPT_LANGUAGE_RULE): KeyLanguages {
  const cards = storeLanguages(cardTexts);
  if (owner.configured !== undefined) return { cards, owner: beyond(cards, owner.configured.map(languageName)) };
  return { cards, owner: beyond(cards, promptLanguages(owner.promptCodes ?? [], rule)).slice(0, rule.max) };
}
