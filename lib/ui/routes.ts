import type { IncomingMessage, ServerResponse } from "node:http";
import type { Io } from "../store/io.js";
import type { WriteContext } from "../records/save.js";
import { readHistory } from "../store/history.js";
import { syncedMarksOf } from "../store/history-synced.js";
import { readWhy } from "../store/why-log.js";
import { reviewPending } from "../proposals/review.js";
import { previewProposal } from "../proposals/accept-preview.js";
import { agentsView } from "../proposals/agent-view.js";
import { runDoctor } from "../reports/run-doctor.js";
import { runStats } from "../reports/run-stats.js";
import { ERROR_CODES, MemctlError } from "../core/errors.js";
import type { Catalog, CardQuery } from "./catalog.js";
import type { PageContext } from "./html.js";
import { APP_CSS } from "./assets.js";
import { send } from "./security.js";
import { cardPage, cardsPage, type CardDetail } from "./page-cards.js";
import { timelinePage } from "./page-timeline.js";
import { reviewPage, type Flash, type ReviewItem } from "./page-review.js";
import { healthPage, type HealthData } from "./page-health.js";
import { decide } from "./actions.js";
import { utcDay } from "../core/frecency.js";
import { LOG_MAX_BYTES } from "../store/checked-fs.js";
import { asciiJson } from "../core/sanitize.js";

// GET pages and their JSON twins under /api, and the review POSTs. Reached only through the gate.

export interface Routes {
  memoryDir: string;
  io: Io;
  readOnly: boolean;
  owner: boolean;
  base: string;
  catalog: Catalog;
  writeContext: () => WriteContext;
  project: { repoRoot?: string; allowNonGit?: boolean };
}

const HTML = "text/html; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

export async function route(r: Routes, req: IncomingMessage, res: ServerResponse, target: string, started: number): Promise<void> {
  const url = new URL(target, "http://ui.invalid");
  const p = url.searchParams;
  const ctx: PageContext = { base: r.base, readOnly: r.readOnly, memoryDir: r.memoryDir };
  const timing = () => ({ "Server-Timing": `app;dur=${(performance.now() - started).toFixed(1)}` });
  const html = (body: string, status = 200) => send(res, status, HTML, body, timing());
  // ASCII JSON (the same values): a bidi control or tag character reaches a browser's JSON view as \uXXXX text.
  const json = (value: unknown) => send(res, 200, JSON_TYPE, `${asciiJson(value, 1)}\n`, timing());
  const api = url.pathname.startsWith("/api/");
  const name = api ? url.pathname.slice(4) : url.pathname;

  if (req.method === "POST") {
    if (url.pathname !== "/review/accept" && url.pathname !== "/review/reject") return send(res, 404, "text/plain; charset=utf-8", "404 no such action\n");
    const flash = await decide(r, req, url.pathname === "/review/accept" ? "accept" : "reject");
    await r.catalog.refresh(true);
    const back = `${r.base}/review?${new URLSearchParams({ [flash.ok ? "ok" : "err"]: flash.text })}`;
    return send(res, 303, "text/plain; charset=utf-8", `${flash.text}\n`, { Location: back });
  }
  if (url.pathname === "/assets/app.css") return send(res, 200, "text/css; charset=utf-8", APP_CSS, { "Cache-Control": "no-store" });
  switch (name) {
    case "/":
    case "/cards": {
      await r.catalog.refresh();
      const q = cardQuery(p);
      const result = r.catalog.query(q, utcDay(r.io.now()));
      return api ? json(result) : html(cardsPage(ctx, q, result, performance.now() - started, utcDay(r.io.now())));
    }
    case "/card": {
      const detail = await cardDetail(r, p.get("file") ?? "");
      return api ? json(detail) : html(cardPage(ctx, detail, utcDay(r.io.now())));
    }
    case "/timeline": {
      const records = readWhy(r.memoryDir, Number.MAX_SAFE_INTEGER);
      return api ? json({ runs: records }) : html(timelinePage(ctx, records, p.get("session") ?? undefined));
    }
    case "/review": {
      const asked = Number(p.get("page") ?? "1");
      const reviewed = await reviewPending(r.memoryDir, Number.isFinite(asked) ? asked : 1, { withoutHeld: !r.owner });
      const today = utcDay(r.io.now());
      const items: ReviewItem[] = (r.owner ? reviewed.pending : agentsView(r.memoryDir, reviewed.pending)).map((one) => ({
        reviewed: one,
        preview: previewProposal(r.memoryDir, one.proposal, today),
      }));
      const at = { total: reviewed.total, page: reviewed.page, pages: reviewed.pages };
      if (api) return json({ read_only: r.readOnly, proposals: items, unreadable: reviewed.unreadable, ...at });
      const flash: Flash | undefined = p.has("ok") ? { ok: true, text: p.get("ok")! } : p.has("err") ? { ok: false, text: p.get("err")! } : undefined;
      return html(reviewPage(ctx, items, reviewed.unreadable, flash, at));
    }
    case "/health": {
      const data = await health(r);
      return api ? json(data) : html(healthPage(ctx, data));
    }
    default:
      return send(res, 404, "text/plain; charset=utf-8", `404 ${url.pathname} is not a page of memctl ui\n`);
  }
}

function cardQuery(p: URLSearchParams): CardQuery {
  const get = (k: string) => p.get(k) || undefined;
  const page = Number(p.get("page") ?? "1");
  return { q: get("q"), type: get("type"), topic: get("topic"), status: get("status"), priority: get("priority"), page: Number.isFinite(page) ? page : 1 };
}

async function cardDetail(r: Routes, file: string): Promise<CardDetail> {
  await r.catalog.refresh();
  // The current mark is the sha256 of the bytes shown ("" when unreadable or removed since the refresh).
  const read = r.catalog.card(file);
  if (!read) throw new MemctlError(ERROR_CODES.E_NOT_FOUND, `no card "${file}" in this store`);
  const { sha256, ...card } = read;
  const history = readHistory(r.memoryDir, LOG_MAX_BYTES);
  // A line a sync brought from a shared remote names whatever actor that machine wrote: shown with who pushed it.
  const entries = history.entries.filter((e) => e.card === file);
  const pushed = syncedMarksOf(r.memoryDir, entries);
  return {
    card,
    history: entries.map((e) => {
      const synced = pushed(e);
      return synced ? { ...e, synced } : e;
    }),
    ...(history.error ? { historyError: history.error } : {}),
    injected: readWhy(r.memoryDir, Number.MAX_SAFE_INTEGER).filter((w) => w.lines.some((l) => l.file === file)),
    sha256,
  };
}

async function health(r: Routes): Promise<HealthData> {
  const [doctor, stats] = await Promise.all([runDoctor({ ...r.project }, r.io), runStats({ ...r.project, hitLimit: 15, neverHitLimit: 50 }, r.io)]);
  return { doctor, stats: stats.ok ? stats.report : null, why: readWhy(r.memoryDir, Number.MAX_SAFE_INTEGER) };
}
