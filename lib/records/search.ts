import type { Episode } from "../store/episodes.js";
import type { Store } from "../store/read.js";
import type { ParsedCard } from "../core/card.js";
import { cardHead, countTerms as count, terms } from "../core/search-terms.js";

export { terms } from "../core/search-terms.js";

// Full-text search over card bodies and episode summaries: ASCII words and CJK 2-grams, each weighted by
// rarity (idf) across the searched documents, name and description hits counting double. Pure.

export interface SearchDoc {
  kind: "card" | "episode";
  /** Card file, or `<episode file>:<line>` (episodes.jsonl or a monthly shard). */
  id: string;
  /** Name + description for cards (boosted); empty for episodes. */
  head: string;
  text: string;
  /** Line numbers of `text` start at this number (a card body starts after its frontmatter). */
  firstLine: number;
  /** For ties: the episode timestamp or card updated_at. */
  recency: string;
  /** The whole file when `text` is only its body (cards): a hit in the frontmatter alone points at its line there. */
  fileText?: string;
}

export interface SearchHit {
  kind: SearchDoc["kind"];
  id: string;
  score: number;
  /** 1-based line in the file (cards) or the episode's line in episodes.jsonl. */
  line: number;
  /** The best-matching line, trimmed. */
  match: string;
}

/** A document's term counts, head and body apart: what search() ranks on. */
export interface DocTerms {
  head: Map<string, number>;
  body: Map<string, number>;
}

export function docTermsOf(doc: SearchDoc): DocTerms {
  return { head: count(terms(doc.head)), body: count(terms(doc.text)) };
}

/** Ranks documents against the query; documents with no query term are left out. */
export function search(query: string, docs: readonly SearchDoc[], limit = 20): SearchHit[] {
  return searchCounted(query, docs, docs.map(docTermsOf), limit);
}

/**
 * search() over term counts the caller keeps (docTerms[i] is docTermsOf(docs[i])): a long-running reader
 * (memctl ui) tokenizes each card once instead of once per query, with the same ranking.
 */
export function searchCounted(query: string, docs: readonly SearchDoc[], docTerms: readonly DocTerms[], limit = 20): SearchHit[] {
  return rankCounted(query, docs, docTerms)
    .slice(0, limit || undefined)
    .map(({ index, score }) => ({ kind: docs[index]!.kind, id: docs[index]!.id, score, ...matchLine(query, docs[index]!) }));
}

/**
 * The ranking alone, best first: each hit's document index and score (its line is matchLine's, asked per hit).
 * `total`: how many documents the rarity is over, when `docs` leaves out ones with none of the query's words
 * (they score nothing and count in no term's document frequency, so the ranking is the same).
 */
export function rankCounted(
  query: string,
  docs: readonly SearchDoc[],
  docTerms: readonly DocTerms[],
  total = docs.length,
  /** > 0: only the first `limit` are asked for (more may come back: every hit tying the last one's score). */
  limit = 0,
): { index: number; score: number }[] {
  return takeBest(scoreCounted(query, docs, docTerms, total), limit, docs).best;
}

/**
 * rankCounted's whole order, read lazily: the documents are scored once, and each time the hits sorted so far run
 * out the next best are sorted (the first `first`, then twice as many as the last time; 0: all at once). A reader
 * that stops early (search's live hits before those no longer true) never sorts, nor reads the recency of, the rest.
 */
export function* rankInOrder(
  query: string,
  docs: readonly SearchDoc[],
  docTerms: readonly DocTerms[],
  total = docs.length,
  first = 0,
): Generator<{ index: number; score: number }, void, undefined> {
  let rest = scoreCounted(query, docs, docTerms, total);
  for (let want = first; rest.length > 0; want *= 2) {
    const next = takeBest(rest, want, docs);
    yield* next.best;
    rest = next.rest;
  }
}

/** Every document with a query word and its score, in document order. */
function scoreCounted(query: string, docs: readonly SearchDoc[], docTerms: readonly DocTerms[], total: number): { index: number; score: number }[] {
  const wanted = [...new Set(terms(query))];
  if (wanted.length === 0) return [];
  const idf = new Map(
    wanted.map((t) => {
      const df = docTerms.filter((d) => d.head.has(t) || d.body.has(t)).length;
      return [t, Math.log(1 + total / Math.max(1, df))];
    }),
  );
  const hits: { index: number; score: number }[] = [];
  docs.forEach((_doc, i) => {
    let score = 0;
    for (const t of wanted) {
      const tf = docTerms[i]!.body.get(t) ?? 0;
      const inHead = docTerms[i]!.head.get(t) ?? 0;
      if (tf + inHead === 0) continue;
      score += idf.get(t)! * ((tf ? 1 + Math.log(tf) : 0) + (inHead ? 2 : 0));
    }
    if (score > 0) hits.push({ index: i, score: Math.round(score * 1000) / 1000 });
  });
  return hits;
}

/**
 * The best `limit` of `hits` (0: all), sorted by score, then recency, then id, with every hit tying the last one's
 * score; `rest`: the others, unsorted, each scoring below every one of `best` (so their order follows it).
 */
function takeBest(
  hits: { index: number; score: number }[],
  limit: number,
  docs: readonly SearchDoc[],
): { best: { index: number; score: number }[]; rest: { index: number; score: number }[] } {
  let best = hits;
  let rest: { index: number; score: number }[] = [];
  if (limit > 0 && hits.length > limit) {
    // A hit below the limit-th best score is never among the first `limit`: left out before the sort, its recency
    // (a card's updated_at, parsed from its cached row) is never read. The order of the rest is the full sort's.
    const floor = Float64Array.from(hits, (h) => h.score).sort()[hits.length - limit]!;
    best = hits.filter((h) => h.score >= floor);
    rest = hits.filter((h) => h.score < floor);
  }
  const recency = (i: number) => docs[i]!.recency;
  const id = (i: number) => docs[i]!.id;
  best.sort((a, b) => b.score - a.score || (recency(a.index) < recency(b.index) ? 1 : recency(a.index) > recency(b.index) ? -1 : 0) || (id(a.index) < id(b.index) ? -1 : 1));
  return { best, rest };
}

/** The line a hit points at and its text (episodes: the episode's own line). */
export function matchLine(query: string, doc: SearchDoc): { line: number; match: string } {
  const { line, match } = bestLine(doc, [...new Set(terms(query))]);
  return { line: doc.kind === "episode" ? doc.firstLine : line, match };
}

/** The line with the most query terms; its number and text always belong together (never a line past the file). */
function bestLine(doc: SearchDoc, wanted: string[]): { line: number; match: string } {
  let best = mostTerms(doc.text.split("\n"), doc.firstLine, wanted);
  if (best.hits === 0 && doc.fileText !== undefined) best = mostTerms(doc.fileText.split("\n"), 1, wanted);
  if (best.hits === 0) {
    const lines = doc.text.split("\n");
    const i = lines.findIndex((l) => l.trim() !== "");
    best = i >= 0 ? { line: doc.firstLine + i, match: lines[i]!.trim(), hits: 0 } : { line: doc.firstLine, match: doc.head, hits: 0 };
  }
  return { line: best.line, match: best.match.length > 200 ? best.match.slice(0, 199) + "…" : best.match };
}

function mostTerms(lines: string[], first: number, wanted: string[]): { line: number; match: string; hits: number } {
  let best = { line: first, match: "", hits: 0 };
  lines.forEach((l, i) => {
    const present = new Set(terms(l));
    const hits = wanted.filter((t) => present.has(t)).length;
    if (hits > best.hits) best = { line: first + i, match: l.replace(/^\uFEFF/, "").trim(), hits };
  });
  return best;
}

/** Search documents for every readable card of a store: frontmatter name/description as head, the body as text. */
export function cardDocs(store: Store): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const c of store.cards.values()) if (c.card && c.text !== undefined) docs.push(cardDoc(c.file, c.text, c.card));
  return docs;
}

/** One card's search document: name, description and topics as head, the body as text. */
export function cardDoc(file: string, text: string, card: ParsedCard): SearchDoc {
  const bodyStart = text.length - card.body.length;
  return {
    kind: "card",
    id: file,
    head: cardHead(card.meta),
    text: card.body,
    firstLine: text.slice(0, bodyStart).split("\n").length,
    recency: card.meta.updated_at ?? "",
    fileText: text,
  };
}

export function episodeDocs(episodes: readonly (Episode & { file?: string; line: number })[]): SearchDoc[] {
  return episodes.map((e) => ({ kind: "episode", id: `${e.file ?? "episodes.jsonl"}:${e.line}`, head: "", text: e.summary, firstLine: e.line, recency: e.ts }));
}
