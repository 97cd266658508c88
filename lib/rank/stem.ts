// The Porter (1980) stemmer for lower-case ASCII words, so "tests", "testing" and "tested" meet at "test".
// Written out here rather than pulled from npm: the per-prompt hook loads it on every prompt, and stems each
// prompt word and each adjacent pair, in cold code. So it reads character codes and measures prefixes in
// place (no slice per test), and tries only the rules whose suffix ends in the word's last letter. It gives
// exactly what the plain transcription in test/support/porter-reference.ts gives (tested word for word).

type Rule = readonly [suffix: string, replacement: string];

const STEP2: readonly Rule[] = [
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
  ["logi", "log"],
];
const STEP3: readonly Rule[] = [
  ["icate", "ic"],
  ["ative", ""],
  ["alize", "al"],
  ["iciti", "ic"],
  ["ical", "ic"],
  ["ful", ""],
  ["ness", ""],
];
const STEP4: readonly Rule[] = ["al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ou", "ism", "ate", "iti", "ous", "ive", "ize"].map(
  (s) => [s, ""] as const,
);

/**
 * Each step's rules by the char code of their suffix's last letter, in the step's order: a word can only match
 * a rule ending in its own last letter, so the first match in a bucket is the first match in the step.
 */
function byLastLetter(rules: readonly Rule[]): (readonly Rule[] | undefined)[] {
  const out: Rule[][] = [];
  for (const rule of rules) (out[rule[0].charCodeAt(rule[0].length - 1)] ??= []).push(rule);
  return out;
}
const STEP2_BY_LAST = byLastLetter(STEP2);
const STEP3_BY_LAST = byLastLetter(STEP3);
const STEP4_BY_LAST = byLastLetter(STEP4);

const A = 97,
  E = 101,
  I = 105,
  O = 111,
  U = 117,
  Y = 121;

const isAeiou = (c: number) => c === A || c === E || c === I || c === O || c === U;

/**
 * Porter's consonant: not a, e, i, o, u, and y only where it starts the word or follows a vowel. Written as a
 * walk back over a run of y's (each flips the one before) rather than Porter's recursion: a call per letter
 * is most of what a stem costs in the hook's cold code.
 */
function isConsonant(w: string, i: number): boolean {
  const c = w.charCodeAt(i);
  if (isAeiou(c)) return false;
  if (c !== Y) return true;
  let j = i;
  while (j > 0 && w.charCodeAt(j - 1) === Y) j--;
  // w[j] is the run's first y: a consonant at the start or after a vowel; each later y flips.
  const first = j === 0 || isAeiou(w.charCodeAt(j - 1));
  return (i - j) % 2 === 0 ? first : !first;
}

/** Porter's m of the prefix w[0, end): the number of vowel-consonant sequences in it, in one pass. */
function measure(w: string, end: number): number {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < end; i++) {
    const c = w.charCodeAt(i);
    // y is a vowel where the letter before it is a consonant.
    const vowel: boolean = isAeiou(c) || (c === Y && i > 0 && !prevVowel);
    if (!vowel && prevVowel) m++;
    prevVowel = vowel;
  }
  return m;
}

/** A vowel in w[0, end): until the first one every letter is a consonant, so a y counts anywhere but first. */
function hasVowel(w: string, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const c = w.charCodeAt(i);
    if (isAeiou(c) || (c === Y && i > 0)) return true;
  }
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  const n = w.length;
  return n >= 2 && w.charCodeAt(n - 1) === w.charCodeAt(n - 2) && isConsonant(w, n - 1);
}

/** Consonant-vowel-consonant ending w[0, end) where the last consonant is not w, x or y (e.g. "hop"). */
function endsCvc(w: string, end: number): boolean {
  if (end < 3) return false;
  const last = w.charCodeAt(end - 1);
  return isConsonant(w, end - 3) && !isConsonant(w, end - 2) && isConsonant(w, end - 1) && last !== 119 && last !== 120 && last !== Y;
}

/** The first rule of the step whose suffix w ends in: replaced when the stem's m exceeds minMeasure. */
function replaceSuffix(w: string, rulesByLast: readonly (readonly Rule[] | undefined)[], minMeasure: number): string {
  const rules = rulesByLast[w.charCodeAt(w.length - 1)];
  if (rules === undefined) return w;
  for (let i = 0; i < rules.length; i++) {
    const suffix = rules[i]![0];
    if (w.endsWith(suffix)) {
      const end = w.length - suffix.length;
      return measure(w, end) > minMeasure ? w.slice(0, end) + rules[i]![1] : w;
    }
  }
  return w;
}

function isLowerAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < A || c > 122) return false;
  }
  return true;
}

export function stem(word: string): string {
  if (word.length <= 2 || !isLowerAscii(word)) return word;
  let w = word;
  // Step 1a: plurals.
  if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (w.endsWith("ies")) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss")) w = w.slice(0, -1);
  // Step 1b: -eed, -ed, -ing.
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
  // Step 1c: y → i after a vowel-bearing stem.
  if (w.endsWith("y") && hasVowel(w, w.length - 1)) w = w.slice(0, -1) + "i";
  w = replaceSuffix(w, STEP2_BY_LAST, 0);
  w = replaceSuffix(w, STEP3_BY_LAST, 0);
  // Step 4: drop a suffix when the stem is long enough (m > 1).
  w = replaceSuffix(w, STEP4_BY_LAST, 1);
  if (w.endsWith("ion")) {
    const end = w.length - 3;
    const before = w.charCodeAt(end - 1);
    if (measure(w, end) > 1 && (before === 115 || before === 116)) w = w.slice(0, end);
  }
  // Step 5: final -e and -ll.
  if (w.endsWith("e")) {
    const end = w.length - 1;
    const m = measure(w, end);
    if (m > 1 || (m === 1 && !endsCvc(w, end))) w = w.slice(0, end);
  }
  if (w.endsWith("ll") && measure(w, w.length) > 1) w = w.slice(0, -1);
  return w;
}
