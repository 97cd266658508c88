// The two baselines the relevance benchmark runs beside memctl's ranker, through the same harness.
import type { BenchEntry } from "./types.js";

/**
 * The seed's bash reference: split the prompt into words, keep those of length >= 4 (characters), and score
 * each MEMORY.md line by how many times the keywords occur in it as case-insensitive substrings. Ties keep
 * index order; every line is returned (zero-score lines fill what is left of the budget, as the reference does).
 */
export function substringRanker(entries: readonly BenchEntry[], prompt: string, matchesOnly = false): BenchEntry[] {
  const keywords = [
    ...new Set(
      prompt
        .toLowerCase()
        .split(/[^\p{L}\p{N}_]+/u)
        .filter((w) => [...w].length >= 4),
    ),
  ];
  const scored = entries.map((entry, index) => {
    const line = entry.raw.toLowerCase();
    let score = 0;
    for (const k of keywords) score += countOccurrences(line, k);
    return { entry, index, score };
  });
  return order(scored, matchesOnly);
}

/** Best score first, index order among ties; `matchesOnly` drops zero-score lines instead of padding with them. */
function order(scored: { entry: BenchEntry; index: number; score: number }[], matchesOnly: boolean): BenchEntry[] {
  return scored
    .filter((s) => !matchesOnly || s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((s) => s.entry);
}

function countOccurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) n++;
  return n;
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
/** Lucene's English stop set (StandardAnalyzer's classic list). */
const STOP = new Set("a an and are as at be but by for if in into is it no not of on or such that the their then there these they this to was will with".split(" "));

/**
 * A conventional search-engine analyzer: lowercase, split on anything that is not a letter or digit, drop
 * English stop words, and index runs of CJK characters as overlapping character bigrams (Lucene's CJKAnalyzer).
 * No stemming, as in Lucene's StandardAnalyzer.
 */
export function bm25Tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!word) continue;
    let ascii = "";
    let cjk: string[] = [];
    const flushCjk = () => {
      if (cjk.length === 1) out.push(cjk[0]!);
      for (let i = 0; i + 1 < cjk.length; i++) out.push(cjk[i]! + cjk[i + 1]!);
      cjk = [];
    };
    const flushAscii = () => {
      if (ascii && !STOP.has(ascii)) out.push(ascii);
      ascii = "";
    };
    for (const ch of word) {
      if (CJK.test(ch)) {
        flushAscii();
        cjk.push(ch);
      } else {
        flushCjk();
        ascii += ch;
      }
    }
    flushAscii();
    flushCjk();
  }
  return out;
}

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/**
 * Okapi BM25 (k1 = 1.2, b = 0.75) over title + hook + topics; ties keep index order. A card's recall keys, when
 * it has them, are a second field scored the same way (its own length normalisation) and added: the fair
 * baseline for keys is BM25 that sees them too.
 */
export function bm25Ranker(entries: readonly BenchEntry[], prompt: string, matchesOnly = false): BenchEntry[] {
  const query = [...new Set(bm25Tokens(prompt))];
  const main = bm25Field(
    entries.map((e) => bm25Tokens(`${e.title} ${e.hook} ${e.topics.join(" ")}`)),
    query,
  );
  const keyed = entries.some((e) => e.recall && e.recall.length > 0);
  const keys = keyed
    ? bm25Field(
        entries.map((e) => bm25Tokens((e.recall ?? []).join("\n"))),
        query,
      )
    : undefined;
  return order(
    entries.map((entry, index) => ({ entry, index, score: main[index]! + (keys?.[index] ?? 0) })),
    matchesOnly,
  );
}

/** Each document's BM25 score for the query terms. */
function bm25Field(docs: readonly string[][], query: readonly string[]): number[] {
  const avgLength = docs.reduce((sum, d) => sum + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const d of docs) for (const t of new Set(d)) df.set(t, (df.get(t) ?? 0) + 1);
  const n = docs.length;
  return docs.map((doc) => {
    const tf = new Map<string, number>();
    for (const t of doc) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    for (const q of query) {
      const f = tf.get(q);
      if (!f) continue;
      const d = df.get(q)!;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * f * (BM25_K1 + 1)) / (f + BM25_K1 * (1 - BM25_B + (BM25_B * doc.length) / Math.max(1, avgLength)));
    }
    return score;
  });
}
