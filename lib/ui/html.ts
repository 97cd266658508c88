import { inertBlock } from "../core/sanitize-block.js";

// HTML building blocks of the web view: escaping, the page frame, and the navigation. Every value from the store
// goes through esc(); the pages carry no inline script or style (the CSP allows only this server's own files).

/**
 * Text as HTML: markup escaped, and what the terminal printers make inert shown as text too (a bidi override in a
 * proposal's diff would draw its line reordered, Trojan Source style); newlines and tabs stay.
 */
export function esc(value: unknown): string {
  return inertBlock(String(value ?? "")).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

export interface PageContext {
  /** The secret path prefix, /s/<token>: every link and form starts with it. */
  base: string;
  readOnly: boolean;
  memoryDir: string;
}

const NAV = [
  ["/", "Cards"],
  ["/timeline", "Injection timeline"],
  ["/review", "Review queue"],
  ["/health", "Health"],
] as const;

/** A whole page: head with the bundled stylesheet, navigation, then `body`. */
export function page(ctx: PageContext, current: string, title: string, body: string): string {
  const nav = NAV.map(([href, label]) => `<a href="${ctx.base}${href}"${href === current ? ' aria-current="page"' : ""}>${label}</a>`).join("");
  const mode = ctx.readOnly ? '<span class="badge">read-only</span>' : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · memctl</title><link rel="stylesheet" href="${ctx.base}/assets/app.css"><link rel="icon" href="data:,">
</head><body><header><strong>memctl</strong> ${mode}<nav>${nav}</nav><code class="store">${esc(ctx.memoryDir)}</code></header>
<main><h1>${esc(title)}</h1>
${body}
</main></body></html>
`;
}

/** A query string from the non-empty values (for filter and pagination links). */
export function qs(values: Record<string, string | number | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== "") p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** A <select> of `options` with an "any" choice, keeping the current value. */
export function select(name: string, label: string, options: readonly string[], current: string | undefined): string {
  const opts = [`<option value="">any ${esc(label)}</option>`, ...options.map((o) => `<option${o === current ? " selected" : ""}>${esc(o)}</option>`)];
  return `<label>${esc(label)} <select name="${esc(name)}">${opts.join("")}</select></label>`;
}

/** A diff as a <pre> with one line per entry, added and removed lines marked. */
export function diffBlock(diff: readonly { op: string; text: string }[]): string {
  const lines = diff.map((d) => `<span class="${d.op === "+" ? "add" : d.op === "-" ? "del" : "ctx"}">${esc(d.op === "+" || d.op === "-" ? d.op : " ")}${esc(d.text)}</span>`);
  return `<pre class="diff">${lines.join("\n")}</pre>`;
}

export function table(head: readonly string[], rows: readonly string[][], empty = "nothing yet"): string {
  if (rows.length === 0) return `<p class="dim">${esc(empty)}</p>`;
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join("")}</tr>`).join("\n")}</tbody></table>`;
}
