// lib/ui/page-cards.ts
import { noLongerTrueOf, noLongerTrueText } from "../core/card.js";
import { esc, page, qs, select, table } from "./html.js";
function statusText(c, today) {
  const mark = noLongerTrueOf(c, today);
  if (mark.no_longer_true === "expired") return `${c.status ? `${c.status} \xB7 ` : ""}${noLongerTrueText(mark)}`;
  return noLongerTrueText(mark) || c.status;
}
function cardsPage(ctx, q, result, ms, today) {
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
    esc(statusText(c, today)),
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
function cardPage(ctx, d, today) {
  const c = d.card;
  const p = c.provenance;
  const provenance = p ? `<dl class="kv"><dt>kind</dt><dd>${esc(p.kind)}</dd><dt>confidence</dt><dd>${esc(p.confidence ?? "\u2014")}</dd><dt>source</dt><dd>${esc(p.source ?? "\u2014")}</dd></dl>` : `<p class="dim">no provenance (written directly, not from a proposal)</p>`;
  const history = table(
    ["Rev", "Op", "Actor", "At", "Bytes", "sha256"],
    d.history.map((h) => [
      String(h.rev),
      esc(h.op),
      esc(h.actor) + (h.synced ? ` <span class="badge">pushed by ${esc(h.synced.pushed_by.join(", ") || "another machine")}</span>` : ""),
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
      return [esc(r.at), esc(r.host), esc(r.session ?? "\u2014"), esc(r.prompt ?? r.prompt_hash.slice(0, 12)), esc(line.rule), esc(line.bytes)];
    }),
    "not injected into any logged prompt (the why log keeps the last ~512 KiB of hook runs)"
  );
  const problems = c.problems.length ? `<ul class="problems">${c.problems.map((m) => `<li>${esc(m)}</li>`).join("")}</ul>` : "";
  return page(
    ctx,
    "/",
    c.name,
    `<p class="lead">${esc(c.description)}</p><p class="dim"><code>${esc(c.file)}</code> \xB7 ${esc(c.type)} \xB7 ${esc(c.priority)} \xB7 ${esc(statusText(c, today))} \xB7 updated ${esc(c.updated_at)}</p>${problems}
<h2>Body</h2><pre class="body">${esc(c.body)}</pre>
<h2>Frontmatter</h2><pre>${esc(c.frontmatterText)}</pre>
<h2>Provenance</h2>${provenance}
<h2>History</h2>${history}
<h2 id="injected">Injected into ${d.injected.length} prompt${d.injected.length === 1 ? "" : "s"}</h2>${injected}`
  );
}
export {
  cardPage,
  cardsPage
};
