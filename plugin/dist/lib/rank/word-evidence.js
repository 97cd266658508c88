// lib/rank/word-evidence.ts
var BOUNDARY = 255;
var KATAKANA_GRAMS = 2;
var isHiragana = (c) => c >= 12353 && c <= 12447;
var isKatakana = (c) => c >= 12449 && c <= 12543 && c !== 12539;
var isKatakanaPair = (t) => t.length === 2 && isKatakana(t.charCodeAt(0)) && isKatakana(t.charCodeAt(1));
function continuesRun(previous, term) {
  if (term.length === 1 && previous.length === 2 && previous.charCodeAt(0) === term.charCodeAt(0)) return true;
  return term.length === 2 && previous.length === 2 && previous.charCodeAt(1) === term.charCodeAt(0) && term.charCodeAt(0) >= 12352;
}
function continuesWord(previous, term) {
  return continuesRun(previous, term) && !(isHiragana(term.charCodeAt(0)) && !isHiragana(term.charCodeAt(1)));
}
function evidenceNeeds(terms) {
  const needs = new Uint8Array(terms.length);
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (t.length !== 2) continue;
    const a = t.charCodeAt(0);
    const b = t.charCodeAt(1);
    if (isKatakana(a) && isHiragana(b) || isHiragana(a) && isKatakana(b)) needs[i] = BOUNDARY;
    else if (isKatakanaPair(t) && (i === 0 || !isKatakanaPair(terms[i - 1]) || !continuesRun(terms[i - 1], t))) {
      let end = i + 1;
      while (end < terms.length && isKatakanaPair(terms[end]) && continuesRun(terms[end - 1], terms[end])) end++;
      if (end - i > 1) needs.fill(Math.min(KATAKANA_GRAMS, end - i), i, end);
    }
  }
  return needs;
}
export {
  BOUNDARY,
  KATAKANA_GRAMS,
  continuesRun,
  continuesWord,
  evidenceNeeds
};
