// lib/ui/catalog.ts
import fs from "node:fs";
import path from "node:path";
import { isRetired, parseCard } from "../core/card.js";
import { withoutTypePrefix } from "../core/card-types.js";
import { readCardCatalog } from "../store/card-cache.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import { sha256Hex } from "../core/sha256.js";
import { joinPath } from "../store/paths.js";
import { cardDoc, matchLine, rankCounted } from "../records/search.js";
import { terms as termsOf } from "../core/search-terms.js";
var NONE = { head: /* @__PURE__ */ new Map(), body: /* @__PURE__ */ new Map() };
var Catalog = class {
  /** `ttlMs`: how long a check stands before the next request starts another behind its response. */
  constructor(memoryDir, ttlMs = 2e3, clock = () => performance.now(), freshness) {
    this.memoryDir = memoryDir;
    this.ttlMs = ttlMs;
    this.clock = clock;
    this.freshness = freshness;
    this.rows = [];
    this.byFile = /* @__PURE__ */ new Map();
    this.checkedAt = Number.NEGATIVE_INFINITY;
    this.dirs = /* @__PURE__ */ new Map();
  }
  /** Up to date for this request: waits for a check when forced or when a directory changed, else starts one past the TTL. */
  async refresh(force = false) {
    if (force || this.dirsChanged()) return this.scan();
    if (this.clock() - this.checkedAt >= this.ttlMs) void this.scan().catch(() => {
    });
  }
  /** Resolves when no check is running (tests wait on the one a TTL started behind a response). */
  async settled() {
    await this.scanning;
  }
  dirsChanged() {
    if (this.dirs.size === 0) return true;
    for (const [dir, mtimeMs] of this.dirs) if (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs !== mtimeMs) return true;
    return false;
  }
  scan() {
    this.scanning ??= this.scanOnce().finally(() => {
      this.scanning = void 0;
    });
    return this.scanning;
  }
  async scanOnce() {
    const catalog = await readCardCatalog(this.memoryDir, this.freshness ? { freshness: this.freshness() } : {});
    const dirs = /* @__PURE__ */ new Map();
    for (const dir of /* @__PURE__ */ new Set([this.memoryDir, ...catalog.cards.map((c) => path.dirname(path.join(this.memoryDir, c.file)))])) dirs.set(dir, fs.statSync(dir).mtimeMs);
    if (catalog.cards !== this.current?.cards) {
      this.rows = catalog.cards.map(rowOf);
      this.byFile = new Map(this.rows.map((r, i) => [r.file, i]));
      this.facets = void 0;
      this.sorted = void 0;
    }
    this.current = catalog;
    this.dirs = dirs;
    this.checkedAt = this.clock();
  }
  /** Reads the cards' words once, so the first search does not wait for them. */
  async warm() {
    this.current?.wordCounts([]);
  }
  get size() {
    return this.rows.length;
  }
  /**
   * One card as the catalogue lists it, with its text read now and the sha256 of those same bytes ("" when it
   * cannot be read): one checked read, so nothing swapped in after it is opened (undefined: not a card of the store).
   */
  card(file) {
    const i = this.byFile.get(file);
    if (i === void 0) return void 0;
    const { text, card, sha256 } = readText(this.memoryDir, file);
    return { ...this.rows[i], text, body: card.body, frontmatterText: card.frontmatterText, sha256 };
  }
  /**
   * One page of the cards matching the query: ranked as `memctl search` ranks them when there is a query (with
   * `today`, the server's day, cards no longer true on it after every live match), else by type and name.
   */
  query(q, today) {
    const perPage = Math.min(200, Math.max(1, q.perPage ?? 50));
    let rows = this.rows;
    let ranked;
    if (q.q?.trim() && this.current) {
      const cards2 = this.current.cards;
      const found = this.current.wordCounts([...new Set(termsOf(q.q))]);
      const docs = [];
      const counts = [];
      const index = [];
      cards2.forEach((c, i) => {
        if (c.readError) return;
        docs.push({ kind: "card", id: c.file, head: "", text: "", firstLine: c.firstLine, recency: c.updated_at ?? "" });
        counts.push(found[i] ?? NONE);
        index.push(i);
      });
      const hits = rankCounted(q.q, docs, counts);
      ranked = new Map(hits.map((h) => [docs[h.index].id, h.score]));
      rows = hits.map((h) => this.rows[index[h.index]]);
      if (today) rows = [...rows.filter((r) => !isRetired(r, today)), ...rows.filter((r) => isRetired(r, today))];
    } else rows = this.sorted ??= [...rows].sort((a, b) => a.type + "\0" + a.name < b.type + "\0" + b.name ? -1 : 1);
    rows = rows.filter(
      (c) => (!q.type || c.type === q.type) && (!q.topic || c.topics.includes(q.topic)) && (!q.status || c.status === q.status) && (!q.priority || c.priority === q.priority)
    );
    const pages = Math.max(1, Math.ceil(rows.length / perPage));
    const page = Math.min(pages, Math.max(1, Math.floor(q.page ?? 1)));
    const match = (file) => {
      const score = ranked?.get(file);
      if (score === void 0) return void 0;
      const { text, card } = readText(this.memoryDir, file);
      return { kind: "card", id: file, score, ...matchLine(q.q, cardDoc(file, text, card)) };
    };
    const cards = rows.slice((page - 1) * perPage, page * perPage).map((row) => ({ ...row, match: match(row.file) }));
    return { total: rows.length, page, pages, per_page: perPage, cards, facets: this.facetValues() };
  }
  facetValues() {
    if (this.facets) return this.facets;
    const sets = { types: /* @__PURE__ */ new Set(), topics: /* @__PURE__ */ new Set(), statuses: /* @__PURE__ */ new Set(), priorities: /* @__PURE__ */ new Set() };
    for (const card of this.rows) {
      if (card.type) sets.types.add(card.type);
      for (const t of card.topics) sets.topics.add(t);
      if (card.status) sets.statuses.add(card.status);
      if (card.priority) sets.priorities.add(card.priority);
    }
    const sorted = (s) => [...s].sort();
    this.facets = { types: sorted(sets.types), topics: sorted(sets.topics), statuses: sorted(sets.statuses), priorities: sorted(sets.priorities) };
    return this.facets;
  }
};
function rowOf(r) {
  return {
    file: r.file,
    name: r.name ?? withoutTypePrefix(r.file.replace(/\.md$/, "")),
    type: r.type ?? "",
    description: r.description ?? "",
    topics: r.topics,
    priority: r.priority ?? "",
    status: r.status ?? "",
    updated_at: r.updated_at ?? "",
    ...r.expires_at !== void 0 ? { expires_at: r.expires_at } : {},
    ...r.superseded_by !== void 0 ? { superseded_by: r.superseded_by } : {},
    provenance: r.provenance,
    problems: r.readError ? [`unreadable: ${r.readError}`] : r.problems
  };
}
function readText(dir, file) {
  let text = "";
  let sha256 = "";
  try {
    const bytes = readRegularBytes(joinPath(dir, file));
    text = utf8Text(bytes);
    sha256 = sha256Hex(bytes);
  } catch {
  }
  return { text, card: parseCard(text), sha256 };
}
export {
  Catalog
};
