import fs from "node:fs";
import path from "node:path";
import { isRetired, parseCard, type CardMeta, type ParsedCard } from "../core/card.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { readCardCatalog, type CardCatalog, type CardRecord } from "../store/card-cache.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import { sha256Hex } from "../core/sha256.js";
import type { Freshness } from "../store/full-check.js";
import { joinPath } from "../store/paths.js";
import { cardDoc, matchLine, rankCounted, type DocTerms, type SearchDoc, type SearchHit } from "../records/search.js";
import { terms as termsOf } from "../core/search-terms.js";

// The cards as the web view lists them: the store's card cache (lib/store/card-cache.ts, the one `memctl list` and
// `search` read), so a 10,000-card store is read once, not once per page, and a page reads only the cards it shows.
// A request waits for a check of every card's stamp only when a directory changed (every memctl write renames a
// file into one); otherwise a check past the TTL runs behind the response, catching edits made in place.

export interface CatalogCard {
  file: string;
  name: string;
  type: string;
  description: string;
  topics: string[];
  priority: string;
  status: string;
  updated_at: string;
  /** As written; the pages compare it with today (a card past it is never injected). */
  expires_at?: string;
  /** A superseded card's successor, as its frontmatter names it (the pages' mark says it). */
  superseded_by?: string;
  provenance?: CardMeta["provenance"];
  text: string;
  body: string;
  frontmatterText: string;
  problems: string[];
}

/** A card as the list shows it: everything but its text, which only its own page reads. */
export type CatalogRow = Omit<CatalogCard, "text" | "body" | "frontmatterText">;

export interface CardQuery {
  q?: string;
  type?: string;
  topic?: string;
  status?: string;
  priority?: string;
  page?: number;
  perPage?: number;
}

export interface CardPage {
  total: number;
  page: number;
  pages: number;
  per_page: number;
  cards: (CatalogRow & { match?: SearchHit })[];
  facets: { types: string[]; topics: string[]; statuses: string[]; priorities: string[] };
}

const NONE: DocTerms = { head: new Map(), body: new Map() };

export class Catalog {
  private current: CardCatalog | undefined;
  private rows: CatalogRow[] = [];
  private byFile = new Map<string, number>();
  private facets: CardPage["facets"] | undefined;
  private sorted: CatalogRow[] | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private dirs = new Map<string, number>();
  private scanning: Promise<void> | undefined;

  /** `ttlMs`: how long a check stands before the next request starts another behind its response. */
  constructor(
    readonly memoryDir: string,
    private readonly ttlMs = 2000,
    private readonly clock: () => number = () => performance.now(),
    /** Each check's start and the full-check size (lib/store/full-check.ts); absent: every card checked. */
    private readonly freshness?: () => Freshness,
  ) {}

  /** Up to date for this request: waits for a check when forced or when a directory changed, else starts one past the TTL. */
  async refresh(force = false): Promise<void> {
    if (force || this.dirsChanged()) return this.scan();
    if (this.clock() - this.checkedAt >= this.ttlMs) void this.scan().catch(() => {});
  }

  /** Resolves when no check is running (tests wait on the one a TTL started behind a response). */
  async settled(): Promise<void> {
    await this.scanning;
  }

  private dirsChanged(): boolean {
    if (this.dirs.size === 0) return true;
    for (const [dir, mtimeMs] of this.dirs) if (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs !== mtimeMs) return true;
    return false;
  }

  private scan(): Promise<void> {
    this.scanning ??= this.scanOnce().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  private async scanOnce(): Promise<void> {
    const catalog = await readCardCatalog(this.memoryDir, this.freshness ? { freshness: this.freshness() } : {});
    const dirs = new Map<string, number>();
    for (const dir of new Set([this.memoryDir, ...catalog.cards.map((c) => path.dirname(path.join(this.memoryDir, c.file)))])) dirs.set(dir, fs.statSync(dir).mtimeMs);
    if (catalog.cards !== this.current?.cards) {
      this.rows = catalog.cards.map(rowOf);
      this.byFile = new Map(this.rows.map((r, i) => [r.file, i]));
      this.facets = undefined;
      this.sorted = undefined;
    }
    this.current = catalog;
    this.dirs = dirs;
    this.checkedAt = this.clock();
  }

  /** Reads the cards' words once, so the first search does not wait for them. */
  async warm(): Promise<void> {
    this.current?.wordCounts([]);
  }

  get size(): number {
    return this.rows.length;
  }

  /**
   * One card as the catalogue lists it, with its text read now and the sha256 of those same bytes ("" when it
   * cannot be read): one checked read, so nothing swapped in after it is opened (undefined: not a card of the store).
   */
  card(file: string): (CatalogCard & { sha256: string }) | undefined {
    const i = this.byFile.get(file);
    if (i === undefined) return undefined;
    const { text, card, sha256 } = readText(this.memoryDir, file);
    return { ...this.rows[i]!, text, body: card.body, frontmatterText: card.frontmatterText, sha256 };
  }

  /**
   * One page of the cards matching the query: ranked as `memctl search` ranks them when there is a query (with
   * `today`, the server's day, cards no longer true on it after every live match), else by type and name.
   */
  query(q: CardQuery, today?: string): CardPage {
    const perPage = Math.min(200, Math.max(1, q.perPage ?? 50));
    let rows = this.rows;
    let ranked: Map<string, number> | undefined;
    if (q.q?.trim() && this.current) {
      const cards = this.current.cards;
      const found = this.current.wordCounts([...new Set(termsOf(q.q))]);
      const docs: SearchDoc[] = [];
      const counts: DocTerms[] = [];
      const index: number[] = [];
      cards.forEach((c, i) => {
        if (c.readError) return;
        docs.push({ kind: "card", id: c.file, head: "", text: "", firstLine: c.firstLine, recency: c.updated_at ?? "" });
        counts.push(found[i] ?? NONE);
        index.push(i);
      });
      const hits = rankCounted(q.q, docs, counts);
      ranked = new Map(hits.map((h) => [docs[h.index]!.id, h.score]));
      rows = hits.map((h) => this.rows[index[h.index]!]!);
      if (today) rows = [...rows.filter((r) => !isRetired(r, today)), ...rows.filter((r) => isRetired(r, today))];
    } else rows = this.sorted ??= [...rows].sort((a, b) => (a.type + "\0" + a.name < b.type + "\0" + b.name ? -1 : 1));
    rows = rows.filter(
      (c) => (!q.type || c.type === q.type) && (!q.topic || c.topics.includes(q.topic)) && (!q.status || c.status === q.status) && (!q.priority || c.priority === q.priority),
    );
    const pages = Math.max(1, Math.ceil(rows.length / perPage));
    const page = Math.min(pages, Math.max(1, Math.floor(q.page ?? 1)));
    // The matching line only for the rows shown: finding it reads the card.
    const match = (file: string): SearchHit | undefined => {
      const score = ranked?.get(file);
      if (score === undefined) return undefined;
      const { text, card } = readText(this.memoryDir, file);
      return { kind: "card", id: file, score, ...matchLine(q.q!, cardDoc(file, text, card)) };
    };
    const cards = rows.slice((page - 1) * perPage, page * perPage).map((row) => ({ ...row, match: match(row.file) }));
    return { total: rows.length, page, pages, per_page: perPage, cards, facets: this.facetValues() };
  }

  private facetValues(): CardPage["facets"] {
    if (this.facets) return this.facets;
    const sets = { types: new Set<string>(), topics: new Set<string>(), statuses: new Set<string>(), priorities: new Set<string>() };
    for (const card of this.rows) {
      if (card.type) sets.types.add(card.type);
      for (const t of card.topics) sets.topics.add(t);
      if (card.status) sets.statuses.add(card.status);
      if (card.priority) sets.priorities.add(card.priority);
    }
    const sorted = (s: Set<string>) => [...s].sort();
    this.facets = { types: sorted(sets.types), topics: sorted(sets.topics), statuses: sorted(sets.statuses), priorities: sorted(sets.priorities) };
    return this.facets;
  }
}

function rowOf(r: CardRecord): CatalogRow {
  return {
    file: r.file,
    name: r.name ?? withoutTypePrefix(r.file.replace(/\.md$/, "")),
    type: r.type ?? "",
    description: r.description ?? "",
    topics: r.topics,
    priority: r.priority ?? "",
    status: r.status ?? "",
    updated_at: r.updated_at ?? "",
    ...(r.expires_at !== undefined ? { expires_at: r.expires_at } : {}),
    ...(r.superseded_by !== undefined ? { superseded_by: r.superseded_by } : {}),
    provenance: r.provenance,
    problems: r.readError ? [`unreadable: ${r.readError}`] : r.problems,
  };
}

/** A card's text now, parsed; empty when it cannot be read (its row says why). Checked: a FIFO never blocks. */
function readText(dir: string, file: string): { text: string; card: ParsedCard; sha256: string } {
  let text = "";
  let sha256 = "";
  try {
    const bytes = readRegularBytes(joinPath(dir, file));
    text = utf8Text(bytes);
    sha256 = sha256Hex(bytes);
  } catch {
    // the row's problems name the read error the cache met; a card removed since shows empty
  }
  return { text, card: parseCard(text), sha256 };
}
