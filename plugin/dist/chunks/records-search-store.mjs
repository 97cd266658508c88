import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  cardDoc,
  docTermsOf,
  episodeDocs,
  matchLine,
  rankCounted
} from "./records-search.mjs";
import {
  readCardCatalog
} from "./store-card-cache-format.mjs";
import {
  terms
} from "./core-search-terms.mjs";
import {
  readEpisodes
} from "./store-episodes.mjs";
import {
  parseCard
} from "./core-card.mjs";
import {
  joinPath
} from "./config-config.mjs";
import {
  readRegularUtf8
} from "./core-bytes.mjs";

// lib/records/search-store.ts
async function searchStore(memoryDir, query, where, limit, freshness) {
  const docs = [];
  const counts = [];
  let total = 0;
  let cards;
  let shards;
  if (where !== "episodes") {
    const catalog = await readCardCatalog(memoryDir, { words: true, ...freshness ? { freshness } : {} });
    cards = catalog.cards;
    shards = catalog.episodeShards;
    const found = catalog.wordCounts([...new Set(terms(query))]);
    catalog.cards.forEach((c, i) => {
      if (c.readError) return;
      total++;
      const f = found[i];
      if (!f) return;
      docs.push(new CachedCardDoc(c));
      counts.push(f);
    });
  }
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
  return { hits, episodes, cards };
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
