// lib/rank/stop-words.ts
import { LATIN_MARKERS, latinStopWords, segmentedStopWords } from "./stop-words-data.js";
var ENGLISH_LIST = "a about above after again against all also am an and any are as at be because been before being below between both but by can could did different do does doing done down during each else etc few for from further get got had has have having he her here hers him his how i if in into is it its itself just let like may me might more most must my no nor not now of off on once only or other our ours out over own please same shall she should so some such than that the their theirs them then there these they this those through to too under until up upon us use used using very via want was we were what when where which while who whom why will don doesn didn isn aren wasn weren won wouldn shouldn couldn ll ve re with would yes yet you your yours";
var ENGLISH_STOP_WORDS = new Set(ENGLISH_LIST.split(" "));
var markers;
var lists = /* @__PURE__ */ new Map();
var segmented;
function latinList(lang) {
  let set = lists.get(lang);
  if (!set) lists.set(lang, set = new Set(latinStopWords()[lang].split(" ")));
  return set;
}
function latinLanguage(words, least = 1) {
  markers ??= Object.entries(LATIN_MARKERS).map(([lang, list]) => [lang, new Set(list.split(" "))]);
  let english = 0;
  for (let i = 0; i < words.length; i++) if (ENGLISH_STOP_WORDS.has(words[i])) english++;
  let best;
  let bestCount = Math.max(english, least - 1);
  for (const [lang, set] of markers) {
    let count = 0;
    for (let i = 0; i < words.length; i++) if (set.has(words[i]) && saysLanguage(words[i])) count++;
    if (count > bestCount) [best, bestCount] = [lang, count];
  }
  return best;
}
var saysLanguage = (word) => word.length >= 2 && !DIGITS.test(word);
var DIGITS = /^\d+$/;
function stopTest(words, least = 1) {
  const lang = latinLanguage(words, least);
  if (lang === void 0) return (w) => ENGLISH_STOP_WORDS.has(w);
  const list = latinList(lang);
  return (w) => ENGLISH_STOP_WORDS.has(w) || list.has(w);
}
function isSegmentedStopWord(word) {
  return (segmented ??= new Set(segmentedStopWords().split(" "))).has(word);
}
export {
  ENGLISH_STOP_WORDS,
  isSegmentedStopWord,
  latinLanguage,
  stopTest
};
