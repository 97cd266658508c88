// Turns text into ranking terms: words (lower-cased, camelCase and snake_case split, English stop words
// dropped, ASCII words Porter-stemmed) and, for Chinese/Japanese/Korean runs that have no spaces,
// overlapping character 2-grams ("内存管理" → 内存, 存管, 管理).
import { isAsciiDigits, isAsciiText, lowerAsciiRuns } from "../core/ascii.js";
import { stem } from "./stem.js";

/** Bumped whenever tokenisation changes, so derived caches built by an older version are rebuilt. */
export const TOKENIZER_VERSION = 2;

/** Prompts can be megabytes (a pasted log); ranking reads this many characters from the start. */
export const MAX_QUERY_CHARS = 32_768;

const STOP_WORDS = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before being below between both but by can " +
    "could did different do does doing done down during each else etc few for from further get got had has have having he her here hers him his " +
    "how i if in into is it its itself just let like may me might more most must my no nor not now of off on once only or other our " +
    "ours out over own please same shall she should so some such than that the their theirs them then there these they this those " +
    "through to too under until up upon us use used using very via want was we were what when where which while who whom why will " +
    "don doesn didn isn aren wasn weren won wouldn shouldn couldn ll ve re " +
    "with would yes yet you your yours"
  ).split(" "),
);

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
// A run of letters/digits (any script) or a run of CJK characters. Made on first use: V8 checks a /u pattern's
// property classes when the literal is created (~0.15 ms), and an ASCII prompt never needs it.
let run: RegExp | undefined;
const RUN = () => (run ??= /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+|[\p{L}\p{N}]+/gu);

// ASCII text (most prompts) is split by a scan for [a-z0-9] runs: the first use of RUN's Unicode property
// classes costs ~0.3 ms to compile, a tenth of the per-prompt budget. On ASCII both give the same runs (tested).

/** Terms of a text, in order, duplicates kept (term frequency matters). */
export function tokenize(text: string): string[] {
  return tokenizeWith(text, !isAsciiText(text));
}

/** The runs RUN matches, in order. */
function unicodeRuns(text: string): string[] {
  const pattern = RUN();
  const runs: string[] = [];
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) runs.push(match[0]);
  return runs;
}

/** tokenize with the Unicode path forced on or off (exported for the equivalence test). */
export function tokenizeWith(text: string, unicode: boolean): string[] {
  const out: string[] = [];
  // Split camelCase before lower-casing: "readUsage" → "read Usage", "HTTPServer" → "HTTP Server".
  const normal = unicode ? text.normalize("NFKC") : text;
  const lower = normal.toLowerCase();
  // Text without capitals (most prompts) has nothing to split, and its patterns need not be compiled.
  const spaced =
    lower === normal
      ? lower
      : normal
          .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
          .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
          .toLowerCase();
  const runs = unicode ? unicodeRuns(spaced) : lowerAsciiRuns(spaced, true);
  for (let r = 0; r < runs.length; r++) {
    const run = runs[r]!;
    const date = dayTerm(runs, r);
    if (date !== undefined) out.push(date);
    if (unicode && CJK.test(run[0]!)) {
      const chars = Array.from(run);
      if (chars.length === 1) out.push(run);
      else for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
      continue;
    }
    if (run.length < 2 || STOP_WORDS.has(run)) continue;
    if (run.length < 3 && isAsciiDigits(run)) continue;
    let stemmed = STEMS.get(run);
    if (stemmed === undefined) {
      stemmed = stem(run);
      if (STEMS.size < 100_000) STEMS.set(run, stemmed);
    }
    out.push(stemmed);
  }
  return out;
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
  if (run.length === 4 && isAsciiDigits(run) && runs[r + 1]?.length === 2 && isAsciiDigits(runs[r + 1]!)) {
    const mon = ISO_MONTHS[Number(runs[r + 1]) - 1];
    const day = dayOf(runs[r + 2]);
    if (mon !== undefined && day !== undefined && runs[r + 2]!.length === 2) return mon + day;
  }
  return undefined;
}

/** Stems by word: a rebuild tokenises every index line, and a store repeats its vocabulary a lot. */
const STEMS = new Map<string, string>();

/**
 * Words of conversation rather than of a topic, as stemmed terms: a prompt made only of them ("thanks, that
 * fixed it", "ok go ahead", "looks good, commit it") asks nothing of memory and gets no block. Mixed with any
 * other word they stay in the query ("fix the flaky test").
 */
const CHAT_TERMS = new Set(
  (
    "ahead alright awesom cool commit continu explain fine fix go good great hei hello hi hmm lgtm look meant mean " +
    "next nice ok okai perfect proce right run ship sorri sure thank thx try wait work yeah yep yup"
  ).split(" "),
);

/** The distinct terms of a query, with how often each occurs (capped so a repeated word cannot dominate). */
export function queryTerms(prompt: string): Map<string, number> {
  const text = prompt.length > MAX_QUERY_CHARS ? prompt.slice(0, MAX_QUERY_CHARS) : prompt;
  const terms = new Map<string, number>();
  let topical = false;
  for (const t of tokenize(text)) {
    terms.set(t, Math.min(3, (terms.get(t) ?? 0) + 1));
    if (!CHAT_TERMS.has(t)) topical = true;
  }
  if (!topical) return new Map();
  // Adjacent words joined, so "set up" finds "setup" and "roll back" finds "rollback" (stop words included).
  const words = lowerAsciiRuns(text.toLowerCase(), false);
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = words[i]! + words[i + 1]!;
    if (joined.length < 5 || words[i]!.length < 2 || words[i + 1]!.length < 2) continue;
    const term = stem(joined);
    if (!terms.has(term)) terms.set(term, 1);
  }
  return terms;
}
