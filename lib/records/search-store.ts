// `memctl search` and the MCP memory_search over a store: the cards' words come from the card cache
// (lib/store/card-cache.ts), so a query reads only the cards it shows, ranked exactly as search() ranks them.
// Where the trust rule alone proves the cache fresh (lib/store/card-search-trusted.ts) the cache is not decoded:
// the ranking reads a card's name and row only when it needs them; otherwise the catalog is read, as before.
import { noLongerTrue, parseCard, type NoLongerTrue, type ParsedCard } from "../core/card.js";
import { terms } from "../core/search-terms.js";
import type { CardRecord } from "../store/card-cache.js";
import { withTrustedCardSearch, type TrustedCardSearch } from "../store/card-search-trusted.js";
import type { Freshness } from "../store/full-check.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { readEpisodes, type EpisodesRead } from "../store/episodes.js";
import { joinPath } from "../store/paths.js";
import type { LinkFinder, LinkSummary } from "./card-links.js";
import { cardDoc, docTermsOf, episodeDocs, matchLine, rankCounted, rankInOrder, type DocTerms, type SearchDoc, type SearchHit } from "./search.js";

export type SearchWhere = "cards" | "episodes" | "all";

export interface SearchOptions {
  /** The call's start and the full-check size (lib/store/full-check.ts); absent: every card checked. */
  freshness?: Freshness;
  /** Each card hit with the cards its body links to (memory_search), resolved among the searched cards. */
  links?: boolean;
  /** The caller's day (YYYY-MM-DD, UTC, from its injected clock): a card hit no longer true on it says so. */
  today?: string;
}

export type StoreHit = SearchHit & NoLongerTrue & { links?: LinkSummary[] };

/** The best `limit` hits (0 = all) for the query among the store's readable cards and/or its episodes. */
export async function searchStore(
  memoryDir: string,
  query: string,
  where: SearchWhere,
  limit: number,
  options: SearchOptions = {},
): Promise<{ hits: StoreHit[]; episodes?: EpisodesRead }> {
  const wanted = [...new Set(terms(query))];
  const { freshness } = options;
  // Loaded only where used: the CLI's search resolves no links, and a trusted search reads no catalog (module loading
  // was ~60 ms of a warm search at 100,000 cards).
  const links = options.links ? await import("./card-links.js") : undefined;
  if (where !== "episodes" && freshness) {
    const done = withTrustedCardSearch(memoryDir, freshness, wanted, (found) => {
      const docs: SearchDoc[] = [];
      const counts: DocTerms[] = [];
      found.found.forEach((f, i) => {
        if (!f) return;
        docs.push(new TrustedCardDoc(found, i));
        counts.push(f);
      });
      // Inside the cache's read: a name or row the ranking or a link asks for is read from the same open file.
      const ranked = rankStore(memoryDir, query, where, limit, docs, counts, found.count, found.shards, options.today);
      const hits = ranked.hits.map(plainHit);
      if (!links) return { hits, ...(ranked.episodes ? { episodes: ranked.episodes } : {}) };
      const trusted = trustedFinder(found, links.finderOver);
      const linked = withLinks(memoryDir, hits, trusted.finder, links.linksOfText);
      // A link resolver turns a throw into a dead link: a row that did not check is known here, and sends the whole search to the catalog.
      if (trusted.broken()) throw new Error("a card-cache row does not check");
      return { hits: linked, ...(ranked.episodes ? { episodes: ranked.episodes } : {}) };
    });
    if (done) return done;
  }
  const docs: SearchDoc[] = [];
  const counts: DocTerms[] = [];
  // Every searchable document counts in the rarity; only the cards with a query word become documents (the rest
  // score nothing), so a query at 100,000 cards neither builds 100,000 documents nor parses their rows.
  let total = 0;
  let cards: CardRecord[] | undefined;
  let shards: readonly string[] | undefined;
  if (where !== "episodes") {
    const { readCardCatalog } = await import("../store/card-cache.js");
    const catalog = await readCardCatalog(memoryDir, { words: true, ...(freshness ? { freshness } : {}) });
    cards = catalog.cards;
    shards = catalog.episodeShards; // the card listing's: the store is not listed again for them
    const found = catalog.wordCounts(wanted);
    catalog.cards.forEach((c, i) => {
      if (c.readError) return; // unreadable: not searchable, as before the cache
      total++;
      const f = found[i];
      if (!f) return;
      docs.push(new CachedCardDoc(c));
      counts.push(f);
    });
  }
  const { hits, episodes } = rankStore(memoryDir, query, where, limit, docs, counts, total, shards, options.today);
  return { hits: links && cards ? withLinks(memoryDir, hits, links.recordsFinder(cards), links.linksOfText) : hits, ...(episodes ? { episodes } : {}) };
}

/** The cards' documents with the episodes', ranked, each hit with its line; `total`: every searchable card. */
function rankStore(
  memoryDir: string,
  query: string,
  where: SearchWhere,
  limit: number,
  docs: SearchDoc[],
  counts: DocTerms[],
  total: number,
  shards: readonly string[] | undefined,
  today: string | undefined,
): { hits: StoreHit[]; episodes?: EpisodesRead } {
  const episodes = where !== "cards" ? readEpisodes(memoryDir, shards) : undefined;
  if (episodes) {
    const more = episodeDocs(episodes.episodes);
    docs.push(...more);
    counts.push(...more.map(docTermsOf));
    total += more.length;
  }
  const hitOf = (index: number, score: number): StoreHit => {
    const doc = docs[index]!;
    if (doc.kind !== "card") return { kind: doc.kind, id: doc.id, score, ...matchLine(query, doc) };
    const read = readCardDoc(memoryDir, doc);
    return { kind: doc.kind, id: doc.id, score, ...matchLine(query, read.doc), ...(today && read.card ? noLongerTrue(read.card, today) : {}) };
  };
  const hits = today
    ? liveFirst(limit, rankInOrder(query, docs, counts, total, limit), hitOf)
    : rankCounted(query, docs, counts, total, limit)
        .slice(0, limit || undefined)
        .map(({ index, score }) => hitOf(index, score));
  return episodes ? { hits, episodes } : { hits };
}

/**
 * The best `limit` hits (0 = all) with every card no longer true after every live hit (DESIGN.md: superseded and
 * expired cards sink; still listed, marked). A card's mark needs its file, so hits are read in rank order until
 * `limit` live ones are found: `order` is the ranking read lazily (rankInOrder), scored once however many
 * no-longer-true cards come ahead of the live ones.
 */
function liveFirst(limit: number, order: Iterable<{ index: number; score: number }>, hitOf: (index: number, score: number) => StoreHit): StoreHit[] {
  const live: StoreHit[] = [];
  const dead: StoreHit[] = [];
  for (const { index, score } of order) {
    if (limit > 0 && live.length >= limit) break;
    const h = hitOf(index, score);
    (h.no_longer_true ? dead : live).push(h);
  }
  return [...live, ...dead].slice(0, limit || undefined);
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

/** CachedCardDoc over a trusted cache: the name too is read only when asked for (a tie, a hit). */
class TrustedCardDoc implements SearchDoc {
  readonly kind = "card";
  readonly head = "";
  readonly text = "";
  private file: string | undefined;
  constructor(
    private readonly found: TrustedCardSearch,
    private readonly i: number,
  ) {}
  get id(): string {
    this.file ??= this.found.cache.name(this.i);
    return this.file;
  }
  get firstLine(): number {
    return this.found.firstLine(this.i);
  }
  private updated: string | undefined;
  /** Kept: the sort asks for it up to four times a comparison, and each would read and parse the row again. */
  get recency(): string {
    if (this.updated !== undefined) return this.updated;
    const row = this.found.cache.row(this.i);
    // A row that does not check: the catalog reads the card again for it, so the whole search goes that way.
    if (!row) throw new Error("a card-cache row does not check");
    this.updated = row.updated_at ?? "";
    return this.updated;
  }
}

/** A hit as plain data (its id read while the cache is open). */
const plainHit = (h: StoreHit): StoreHit => ({
  kind: h.kind,
  id: h.id,
  score: h.score,
  line: h.line,
  match: h.match,
  ...(h.no_longer_true ? { no_longer_true: h.no_longer_true } : {}),
  ...(h.superseded_by !== undefined ? { superseded_by: h.superseded_by } : {}),
  ...(h.expires_at !== undefined ? { expires_at: h.expires_at } : {}),
});

/**
 * recordsFinder's rules over a trusted cache: a file by a look-up among its names, and (only for a `[[name]]` no
 * file name answers) the cards by the frontmatter name in their rows, then by their folded file names.
 */
function trustedFinder(found: TrustedCardSearch, finderOver: typeof import("./card-links.js").finderOver): { finder: LinkFinder; broken: () => boolean } {
  const { cache, count } = found;
  let broken = false;
  const finder = finderOver(
    (file) => cache.find(file) !== undefined,
    () => {
      const out = new Map<string, string[]>();
      for (let i = 0; i < count; i++) {
        const file = cache.name(i);
        const row = cache.row(i);
        if (!row) broken = true;
        else if (row.name !== undefined) out.set(row.name, [...(out.get(row.name) ?? []), file]);
      }
      return out;
    },
    function* () {
      for (let i = 0; i < count; i++) yield cache.name(i);
    },
  );
  return { finder, broken: () => broken };
}

/** Each card hit with the cards its body links to (`[[name]]`, `(file.md)`), resolved; dead and unsafe ones marked. */
function withLinks(memoryDir: string, hits: StoreHit[], finder: LinkFinder, linksOfText: typeof import("./card-links.js").linksOfText): StoreHit[] {
  return hits.map((h) => {
    const links = h.kind === "card" ? linksOfText(memoryDir, readCardText(memoryDir, h.id), finder) : [];
    return links.length > 0 ? { ...h, links } : h;
  });
}

function readCardText(memoryDir: string, file: string): string {
  try {
    return readRegularUtf8(joinPath(memoryDir, file));
  } catch {
    return "";
  }
}

/** The whole card for its matching line (and its status); a card gone since it was ranked points at its first line. */
function readCardDoc(memoryDir: string, doc: SearchDoc): { doc: SearchDoc; card?: ParsedCard } {
  try {
    const text = readRegularUtf8(joinPath(memoryDir, doc.id));
    const card = parseCard(text);
    return { doc: cardDoc(doc.id, text, card), card };
  } catch {
    return { doc };
  }
}
