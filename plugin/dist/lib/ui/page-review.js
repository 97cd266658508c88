// lib/ui/page-review.ts
import { flagLabels } from "../proposals/review-flags.js";
import { proposalMark } from "../proposals/propose.js";
import { diffBlock, esc, page, table } from "./html.js";
function reviewPage(ctx, items, unreadable, flash, at = { total: items.length, page: 1, pages: 1 }) {
  const note = flash ? `<p class="${flash.ok ? "flash ok" : "flash err"}" role="status">${esc(flash.text)}</p>` : "";
  const bad = unreadable.map((u) => `<p class="warn">unreadable proposal file ${esc(u.file)}: ${esc(u.reason)} (left in place)</p>`).join("");
  const body = items.length === 0 ? `<p class="dim" id="empty">no pending proposals \u2014 agents stage them with <code>memctl propose</code></p>` : items.map((i) => item(ctx, i)).join("\n");
  const prev = at.page > 1 ? `<a rel="prev" href="${ctx.base}/review?page=${at.page - 1}">\u2190 previous</a>` : "";
  const next = at.page < at.pages ? `<a rel="next" href="${ctx.base}/review?page=${at.page + 1}">next \u2192</a>` : "";
  const pager = at.pages > 1 ? `<p class="pager">page ${at.page} of ${at.pages} ${prev} ${next}</p>` : "";
  return page(ctx, "/review", `Review queue (${at.total})`, `${note}${bad}${body}${pager}`);
}
function item(ctx, { reviewed, preview }) {
  const p = reviewed.proposal;
  const f = reviewed.flags;
  const flags = flagLabels(f).map((l) => `<span class="${l.tone === "bad" ? "flag-bad" : "flag-warn"}">${esc(l.text)}</span>`);
  const related = [...f.near_duplicates, ...f.contradictions];
  const relatedTable = table(
    ["Relation", "Card or proposal", "Similarity", "Says"],
    related.map((r) => [esc(r.relation === "near_duplicate" ? "nearly duplicates" : "contradicts"), esc(r.proposal ?? r.card_file), String(r.similarity), esc(r.description)]),
    "no similar or conflicting cards"
  );
  const head = `<h2>${esc(preview.exists ? `Update ${preview.card_file}` : `New card ${preview.card_file}`)}</h2>
<dl class="kv"><dt>id</dt><dd><code>${esc(p.id)}</code></dd><dt>proposer</dt><dd>${esc(p.proposer)} at ${esc(p.created_at)}</dd><dt>source</dt><dd>${esc(p.source)}</dd><dt>provenance</dt><dd>${esc(p.provenance.kind)}${p.provenance.confidence !== void 0 ? `, confidence ${esc(p.provenance.confidence)}` : ""}</dd>${alsoFrom(p)}<dt>flags</dt><dd>${flags.length ? flags.join(" ") : "none"}</dd></dl>`;
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
<form method="post" action="${ctx.base}/review/accept" class="accept"><input type="hidden" name="id" value="${esc(p.id)}"><input type="hidden" name="shown" value="${proposalMark(p)}">
<label>description <input type="text" name="description" maxlength="200" value="${esc(p.card.description ?? "")}"></label>
<label>topics <input type="text" name="topics" value="${esc((p.card.topics ?? []).join(", "))}"></label>
${supersede}${keepBoth}${force}
<button type="submit" name="action" value="accept">Accept</button></form>
<form method="post" action="${ctx.base}/review/reject" class="reject"><input type="hidden" name="id" value="${esc(p.id)}">
<label>reason <input type="text" name="reason" required placeholder="why not"></label>
<button type="submit" name="action" value="reject">Reject</button></form></div>`;
}
export {
  reviewPage
};
