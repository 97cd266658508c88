// `memctl search` and the MCP memory_search over a store: the cards' words come from the card cache
// (lib/store/card-cache.ts), so a query reads only the cards it shows, ranked exactly as search() ranks them.
import { parseCard } from "../core/card.js";
import { terms } from "../core/search-terms.js";
import { readCardCatalog, type CardRecord } from "../store/card-cache.js";
import type { Freshness } from "../store/full-check.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { readEpisodes, type EpisodesRead } from "../store/episodes.js";
import { joinPath } from "../store/paths.js";
import { cardDoc, docTermsOf, episodeDocs, matchLine, rankCounted, type DocTerms, type SearchDoc, type SearchHit } from "./search.js";

export type SearchWhere = "cards" | "episodes" | "all";

/** The best `limit` hits (0 = all) for the query among the store's readable cards and/or its episodes. */
export async function searchStore(
  memoryDir: string,
  query: string,
  where: SearchWhere,
  limit: number,
  /** The call's start and the full-check size (lib/store/full-check.ts); absent: every card checked. */
  freshness?: Freshness,
): Promise<{ hits: SearchHit[]; episodes?: EpisodesRead; cards?: CardRecord[] }> {
  const docs: SearchDoc[] = [];
  const counts: DocTerms[] = [];
  // Every searchable document counts in the rarity; only the cards with a query word become documents (the rest
  // score nothing), so a query at 100,000 cards neither builds 100,000 documents nor parses their rows.
  let total = 0;
  let cards: CardRecord[] | undefined;
  let shards: readonly string[] | undefined;
  if (where !== "episodes") {
    const catalog = await readCardCatalog(memoryDir, { words: true, ...(freshness ? { freshness } : {}) });
    cards = catalog.cards;
    shards = catalog.episodeShards; // the card listing's: the store is not listed again for them
    const found = catalog.wordCounts([...new Set(terms(query))]);
    catalog.cards.forEach((c, i) => {
      if (c.readError) return; // unreadable: not searchable, as before the cache
      total++;
      const f = found[i];
      if (!f) return;
      docs.push(new CachedCardDoc(c));
      counts.push(f);
    });
  }
  const episodes = where !== "cards" ? readEpisodes(memoryDir, shards) : undefined;
  if (episodes) {
    const more = episodeDocs(episodes.episodes);
    docs.push(...more);
    counts.push(...more.map(docTermsOf));
    total += more.length;
  }
  const hits = rankCounted(query, docs, counts, total, limit)
    .slice(0, limit || undefined)
    .map(({ index, score }) => {
      const doc = docs[index]!;
      return { kind: doc.kind, id: doc.id, score, ...matchLine(query, doc.kind === "card" ? readCardDoc(memoryDir, doc) : doc) };
    });
  return { hits, episodes, cards };
}

/**
 * A card's document for the ranking, from its cached record: no text (its counts come from the card cache), and
 * its recency asked for by the ranking only to break a tie among the hits it keeps (the card's row is parsed then).
 * A class, not a literal with a getter: at 100,000 cards a common word makes ~46,000 of these per query.
 */
class CachedCardDoc implements SearchDoc {
  readonly kind = "card";
  readonly head = "";
  readonly text = "";
  readonly id: string;
  readonly firstLine: number;
  constructor(private readonly card: CardRecord) {
    this.id = card.file;
    this.firstLine = card.firstLine;
  }
  get recency(): string {
    return this.card.updated_at ?? "";
  }
}

/** The whole card for its matching line; a card gone since it was ranked points at its first line. */
function readCardDoc(memoryDir: string, doc: SearchDoc): SearchDoc {
  try {
    const text = readRegularUtf8(joinPath(memoryDir, doc.id));
    return cardDoc(doc.id, text, parseCard(text));
  } catch {
    return doc;
  }
}
