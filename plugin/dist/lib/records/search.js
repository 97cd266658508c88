// lib/records/search.ts
import { cardHead, countTerms as count, terms } from "../core/search-terms.js";
import { terms as terms2 } from "../core/search-terms.js";
function docTermsOf(doc) {
  return { head: count(terms(doc.head)), body: count(terms(doc.text)) };
}
function search(query, docs, limit = 20) {
  return searchCounted(query, docs, docs.map(docTermsOf), limit);
}
function searchCounted(query, docs, docTerms, limit = 20) {
  return rankCounted(query, docs, docTerms).slice(0, limit || void 0).map(({ index, score }) => ({ kind: docs[index].kind, id: docs[index].id, score, ...matchLine(query, docs[index]) }));
}
function rankCounted(query, docs, docTerms, total = docs.length, limit = 0) {
  return takeBest(scoreCounted(query, docs, docTerms, total), limit, docs).best;
}
function* rankInOrder(query, docs, docTerms, total = docs.length, first = 0) {
  let rest = scoreCounted(query, docs, docTerms, total);
  for (let want = first; rest.length > 0; want *= 2) {
    const next = takeBest(rest, want, docs);
    yield* next.best;
    rest = next.rest;
  }
}
function scoreCounted(query, docs, docTerms, total) {
  const wanted = [...new Set(terms(query))];
  if (wanted.length === 0) return [];
  const idf = new Map(
    wanted.map((t) => {
      const df = docTerms.filter((d) => d.head.has(t) || d.body.has(t)).length;
      return [t, Math.log(1 + total / Math.max(1, df))];
    })
  );
  const hits = [];
  docs.forEach((_doc, i) => {
    let score = 0;
    for (const t of wanted) {
      const tf = docTerms[i].body.get(t) ?? 0;
      const inHead = docTerms[i].head.get(t) ?? 0;
      if (tf + inHead === 0) continue;
      score += idf.get(t) * ((tf ? 1 + Math.log(tf) : 0) + (inHead ? 2 : 0));
    }
    if (score > 0) hits.push({ index: i, score: Math.round(score * 1e3) / 1e3 });
  });
  return hits;
}
function takeBest(hits, limit, docs) {
  let best = hits;
  let rest = [];
  if (limit > 0 && hits.length > limit) {
    const floor = Float64Array.from(hits, (h) => h.score).sort()[hits.length - limit];
    best = hits.filter((h) => h.score >= floor);
    rest = hits.filter((h) => h.score < floor);
  }
  const recency = (i) => docs[i].recency;
  const id = (i) => docs[i].id;
  best.sort((a, b) => b.score - a.score || (recency(a.index) < recency(b.index) ? 1 : recency(a.index) > recency(b.index) ? -1 : 0) || (id(a.index) < id(b.index) ? -1 : 1));
  return { best, rest };
}
function matchLine(query, doc) {
  const { line, match } = bestLine(doc, [...new Set(terms(query))]);
  return { line: doc.kind === "episode" ? doc.firstLine : line, match };
}
function bestLine(doc, wanted) {
  let best = mostTerms(doc.text.split("\n"), doc.firstLine, wanted);
  if (best.hits === 0 && doc.fileText !== void 0) best = mostTerms(doc.fileText.split("\n"), 1, wanted);
  if (best.hits === 0) {
    const lines = doc.text.split("\n");
    const i = lines.findIndex((l) => l.trim() !== "");
    best = i >= 0 ? { line: doc.firstLine + i, match: lines[i].trim(), hits: 0 } : { line: doc.firstLine, match: doc.head, hits: 0 };
  }
  return { line: best.line, match: best.match.length > 200 ? best.match.slice(0, 199) + "\u2026" : best.match };
}
function mostTerms(lines, first, wanted) {
  let best = { line: first, match: "", hits: 0 };
  lines.forEach((l, i) => {
    const present = new Set(terms(l));
    const hits = wanted.filter((t) => present.has(t)).length;
    if (hits > best.hits) best = { line: first + i, match: l.replace(/^\uFEFF/, "").trim(), hits };
  });
  return best;
}
function cardDocs(store) {
  const docs = [];
  for (const c of store.cards.values()) if (c.card && c.text !== void 0) docs.push(cardDoc(c.file, c.text, c.card));
  return docs;
}
function cardDoc(file, text, card) {
  const bodyStart = text.length - card.body.length;
  return {
    kind: "card",
    id: file,
    head: cardHead(card.meta),
    text: card.body,
    firstLine: text.slice(0, bodyStart).split("\n").length,
    recency: card.meta.updated_at ?? "",
    fileText: text
  };
}
function episodeDocs(episodes) {
  return episodes.map((e) => ({ kind: "episode", id: `${e.file ?? "episodes.jsonl"}:${e.line}`, head: "", text: e.summary, firstLine: e.line, recency: e.ts }));
}
export {
  cardDoc,
  cardDocs,
  docTermsOf,
  episodeDocs,
  matchLine,
  rankCounted,
  rankInOrder,
  search,
  searchCounted,
  terms2 as terms
};
