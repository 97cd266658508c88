// What counts as one word of the prompt for the no-memory rule (score.ts SUBJECT_FIELDS), in scripts written
// without spaces, where the tokenizer makes overlapping character 2-grams (tokenize.ts) and a 2-gram is not always
// a word. Two facts of Japanese script decide it, not a list of words:
// - a katakana word is a loanword written out in full ("コミット", "スナップショット"), so two of its characters
//   are a syllable shared by unrelated words ("ット" of both): a card meets the word only when it holds at least
//   two overlapping 2-grams of it (three characters), or the whole word when it has only two;
// - a 2-gram that runs from katakana into hiragana ("トし" of コミットして, "トが") or from hiragana into katakana
//   ("のエ") crosses a word boundary (a particle, an inflection), which a katakana word always has: it is no word.
//   Hiragana into kanji ("が空", "の日") starts a word: a one-kanji word ("空", empty) is met only through such a
//   2-gram, and a card holding "過去の日付" meets two words of the prompt (過去, 日付), not one long one.
// Such 2-grams still score: this decides only whether a card is evidence that the prompt needs memory.

/** A 2-gram across a word boundary (evidenceNeeds): never a word. */
export const BOUNDARY = 255;
/**
 * How many overlapping 2-grams of a longer katakana word a card must hold to meet it: two (three characters, the
 * smallest piece of a loanword that is a morpheme: "アップ" of バックアップ). Three would keep "ッシュ" of プッシュ
 * from meeting キャッシュ, but lost a paraphrase-set prompt found through "アップ" (bench/history/2026-12.md).
 */
export const KATAKANA_GRAMS = 2;

const isHiragana = (c: number) => c >= 0x3041 && c <= 0x309f;
// The katakana block less ゠ (U+30A0) and the middle dot ・ (U+30FB), which separate words.
const isKatakana = (c: number) => c >= 0x30a1 && c <= 0x30ff && c !== 0x30fb;
const isKatakanaPair = (t: string) => t.length === 2 && isKatakana(t.charCodeAt(0)) && isKatakana(t.charCodeAt(1));

/**
 * "確認" then "認し": a 2-gram of an unspaced script that overlaps the one before it (tokenize.ts makes them in order);
 * or "戻し" then "戻", the kanji stem tokenize.ts adds after the 2-gram that starts with it.
 */
export function continuesRun(previous: string, term: string): boolean {
  if (term.length === 1 && previous.length === 2 && previous.charCodeAt(0) === term.charCodeAt(0)) return true;
  return term.length === 2 && previous.length === 2 && previous.charCodeAt(1) === term.charCodeAt(0) && term.charCodeAt(0) >= 0x3040;
}

/** `term` continues the word `previous` is part of: it overlaps it and does not start a word (hiragana into kanji). */
export function continuesWord(previous: string, term: string): boolean {
  return continuesRun(previous, term) && !(isHiragana(term.charCodeAt(0)) && !isHiragana(term.charCodeAt(1)));
}

/**
 * Per query term, in the query's order: 0, a word at once (or the continuation of one); BOUNDARY, never a word; or
 * how many overlapping 2-grams of the katakana word it is part of a card must match in a row to meet that word.
 */
export function evidenceNeeds(terms: readonly string[]): Uint8Array {
  const needs = new Uint8Array(terms.length);
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i]!;
    if (t.length !== 2) continue;
    const a = t.charCodeAt(0);
    const b = t.charCodeAt(1);
    if ((isKatakana(a) && isHiragana(b)) || (isHiragana(a) && isKatakana(b))) needs[i] = BOUNDARY;
    else if (isKatakanaPair(t) && (i === 0 || !isKatakanaPair(terms[i - 1]!) || !continuesRun(terms[i - 1]!, t))) {
      // The first 2-gram of a katakana word: the word runs as far as its 2-grams overlap.
      let end = i + 1;
      while (end < terms.length && isKatakanaPair(terms[end]!) && continuesRun(terms[end - 1]!, terms[end]!)) end++;
      if (end - i > 1) needs.fill(Math.min(KATAKANA_GRAMS, end - i), i, end);
    }
  }
  return needs;
}
