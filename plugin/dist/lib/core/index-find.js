// lib/core/index-find.ts
import { contentEnd, fenceScan, lineStart } from "./index-bytes.js";
import { parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";
var PERCENT = 37;
var NL = 10;
function findIndexLines(index, file) {
  const memo = linesFound.get(index) ?? /* @__PURE__ */ new Map();
  linesFound.set(index, memo);
  let hits = memo.get(file);
  if (!hits) memo.set(file, hits = findEntries(index, [Buffer.from(file, "utf8"), PERCENT], (e) => linkKey(e.file) === file));
  return [...hits];
}
var linesFound = /* @__PURE__ */ new WeakMap();
function findIndexLine(index, file) {
  const known = linesFound.get(index)?.get(file);
  if (known) return known[0];
  const needle = Buffer.from(file, "utf8");
  if (needle.length === 0) return findIndexLines(index, file)[0];
  let memo = firstFound.get(index);
  if (!memo) firstFound.set(index, memo = /* @__PURE__ */ new Map());
  if (memo.has(file)) return memo.get(file);
  const accept = (e) => linkKey(e.file) === file;
  let raw = index.indexOf(needle);
  let escaped = index.indexOf(PERCENT);
  let hit;
  while (raw !== -1 || escaped !== -1) {
    const start = lineStart(index, raw === -1 ? escaped : escaped === -1 ? raw : Math.min(raw, escaped));
    hit = entryAt(index, start, accept);
    if (hit) break;
    const next = lineEnd(index, start) + 1;
    if (raw !== -1 && raw < next) raw = index.indexOf(needle, next);
    if (escaped !== -1 && escaped < next) escaped = index.indexOf(PERCENT, next);
  }
  memo.set(file, hit);
  return hit;
}
var firstFound = /* @__PURE__ */ new WeakMap();
function findEntries(index, needles, accept) {
  const starts = /* @__PURE__ */ new Set();
  for (const needle of needles) {
    if (typeof needle !== "number" && needle.length === 0) continue;
    for (let at = index.indexOf(needle); at !== -1; at = index.indexOf(needle, at + 1)) starts.add(lineStart(index, at));
  }
  if (starts.size === 0) return [];
  const hits = [];
  for (const start of [...starts].sort((a, b) => a - b)) {
    const hit = entryAt(index, start, accept);
    if (hit) hits.push(hit);
  }
  return hits;
}
function entryAt(index, start, accept) {
  if (fencesUpTo(fenceLines(index), start) % 2 === 1) return void 0;
  const end = contentEnd(index, start);
  const parsed = parseIndexLine(index.toString("utf8", start, end), 0);
  if (parsed === void 0 || "reason" in parsed || !accept(parsed)) return void 0;
  return { start, end, entry: parsed };
}
function lineEnd(index, start) {
  const nl = index.indexOf(NL, start);
  return nl === -1 ? index.length : nl;
}
function fenceLines(index) {
  return fencesOf(index).lines;
}
function hasFenceMark(index) {
  return fencesOf(index).marks;
}
var fenceScans = /* @__PURE__ */ new WeakMap();
function fencesOf(index) {
  let scan = fenceScans.get(index);
  if (!scan) fenceScans.set(index, scan = fenceScan(index));
  return scan;
}
function fencesUpTo(fences, start) {
  let lo = 0;
  let hi = fences.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (fences[mid] <= start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
export {
  findIndexLine,
  findIndexLines,
  hasFenceMark
};
