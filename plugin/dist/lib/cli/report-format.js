// lib/cli/report-format.ts
import { inertText } from "../core/sanitize.js";
import { displayWidth } from "./output.js";
var inert = inertText;
function num(n) {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}
function bytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}
function percent(p) {
  return p === null ? "\u2014" : `${p.toFixed(1)}%`;
}
var EIGHTHS = ["", "\u258F", "\u258E", "\u258D", "\u258C", "\u258B", "\u258A", "\u2589"];
function bar(value, max, width = 20) {
  if (max <= 0 || value <= 0) return "";
  const cells = Math.min(width, value / max * width);
  const full = Math.floor(cells);
  return "\u2588".repeat(full) + EIGHTHS[Math.round((cells - full) * 8) % 8];
}
function table(rows, options = {}) {
  const indent = options.indent ?? "  ";
  const gap = options.gap ?? "  ";
  const widths = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, displayWidth(stripAnsi(cell)));
    });
  }
  return rows.map(
    (row) => indent + row.map((cell, i) => {
      if (i === row.length - 1 && !options.right?.includes(i)) return cell;
      const pad = widths[i] - displayWidth(stripAnsi(cell));
      return options.right?.includes(i) ? " ".repeat(Math.max(0, pad)) + cell : cell + " ".repeat(Math.max(0, pad));
    }).join(gap).trimEnd()
  );
}
var ANSI = /\u001b\[[0-9;]*m/g;
function stripAnsi(text) {
  return text.replace(ANSI, "");
}
export {
  bar,
  bytes,
  inert,
  num,
  percent,
  table
};
