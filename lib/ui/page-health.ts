import type { WhyRecord } from "../store/why-log.js";
import { ISSUE_KINDS, type DoctorReport } from "../reports/doctor.js";
import type { StatsReport } from "../reports/stats.js";
import { esc, page, qs, table, type PageContext } from "./html.js";
import { barChart, gauge, type Point } from "./svg.js";

// Doctor and stats drawn rather than printed: hits per day from the why log, the last-hit age buckets, the
// never-hit cards, injected size against the budget, sync status, pending arrivals and the doctor's issues.

export interface HealthData {
  doctor: DoctorReport;
  stats: StatsReport | null;
  why: readonly WhyRecord[];
}

/** Card lines injected per UTC day, from the why log (the usage sidecar keeps counts, not days). */
export function hitsPerDay(why: readonly WhyRecord[]): Point[] {
  const days = new Map<string, number>();
  for (const r of why) days.set(r.at.slice(0, 10), (days.get(r.at.slice(0, 10)) ?? 0) + r.lines.length);
  return [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([label, value]) => ({ label, value }));
}

export function healthPage(ctx: PageContext, h: HealthData): string {
  const d = h.doctor;
  const s = h.stats;
  const inj = d.injection;
  const size = inj
    ? gauge(
        inj.injected_bytes,
        inj.inject_budget_bytes,
        `injected ${inj.injected_bytes} B of a ${inj.inject_budget_bytes} B budget (${inj.host}); pinned ${inj.pinned_inject_bytes} B`,
      ) + (inj.remedy ? `<p class="warn">${esc(inj.remedy)}</p>` : "")
    : `<p class="dim">injection not measured</p>`;
  const hits = barChart(hitsPerDay(h.why), { unit: " lines", title: "card lines injected per day (why log)" });
  const buckets = s
    ? barChart(
        s.last_hit_buckets.map((b) => ({ label: b.label, value: b.cards })),
        { unit: " cards", title: "cards by age of their last hit (usage sidecar)" },
      )
    : "";
  const neverHit = s
    ? `<h2 id="never-hit">Never hit: ${s.cards_never_hit ?? "unknown"} of ${s.card_count} cards</h2>${table(
        ["Card"],
        s.never_hit_cards.map((c) => [`<a href="${ctx.base}/card${qs({ file: c })}">${esc(c)}</a>`]),
        "every card has been injected at least once",
      )}${s.never_hit_cards_truncated ? '<p class="dim">… more (memctl stats --never-hit-limit 0 lists all)</p>' : ""}`
    : "";
  const top = s
    ? table(
        ["Card", "Hits", "Last hit"],
        s.card_hits.map((c) => [`<a href="${ctx.base}/card${qs({ file: c.card })}">${esc(c.card)}</a>`, String(c.access_count), esc(c.last_access_day)]),
        "no hits recorded yet",
      )
    : "";
  const issues = ISSUE_KINDS.map((k) => [k, (d[k] as readonly unknown[]).length] as const).filter(([, n]) => n > 0);
  const doctor = `<p class="${d.issues_count > 0 ? "warn" : "ok"}" id="doctor">doctor: ${d.issues_count} issue${d.issues_count === 1 ? "" : "s"}, ${d.warnings_count} warning${d.warnings_count === 1 ? "" : "s"}</p>${table(
    ["Issue", "Count"],
    issues.map(([k, n]) => [esc(k.replace(/_/g, " ")), String(n)]),
    "no issues (memctl doctor prints each with the line that fixes it)",
  )}`;
  const sync = d.sync?.repo
    ? `<dl class="kv"><dt>remote</dt><dd>${esc(d.sync.remote ?? "none")}</dd><dt>branch</dt><dd>${esc(d.sync.branch ?? "—")}</dd><dt>ahead / behind</dt><dd>${d.sync.ahead} / ${d.sync.behind}</dd><dt>uncommitted</dt><dd>${d.sync.uncommitted}</dd><dt>last sync</dt><dd>${esc(d.sync.last_sync ? `${d.sync.last_sync.at} (${d.sync.last_sync.result})` : "never")}</dd><dt>conflicts</dt><dd>${d.sync.conflicts.proposals.length + d.sync.conflicts.parked + d.sync.conflicts.files.length}</dd></dl>`
    : `<p class="dim">not synced (memctl sync init &lt;remote&gt; shares it through git)</p>`;
  const arrivals = `<p>pending arrivals: ${d.pending_arrivals ?? 0}${d.quarantined?.length ? ` · quarantined: ${d.quarantined.length}` : ""} · pending proposals: <a href="${ctx.base}/review">${d.pending_proposals}</a></p>`;
  const summary = `<p class="dim">${d.entry_count} index entries · ${s?.card_count ?? "?"} cards · MEMORY.md ${d.memory_bytes} B · episodes ${s?.episodes_total ?? 0}</p>`;
  return page(
    ctx,
    "/health",
    "Health",
    `${summary}<h2>Injected size</h2>${size}<h2>Hits over time</h2>${hits}${buckets}${top}${neverHit}<h2>Doctor</h2>${doctor}<h2>Sync</h2>${sync}${arrivals}`,
  );
}
