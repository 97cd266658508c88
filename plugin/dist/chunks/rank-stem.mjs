import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  ENGLISH_STOP_WORDS,
  isSegmentedStopWord,
  stopTest
} from "./rank-stop-words-data.mjs";

// lib/rank/stem.ts
var STEP2 = [
  ["ational", "ate"],
  ["tional", "tion"],
  ["enci", "ence"],
  ["anci", "ance"],
  ["izer", "ize"],
  ["bli", "ble"],
  ["alli", "al"],
  ["entli", "ent"],
  ["eli", "e"],
  ["ousli", "ous"],
  ["ization", "ize"],
  ["ation", "ate"],
  ["ator", "ate"],
  ["alism", "al"],
  ["iveness", "ive"],
  ["fulness", "ful"],
  ["ousness", "ous"],
  ["aliti", "al"],
  ["iviti", "ive"],
  ["biliti", "ble"],
  ["logi", "log"]
];
var STEP3 = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""]
];
var STEP4 = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ou", "ism", "ate", "iti", "ous", "ive", "ize"].map(
  (s) => [s, ""]
);
function byLastLetter(rules) {
  const out = [];
  for (const rule of rules) (out[rule[0].charCodeAt(rule[0].length - 1)] ??= []).push(rule);
  return out;
}
var STEP2_BY_LAST = byLastLetter(STEP2);
var STEP3_BY_LAST = byLastLetter(STEP3);
var STEP4_BY_LAST = byLastLetter(STEP4);
var A = 97;
var E = 101;
var I = 105;
var O = 111;
var U = 117;
var Y = 121;
var isAeiou = (c) => c === A || c === E || c === I || c === O || c === U;
function isConsonant(w, i) {
  const c = w.charCodeAt(i);
  if (isAeiou(c)) return false;
  if (c !== Y) return true;
  let j = i;
  while (j > 0 && w.charCodeAt(j - 1) === Y) j--;
  const first = j === 0 || isAeiou(w.charCodeAt(j - 1));
  return (i - j) % 2 === 0 ? first : !first;
}
function measure(w, end) {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < end; i++) {
    const c = w.charCodeAt(i);
    const vowel = isAeiou(c) || c === Y && i > 0 && !prevVowel;
    if (!vowel && prevVowel) m++;
    prevVowel = vowel;
  }
  return m;
}
function hasVowel(w, end) {
  for (let i = 0; i < end; i++) {
    const c = w.charCodeAt(i);
    if (isAeiou(c) || c === Y && i > 0) return true;
  }
  return false;
}
function endsDoubleConsonant(w) {
  const n = w.length;
  return n >= 2 && w.charCodeAt(n - 1) === w.charCodeAt(n - 2) && isConsonant(w, n - 1);
}
function endsCvc(w, end) {
  if (end < 3) return false;
  const last = w.charCodeAt(end - 1);
  return isConsonant(w, end - 3) && !isConsonant(w, end - 2) && isConsonant(w, end - 1) && last !== 119 && last !== 120 && last !== Y;
}
function replaceSuffix(w, rulesByLast, minMeasure) {
  const rules = rulesByLast[w.charCodeAt(w.length - 1)];
  if (rules === void 0) return w;
  for (let i = 0; i < rules.length; i++) {
    const suffix = rules[i][0];
    if (w.endsWith(suffix)) {
      const end = w.length - suffix.length;
      return measure(w, end) > minMeasure ? w.slice(0, end) + rules[i][1] : w;
    }
  }
  return w;
}
function isLowerAscii(word) {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < A || c > 122) return false;
  }
  return true;
}
function stem(word) {
  if (word.length <= 2 || !isLowerAscii(word)) return word;
  let w = word;
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  let cleanup = false;
  if (w.endsWith("eed")) {
    if (measure(w, w.length - 3) > 0) w = w.slice(0, -1);
  } else if (w.endsWith("ed") && hasVowel(w, w.length - 2)) {
    w = w.slice(0, -2);
    cleanup = true;
  } else if (w.endsWith("ing") && hasVowel(w, w.length - 3)) {
    w = w.slice(0, -3);
    cleanup = true;
  }
  if (cleanup) {
    const last = w.charCodeAt(w.length - 1);
    if (w.endsWith("at") || w.endsWith("bl") || w.endsWith("iz")) w += "e";
    else if (endsDoubleConsonant(w) && last !== 108 && last !== 115 && last !== 122) w = w.slice(0, -1);
    else if (measure(w, w.length) === 1 && endsCvc(w, w.length)) w += "e";
  }
  if (w.endsWith("y") && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + "i";
  w = replaceSuffix(w, STEP2_BY_LAST, 0);
  w = replaceSuffix(w, STEP3_BY_LAST, 0);
  w = replaceSuffix(w, STEP4_BY_LAST, 1);
  if (w.endsWith("ion")) {
    const end = w.length - 3;
    const before = w.charCodeAt(end - 1);
    if (measure(w, end) > 1 && (before === 115 || before === 116)) w = w.slice(0, end);
  }
  if (w.endsWith("e")) {
    const end = w.length - 1;
    const m = measure(w, end);
    if (m > 1 || m === 1 && !endsCvc(w, end)) w = w.slice(0, end);
  }
  if (w.endsWith("ll") && measure(w, w.length) > 1) w = w.slice(0, -1);
  return w;
}

// lib/rank/tokenize.ts
var TOKENIZER_VERSION = 8;
var MAX_QUERY_CHARS = 32768;
var UNSPACED = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
var run;
var RUN = () => run ??= /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[\u0e00-\u0e7f]+|(?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u0e00-\u0e7f])[\p{L}\p{N}])+/gu;
var THAI = (c) => c >= "\u0E00" && c <= "\u0E7F";
var thaiSegmenter;
var ASCII = /^[\x00-\x7f]*$/;
var DIGITS = /^\d+$/;
var PART_MARK = "~";
var JOINERS = "_.";
function tokenize(text) {
  return tokenizeWith(text, !ASCII.test(text));
}
function tokenizeMarked(text) {
  return tokenizeWith(text, !ASCII.test(text), true);
}
function unicodeRuns(text, starts) {
  const pattern = RUN();
  const runs = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    runs.push(match[0]);
    starts.push(match.index);
  }
  return runs;
}
function tokenizeWith(text, unicode, mark = false) {
  const out = [];
  const normal = unicode ? text.normalize("NFKC") : text;
  const lower = normal.toLowerCase();
  const spaced = lower === normal ? lower : normal.replace(/([a-z0-9])([A-Z](?:[a-z]|[A-Z]{2}))/g, "$1$2").replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, "$1$2").toLowerCase();
  const starts = [];
  const runs = unicode ? unicodeRuns(spaced, starts) : asciiRuns(spaced, starts);
  const isStop = stopTest(runs);
  let from = -1;
  for (let r = 0; r < runs.length; r++) {
    const run2 = runs[r];
    const date = dayTerm(runs, r);
    if (date !== void 0) out.push(date);
    if (unicode && UNSPACED.test(run2[0])) {
      unspacedTerms(run2, out);
      continue;
    }
    if (unicode && THAI(run2[0])) {
      thaiTerms(run2, out);
      continue;
    }
    const end = starts[r] + run2.length;
    const joined = starts[r + 1] === end + 1 && JOINERS.includes(spaced[end]) && !(unicode && UNSPACED.test(runs[r + 1][0])) && !THAI(runs[r + 1][0]);
    if (joined && from < 0) from = r;
    const part = from >= 0;
    if (run2.length >= 2 && !isStop(run2) && !(run2.length < 3 && DIGITS.test(run2))) {
      const term = termOf(unicode ? foldAccents(run2) : run2);
      out.push(mark && part ? PART_MARK + term : term);
    }
    if (part && !joined) {
      const whole = runs.slice(from, r + 1).join("");
      from = -1;
      if (mark && whole.length >= 3 && !DIGITS.test(whole)) out.push(termOf(unicode ? foldAccents(whole) : whole));
    }
  }
  return out;
}
function termOf(word) {
  let stemmed = STEMS.get(word);
  if (stemmed === void 0) {
    stemmed = stem(word);
    if (stemmed !== word && ENGLISH_STOP_WORDS.has(stemmed)) stemmed = word.endsWith("s") ? word.slice(0, -1) : word;
    if (STEMS.size < 1e5) STEMS.set(word, stemmed);
  }
  return stemmed;
}
function asciiRuns(text, starts) {
  const runs = [];
  const pattern = /[a-z0-9]+/g;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    runs.push(match[0]);
    starts.push(match.index);
  }
  return runs;
}
function unspacedTerms(run2, out) {
  const chars = Array.from(run2);
  if (chars.length === 1) {
    if (!isHiragana(run2) && !isSegmentedStopWord(run2)) out.push(run2);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i];
    const b = chars[i + 1];
    if (isGrammarPair(a, b)) continue;
    out.push(a + b);
    if (isKanji(a) && isHiragana(b) && (i === 0 || !isKanji(chars[i - 1])) && !isSegmentedStopWord(a)) out.push(a);
  }
}
function thaiTerms(run2, out) {
  thaiSegmenter ??= new Intl.Segmenter("th", { granularity: "word" });
  for (const s of thaiSegmenter.segment(run2)) {
    if (!s.isWordLike || isSegmentedStopWord(s.segment)) continue;
    if (s.segment.length < 2) continue;
    out.push(s.segment);
  }
}
var isHiragana = (c) => c >= "\u3040" && c <= "\u309F";
var isKanji = (c) => c >= "\u4E00" && c <= "\u9FFF";
function isGrammarPair(a, b) {
  return isHiragana(a) && isHiragana(b) || isSegmentedStopWord(a + b);
}
var MONTHS = {
  jan: "jan",
  january: "jan",
  feb: "feb",
  february: "feb",
  mar: "mar",
  march: "mar",
  apr: "apr",
  april: "apr",
  may: "may",
  jun: "jun",
  june: "jun",
  jul: "jul",
  july: "jul",
  aug: "aug",
  august: "aug",
  sep: "sep",
  sept: "sep",
  september: "sep",
  oct: "oct",
  october: "oct",
  nov: "nov",
  november: "nov",
  dec: "dec",
  december: "dec"
};
var ISO_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
function dayOf(run2) {
  if (run2 === void 0 || run2.length > 4) return void 0;
  const m = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(run2);
  const day = m ? Number(m[1]) : 0;
  return day >= 1 && day <= 31 ? day : void 0;
}
function dayTerm(runs, r) {
  const run2 = runs[r];
  const month = MONTHS[run2];
  if (month !== void 0) {
    const day = dayOf(runs[r + 1]) ?? dayOf(runs[r - 1]);
    return day === void 0 ? void 0 : month + day;
  }
  if (run2.length === 4 && DIGITS.test(run2) && runs[r + 1]?.length === 2 && DIGITS.test(runs[r + 1])) {
    const mon = ISO_MONTHS[Number(runs[r + 1]) - 1];
    const day = dayOf(runs[r + 2]);
    if (mon !== void 0 && day !== void 0 && runs[r + 2].length === 2) return mon + day;
  }
  return void 0;
}
function foldAccents(word) {
  if (ASCII.test(word)) return word;
  const folded = word.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return ASCII.test(folded) ? folded : word;
}
var STEMS = /* @__PURE__ */ new Map();
function queryTerms(prompt) {
  const text = prompt.length > MAX_QUERY_CHARS ? prompt.slice(0, MAX_QUERY_CHARS) : prompt;
  const terms = /* @__PURE__ */ new Map();
  for (const t of tokenize(text)) terms.set(t, Math.min(3, (terms.get(t) ?? 0) + 1));
  if (terms.size === 0) return terms;
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = words[i] + words[i + 1];
    if (joined.length < 5 || words[i].length < 2 || words[i + 1].length < 2) continue;
    const term = stem(joined);
    if (!terms.has(term)) terms.set(term, 1);
  }
  return terms;
}

export {
  TOKENIZER_VERSION,
  PART_MARK,
  tokenize,
  tokenizeMarked,
  queryTerms
};
