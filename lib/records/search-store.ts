// `memctl search` and the MCP memory_search over a store: the cards' words come from the card cache
// (lib/store/card-cache.ts), so a query reads only the cards it shows, ranked exactly as search() ranks them.
import { parseCard } from "../core/card.js";
import { terms } from "../core/search-terms.js";
import { readCardCatalog, type CardRecord } from "../store/card-cache.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { readEpisodes, type EpisodesRead } from "../store/episodes.js";
import { joinPath } from "../store/paths.js";
import { cardDoc, docTermsOf, episodeDocs, matchLine, rankCounted, type DocTerms, type SearchDoc, type SearchHit } from "./search.js";

export type SearchWhere = "cards" | "episodes" | "all";

const NONE: DocTerms = { head: new Map(), body: new Map() };

/** The best `limit` hits (0 = all) for the query among the store's readable cards and/or its episodes. */
export async function searchStore(
  memoryDir: string,
  query: string,
  where: SearchWhere,
  limit: number,
): Promise<{ hits: SearchHit[]; episodes?: EpisodesRead; cards?: CardRecord[] }> {
  const docs: SearchDoc[] = [];
  const counts: DocTerms[] = [];
  let cards: CardRecord[] | undefined;
  if (where !== "episodes") {
    const catalog = await readCardCatalog(memoryDir);
    cards = catalog.cards;
    const found = catalog.wordCounts([...new Set(terms(query))]);
    catalog.cards.forEach((c, i) => {
      if (c.readError) return; // unreadable: not searchable, as before the cache
      // Recency only breaks ties between hits: a card no query word is in is never one, so its row stays unparsed.
      const f = found[i];
      docs.push({ kind: "card", id: c.file, head: "", text: "", firstLine: c.firstLine, recency: f ? (c.updated_at ?? "") : "" });
      counts.push(f ?? NONE);
    });
  }
  const episodes = where !== "cards" ? readEpisodes(memoryDir) : undefined;
  if (episodes) {
    const more = episodeDocs(episodes.episodes);
    docs.push(...more);
    counts.push(...more.map(docTermsOf));
  }
  const hits = rankCounted(query, docs, counts)
    .slice(0, limit || undefined)
    .map(({ index, score }) => {
      const doc = docs[index]!;
      return { kind: doc.kind, id: doc.id, score, ...matchLine(query, doc.kind === "card" ? readCardDoc(memoryDir, doc) : doc) };
    });
  return { hits, episodes, cards };
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
