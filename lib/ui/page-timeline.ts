import type { WhyRecord } from "../store/why-log.js";
import { esc, page, qs, table, type PageContext } from "./html.js";
import { barChart } from "./svg.js";

// The injection timeline: from the why log, bytes per prompt against the budget, the sessions, and each
// prompt's block lines with the rule that chose each.

export interface SessionRow {
  session: string;
  host: string;
  prompts: number;
  bytes: number;
  first: string;
  last: string;
}

export function sessionsOf(records: readonly WhyRecord[]): SessionRow[] {
  const by = new Map<string, SessionRow>();
  for (const r of records) {
    const key = `${r.host}\0${r.session ?? ""}`;
    const row = by.get(key) ?? { session: r.session ?? "", host: r.host, prompts: 0, bytes: 0, first: r.at, last: r.at };
    row.prompts++;
    row.bytes += r.bytes;
    row.last = r.at;
    by.set(key, row);
  }
  return [...by.values()].sort((a, b) => (a.last < b.last ? 1 : -1));
}

export function timelinePage(ctx: PageContext, records: readonly WhyRecord[], session: string | undefined): string {
  const shown = session === undefined ? records : records.filter((r) => (r.session ?? "") === session);
  const recent = shown.slice(-200);
  const budget = recent.at(-1)?.budget.max_bytes;
  const chart = barChart(
    recent.map((r) => ({ label: r.at.replace("T", " ").slice(0, 16), value: r.bytes })),
    { limit: budget, limitLabel: budget !== undefined ? `budget ${budget} B` : undefined, unit: " B", title: `bytes injected per prompt, last ${recent.length} prompts` },
  );
  const sessions = table(
    ["Session", "Host", "Prompts", "Bytes", "First", "Last"],
    sessionsOf(records).map((s) => [
      `<a href="${ctx.base}/timeline${qs({ session: s.session })}">${esc(s.session || "(none)")}</a>`,
      esc(s.host),
      String(s.prompts),
      String(s.bytes),
      esc(s.first),
      esc(s.last),
    ]),
    "no hook runs logged yet (the per-prompt hook writes .memctl/why.jsonl)",
  );
  const prompts = recent
    .slice(-50)
    .reverse()
    .map((r) => {
      const lines = r.lines.map(
        (l) =>
          `<li><a href="${ctx.base}/card${qs({ file: l.file })}">${esc(l.file)}</a> <span class="dim">${esc(l.bytes)} B${l.score !== undefined ? ` · score ${esc(l.score)}` : ""}</span> — <span class="rule">${esc(l.rule)}</span></li>`,
      );
      const seen = r.already_shown?.length ? `<p class="dim">already shown this session: ${r.already_shown.map(esc).join(", ")}</p>` : "";
      const fault = r.dedupe_error ? `<p class="warn">session state not used: ${esc(r.dedupe_error)}</p>` : "";
      const prompt = r.prompt !== undefined ? `“${esc(r.prompt.replace(/\s+/g, " ").slice(0, 120))}”` : `prompt <code>${esc(r.prompt_hash.slice(0, 12))}</code>`;
      return `<article class="run"><h3>${esc(r.at)} · ${esc(r.host)}${r.session ? ` · ${esc(r.session)}` : ""}</h3><p>${prompt} — ${esc(r.status)}, ${esc(r.bytes)} B of ${esc(r.budget.max_bytes)} B / ${esc(r.budget.max_entries)} entries</p><ul>${lines.join("")}</ul>${seen}${fault}</article>`;
    });
  const filter = session !== undefined ? `<p>Session <code>${esc(session || "(none)")}</code> · <a href="${ctx.base}/timeline">all sessions</a></p>` : "";
  return page(
    ctx,
    "/timeline",
    "Injection timeline",
    `${filter}${chart}<h2>Sessions</h2>${sessions}<h2>Prompts, newest first</h2>${prompts.join("\n") || '<p class="dim">no prompts logged</p>'}`,
  );
}
