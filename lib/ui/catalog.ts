import fs from "node:fs";
import path from "node:path";
import { cardType, parseCard, type CardMeta } from "../core/card.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { listCardFiles } from "../store/read.js";
import { readHold } from "../store/arrivals.js";
import { search, type SearchDoc, type SearchHit } from "../records/search.js";

// The cards as the web view lists them, kept in memory between requests: a refresh stats every card file and
// re-reads only those whose size or mtime changed, so a 10,000-card store is read once, not once per page.

export interface CatalogCard {
  file: string;
  name: string;
  type: string;
  description: string;
  topics: string[];
  priority: string;
  status: string;
  updated_at: string;
  provenance?: CardMeta["provenance"];
  text: string;
  body: string;
  frontmatterText: string;
  problems: string[];
}

interface Slot {
  mtimeMs: number;
  size: number;
  card: CatalogCard;
}

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
  cards: (Omit<CatalogCard, "text" | "body" | "frontmatterText"> & { match?: SearchHit })[];
  facets: { types: string[]; topics: string[]; statuses: string[]; priorities: string[] };
}

export class Catalog {
  private slots = new Map<string, Slot>();
  private docs: SearchDoc[] | undefined;
  private facets: CardPage["facets"] | undefined;
  private checkedAt = -Infinity;

  /** `ttlMs`: how long a refresh stands before the next request stats the files again. */
  constructor(
    readonly memoryDir: string,
    private readonly ttlMs = 1000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Brings the catalogue up to date with the disk when the last look is older than the TTL (or `force`). */
  async refresh(force = false): Promise<void> {
    if (!force && this.clock() - this.checkedAt < this.ttlMs) return;
    const hold = readHold(this.memoryDir);
    const files = (await listCardFiles(this.memoryDir)).filter((f) => !hold?.held(f)).sort();
    const next = new Map<string, Slot>();
    let changed = files.length !== this.slots.size;
    for (const file of files) {
      const full = path.join(this.memoryDir, file);
      let st: fs.Stats;
      try {
        st = fs.statSync(full);
      } catch {
        continue; // removed between the listing and the stat
      }
      const old = this.slots.get(file);
      if (old && old.mtimeMs === st.mtimeMs && old.size === st.size) {
        next.set(file, old);
        continue;
      }
      changed = true;
      next.set(file, { mtimeMs: st.mtimeMs, size: st.size, card: readCatalogCard(this.memoryDir, file) });
    }
    if (changed) {
      this.docs = undefined;
      this.facets = undefined;
    }
    this.slots = next;
    this.checkedAt = this.clock();
  }

  get size(): number {
    return this.slots.size;
  }

  card(file: string): CatalogCard | undefined {
    return this.slots.get(file)?.card;
  }

  /** One page of the cards matching the query: ranked by the search when there is a query, else by type and name. */
  query(q: CardQuery): CardPage {
    const perPage = Math.min(200, Math.max(1, q.perPage ?? 50));
    let rows = [...this.slots.values()].map((s) => s.card);
    let hits: Map<string, SearchHit> | undefined;
    if (q.q?.trim()) {
      const found = search(q.q, this.searchDocs(), 0);
      hits = new Map(found.map((h) => [h.id, h]));
      rows = found.map((h) => this.slots.get(h.id)?.card).filter((c): c is CatalogCard => c !== undefined);
    } else rows.sort((a, b) => (a.type + "\0" + a.name < b.type + "\0" + b.name ? -1 : 1));
    rows = rows.filter(
      (c) => (!q.type || c.type === q.type) && (!q.topic || c.topics.includes(q.topic)) && (!q.status || c.status === q.status) && (!q.priority || c.priority === q.priority),
    );
    const pages = Math.max(1, Math.ceil(rows.length / perPage));
    const page = Math.min(pages, Math.max(1, Math.floor(q.page ?? 1)));
    const cards = rows.slice((page - 1) * perPage, page * perPage).map(({ text: _t, body: _b, frontmatterText: _f, ...rest }) => ({ ...rest, match: hits?.get(rest.file) }));
    return { total: rows.length, page, pages, per_page: perPage, cards, facets: this.facetValues() };
  }

  private searchDocs(): SearchDoc[] {
    this.docs ??= [...this.slots.values()].map(({ card: c }) => {
      const bodyStart = c.text.length - c.body.length;
      return {
        kind: "card",
        id: c.file,
        head: `${c.name} ${c.description} ${c.topics.join(" ")}`,
        text: c.body,
        firstLine: c.text.slice(0, bodyStart).split("\n").length,
        recency: c.updated_at,
        fileText: c.text,
      };
    });
    return this.docs;
  }

  private facetValues(): CardPage["facets"] {
    if (this.facets) return this.facets;
    const sets = { types: new Set<string>(), topics: new Set<string>(), statuses: new Set<string>(), priorities: new Set<string>() };
    for (const { card } of this.slots.values()) {
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

function readCatalogCard(dir: string, file: string): CatalogCard {
  const fallbackName = withoutTypePrefix(file.replace(/\.md$/, ""));
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, file), "utf8");
  } catch (err) {
    return { ...empty(file, fallbackName), problems: [`unreadable: ${(err as Error).message}`] };
  }
  const parsed = parseCard(text);
  const m = parsed.meta;
  return {
    file,
    name: m.name ?? fallbackName,
    type: cardType(file, m) ?? "",
    description: m.description ?? "",
    topics: m.topics,
    priority: m.priority ?? "",
    status: m.status ?? "",
    updated_at: m.updated_at ?? "",
    provenance: m.provenance,
    text,
    body: parsed.body,
    frontmatterText: parsed.frontmatterText,
    problems: [...parsed.errors, ...parsed.warnings].map((p) => p.message),
  };
}

function empty(file: string, name: string): CatalogCard {
  return { file, name, type: "", description: "", topics: [], priority: "", status: "", updated_at: "", text: "", body: "", frontmatterText: "", problems: [] };
}
