// lib/rank/languages.ts
import { latinLanguage } from "./stop-words.js";
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
  if (/[\u3040-\u30ff]/.test(text)) return "ja";
  if (/[\uac00-\ud7af]/.test(text)) return "ko";
  if (/[\u0e00-\u0e7f]/.test(text)) return "th";
  if (/[\u4e00-\u9fff]/.test(text)) return "zh";
  const words = (text.toLowerCase().match(/[\p{L}']+/gu) ?? []).flatMap((w) => w.split("'")).filter((w) => w.length > 1);
  return latinLanguage(words) ?? "en";
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
  const seen = new Set(names.map((l) => l.toLowerCase()));
  return [...names, ...extra.filter((l) => !seen.has(l.toLowerCase()) && seen.add(l.toLowerCase()))];
}
export {
  storeLanguages,
  textLanguage
};
