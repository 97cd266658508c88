// Which languages a store is written in, from its cards' text: the key-writing prompt asks for keys in each,
// so a prompt in one language can reach a card written in another. Script decides CJK, Korean and Thai; for
// Latin script, the function words (stop-words.ts) decide. English is always included: developers type tool
// names and error messages in English whatever language they write in.
import { latinLanguage } from "./stop-words.js";

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
  if (/[\u3040-\u30ff]/.test(text)) return "ja";
  if (/[\uac00-\ud7af]/.test(text)) return "ko";
  if (/[\u0e00-\u0e7f]/.test(text)) return "th";
  if (/[\u4e00-\u9fff]/.test(text)) return "zh";
  // One-letter words (flags like -s, -v; elided l', d') say nothing about the language.
  const words = (text.toLowerCase().match(/[\p{L}']+/gu) ?? []).flatMap((w) => w.split("'")).filter((w) => w.length > 1);
  return latinLanguage(words) ?? "en";
}

/**
 * The languages (English names) the store uses, English first and always present: a language counts once
 * `minCards` texts or `minShare` of them are in it (a few cards in a language mean prompts in it will come).
 * `extra` ([recall] languages: those people ask in that no card is written in) follow, each once.
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
  const seen = new Set(names.map((l) => l.toLowerCase()));
  return [...names, ...extra.filter((l) => !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()))];
}
