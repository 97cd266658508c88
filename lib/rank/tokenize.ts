// Turns text into ranking terms: words (lower-cased, camelCase and snake_case split, stop words of the text's
// language dropped, ASCII words Porter-stemmed; in a card, a compound identifier's parts marked and the identifier
// also one whole word); Chinese, Japanese and Korean runs, which have no spaces,
// into overlapping character 2-grams ("内存管理" → 内存, 存管, 管理) less those of function characters only.
import { stem } from "./stem.js";
import { ASCII_TEXT } from "../core/sanitize.js";
import { ENGLISH_STOP_WORDS, isSegmentedStopWord, stopTest } from "./stop-words.js";

/** Bumped whenever tokenisation changes, so derived caches built by an older version are rebuilt. */
export const TOKENIZER_VERSION = 10;

/** Prompts can be megabytes (a pasted log); ranking reads this many characters from the start. */
export const MAX_QUERY_CHARS = 32_768;

// Scripts written without spaces (kana, Han, Hangul): a run of them is segmented, not split at letters.
const UNSPACED = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
// A run of letters/digits (any script) or a run of unspaced-script characters. Made on first use: V8 checks a /u
// pattern's property classes when the literal is created (~0.15 ms), and an ASCII prompt never needs it.
let run: RegExp | undefined;
// The last alternative stops where an unspaced or Thai run starts: "PCから開く" is "pc" then a run of 2-grams,
// not one term ("\p{L}" alone would take the kana and kanji after a Latin letter into the word).
const RUN = () =>
  (run ??=
    /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[\u0e00-\u0e7f]+|(?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\u0e00-\u0e7f])[\p{L}\p{N}])+/gu);
// Thai is written without spaces and its vowel and tone marks are not letters (\p{L}): a run of the Thai block is
// one piece of text to segment into words, which only a dictionary can do (Intl.Segmenter, below).
const THAI = (c: string) => c >= "\u0e00" && c <= "\u0e7f";
let thaiSegmenter: Intl.Segmenter | undefined;

// ASCII text (most prompts) is split at [a-z0-9] runs: the first use of RUN's Unicode property classes costs
// ~0.3 ms to compile, a tenth of the per-prompt budget. On ASCII both give the same runs (tested).
const DIGITS = /^\d+$/;

/**
 * Prefixed to a term that tokenizeMarked met as a part of a compound identifier: `OpenApi` → "~open", "~api" and
 * the whole "openapi". Not a letter or digit, so no term starts with it.
 */
export const PART_MARK = "~";
// Characters that join two words into one identifier when they stand alone between them: snake_case and
// dotted.names; \x01 is where tokenizeWith split a camelCase name. Not "-": in cards it joins English words
// ("model-visible", "read-only") more than it names things, and as a joiner it cost a coding-set hit (bench/history/2026-12.md).
const JOINERS = "_.\x01";

/** Terms of a text, in order, duplicates kept (term frequency matters). */
export function tokenize(text: string): string[] {
  return tokenizeWith(text, !ASCII_TEXT.test(text));
}

/**
 * tokenize, with each part of a compound identifier marked by PART_MARK: how a card's fields are indexed, so that
 * a word met only inside an identifier is no evidence the card is about a prompt (postings.ts PART_BIT).
 */
export function tokenizeMarked(text: string, stop?: StopTest): string[] {
  return tokenizeWith(text, !ASCII_TEXT.test(text), true, stop);
}

/** Whether a word is a stop word of a text's language (stop-words.ts stopTest). */
export type StopTest = (word: string) => boolean;

/**
 * The stop test of a whole text, for tokenizing its parts (tokenizeWith's `stop`): a card's title is read in the
 * language of its whole index line, decided once per line. A title alone is a few words, and one of them can be
 * another language's function word ("net" of ".NET STS support lasts 18 months" is Dutch).
 */
export function stopTestOf(text: string, least = 1): StopTest {
  const unicode = !ASCII_TEXT.test(text);
  const lower = (unicode ? text.normalize("NFKC") : text).toLowerCase();
  const starts: number[] = [];
  return stopTest(unicode ? unicodeRuns(lower, starts) : asciiRuns(lower, starts), least);
}

/** The runs RUN matches, in order, their start offsets pushed to `starts`. */
function unicodeRuns(text: string, starts: number[]): string[] {
  const pattern = RUN();
  const runs: string[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    runs.push(match[0]);
    starts.push(match.index);
  }
  return runs;
}

/**
 * tokenize with the Unicode path forced on or off (exported for the equivalence test); `mark`: tokenizeMarked.
 * `stop`: the stop test of a text `text` is part of (stopTestOf), instead of one decided by `text`'s own words.
 */
export function tokenizeWith(text: string, unicode: boolean, mark = false, stop?: StopTest): string[] {
  const out: string[] = [];
  // Split camelCase before lower-casing: "readUsage" → "read Usage", "HTTPServer" → "HTTP Server", "parseURL" →
  // "parse URL"; a name ending in a two-letter acronym stays whole ("OpenAI" is not "open", "iOS" not "i"), and
  // an acronym's plural is the acronym ("URLs" is "urls", not "ur ls"; "PRs", "APIs").
  const normal = unicode ? text.normalize("NFKC") : text;
  const lower = normal.toLowerCase();
  // Text without capitals (most prompts) has nothing to split, and its patterns need not be compiled.
  // The split is marked \x01, not a space, so the parts are still known as one identifier below.
  const spaced =
    lower === normal
      ? lower
      : normal
          .replace(/([a-z0-9])([A-Z](?:[a-z]|[A-Z]{2}))/g, "$1\x01$2")
          .replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, "$1\x01$2")
          .toLowerCase();
  const starts: number[] = [];
  const runs = unicode ? unicodeRuns(spaced, starts) : asciiRuns(spaced, starts);
  const isStop = stop ?? stopTest(runs);
  // The compound identifier being read: its first run, or -1 outside one.
  let from = -1;
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r]!;
    const date = dayTerm(runs, r);
    if (date !== undefined) out.push(date);
    if (unicode && UNSPACED.test(run[0]!)) {
      unspacedTerms(run, out);
      continue;
    }
    if (unicode && THAI(run[0]!)) {
      thaiTerms(run, out);
      continue;
    }
    // Joined to the next run by one joiner ("open" in "open\x01api", "rank" in "rank_cache"): a compound's part.
    const end = starts[r]! + run.length;
    const joined = starts[r + 1] === end + 1 && JOINERS.includes(spaced[end]!) && !(unicode && UNSPACED.test(runs[r + 1]![0]!)) && !THAI(runs[r + 1]![0]!);
    if (joined && from < 0) from = r;
    const part = from >= 0;
    if (run.length >= 2 && !isStop(run) && !(run.length < 3 && DIGITS.test(run))) {
      const term = termOf(unicode ? foldAccents(run) : run);
      out.push(mark && part ? PART_MARK + term : term);
    }
    if (part && !joined) {
      // In a card, the whole identifier is a word of its own ("openapi", "rankcach"): a prompt that types it as one
      // word matches it, as does one that spaces it ("open api": queryTerms joins adjacent words). Not in a
      // prompt: "TypeScript" there would meet every card tagged "typescript" (measured, bench/history/2026-12.md), and a
      // prompt typing `OpenApi` matches its two parts, two words. Numbers are not names.
      const whole = runs.slice(from, r + 1).join("");
      from = -1;
      if (mark && whole.length >= 3 && !DIGITS.test(whole)) out.push(termOf(unicode ? foldAccents(whole) : whole));
    }
  }
  return out;
}

/** A word's term: Porter-stemmed (ASCII), and kept whole when the stem would be a stop word. */
function termOf(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    stemmed = stem(word);
    // A stem that lands on a stop word ("ones", "one" → "on") would join words it has nothing to do with.
    if (stemmed !== word && ENGLISH_STOP_WORDS.has(stemmed)) stemmed = word.endsWith("s") ? word.slice(0, -1) : word;
    if (STEMS.size < 100_000) STEMS.set(word, stemmed);
  }
  return stemmed;
}

/** The [a-z0-9] runs of lower-cased ASCII text, their start offsets pushed to `starts`. */
function asciiRuns(text: string, starts: number[]): string[] {
  const runs: string[] = [];
  const pattern = /[a-z0-9]+/g;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    runs.push(match[0]);
    starts.push(match.index);
  }
  return runs;
}

/**
 * Terms of a run in a script without spaces: overlapping character 2-grams (Intl.Segmenter words matched fewer
 * answering cards on the paraphrase set, and its dictionaries cost ~17 ms to load), minus 2-grams made only of
 * function characters: kana grammar ("ない", "まし") and single-character function words ("的", "了"). A kanji
 * standing alone before hiragana is also a term of its own: in Japanese that is a verb or adjective stem and its
 * inflection (戻して, 戻す: 戻; 書き始め, 書く: 書), so the forms of one word meet (score.ts: a morpheme alone never
 * says what a card is about, as a word in a title would).
 */
function unspacedTerms(run: string, out: string[]): void {
  const chars = Array.from(run);
  if (chars.length === 1) {
    if (!isHiragana(run) && !isSegmentedStopWord(run)) out.push(run);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) {
    const a = chars[i]!;
    const b = chars[i + 1]!;
    if (isGrammarPair(a, b)) continue;
    out.push(a + b);
    if (isKanji(a) && isHiragana(b) && (i === 0 || !isKanji(chars[i - 1]!)) && !isSegmentedStopWord(a)) out.push(a);
  }
}

/**
 * Thai words by Intl.Segmenter (ICU's dictionary, built into Node), less Thai function words (stopwords-iso). Made
 * on the first Thai text: loading the dictionary costs ~17 ms, which no other prompt pays. Chinese and Japanese
 * stay 2-grams: Segmenter words matched fewer answering cards there (bench/history/2026-12.md).
 */
function thaiTerms(run: string, out: string[]): void {
  thaiSegmenter ??= new Intl.Segmenter("th", { granularity: "word" });
  for (const s of thaiSegmenter.segment(run)) {
    if (!s.isWordLike || isSegmentedStopWord(s.segment)) continue;
    // A lone consonant or mark is a fragment the dictionary did not know, not a word.
    if (s.segment.length < 2) continue;
    out.push(s.segment);
  }
}

const isHiragana = (c: string) => c >= "\u3040" && c <= "\u309f";
const isKanji = (c: string) => c >= "\u4e00" && c <= "\u9fff";

/**
 * A 2-gram that is grammar, not a word: two hiragana ("ない", "まし"), or a function word of its own ("我们",
 * "这个"). Two characters that are each a function word on their own often make a content word ("凭据", "同一",
 * "日本"), so that alone does not drop a 2-gram.
 */
function isGrammarPair(a: string, b: string): boolean {
  return (isHiragana(a) && isHiragana(b)) || isSegmentedStopWord(a + b);
}

const MONTHS: Readonly<Record<string, string>> = {
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
  december: "dec",
};
const ISO_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "25", "25th" → 25 when it can be a day of a month. */
function dayOf(run: string | undefined): number | undefined {
  if (run === undefined || run.length > 4) return undefined;
  const m = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(run);
  const day = m ? Number(m[1]) : 0;
  return day >= 1 && day <= 31 ? day : undefined;
}

/**
 * A day of the year as one term ("may25"), whichever way it is written: "May 25", "25 May", "2023-05-25". The
 * month alone is often a stop word ("may") and a day number alone too short to index, so neither matches by itself.
 */
function dayTerm(runs: readonly string[], r: number): string | undefined {
  const run = runs[r]!;
  const month = MONTHS[run];
  if (month !== undefined) {
    const day = dayOf(runs[r + 1]) ?? dayOf(runs[r - 1]);
    return day === undefined ? undefined : month + day;
  }
  // ISO: a four-digit year, then a two-digit month and day.
  if (run.length === 4 && DIGITS.test(run) && runs[r + 1]?.length === 2 && DIGITS.test(runs[r + 1]!)) {
    const mon = ISO_MONTHS[Number(runs[r + 1]) - 1];
    const day = dayOf(runs[r + 2]);
    if (mon !== undefined && day !== undefined && runs[r + 2]!.length === 2) return mon + day;
  }
  return undefined;
}

/**
 * A Latin word without its accents ("partagé" → "partage", "dénivelé" → "denivele"), so a word typed with or
 * without them is one term and the stemmer (ASCII only) applies to it; words of other scripts are kept as they are.
 */
function foldAccents(word: string): string {
  if (ASCII_TEXT.test(word)) return word;
  const folded = word.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return ASCII_TEXT.test(folded) ? folded : word;
}

/** Stems by word: a rebuild tokenises every index line, and a store repeats its vocabulary a lot. */
const STEMS = new Map<string, string>();

/** The distinct terms of a query, with how often each occurs (capped so a repeated word cannot dominate). */
export function queryTerms(prompt: string): Map<string, number> {
  const text = prompt.length > MAX_QUERY_CHARS ? prompt.slice(0, MAX_QUERY_CHARS) : prompt;
  const terms = new Map<string, number>();
  for (const t of tokenize(text)) terms.set(t, Math.min(3, (terms.get(t) ?? 0) + 1));
  if (terms.size === 0) return terms;
  // Adjacent words joined, so "set up" finds "setup" and "roll back" finds "rollback" (stop words included).
  const words = text.toLowerCase().match(/[a-z]+/g) ?? [];
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = words[i]! + words[i + 1]!;
    if (joined.length < 5 || words[i]!.length < 2 || words[i + 1]!.length < 2) continue;
    const term = stem(joined);
    if (!terms.has(term)) terms.set(term, 1);
  }
  return terms;
}
