// lib/ui/svg.ts
import { esc } from "./html.js";
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
export {
  barChart,
  gauge
};
