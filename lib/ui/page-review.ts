import type { ReviewedProposal } from "../proposals/review.js";
import type { ProposalPreview } from "../proposals/accept-preview.js";
import type { Related } from "../proposals/content-match.js";
import { flagLabels } from "../proposals/review-flags.js";
import { proposalMark } from "../proposals/propose.js";
import type { QueuePage } from "../records/proposal-read.js";
import { diffBlock, esc, page, table, type PageContext } from "./html.js";

// The review queue: each pending proposal with its diff, source, flags and the cards it resembles, and the
// owner's decisions as forms posting to this server (absent with --read-only). The decisions run the same
// lib/proposals/decide.ts calls as memctl accept / reject.

export interface ReviewItem {
  reviewed: ReviewedProposal;
  preview: ProposalPreview;
}

export interface Flash {
  ok: boolean;
  text: string;
}

export function reviewPage(
  ctx: PageContext,
  items: readonly ReviewItem[],
  unreadable: readonly { file: string; reason: string }[],
  flash?: Flash,
  at: QueuePage = { total: items.length, page: 1, pages: 1 },
): string {
  const note = flash ? `<p class="${flash.ok ? "flash ok" : "flash err"}" role="status">${esc(flash.text)}</p>` : "";
  const bad = unreadable.map((u) => `<p class="warn">unreadable proposal file ${esc(u.file)}: ${esc(u.reason)} (left in place)</p>`).join("");
  const body =
    items.length === 0 ? `<p class="dim" id="empty">no pending proposals — agents stage them with <code>memctl propose</code></p>` : items.map((i) => item(ctx, i)).join("\n");
  const prev = at.page > 1 ? `<a rel="prev" href="${ctx.base}/review?page=${at.page - 1}">← previous</a>` : "";
  const next = at.page < at.pages ? `<a rel="next" href="${ctx.base}/review?page=${at.page + 1}">next →</a>` : "";
  const pager = at.pages > 1 ? `<p class="pager">page ${at.page} of ${at.pages} ${prev} ${next}</p>` : "";
  return page(ctx, "/review", `Review queue (${at.total})`, `${note}${bad}${body}${pager}`);
}

function item(ctx: PageContext, { reviewed, preview }: ReviewItem): string {
  const p = reviewed.proposal;
  const f = reviewed.flags;
  // The same words memctl review prints (lib/proposals/review-flags.ts), so the two never disagree.
  const flags = flagLabels(f).map((l) => `<span class="${l.tone === "bad" ? "flag-bad" : "flag-warn"}">${esc(l.text)}</span>`);
  const related = [...f.near_duplicates, ...f.contradictions];
  const relatedTable = table(
    ["Relation", "Card or proposal", "Similarity", "Says"],
    related.map((r) => [esc(r.relation === "near_duplicate" ? "nearly duplicates" : "contradicts"), esc(r.proposal ?? r.card_file), String(r.similarity), esc(r.description)]),
    "no similar or conflicting cards",
  );
  const head = `<h2>${esc(preview.exists ? `Update ${preview.card_file}` : `New card ${preview.card_file}`)}</h2>
<dl class="kv"><dt>id</dt><dd><code>${esc(p.id)}</code></dd><dt>proposer</dt><dd>${esc(p.proposer)} at ${esc(p.created_at)}</dd><dt>source</dt><dd>${esc(p.source)}</dd><dt>provenance</dt><dd>${esc(p.provenance.kind)}${p.provenance.confidence !== undefined ? `, confidence ${esc(p.provenance.confidence)}` : ""}</dd>${alsoFrom(p)}<dt>flags</dt><dd>${flags.length ? flags.join(" ") : "none"}</dd></dl>`;
  const refuse = preview.error ? `<p class="warn">accept would refuse: ${esc(preview.error)}</p>` : "";
  return `<section class="proposal" id="${esc(p.id)}">${head}${diffBlock(preview.diff)}${refuse}<h3>Similar or conflicting</h3>${relatedTable}${ctx.readOnly ? "" : forms(ctx, reviewed, related)}</section>`;
}

/** Who else proposed it (consolidate's merges) and where it was said again (capture's restatements). */
function alsoFrom(p: ReviewedProposal["proposal"]): string {
  const merged = p.merged?.length ? `<dt>also from</dt><dd>${p.merged.map((m) => `${esc(m.proposer)} (${esc(m.source)})`).join("<br>")}</dd>` : "";
  const again = (p.restated ?? []).map(
    (r) => `<dt>said again</dt><dd>${esc(r.source)}<br><span class="dim">as: ${esc(r.description)} (${esc(r.proposer)} at ${esc(r.at)})</span></dd>`,
  );
  return merged + again.join("");
}

function forms(ctx: PageContext, r: ReviewedProposal, related: readonly Related[]): string {
  const p = r.proposal;
  const cards = [...new Set(related.filter((x) => x.proposal === null).map((x) => x.card_file))];
  const supersede = cards
    .map((c) => `<label><input type="checkbox" name="supersede" value="${esc(c.replace(/\.md$/, ""))}"> supersede ${esc(c)} (kept, marked superseded)</label>`)
    .join("");
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
