// lib/records/search-store.ts
import { noLongerTrue, parseCard } from "../core/card.js";
import { terms } from "../core/search-terms.js";
import { withTrustedCardSearch } from "../store/card-search-trusted.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { readEpisodes } from "../store/episodes.js";
import { joinPath } from "../store/paths.js";
import { cardDoc, docTermsOf, episodeDocs, matchLine, rankCounted, rankInOrder } from "./search.js";
async function searchStore(memoryDir, query, where, limit, options = {}) {
  const wanted = [...new Set(terms(query))];
  const { freshness } = options;
  const links = options.links ? await import("./card-links.js") : void 0;
  if (where !== "episodes" && freshness) {
    const done = withTrustedCardSearch(memoryDir, freshness, wanted, (found) => {
      const docs2 = [];
      const counts2 = [];
      found.found.forEach((f, i) => {
        if (!f) return;
        docs2.push(new TrustedCardDoc(found, i));
        counts2.push(f);
      });
      const ranked = rankStore(memoryDir, query, where, limit, docs2, counts2, found.count, found.shards, options.today);
      const hits2 = ranked.hits.map(plainHit);
      if (!links) return { hits: hits2, ...ranked.episodes ? { episodes: ranked.episodes } : {} };
      const trusted = trustedFinder(found, links.finderOver);
      const linked = withLinks(memoryDir, hits2, trusted.finder, links.linksOfText);
      if (trusted.broken()) throw new Error("a card-cache row does not check");
      return { hits: linked, ...ranked.episodes ? { episodes: ranked.episodes } : {} };
    });
    if (done) return done;
  }
  const docs = [];
  const counts = [];
  let total = 0;
  let cards;
  let shards;
  if (where !== "episodes") {
    const { readCardCatalog } = await import("../store/card-cache.js");
    const catalog = await readCardCatalog(memoryDir, { words: true, ...freshness ? { freshness } : {} });
    cards = catalog.cards;
    shards = catalog.episodeShards;
    const found = catalog.wordCounts(wanted);
    catalog.cards.forEach((c, i) => {
      if (c.readError) return;
      total++;
      const f = found[i];
      if (!f) return;
      docs.push(new CachedCardDoc(c));
      counts.push(f);
    });
  }
  const { hits, episodes } = rankStore(memoryDir, query, where, limit, docs, counts, total, shards, options.today);
  return { hits: links && cards ? withLinks(memoryDir, hits, links.recordsFinder(cards), links.linksOfText) : hits, ...episodes ? { episodes } : {} };
}
function rankStore(memoryDir, query, where, limit, docs, counts, total, shards, today) {
  const episodes = where !== "cards" ? readEpisodes(memoryDir, shards) : void 0;
  if (episodes) {
    const more = episodeDocs(episodes.episodes);
    docs.push(...more);
    counts.push(...more.map(docTermsOf));
    total += more.length;
  }
  const hitOf = (index, score) => {
    const doc = docs[index];
    if (doc.kind !== "card") return { kind: doc.kind, id: doc.id, score, ...matchLine(query, doc) };
    const read = readCardDoc(memoryDir, doc);
    return { kind: doc.kind, id: doc.id, score, ...matchLine(query, read.doc), ...today && read.card ? noLongerTrue(read.card, today) : {} };
  };
  const hits = today ? liveFirst(limit, rankInOrder(query, docs, counts, total, limit), hitOf) : rankCounted(query, docs, counts, total, limit).slice(0, limit || void 0).map(({ index, score }) => hitOf(index, score));
  return episodes ? { hits, episodes } : { hits };
}
function liveFirst(limit, order, hitOf) {
  const live = [];
  const dead = [];
  for (const { index, score } of order) {
    if (limit > 0 && live.length >= limit) break;
    const h = hitOf(index, score);
    (h.no_longer_true ? dead : live).push(h);
  }
  return [...live, ...dead].slice(0, limit || void 0);
}
var CachedCardDoc = class {
  constructor(card) {
    this.card = card;
    this.kind = "card";
    this.head = "";
    this.text = "";
    this.id = card.file;
    this.firstLine = card.firstLine;
  }
  get recency() {
    return this.card.updated_at ?? "";
  }
};
var TrustedCardDoc = class {
  constructor(found, i) {
    this.found = found;
    this.i = i;
    this.kind = "card";
    this.head = "";
    this.text = "";
  }
  get id() {
    this.file ??= this.found.cache.name(this.i);
    return this.file;
  }
  get firstLine() {
    return this.found.firstLine(this.i);
  }
  /** Kept: the sort asks for it up to four times a comparison, and each would read and parse the row again. */
  get recency() {
    if (this.updated !== void 0) return this.updated;
    const row = this.found.cache.row(this.i);
    if (!row) throw new Error("a card-cache row does not check");
    this.updated = row.updated_at ?? "";
    return this.updated;
  }
};
var plainHit = (h) => ({
  kind: h.kind,
  id: h.id,
  score: h.score,
  line: h.line,
  match: h.match,
  ...h.no_longer_true ? { no_longer_true: h.no_longer_true } : {},
  ...h.superseded_by !== void 0 ? { superseded_by: h.superseded_by } : {},
  ...h.expires_at !== void 0 ? { expires_at: h.expires_at } : {}
});
function trustedFinder(found, finderOver) {
  const { cache, count } = found;
  let broken = false;
  const finder = finderOver(
    (file) => cache.find(file) !== void 0,
    () => {
      const out = /* @__PURE__ */ new Map();
      for (let i = 0; i < count; i++) {
        const file = cache.name(i);
        const row = cache.row(i);
        if (!row) broken = true;
        else if (row.name !== void 0) out.set(row.name, [...out.get(row.name) ?? [], file]);
      }
      return out;
    },
    function* () {
      for (let i = 0; i < count; i++) yield cache.name(i);
    }
  );
  return { finder, broken: () => broken };
}
function withLinks(memoryDir, hits, finder, linksOfText) {
  return hits.map((h) => {
    const links = h.kind === "card" ? linksOfText(memoryDir, readCardText(memoryDir, h.id), finder) : [];
    return links.length > 0 ? { ...h, links } : h;
  });
}
function readCardText(memoryDir, file) {
  try {
    return readRegularUtf8(joinPath(memoryDir, file));
  } catch {
    return "";
  }
}
function readCardDoc(memoryDir, doc) {
  try {
    const text = readRegularUtf8(joinPath(memoryDir, doc.id));
    const card = parseCard(text);
    return { doc: cardDoc(doc.id, text, card), card };
  } catch {
    return { doc };
  }
}
export {
  searchStore
};
