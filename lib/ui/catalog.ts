import fs from "node:fs";
import path from "node:path";
import { cardType, parseCard, type CardMeta } from "../core/card.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { listCardFiles } from "../store/read.js";
import { readHold } from "../store/arrivals.js";
import { docTermsOf, matchLine, rankCounted, type DocTerms, type SearchDoc, type SearchHit } from "../records/search.js";

// The cards as the web view lists them, kept in memory between requests: a scan stats every card file and
// re-reads (and re-tokenizes) only those whose size, mtime or ctime changed, so a 10,000-card store is read once, not
// once per page. A request waits for a scan only when a directory changed (every memctl write renames a file
// into one); otherwise a scan past the TTL runs behind the response, catching edits made in place.

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
  /** An editor writing in place and putting the mtime back (same size) changes only this. */
  ctimeMs: number;
  card: CatalogCard;
  doc: SearchDoc;
  terms?: DocTerms;
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
  private facets: CardPage["facets"] | undefined;
  private sorted: CatalogCard[] | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private dirs = new Map<string, number>();
  private scanning: Promise<void> | undefined;

  /** `ttlMs`: how long a scan stands before the next request starts another behind its response. */
  constructor(
    readonly memoryDir: string,
    private readonly ttlMs = 2000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Up to date for this request: waits for a scan when forced or when a directory changed, else starts one past the TTL. */
  async refresh(force = false): Promise<void> {
    if (force || this.dirsChanged()) return this.scan();
    if (this.clock() - this.checkedAt >= this.ttlMs) void this.scan().catch(() => {});
  }

  /** Resolves when no scan is running (tests wait on the one a TTL started behind a response). */
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
    const dirs = new Map<string, number>();
    const hold = readHold(this.memoryDir);
    const files = (await listCardFiles(this.memoryDir)).filter((f) => !hold?.held(f)).sort();
    for (const dir of new Set([this.memoryDir, ...files.map((f) => path.dirname(path.join(this.memoryDir, f)))])) dirs.set(dir, fs.statSync(dir).mtimeMs);
    const next = new Map<string, Slot>();
    let changed = files.length !== this.slots.size;
    for (let i = 0; i < files.length; i += 512) {
      const batch = files.slice(i, i + 512);
      const stats = await Promise.all(batch.map((f) => fs.promises.stat(path.join(this.memoryDir, f)).catch(() => undefined)));
      batch.forEach((file, j) => {
        const st = stats[j];
        if (!st) return; // removed between the listing and the stat
        const old = this.slots.get(file);
        if (old && old.mtimeMs === st.mtimeMs && old.size === st.size && old.ctimeMs === st.ctimeMs) next.set(file, old);
        else {
          changed = true;
          const card = readCatalogCard(this.memoryDir, file);
          next.set(file, { mtimeMs: st.mtimeMs, size: st.size, ctimeMs: st.ctimeMs, card, doc: searchDoc(card) });
        }
      });
    }
    if (changed) {
      this.facets = undefined;
      this.sorted = undefined;
    }
    this.slots = next;
    this.dirs = dirs;
    this.checkedAt = this.clock();
  }

  /** Tokenizes every card for search in slices between requests, so the first search does not pay for it. */
  async warm(): Promise<void> {
    const slots = [...this.slots.values()];
    for (let i = 0; i < slots.length; i += 500) {
      for (const slot of slots.slice(i, i + 500)) slot.terms ??= docTermsOf(slot.doc);
      await new Promise((resolve) => setImmediate(resolve));
    }
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
    let ranked: Map<string, number> | undefined;
    if (q.q?.trim()) {
      const slots = [...this.slots.values()];
      for (const slot of slots) slot.terms ??= docTermsOf(slot.doc);
      const found = rankCounted(
        q.q,
        slots.map((x) => x.doc),
        slots.map((x) => x.terms!),
      );
      ranked = new Map(found.map((h) => [slots[h.index]!.card.file, h.score]));
      rows = found.map((h) => slots[h.index]!.card);
    } else rows = this.sorted ??= rows.sort((a, b) => (a.type + "\0" + a.name < b.type + "\0" + b.name ? -1 : 1));
    rows = rows.filter(
      (c) => (!q.type || c.type === q.type) && (!q.topic || c.topics.includes(q.topic)) && (!q.status || c.status === q.status) && (!q.priority || c.priority === q.priority),
    );
    const pages = Math.max(1, Math.ceil(rows.length / perPage));
    const page = Math.min(pages, Math.max(1, Math.floor(q.page ?? 1)));
    // The matching line only for the rows shown: finding it reads every line of a card.
    const match = (file: string): SearchHit | undefined => {
      const score = ranked?.get(file);
      const slot = this.slots.get(file);
      return score === undefined || !slot ? undefined : { kind: "card", id: file, score, ...matchLine(q.q!, slot.doc) };
    };
    const cards = rows.slice((page - 1) * perPage, page * perPage).map(({ text: _t, body: _b, frontmatterText: _f, ...rest }) => ({ ...rest, match: match(rest.file) }));
    return { total: rows.length, page, pages, per_page: perPage, cards, facets: this.facetValues() };
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

function searchDoc(c: CatalogCard): SearchDoc {
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
