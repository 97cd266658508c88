// lib/ui/html.ts
import { inertBlock } from "../core/sanitize-block.js";
function esc(value) {
  return inertBlock(String(value ?? "")).replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]);
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
export {
  diffBlock,
  esc,
  page,
  qs,
  select,
  table
};
