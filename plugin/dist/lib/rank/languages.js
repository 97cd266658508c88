// lib/rank/languages.ts
import { latinLanguage } from "./stop-words.js";
import { ASCII_TEXT } from "../core/sanitize.js";
var NAMES = {
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
  th: "Thai"
};
function textLanguage(text) {
  const ascii = ASCII_TEXT.test(text);
  if (!ascii) {
    if (/[\u3040-\u30ff]/.test(text)) return "ja";
    if (/[\uac00-\ud7af]/.test(text)) return "ko";
    if (/[\u0e00-\u0e7f]/.test(text)) return "th";
    if (/[\u4e00-\u9fff]/.test(text)) return "zh";
  }
  const words = (text.toLowerCase().match(ascii ? /[a-z']+/g : /[\p{L}']+/gu) ?? []).flatMap((w) => w.split("'")).filter((w) => w.length > 1);
  return latinLanguage(words) ?? "en";
}
var KNOWN_LANGUAGES = new Set(Object.values(NAMES));
function languageName(lang) {
  const l = lang.trim().toLowerCase();
  return (Object.hasOwn(NAMES, l) ? NAMES[l] : void 0) ?? Object.values(NAMES).find((n) => n.toLowerCase() === l) ?? lang.trim();
}
function storeLanguages(texts, extra = [], minCards = 3, minShare = 0.05) {
  const counts = /* @__PURE__ */ new Map();
  for (const t of texts) {
    const lang = textLanguage(t);
    counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  const floor = Math.max(1, Math.min(minCards, texts.length * minShare));
  const found = [...counts].filter(([lang, n]) => lang !== "en" && n >= floor).sort((a, b) => b[1] - a[1]);
  const names = ["English", ...found.map(([lang]) => NAMES[lang] ?? lang)];
  return [...names, ...beyond(names, extra.map(languageName))];
}
function beyond(have, more) {
  const seen = new Set(have.map((l) => l.toLowerCase()));
  return more.filter((l) => !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()));
}
var PROMPT_LANGUAGE_RULE = { window: 200, minShare: 0.1, minPrompts: 3, max: 3 };
function promptLanguages(codes, rule = PROMPT_LANGUAGE_RULE) {
  const recent = codes.slice(-rule.window);
  const counts = /* @__PURE__ */ new Map();
  for (const c of recent) if (Object.hasOwn(NAMES, c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  const floor = Math.max(rule.minPrompts, rule.minShare * recent.length);
  return [...counts].filter(([, n]) => n >= floor).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([code]) => NAMES[code]);
}
function keyLanguages(cardTexts, owner, rule = PROMPT_LANGUAGE_RULE) {
  const cards = storeLanguages(cardTexts);
  if (owner.configured !== void 0) return { cards, owner: beyond(cards, owner.configured.map(languageName)) };
  return { cards, owner: beyond(cards, promptLanguages(owner.promptCodes ?? [], rule)).slice(0, rule.max) };
}
export {
  KNOWN_LANGUAGES,
  PROMPT_LANGUAGE_RULE,
  keyLanguages,
  languageName,
  promptLanguages,
  storeLanguages,
  textLanguage
};
