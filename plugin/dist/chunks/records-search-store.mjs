import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  cardDoc,
  docTermsOf,
  episodeDocs,
  matchLine,
  rankCounted
} from "./records-search.mjs";
import {
  withTrustedCardCache
} from "./store-card-cache-trusted.mjs";
import {
  RECORD_NUMBERS,
  lineOwners,
  postedCounts,
  readCardTerms,
  scanWords
} from "./store-card-cache-format.mjs";
import {
  terms
} from "./core-search-terms.mjs";
import {
  readEpisodes
} from "./store-episodes.mjs";
import {
  readHold
} from "./core-index-file.mjs";
import {
  joinPath
} from "./store-paths.mjs";
import {
  readRegularUtf8
} from "./core-bytes.mjs";
import {
  parseCard
} from "./core-card.mjs";

// lib/store/card-search-trusted.ts
var FIRST_LINE_AT = 3;
var HEAD_BYTES_AT = 4;
var BODY_BYTES_AT = 5;
var WORDS_AT = 7;
function withTrustedCardSearch(memoryDir, freshness, wanted, use) {
  if (readHold(memoryDir)) return void 0;
  return withTrustedCardCache(memoryDir, freshness, (cache) => {
    const token = cache.top.head.words;
    if (!token) return void 0;
    const { count } = cache.top;
    const numbers = cache.numbers;
    const at = (k, field) => numbers[k * RECORD_NUMBERS + field];
    const wordsAt = new Float64Array(count);
    const inExtra = [];
    for (let k = 0; k < count; k++) {
      const w = at(k, WORDS_AT);
      if (!Number.isSafeInteger(w) || !isCount(at(k, FIRST_LINE_AT)) || !isCount(at(k, HEAD_BYTES_AT)) || !isCount(at(k, BODY_BYTES_AT))) return void 0;
      wordsAt[k] = w;
      if (w < 0) inExtra.push(k);
    }
    const headBytes = (k) => at(k, HEAD_BYTES_AT);
    const bodyBytes = (k) => at(k, BODY_BYTES_AT);
    const read = readCardTerms(memoryDir, token, wanted);
    if (typeof read === "string") return void 0;
    const owners = lineOwners(read.lines, wordsAt, headBytes, bodyBytes);
    if (!owners) return void 0;
    const found = postedCounts(read, owners, count);
    if (inExtra.length > 0) {
      const extra = cache.extra();
      const start = (k) => -1 - wordsAt[k];
      for (const k of inExtra) if (!lineFits(extra, start(k), headBytes(k), bodyBytes(k))) return void 0;
      for (const word of wanted) scanWords(found, extra, inExtra, start, headBytes, bodyBytes, word, Buffer.from(` ${word}:`, "utf8"));
    }
    return use({ cache, count, found, firstLine: (i) => at(i, FIRST_LINE_AT), shards: cache.top.head.shards });
  });
}
function lineFits(buf, at, head, body) {
  const end = at + head + body + 2;
  return at >= 0 && end <= buf.length && buf[at + head] === 9 && buf[end - 1] === 10;
}
var isCount = (v) => Number.isSafeInteger(v) && v >= 0;

// lib/records/search-store.ts
async function searchStore(memoryDir, query, where, limit, options = {}) {
  const wanted = [...new Set(terms(query))];
  const { freshness } = options;
  const links = options.links ? await import("./card-links.mjs") : void 0;
  if (where !== "episodes" && freshness) {
    const done = withTrustedCardSearch(memoryDir, freshness, wanted, (found) => {
      const docs2 = [];
      const counts2 = [];
      found.found.forEach((f, i) => {
        if (!f) return;
        docs2.push(new TrustedCardDoc(found, i));
        counts2.push(f);
      });
      const ranked = rankStore(memoryDir, query, where, limit, docs2, counts2, found.count, found.shards);
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
    const { readCardCatalog } = await import("./card-cache.mjs");
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
  const { hits, episodes } = rankStore(memoryDir, query, where, limit, docs, counts, total, shards);
  return { hits: links && cards ? withLinks(memoryDir, hits, links.recordsFinder(cards), links.linksOfText) : hits, ...episodes ? { episodes } : {} };
}
function rankStore(memoryDir, query, where, limit, docs, counts, total, shards) {
  const episodes = where !== "cards" ? readEpisodes(memoryDir, shards) : void 0;
  if (episodes) {
    const more = episodeDocs(episodes.episodes);
    docs.push(...more);
    counts.push(...more.map(docTermsOf));
    total += more.length;
  }
  const hits = rankCounted(query, docs, counts, total, limit).slice(0, limit || void 0).map(({ index, score }) => {
    const doc = docs[index];
    return { kind: doc.kind, id: doc.id, score, ...matchLine(query, doc.kind === "card" ? readCardDoc(memoryDir, doc) : doc) };
  });
  return episodes ? { hits, episodes } : { hits };
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
var plainHit = (h) => ({ kind: h.kind, id: h.id, score: h.score, line: h.line, match: h.match });
function trustedFinder(found, finderOver) {
  const { cache, count } = found;
  let broken = false;
  const finder = finderOver(
    (file) => cache.find(file) !== void 0,
    () => {
      const out = /* @__PURE__ */ new Map();
      for (let i = 0; i < count; i++) {
        const file = cache.name(i);
        if (file.includes("/")) continue;
        const row = cache.row(i);
        if (!row) broken = true;
        else if (row.name !== void 0) out.set(row.name, [...out.get(row.name) ?? [], file]);
      }
      return out;
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
    return cardDoc(doc.id, text, parseCard(text));
  } catch {
    return doc;
  }
}

export {
  searchStore
};
