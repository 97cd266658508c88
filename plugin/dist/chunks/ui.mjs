import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  acceptProposal,
  rejectProposal
} from "./proposals-decide.mjs";
import {
  readWhy
} from "./hook-why-log.mjs";
import {
  cardDoc,
  matchLine,
  rankCounted
} from "./records-search.mjs";
import {
  previewProposal,
  reviewPending
} from "./proposals-content-match.mjs";
import "./records-save.mjs";
import {
  readCardCatalog
} from "./store-card-cache.mjs";
import "./store-card-cache-format.mjs";
import {
  terms
} from "./core-search-terms.mjs";
import "./records-interrupted.mjs";
import {
  ISSUE_KINDS,
  runDoctor
} from "./reports-card-link-issues.mjs";
import "./sync-layout.mjs";
import "./sync-arrival-decide.mjs";
import "./sync-git.mjs";
import "./reports-injection.mjs";
import "./config-instructions.mjs";
import "./core-line-diff.mjs";
import "./store-jobs.mjs";
import "./core-sanitize-block.mjs";
import {
  findPending
} from "./proposals-propose.mjs";
import "./core-card-links.mjs";
import "./records-card-find.mjs";
import "./records-adopt-first.mjs";
import "./records-commit.mjs";
import "./records-proposal-files.mjs";
import "./core-frontmatter-edit.mjs";
import "./store-safe-open.mjs";
import {
  runStats
} from "./reports-episodes-tally.mjs";
import "./usage-fold.mjs";
import "./reports-open.mjs";
import "./compact-status.mjs";
import "./compact-artifact.mjs";
import "./config-budget.mjs";
import "./compact-generate.mjs";
import "./compact-mentions.mjs";
import "./records-store-view.mjs";
import "./core-line-key.mjs";
import "./rank-stem.mjs";
import "./core-block.mjs";
import "./rank-stop-words-data.mjs";
import {
  utcDay
} from "./core-frecency.mjs";
import {
  freshnessOf
} from "./store-full-check.mjs";
import "./config-claude-memory.mjs";
import "./store-revisions.mjs";
import "./core-card-rules.mjs";
import "./store-write-journal.mjs";
import "./core-index-edit.mjs";
import "./store-episodes.mjs";
import "./store-episode-shards.mjs";
import "./store-episode-tail.mjs";
import {
  STORE_FLAGS,
  requireStore,
  writeContext
} from "./cli-store-access.mjs";
import "./config-agent-env.mjs";
import "./records-guardrails.mjs";
import {
  readHistory
} from "./store-history.mjs";
import "./store-read.mjs";
import "./core-index-file.mjs";
import {
  parseCard
} from "./core-card.mjs";
import {
  withoutTypePrefix
} from "./core-card-types.mjs";
import "./store-lock.mjs";
import {
  bool,
  commandSummary,
  parseArgs,
  projectFrom
} from "./cli-args.mjs";
import "./config-project.mjs";
import "./config-git.mjs";
import {
  inertText
} from "./core-sanitize.mjs";
import "./config-config-keys.mjs";
import "./core-closest.mjs";
import {
  sha256Hex
} from "./core-sha256.mjs";
import {
  joinPath
} from "./store-paths.mjs";
import {
  readRegularUtf8
} from "./core-bytes.mjs";
import {
  ERROR_CODES,
  MemctlError,
  usageError
} from "./core-errors.mjs";
import "./npm-js-yaml-dist-js-yaml.mjs";
import "./runtime.mjs";

// lib/cli/ui.ts
import { spawn } from "node:child_process";

// lib/ui/server.ts
import http from "node:http";

// lib/ui/catalog.ts
import fs from "node:fs";
import path from "node:path";
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
  /** One card as the catalogue lists it, with its text read now (undefined when it is not a card of the store). */
  card(file) {
    const i = this.byFile.get(file);
    if (i === void 0) return void 0;
    const { text, card } = readText(this.memoryDir, file);
    return { ...this.rows[i], text, body: card.body, frontmatterText: card.frontmatterText };
  }
  /** One page of the cards matching the query: ranked as `memctl search` ranks them when there is a query, else by type and name. */
  query(q) {
    const perPage = Math.min(200, Math.max(1, q.perPage ?? 50));
    let rows = this.rows;
    let ranked;
    if (q.q?.trim() && this.current) {
      const cards2 = this.current.cards;
      const found = this.current.wordCounts([...new Set(terms(q.q))]);
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
    } else rows = this.sorted ??= [...rows].sort((a, b) => a.type + "\0" + a.name < b.type + "\0" + b.name ? -1 : 1);
    rows = rows.filter(
      (c) => (!q.type || c.type === q.type) && (!q.topic || c.topics.includes(q.topic)) && (!q.status || c.status === q.status) && (!q.priority || c.priority === q.priority)
    );
    const pages = Math.max(1, Math.ceil(rows.length / perPage));
    const page2 = Math.min(pages, Math.max(1, Math.floor(q.page ?? 1)));
    const match = (file) => {
      const score = ranked?.get(file);
      if (score === void 0) return void 0;
      const { text, card } = readText(this.memoryDir, file);
      return { kind: "card", id: file, score, ...matchLine(q.q, cardDoc(file, text, card)) };
    };
    const cards = rows.slice((page2 - 1) * perPage, page2 * perPage).map((row) => ({ ...row, match: match(row.file) }));
    return { total: rows.length, page: page2, pages, per_page: perPage, cards, facets: this.facetValues() };
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
    provenance: r.provenance,
    problems: r.readError ? [`unreadable: ${r.readError}`] : r.problems
  };
}
function readText(dir, file) {
  let text = "";
  try {
    text = readRegularUtf8(joinPath(dir, file));
  } catch {
  }
  return { text, card: parseCard(text) };
}

// lib/ui/html.ts
function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
}
var NAV = [
  ["/", "Cards"],
  ["/timeline", "Injection timeline"],
  ["/review", "Review queue"],
  ["/health", "Health"]
];
function page(ctx, current, title, body) {
  const nav = NAV.map(([href, label]) => `<a href="${ctx.base}${href}"${href === current ? ' aria-current="page"' : ""}>${label}</a>`).join("");
  const mode = ctx.readOnly ? '<span class="badge">read-only</span>' : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} \xB7 memctl</title><link rel="stylesheet" href="${ctx.base}/assets/app.css"><link rel="icon" href="data:,">
</head><body><header><strong>memctl</strong> ${mode}<nav>${nav}</nav><code class="store">${esc(ctx.memoryDir)}</code></header>
<main><h1>${esc(title)}</h1>
${body}
</main></body></html>
`;
}
function qs(values) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== void 0 && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}
function select(name, label, options, current) {
  const opts = [`<option value="">any ${esc(label)}</option>`, ...options.map((o) => `<option${o === current ? " selected" : ""}>${esc(o)}</option>`)];
  return `<label>${esc(label)} <select name="${esc(name)}">${opts.join("")}</select></label>`;
}
function diffBlock(diff) {
  const lines = diff.map((d) => `<span class="${d.op === "+" ? "add" : d.op === "-" ? "del" : "ctx"}">${esc(d.op === "+" || d.op === "-" ? d.op : " ")}${esc(d.text)}</span>`);
  return `<pre class="diff">${lines.join("\n")}</pre>`;
}
function table(head, rows, empty = "nothing yet") {
  if (rows.length === 0) return `<p class="dim">${esc(empty)}</p>`;
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("\n")}</tbody></table>`;
}

// lib/ui/security.ts
import { randomBytes, timingSafeEqual } from "node:crypto";
function newToken() {
  return randomBytes(32).toString("base64url");
}
var SECURITY_HEADERS = {
  "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store"
};
function allowedHosts(port) {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}
function gate(req, token, port, readOnly) {
  const host = (req.headers.host ?? "").toLowerCase();
  if (!allowedHosts(port).includes(host)) return { ok: false, status: 403, reason: `Host "${host}" is not this server (127.0.0.1:${port})` };
  const url = req.url ?? "/";
  const prefix = "/s/";
  const rest = url.startsWith(prefix) ? url.slice(prefix.length) : "";
  const slash = rest.indexOf("/");
  const given = slash < 0 ? rest.split("?")[0] : rest.slice(0, slash);
  if (!sameSecret(given, token)) return { ok: false, status: 401, reason: "missing or wrong token: open the URL memctl ui printed" };
  const path3 = slash < 0 ? `/${rest.slice(given.length)}` : rest.slice(slash);
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return { ok: true, path: path3 };
  if (method !== "POST") return { ok: false, status: 405, reason: `${method} is not served` };
  if (readOnly) return { ok: false, status: 403, reason: "memctl ui runs with --read-only: review actions are off" };
  const origin = req.headers.origin;
  const site = req.headers["sec-fetch-site"];
  if (site !== void 0 && site !== "same-origin") return { ok: false, status: 403, reason: `POST from a ${site} context refused` };
  const sameOrigin = origin !== void 0 && allowedHosts(port).some((h) => origin.toLowerCase() === `http://${h}`);
  if (!sameOrigin && !(origin === "null" && site === "same-origin"))
    return { ok: false, status: 403, reason: `cross-origin or unlabelled POST refused (Origin ${origin ?? "missing"})` };
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return { ok: false, status: 400, reason: "POST bodies must be form-encoded" };
  return { ok: true, path: path3 };
}
function sameSecret(given, token) {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
function send(res, status, type, body, extra = {}) {
  res.writeHead(status, { ...SECURITY_HEADERS, "Content-Type": type, "Content-Length": String(Buffer.byteLength(body)), ...extra });
  res.end(res.req.method === "HEAD" ? void 0 : body);
}
async function readForm(req, cap = 256 * 1024) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > cap) throw new Error(`form body over ${cap} bytes`);
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

// lib/ui/routes.ts
import fs2 from "node:fs";
import path2 from "node:path";

// lib/ui/assets.ts
var APP_CSS = `
:root { color-scheme: light dark; --fg: #1d2330; --dim: #6b7280; --line: #d9dde3; --bg: #fff; --panel: #f6f7f9; --accent: #2f6fb0; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e8eb; --dim: #9aa3ae; --line: #38404b; --bg: #16191d; --panel: #1f2329; --accent: #6ea8e0; } }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
header { display: flex; gap: 1rem; align-items: center; padding: .6rem 1.2rem; border-bottom: 1px solid var(--line); background: var(--panel); flex-wrap: wrap; }
header nav { display: flex; gap: .9rem; }
header nav a { text-decoration: none; color: var(--fg); padding: .15rem .2rem; }
header nav a[aria-current="page"] { border-bottom: 2px solid var(--accent); font-weight: 600; }
header .store { margin-left: auto; color: var(--dim); font-size: 12px; }
main { padding: 1rem 1.2rem 3rem; max-width: 1200px; }
h1 { font-size: 1.35rem; margin: .2rem 0 .8rem; } h2 { font-size: 1.05rem; margin: 1.4rem 0 .5rem; } h3 { font-size: .95rem; margin: .8rem 0 .3rem; }
a { color: var(--accent); }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
th { font-weight: 600; color: var(--dim); }
pre { background: var(--panel); border: 1px solid var(--line); padding: .6rem .8rem; overflow-x: auto; white-space: pre-wrap; font-size: 12.5px; }
.diff .add { color: #1e8449; } .diff .del { color: #c0392b; } .diff .ctx { color: var(--dim); }
.dim { color: var(--dim); } .warn { color: #b9770e; } .ok { color: #1e8449; }
.badge { font-size: 11px; border: 1px solid var(--line); border-radius: 8px; padding: 0 .4rem; color: var(--dim); }
.tag { font-size: 12px; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 0 .35rem; text-decoration: none; }
.match { color: var(--dim); font-size: 12px; }
.filters { display: flex; flex-wrap: wrap; gap: .6rem; align-items: center; margin-bottom: .6rem; }
.filters input[type=search] { min-width: 18rem; }
input, select, button { font: inherit; padding: .25rem .45rem; border: 1px solid var(--line); border-radius: 4px; background: var(--bg); color: var(--fg); }
button { cursor: pointer; background: var(--accent); color: #fff; border-color: var(--accent); }
.reject button { background: #c0392b; border-color: #c0392b; }
.kv { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: .4rem 0; } .kv dt { color: var(--dim); } .kv dd { margin: 0; }
.proposal { border: 1px solid var(--line); border-radius: 6px; padding: .4rem 1rem 1rem; margin: 1rem 0; }
.actions { display: grid; grid-template-columns: 2fr 1fr; gap: 1rem; margin-top: .8rem; }
.actions form { display: flex; flex-direction: column; gap: .4rem; } .actions input[type=text] { width: 100%; }
.flash { padding: .5rem .8rem; border-radius: 4px; } .flash.ok { background: #e8f6ee; color: #1e8449; } .flash.err { background: #fbeaea; color: #c0392b; }
.run { border-bottom: 1px solid var(--line); padding: .3rem 0; } .run ul { margin: .2rem 0; } .rule { font-family: ui-monospace, monospace; font-size: 12px; }
figure { margin: .6rem 0; } figcaption { color: var(--dim); font-size: 12px; }
.pager { display: flex; gap: 1rem; } .lead { font-size: 1.05rem; }
`;

// lib/ui/page-cards.ts
function cardsPage(ctx, q, result, ms) {
  const f = result.facets;
  const form = `<form class="filters" method="get" action="${ctx.base}/">
<input type="search" name="q" value="${esc(q.q)}" placeholder="search cards (memctl search)" aria-label="search">
${select("type", "tier", f.types, q.type)}${select("topic", "topic", f.topics, q.topic)}${select("status", "status", f.statuses, q.status)}${select("priority", "priority", f.priorities, q.priority)}
<button type="submit">Filter</button></form>`;
  const rows = result.cards.map((c) => [
    `<a href="${ctx.base}/card${qs({ file: c.file })}">${esc(c.name)}</a>${c.match ? `<div class="match">${esc(c.match.match)}</div>` : ""}`,
    esc(c.type),
    c.topics.map((t) => `<a class="tag" href="${ctx.base}/${qs({ topic: t })}">${esc(t)}</a>`).join(" "),
    esc(c.priority),
    esc(c.status),
    esc(c.updated_at),
    esc(c.description)
  ]);
  const base = { q: q.q, type: q.type, topic: q.topic, status: q.status, priority: q.priority };
  const prev = result.page > 1 ? `<a rel="prev" href="${ctx.base}/${qs({ ...base, page: result.page - 1 })}">\u2190 previous</a>` : "";
  const next = result.page < result.pages ? `<a rel="next" href="${ctx.base}/${qs({ ...base, page: result.page + 1 })}">next \u2192</a>` : "";
  const summary = `<p class="dim" id="count">${result.total} card${result.total === 1 ? "" : "s"}${q.q ? ` matching \u201C${esc(q.q)}\u201D` : ""} \xB7 page ${result.page} of ${result.pages} \xB7 ${ms.toFixed(0)} ms</p>`;
  return page(
    ctx,
    "/",
    "Cards",
    `${form}${summary}${table(["Name", "Tier", "Topics", "Priority", "Status", "Updated", "Description"], rows, "no cards match")}<p class="pager">${prev} ${next}</p>`
  );
}
function cardPage(ctx, d) {
  const c = d.card;
  const p = c.provenance;
  const provenance = p ? `<dl class="kv"><dt>kind</dt><dd>${esc(p.kind)}</dd><dt>confidence</dt><dd>${esc(p.confidence ?? "\u2014")}</dd><dt>source</dt><dd>${esc(p.source ?? "\u2014")}</dd></dl>` : `<p class="dim">no provenance (written directly, not from a proposal)</p>`;
  const history = table(
    ["Rev", "Op", "Actor", "At", "Bytes", "sha256"],
    d.history.map((h) => [
      String(h.rev),
      esc(h.op),
      esc(h.actor),
      esc(h.at),
      String(h.bytes),
      `<code>${esc((h.sha256 ?? "\u2014").slice(0, 12))}</code>${h.sha256 === d.sha256 ? ' <span class="badge">current</span>' : ""}`
    ]),
    d.historyError ? `history unreadable: ${d.historyError}` : "no history entries (a hand-made card: memctl adopt records it)"
  );
  const injected = table(
    ["At", "Host", "Session", "Prompt", "Rule", "Bytes"],
    d.injected.slice(-50).reverse().map((r) => {
      const line = r.lines.find((l) => l.file === c.file);
      return [esc(r.at), esc(r.host), esc(r.session ?? "\u2014"), esc(r.prompt ?? r.prompt_hash.slice(0, 12)), esc(line.rule), String(line.bytes)];
    }),
    "not injected into any logged prompt (the why log keeps the last ~512 KiB of hook runs)"
  );
  const problems = c.problems.length ? `<ul class="problems">${c.problems.map((m) => `<li>${esc(m)}</li>`).join("")}</ul>` : "";
  return page(
    ctx,
    "/",
    c.name,
    `<p class="lead">${esc(c.description)}</p><p class="dim"><code>${esc(c.file)}</code> \xB7 ${esc(c.type)} \xB7 ${esc(c.priority)} \xB7 ${esc(c.status)} \xB7 updated ${esc(c.updated_at)}</p>${problems}
<h2>Body</h2><pre class="body">${esc(c.body)}</pre>
<h2>Frontmatter</h2><pre>${esc(c.frontmatterText)}</pre>
<h2>Provenance</h2>${provenance}
<h2>History</h2>${history}
<h2 id="injected">Injected into ${d.injected.length} prompt${d.injected.length === 1 ? "" : "s"}</h2>${injected}`
  );
}

// lib/ui/svg.ts
var W = 720;
var H = 180;
var PAD = 36;
function barChart(points, options) {
  const max = Math.max(1, options.limit ?? 0, ...points.map((p) => p.value));
  const inner = W - PAD * 2;
  const step = Math.min(48, points.length > 0 ? inner / points.length : inner);
  const y = (v) => H - PAD - v / max * (H - PAD * 2);
  const bars = points.map((p, i) => {
    const top = y(p.value);
    const over = options.limit !== void 0 && p.value > options.limit;
    return `<rect x="${(PAD + i * step + step * 0.1).toFixed(1)}" y="${top.toFixed(1)}" width="${Math.max(1, step * 0.8).toFixed(1)}" height="${(H - PAD - top).toFixed(1)}" fill="${over ? "#c0392b" : "#2f6fb0"}"><title>${esc(p.label)}: ${p.value}${esc(options.unit ?? "")}</title></rect>`;
  });
  const limit = options.limit === void 0 ? "" : `<line x1="${PAD}" x2="${W - PAD}" y1="${y(options.limit).toFixed(1)}" y2="${y(options.limit).toFixed(1)}" stroke="#c0392b" stroke-dasharray="4 3"/><text x="${W - PAD}" y="${(y(options.limit) - 4).toFixed(1)}" text-anchor="end" font-size="11" fill="#c0392b">${esc(options.limitLabel ?? `limit ${options.limit}`)}</text>`;
  const axis = `<line x1="${PAD}" x2="${W - PAD}" y1="${H - PAD}" y2="${H - PAD}" stroke="#888"/><text x="${PAD - 4}" y="${PAD}" text-anchor="end" font-size="11" fill="#555">${max}</text><text x="${PAD - 4}" y="${H - PAD}" text-anchor="end" font-size="11" fill="#555">0</text>`;
  const first = points[0] ? `<text x="${PAD}" y="${H - PAD + 14}" font-size="11" fill="#555">${esc(points[0].label)}</text>` : "";
  const last = points.length > 1 ? `<text x="${W - PAD}" y="${H - PAD + 14}" text-anchor="end" font-size="11" fill="#555">${esc(points.at(-1).label)}</text>` : "";
  return `<figure><svg viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${esc(options.title)}">${axis}${bars.join("")}${limit}${first}${last}</svg><figcaption>${esc(options.title)}</figcaption></figure>`;
}
function gauge(value, of, label) {
  const share = of > 0 ? Math.min(1, value / of) : 0;
  const color = value > of ? "#c0392b" : share > 0.8 ? "#d68910" : "#27ae60";
  return `<figure><svg viewBox="0 0 ${W} 28" width="100%" role="img" aria-label="${esc(label)}"><rect x="0" y="4" width="${W}" height="20" fill="#eee"/><rect x="0" y="4" width="${(W * share).toFixed(1)}" height="20" fill="${color}"/></svg><figcaption>${esc(label)}</figcaption></figure>`;
}

// lib/ui/page-timeline.ts
function sessionsOf(records) {
  const by = /* @__PURE__ */ new Map();
  for (const r of records) {
    const key = `${r.host}\0${r.session ?? ""}`;
    const row = by.get(key) ?? { session: r.session ?? "", host: r.host, prompts: 0, bytes: 0, first: r.at, last: r.at };
    row.prompts++;
    row.bytes += r.bytes;
    row.last = r.at;
    by.set(key, row);
  }
  return [...by.values()].sort((a, b) => a.last < b.last ? 1 : -1);
}
function timelinePage(ctx, records, session) {
  const shown = session === void 0 ? records : records.filter((r) => (r.session ?? "") === session);
  const recent = shown.slice(-200);
  const budget = recent.at(-1)?.budget.max_bytes;
  const chart = barChart(
    recent.map((r) => ({ label: r.at.replace("T", " ").slice(0, 16), value: r.bytes })),
    { limit: budget, limitLabel: budget !== void 0 ? `budget ${budget} B` : void 0, unit: " B", title: `bytes injected per prompt, last ${recent.length} prompts` }
  );
  const sessions = table(
    ["Session", "Host", "Prompts", "Bytes", "First", "Last"],
    sessionsOf(records).map((s) => [
      `<a href="${ctx.base}/timeline${qs({ session: s.session })}">${esc(s.session || "(none)")}</a>`,
      esc(s.host),
      String(s.prompts),
      String(s.bytes),
      esc(s.first),
      esc(s.last)
    ]),
    "no hook runs logged yet (the per-prompt hook writes .memctl/why.jsonl)"
  );
  const prompts = recent.slice(-50).reverse().map((r) => {
    const lines = r.lines.map(
      (l) => `<li><a href="${ctx.base}/card${qs({ file: l.file })}">${esc(l.file)}</a> <span class="dim">${l.bytes} B${l.score !== void 0 ? ` \xB7 score ${l.score}` : ""}</span> \u2014 <span class="rule">${esc(l.rule)}</span></li>`
    );
    const seen = r.already_shown?.length ? `<p class="dim">already shown this session: ${r.already_shown.map(esc).join(", ")}</p>` : "";
    const fault = r.dedupe_error ? `<p class="warn">session state not used: ${esc(r.dedupe_error)}</p>` : "";
    const prompt = r.prompt !== void 0 ? `\u201C${esc(r.prompt.replace(/\s+/g, " ").slice(0, 120))}\u201D` : `prompt <code>${esc(r.prompt_hash.slice(0, 12))}</code>`;
    return `<article class="run"><h3>${esc(r.at)} \xB7 ${esc(r.host)}${r.session ? ` \xB7 ${esc(r.session)}` : ""}</h3><p>${prompt} \u2014 ${esc(r.status)}, ${r.bytes} B of ${r.budget.max_bytes} B / ${r.budget.max_entries} entries</p><ul>${lines.join("")}</ul>${seen}${fault}</article>`;
  });
  const filter = session !== void 0 ? `<p>Session <code>${esc(session || "(none)")}</code> \xB7 <a href="${ctx.base}/timeline">all sessions</a></p>` : "";
  return page(
    ctx,
    "/timeline",
    "Injection timeline",
    `${filter}${chart}<h2>Sessions</h2>${sessions}<h2>Prompts, newest first</h2>${prompts.join("\n") || '<p class="dim">no prompts logged</p>'}`
  );
}

// lib/ui/page-review.ts
function reviewPage(ctx, items, unreadable, flash) {
  const note = flash ? `<p class="${flash.ok ? "flash ok" : "flash err"}" role="status">${esc(flash.text)}</p>` : "";
  const bad = unreadable.map((u) => `<p class="warn">unreadable proposal file ${esc(u.file)}: ${esc(u.reason)} (left in place)</p>`).join("");
  const body = items.length === 0 ? `<p class="dim" id="empty">no pending proposals \u2014 agents stage them with <code>memctl propose</code></p>` : items.map((i) => item(ctx, i)).join("\n");
  return page(ctx, "/review", `Review queue (${items.length})`, `${note}${bad}${body}`);
}
function item(ctx, { reviewed, preview }) {
  const p = reviewed.proposal;
  const f = reviewed.flags;
  const flags = [
    f.not_a_card && `not a card: ${f.not_a_card}`,
    f.stale && "stale (the card changed since it was proposed)",
    f.contradicts_card && "contradicts the card",
    f.duplicate_of_card && `a card already says this: ${f.duplicate_of_card}`,
    f.duplicate_of.length > 0 && `duplicates ${f.duplicate_of.join(", ")}`,
    f.conflicts_with.length > 0 && `conflicts with ${f.conflicts_with.join(", ")}`
  ].filter((x) => typeof x === "string");
  const related = [...f.near_duplicates, ...f.contradictions];
  const relatedTable = table(
    ["Relation", "Card or proposal", "Similarity", "Says"],
    related.map((r) => [esc(r.relation === "near_duplicate" ? "nearly duplicates" : "contradicts"), esc(r.proposal ?? r.card_file), String(r.similarity), esc(r.description)]),
    "no similar or conflicting cards"
  );
  const head = `<h2>${esc(preview.exists ? `Update ${preview.card_file}` : `New card ${preview.card_file}`)}</h2>
<dl class="kv"><dt>id</dt><dd><code>${esc(p.id)}</code></dd><dt>proposer</dt><dd>${esc(p.proposer)} at ${esc(p.created_at)}</dd><dt>source</dt><dd>${esc(p.source)}</dd><dt>provenance</dt><dd>${esc(p.provenance.kind)}${p.provenance.confidence !== void 0 ? `, confidence ${esc(p.provenance.confidence)}` : ""}</dd>${alsoFrom(p)}<dt>flags</dt><dd>${flags.length ? flags.map(esc).join("; ") : "none"}</dd></dl>`;
  const refuse = preview.error ? `<p class="warn">accept would refuse: ${esc(preview.error)}</p>` : "";
  return `<section class="proposal" id="${esc(p.id)}">${head}${diffBlock(preview.diff)}${refuse}<h3>Similar or conflicting</h3>${relatedTable}${ctx.readOnly ? "" : forms(ctx, reviewed, related)}</section>`;
}
function alsoFrom(p) {
  const merged = p.merged?.length ? `<dt>also from</dt><dd>${p.merged.map((m) => `${esc(m.proposer)} (${esc(m.source)})`).join("<br>")}</dd>` : "";
  const again = (p.restated ?? []).map(
    (r) => `<dt>said again</dt><dd>${esc(r.source)}<br><span class="dim">as: ${esc(r.description)} (${esc(r.proposer)} at ${esc(r.at)})</span></dd>`
  );
  return merged + again.join("");
}
function forms(ctx, r, related) {
  const p = r.proposal;
  const cards = [...new Set(related.filter((x) => x.proposal === null).map((x) => x.card_file))];
  const supersede = cards.map((c) => `<label><input type="checkbox" name="supersede" value="${esc(c.replace(/\.md$/, ""))}"> supersede ${esc(c)} (kept, marked superseded)</label>`).join("");
  const keepBoth = cards.length ? `<label><input type="checkbox" name="keep_both" value="1"> keep both live</label>` : "";
  const force = r.flags.stale ? `<label><input type="checkbox" name="force" value="1"> accept over the changed card (--force)</label>` : "";
  return `<div class="actions">
<form method="post" action="${ctx.base}/review/accept" class="accept"><input type="hidden" name="id" value="${esc(p.id)}">
<label>description <input type="text" name="description" maxlength="200" value="${esc(p.card.description ?? "")}"></label>
<label>topics <input type="text" name="topics" value="${esc((p.card.topics ?? []).join(", "))}"></label>
${supersede}${keepBoth}${force}
<button type="submit" name="action" value="accept">Accept</button></form>
<form method="post" action="${ctx.base}/review/reject" class="reject"><input type="hidden" name="id" value="${esc(p.id)}">
<label>reason <input type="text" name="reason" required placeholder="why not"></label>
<button type="submit" name="action" value="reject">Reject</button></form></div>`;
}

// lib/ui/page-health.ts
function hitsPerDay(why) {
  const days = /* @__PURE__ */ new Map();
  for (const r of why) days.set(r.at.slice(0, 10), (days.get(r.at.slice(0, 10)) ?? 0) + r.lines.length);
  return [...days].sort(([a], [b]) => a < b ? -1 : 1).map(([label, value]) => ({ label, value }));
}
function healthPage(ctx, h) {
  const d = h.doctor;
  const s = h.stats;
  const inj = d.injection;
  const size = inj ? gauge(
    inj.injected_bytes,
    inj.inject_budget_bytes,
    `injected ${inj.injected_bytes} B of a ${inj.inject_budget_bytes} B budget (${inj.host}); pinned ${inj.pinned_inject_bytes} B`
  ) + (inj.remedy ? `<p class="warn">${esc(inj.remedy)}</p>` : "") : `<p class="dim">injection not measured</p>`;
  const hits = barChart(hitsPerDay(h.why), { unit: " lines", title: "card lines injected per day (why log)" });
  const buckets = s ? barChart(
    s.last_hit_buckets.map((b) => ({ label: b.label, value: b.cards })),
    { unit: " cards", title: "cards by age of their last hit (usage sidecar)" }
  ) : "";
  const neverHit = s ? `<h2 id="never-hit">Never hit: ${s.cards_never_hit ?? "unknown"} of ${s.card_count} cards</h2>${table(
    ["Card"],
    s.never_hit_cards.map((c) => [`<a href="${ctx.base}/card${qs({ file: c })}">${esc(c)}</a>`]),
    "every card has been injected at least once"
  )}${s.never_hit_cards_truncated ? '<p class="dim">\u2026 more (memctl stats --never-hit-limit 0 lists all)</p>' : ""}` : "";
  const top = s ? table(
    ["Card", "Hits", "Last hit"],
    s.card_hits.map((c) => [`<a href="${ctx.base}/card${qs({ file: c.card })}">${esc(c.card)}</a>`, String(c.access_count), esc(c.last_access_day)]),
    "no hits recorded yet"
  ) : "";
  const issues = ISSUE_KINDS.map((k) => [k, d[k].length]).filter(([, n]) => n > 0);
  const doctor = `<p class="${d.issues_count > 0 ? "warn" : "ok"}" id="doctor">doctor: ${d.issues_count} issue${d.issues_count === 1 ? "" : "s"}, ${d.warnings_count} warning${d.warnings_count === 1 ? "" : "s"}</p>${table(
    ["Issue", "Count"],
    issues.map(([k, n]) => [esc(k.replace(/_/g, " ")), String(n)]),
    "no issues (memctl doctor prints each with the line that fixes it)"
  )}`;
  const sync = d.sync?.repo ? `<dl class="kv"><dt>remote</dt><dd>${esc(d.sync.remote ?? "none")}</dd><dt>branch</dt><dd>${esc(d.sync.branch ?? "\u2014")}</dd><dt>ahead / behind</dt><dd>${d.sync.ahead} / ${d.sync.behind}</dd><dt>uncommitted</dt><dd>${d.sync.uncommitted}</dd><dt>last sync</dt><dd>${esc(d.sync.last_sync ? `${d.sync.last_sync.at} (${d.sync.last_sync.result})` : "never")}</dd><dt>conflicts</dt><dd>${d.sync.conflicts.proposals.length + d.sync.conflicts.parked + d.sync.conflicts.files.length}</dd></dl>` : `<p class="dim">not synced (memctl sync init &lt;remote&gt; shares it through git)</p>`;
  const arrivals = `<p>pending arrivals: ${d.pending_arrivals ?? 0}${d.quarantined?.length ? ` \xB7 quarantined: ${d.quarantined.length}` : ""} \xB7 pending proposals: <a href="${ctx.base}/review">${d.pending_proposals}</a></p>`;
  const summary = `<p class="dim">${d.entry_count} index entries \xB7 ${s?.card_count ?? "?"} cards \xB7 MEMORY.md ${d.memory_bytes} B \xB7 episodes ${s?.episodes_total ?? 0}</p>`;
  return page(
    ctx,
    "/health",
    "Health",
    `${summary}<h2>Injected size</h2>${size}<h2>Hits over time</h2>${hits}${buckets}${top}${neverHit}<h2>Doctor</h2>${doctor}<h2>Sync</h2>${sync}${arrivals}`
  );
}

// lib/ui/actions.ts
async function decide(r, req, action) {
  let form;
  try {
    form = await readForm(req);
  } catch (err) {
    return { ok: false, text: err.message };
  }
  const id = form.get("id") ?? "";
  try {
    if (action === "reject") {
      const p = await rejectProposal(r.writeContext(), id, form.get("reason") ?? "");
      return { ok: true, text: `rejected ${p.id} (${p.reason ?? ""})` };
    }
    const proposal = findPending(r.memoryDir, id);
    const description = (form.get("description") ?? "").trim();
    const topics = (form.get("topics") ?? "").split(",").map((t) => t.trim()).filter(Boolean);
    const proposedTopics = proposal.card.topics ?? [];
    const result = await acceptProposal(r.writeContext(), proposal.id, {
      ...description !== "" && description !== (proposal.card.description ?? "") ? { description } : {},
      ...topics.join("\0") !== proposedTopics.join("\0") ? { topics } : {},
      force: form.get("force") === "1",
      supersede: form.getAll("supersede").filter(Boolean),
      keepBoth: form.get("keep_both") === "1"
    });
    const superseded = result.superseded.map((s) => `; superseded ${s.file}`).join("");
    return {
      ok: true,
      text: `accepted ${result.proposal.id}: ${result.save.op} ${result.save.file}${result.save.entry ? ` (rev ${result.save.entry.rev}, ${result.save.entry.actor})` : ""}${superseded}`
    };
  } catch (err) {
    const code = err.code;
    return { ok: false, text: `${code ? `${code}: ` : ""}${err.message}` };
  }
}

// lib/ui/routes.ts
var HTML = "text/html; charset=utf-8";
var JSON_TYPE = "application/json; charset=utf-8";
async function route(r, req, res, target, started) {
  const url = new URL(target, "http://ui.invalid");
  const p = url.searchParams;
  const ctx = { base: r.base, readOnly: r.readOnly, memoryDir: r.memoryDir };
  const timing = () => ({ "Server-Timing": `app;dur=${(performance.now() - started).toFixed(1)}` });
  const html = (body, status = 200) => send(res, status, HTML, body, timing());
  const json = (value) => send(res, 200, JSON_TYPE, `${JSON.stringify(value, null, 1)}
`, timing());
  const api = url.pathname.startsWith("/api/");
  const name = api ? url.pathname.slice(4) : url.pathname;
  if (req.method === "POST") {
    if (url.pathname !== "/review/accept" && url.pathname !== "/review/reject") return send(res, 404, "text/plain; charset=utf-8", "404 no such action\n");
    const flash = await decide(r, req, url.pathname === "/review/accept" ? "accept" : "reject");
    await r.catalog.refresh(true);
    const back = `${r.base}/review?${new URLSearchParams({ [flash.ok ? "ok" : "err"]: flash.text })}`;
    return send(res, 303, "text/plain; charset=utf-8", `${flash.text}
`, { Location: back });
  }
  if (url.pathname === "/assets/app.css") return send(res, 200, "text/css; charset=utf-8", APP_CSS, { "Cache-Control": "no-store" });
  switch (name) {
    case "/":
    case "/cards": {
      await r.catalog.refresh();
      const q = cardQuery(p);
      const result = r.catalog.query(q);
      return api ? json(result) : html(cardsPage(ctx, q, result, performance.now() - started));
    }
    case "/card": {
      const detail = await cardDetail(r, p.get("file") ?? "");
      return api ? json(detail) : html(cardPage(ctx, detail));
    }
    case "/timeline": {
      const records = readWhy(r.memoryDir, Number.MAX_SAFE_INTEGER);
      return api ? json({ runs: records }) : html(timelinePage(ctx, records, p.get("session") ?? void 0));
    }
    case "/review": {
      const reviewed = await reviewPending(r.memoryDir);
      const today = utcDay(r.io.now());
      const items = reviewed.pending.map((one) => ({ reviewed: one, preview: previewProposal(r.memoryDir, one.proposal, today) }));
      if (api) return json({ read_only: r.readOnly, proposals: items, unreadable: reviewed.unreadable });
      const flash = p.has("ok") ? { ok: true, text: p.get("ok") } : p.has("err") ? { ok: false, text: p.get("err") } : void 0;
      return html(reviewPage(ctx, items, reviewed.unreadable, flash));
    }
    case "/health": {
      const data = await health(r);
      return api ? json(data) : html(healthPage(ctx, data));
    }
    default:
      return send(res, 404, "text/plain; charset=utf-8", `404 ${url.pathname} is not a page of memctl ui
`);
  }
}
function cardQuery(p) {
  const get = (k) => p.get(k) || void 0;
  const page2 = Number(p.get("page") ?? "1");
  return { q: get("q"), type: get("type"), topic: get("topic"), status: get("status"), priority: get("priority"), page: Number.isFinite(page2) ? page2 : 1 };
}
async function cardDetail(r, file) {
  await r.catalog.refresh();
  const card = r.catalog.card(file);
  if (!card) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card "${file}" in this store`);
  const history = readHistory(r.memoryDir);
  let sha256 = "";
  try {
    sha256 = sha256Hex(fs2.readFileSync(path2.join(r.memoryDir, file)));
  } catch {
  }
  return {
    card,
    history: history.entries.filter((e) => e.card === file),
    ...history.error ? { historyError: history.error } : {},
    injected: readWhy(r.memoryDir, Number.MAX_SAFE_INTEGER).filter((w) => w.lines.some((l) => l.file === file)),
    sha256
  };
}
async function health(r) {
  const [doctor, stats] = await Promise.all([runDoctor({ ...r.project }, r.io), runStats({ ...r.project, hitLimit: 15, neverHitLimit: 50 }, r.io)]);
  return { doctor, stats: stats.ok ? stats.report : null, why: readWhy(r.memoryDir, Number.MAX_SAFE_INTEGER) };
}

// lib/ui/server.ts
async function startUi(options) {
  const token = newToken();
  const catalog = new Catalog(options.memoryDir, void 0, void 0, () => freshnessOf(options.io));
  await catalog.refresh(true);
  void catalog.warm();
  const server = http.createServer();
  server.on("clientError", (_err, socket) => socket.destroy());
  await new Promise((resolve, reject) => {
    server.once("error", (err) => reject(new MemctlError(ERROR_CODES.E_IO, `memctl ui could not listen on 127.0.0.1:${options.port ?? 0}: ${err.message}`)));
    server.listen({ host: "127.0.0.1", port: options.port ?? 0, exclusive: true }, resolve);
  });
  const port = server.address().port;
  const base = `/s/${token}`;
  const routes = { ...options, base, catalog };
  server.on("request", (req, res) => {
    const checked = gate(req, token, port, options.readOnly);
    if (!checked.ok) {
      send(res, checked.status, "text/plain; charset=utf-8", `${checked.status} ${checked.reason}
`);
      req.resume();
      return;
    }
    const started = performance.now();
    route(routes, req, res, checked.path, started).catch((err) => {
      const notFound = err instanceof MemctlError && err.code === ERROR_CODES.E_NOT_FOUND;
      options.io.stderr.write(`memctl ui: ${req.method} ${checked.path.split("?")[0]}: ${err.message}
`);
      if (!res.headersSent) send(res, notFound ? 404 : 500, "text/html; charset=utf-8", `<!doctype html><p>${esc(err.message)}</p>`);
      else res.destroy();
    });
  });
  return {
    url: `http://127.0.0.1:${port}${base}/`,
    port,
    token,
    server,
    catalog,
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    })
  };
}

// lib/cli/ui.ts
var spec = {
  name: "ui",
  summary: commandSummary("ui"),
  flags: {
    open: { type: "boolean", description: "open the URL in the desktop's browser; without --open or --no-open it opens only when a display is present" },
    "no-open": { type: "boolean", description: "never open a browser; just print the URL" },
    "read-only": { type: "boolean", description: "serve every page but no review actions (POSTs refused, no buttons)" },
    ...STORE_FLAGS
  },
  exitCodes: {
    0: "served until Ctrl-C (SIGINT) or SIGTERM, then stopped cleanly",
    1: "no store, or the server could not listen on 127.0.0.1",
    2: "usage error",
    3: "invalid explicit memory selection"
  },
  notes: "Binds 127.0.0.1 on a free port and prints a URL carrying a per-run secret (/s/<token>/); every request without it is refused (401), as is a Host other than 127.0.0.1:PORT or localhost:PORT (403), and a POST whose Origin is not this server (403).\nPages: Cards (search, filters), Injection timeline (the why log), Review queue (accept / reject as the owner, the same code as memctl accept / reject), Health (doctor and stats). Nothing is fetched from the internet.",
  examples: ["memctl ui", "memctl ui --read-only --no-open"]
};
async function run(argv, io) {
  const args = parseArgs(spec, argv);
  if (bool(args, "open") && bool(args, "no-open")) throw usageError("give --open or --no-open, not both");
  const { memoryDir } = requireStore(args, io);
  const readOnly = bool(args, "read-only");
  if (!readOnly) writeContext(args, io, memoryDir);
  const ui = await startUi({ memoryDir, io, readOnly, writeContext: () => writeContext(args, io, memoryDir), project: projectFrom(args) });
  io.stdout.write(`memctl ui: serving ${inertText(memoryDir)}${readOnly ? " (read-only)" : ""}
  ${ui.url}
Ctrl-C stops it.
`);
  const open = bool(args, "open") || !bool(args, "no-open") && hasDisplay(io.env);
  if (open) openBrowser(ui.url, io);
  await new Promise((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await ui.close();
  io.stdout.write("memctl ui: stopped\n");
  return 0;
}
function hasDisplay(env) {
  if (env.CI) return false;
  if (process.platform === "darwin" || process.platform === "win32") return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}
function openBrowser(url, io) {
  const [cmd, args] = process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  try {
    const child = spawn(cmd, args, { stdio: "ignore", detached: true, env: io.env });
    child.on("error", () => io.stderr.write(`memctl ui: could not start ${cmd}; open the URL above by hand
`));
    child.unref();
  } catch {
    io.stderr.write(`memctl ui: could not start ${cmd}; open the URL above by hand
`);
  }
}
export {
  run,
  spec
};
