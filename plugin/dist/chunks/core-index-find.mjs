import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  FENCE,
  parseIndexLine
} from "./core-index-file.mjs";

// lib/core/index-find.ts
var BACKTICKS = Buffer.from("```");
var TILDES = Buffer.from("~~~");
var PERCENT = 37;
var BACKSLASH = 92;
var NL = 10;
var CR = 13;
function findIndexLines(index, file) {
  const memo = linesFound.get(index) ?? /* @__PURE__ */ new Map();
  linesFound.set(index, memo);
  let hits = memo.get(file);
  if (!hits) memo.set(file, hits = findEntries(index, [Buffer.from(file, "utf8"), PERCENT], (e) => e.file.replace(/^\.\//, "") === file));
  return [...hits];
}
var linesFound = /* @__PURE__ */ new WeakMap();
function findIndexLine(index, file) {
  const known = linesFound.get(index)?.get(file);
  if (known) return known[0];
  const needle = Buffer.from(file, "utf8");
  if (needle.length === 0 || searchedWithin(index, needle)) return findIndexLines(index, file)[0];
  let memo = firstFound.get(index);
  if (!memo) firstFound.set(index, memo = /* @__PURE__ */ new Map());
  if (memo.has(file)) return memo.get(file);
  const accept = (e) => e.file.replace(/^\.\//, "") === file;
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
function findIndexTitles(index, title) {
  return findEntries(index, [Buffer.from(title, "utf8"), BACKSLASH], (e) => e.title === title);
}
function findEntries(index, needles, accept) {
  const starts = /* @__PURE__ */ new Set();
  for (const needle of needles) {
    if (typeof needle === "number") for (let at = index.indexOf(needle); at !== -1; at = index.indexOf(needle, at + 1)) starts.add(lineStart(index, at));
    else if (needle.length > 0) for (const start of linesHolding(index, needle)) starts.add(start);
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
var holding = /* @__PURE__ */ new WeakMap();
function linesHolding(index, needle) {
  let memo = holding.get(index);
  if (!memo) holding.set(index, memo = /* @__PURE__ */ new Map());
  const key = needle.toString("latin1");
  let found = memo.get(key);
  if (found) return found;
  const within = searchedWithin(index, needle);
  if (within) found = within.filter((start) => index.subarray(start, lineEnd(index, start)).includes(needle));
  else {
    const starts = [];
    for (let at = index.indexOf(needle); at !== -1; at = index.indexOf(needle, at + 1)) {
      const start = lineStart(index, at);
      if (starts[starts.length - 1] !== start) starts.push(start);
    }
    found = starts;
  }
  memo.set(key, found);
  return found;
}
function searchedWithin(index, needle) {
  const memo = holding.get(index);
  if (!memo || needle.includes(NL)) return void 0;
  const key = needle.toString("latin1");
  for (const [part, lines] of memo) if (key.includes(part)) return lines;
  return void 0;
}
function lineEnd(index, start) {
  const nl = index.indexOf(NL, start);
  return nl === -1 ? index.length : nl;
}
function lineStart(index, at) {
  return at === 0 ? 0 : index.lastIndexOf(NL, at - 1) + 1;
}
function contentEnd(index, start) {
  const nl = index.indexOf(NL, start);
  if (nl === -1) return index.length;
  return nl > start && index[nl - 1] === CR ? nl - 1 : nl;
}
function fenceLines(index) {
  return fenceScan(index).lines;
}
function hasFenceMark(index) {
  return fenceScan(index).marks;
}
var fenceScans = /* @__PURE__ */ new WeakMap();
function fenceScan(index) {
  let scan = fenceScans.get(index);
  if (scan) return scan;
  const starts = /* @__PURE__ */ new Set();
  let marks = false;
  for (const mark of [BACKTICKS, TILDES]) {
    for (let at = index.indexOf(mark); at !== -1; at = index.indexOf(mark, at + 1)) {
      marks = true;
      const start = lineStart(index, at);
      if (FENCE.test(index.toString("utf8", start, contentEnd(index, start)))) starts.add(start);
    }
  }
  scan = { marks, lines: [...starts].sort((a, b) => a - b) };
  fenceScans.set(index, scan);
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
  findIndexLines,
  findIndexLine,
  findIndexTitles,
  hasFenceMark
};
