// Stop words by language. English is memctl's own short list (the ISO English list holds coding words: "test",
// "open", "fix", "run"); French, German, Spanish, Italian, Portuguese and Dutch come from stopwords-iso, applied
// to a text whose words are more often that language's function words than English ones; Chinese, Japanese,
// Korean and Thai function words (stopwords-iso) are dropped from Intl.Segmenter words.
import { LATIN_MARKERS, latinStopWords, segmentedStopWords } from "./stop-words-data.js";

const ENGLISH_LIST =
  "a about above after again against all also am an and any are as at be because been before being below between both but by can could did different do does doing done down during each else etc few for from further get got had has have having he her here hers him his how i if in into is it its itself just let like may me might more most must my no nor not now of off on once only or other our ours out over own please same shall she should so some such than that the their theirs them then there these they this those through to too under until up upon us use used using very via want was we were what when where which while who whom why will don doesn didn isn aren wasn weren won wouldn shouldn couldn ll ve re with would yes yet you your yours";
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(ENGLISH_LIST.split(" "));

// Split on first use: an English prompt reads only the markers (a few hundred short words), never the full lists.
let markers: [lang: string, words: Set<string>][] | undefined;
const lists = new Map<string, Set<string>>();
let segmented: Set<string> | undefined;

function latinList(lang: string): Set<string> {
  let set = lists.get(lang);
  if (!set) lists.set(lang, (set = new Set(latinStopWords()[lang]!.split(" "))));
  return set;
}

/**
 * The Latin-script language whose function words a text's words are, when more of them are its short function
 * words than English stop words ("merci, c'est parfait" → fr; "the script dies" stays English), and at least
 * `least` of them; else undefined.
 */
export function latinLanguage(words: readonly string[], least = 1): string | undefined {
  markers ??= Object.entries(LATIN_MARKERS).map(([lang, list]) => [lang, new Set(list.split(" "))]);
  let english = 0;
  for (let i = 0; i < words.length; i++) if (ENGLISH_STOP_WORDS.has(words[i]!)) english++;
  let best: string | undefined;
  let bestCount = Math.max(english, least - 1);
  for (const [lang, set] of markers) {
    let count = 0;
    for (let i = 0; i < words.length; i++) if (set.has(words[i]!) && saysLanguage(words[i]!)) count++;
    if (count > bestCount) [best, bestCount] = [lang, count];
  }
  return best;
}

/**
 * Whether a word can tell a language: not one character (a flag's letter, an elided "l'", the "s" of "uv's") nor a
 * number, which stopwords-iso lists as Spanish and French function words: "macOS ships bash 3.2" read as Spanish
 * (its "os", "3", "2") and lost nothing, but ".NET 9 …" titles lost "net" the same way (bench/history/2026-12.md, issue 28).
 */
const saysLanguage = (word: string) => word.length >= 2 && !DIGITS.test(word);
const DIGITS = /^\d+$/;

/** The stop test for a text's words: English always, and the Latin language latinLanguage finds. */
export function stopTest(words: readonly string[], least = 1): (word: string) => boolean {
  const lang = latinLanguage(words, least);
  if (lang === undefined) return (w) => ENGLISH_STOP_WORDS.has(w);
  const list = latinList(lang);
  return (w) => ENGLISH_STOP_WORDS.has(w) || list.has(w);
}

/** A Chinese, Japanese, Korean or Thai function word (one Intl.Segmenter word). */
export function isSegmentedStopWord(word: string): boolean {
  return (segmented ??= new Set(segmentedStopWords().split(" "))).has(word);
}
