// lib/rank/tokenize.ts
import { stem } from "./stem.js";
import { ASCII_TEXT } from "../core/sanitize.js";
import { ENGLISH_STOP_WORDS, isSegmentedStopWord, stopTest } from "./stop-words.js";
var TOKENIZER_VERSION = 10;
var MAX_QUERY_CHARS = 32768;
var UNSPACED = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
var run;
var RUN = () => run ??= /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[\u0e00-\u0e7f]+|(?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u0e00-\u0e7f])[\p{L}\p{N}])+/gu;
var THAI = (c) => c >= "\u0E00" && c <= "\u0E7F";
var thaiSegmenter;
var DIGITS = /^\d+$/;
var PART_MARK = "~";
var JOINERS = "_.";
function tokenize(text) {
  return tokenizeWith(text, !ASCII_TEXT.test(text));
}
function tokenizeMarked(text, stop) {
  return tokenizeWith(text, !ASCII_TEXT.test(text), true, stop);
}
function stopTestOf(text, least = 1) {
  const unicode = !ASCII_TEXT.test(text);
  const lower = (unicode ? text.normalize("NFKC") : text).toLowerCase();
  const starts = [];
  return stopTest(unicode ? unicodeRuns(lower, starts) : asciiRuns(lower, starts), least);
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
function tokenizeWith(text, unicode, mark = false, stop) {
  const out = [];
  const normal = unicode ? text.normalize("NFKC") : text;
  const lower = normal.toLowerCase();
  const spaced = lower === normal ? lower : normal.replace(/([a-z0-9])([A-Z](?:[a-z]|[A-Z]{2}))/g, "$1$2").replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, "$1$2").toLowerCase();
  const starts = [];
  const runs = unicode ? unicodeRuns(spaced, starts) : asciiRuns(spaced, starts);
  const isStop = stop ?? stopTest(runs);
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
  if (ASCII_TEXT.test(word)) return word;
  const folded = word.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return ASCII_TEXT.test(folded) ? folded : word;
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
  MAX_QUERY_CHARS,
  PART_MARK,
  TOKENIZER_VERSION,
  queryTerms,
  stopTestOf,
  tokenize,
  tokenizeMarked,
  tokenizeWith
};
