// lib/core/index-scan.ts
import { contentEnd, countNewlines, fenceScan, hasFence, lineStart } from "./index-bytes.js";
import { parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";
var CRLF = Buffer.from("\r\n");
var PERCENT = 37;
var BACKSLASH = 92;
function cardLineScan(file, count = false) {
  return newScan([Buffer.from(file, "utf8"), PERCENT], (e) => linkKey(e.file) === file, true, count);
}
function newCardScan(name, files, count = true) {
  const linked = new Set(files);
  const stem = `/${name}.md`;
  return newScan([Buffer.from(name, "utf8"), PERCENT, BACKSLASH], (e) => e.title === name || linked.has(linkKey(e.file)) || e.file.endsWith(stem), false, count);
}
function cardLineOf(scan, file) {
  const hit = scan.hits.find((h) => linkKey(h.entry.file) === file);
  return { ...scan, accept: (e) => linkKey(e.file) === file, first: true, hits: hit ? [hit] : [] };
}
function newScan(needles, accept, first, count) {
  const kept = needles.filter((n) => typeof n === "number" || n.length > 0);
  return { needles: kept, accept, first, count, hits: [], fences: 0, newlines: 0, marks: false, crlf: false };
}
function feedIndexScan(scan, run, base) {
  if (run.length > 0) scan.last = run[run.length - 1];
  scan.crlf ||= run.includes(CRLF);
  if (scan.first && scan.hits.length > 0) {
    scan.marks ||= hasFence(run);
    return;
  }
  const { marks, lines: fenceLines } = fenceScan(run);
  scan.marks ||= marks;
  const starts = /* @__PURE__ */ new Set();
  for (const needle of scan.needles) for (let at = run.indexOf(needle); at !== -1; at = run.indexOf(needle, at + 1)) starts.add(lineStart(run, at));
  for (const start of [...starts].sort((a, b) => a - b)) {
    if ((scan.fences + fenceLines.filter((f) => f <= start).length) % 2 === 1) continue;
    const end = contentEnd(run, start);
    const entry = parseIndexLine(run.toString("utf8", start, end), 0);
    if (entry === void 0 || "reason" in entry || !scan.accept(entry)) continue;
    const at = scan.count ? scan.newlines + countNewlines(run, start) + 1 : 0;
    scan.hits.push({ start: base + start, end: base + end, at, entry, bytes: Buffer.from(run.subarray(start, end)) });
    if (scan.first) return;
  }
  scan.fences += fenceLines.length;
  if (scan.count) scan.newlines += countNewlines(run, run.length);
}
export {
  cardLineOf,
  cardLineScan,
  feedIndexScan,
  newCardScan
};
