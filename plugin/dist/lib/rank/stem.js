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
export {
  stem
};
