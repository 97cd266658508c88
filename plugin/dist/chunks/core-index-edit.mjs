import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  FENCE,
  parseIndexLine
} from "./core-index-file.mjs";

// lib/core/index-find.ts
var BACKTICKS = Buffer.from("```");
var TILDES = Buffer.from("~~~");
var PERCENT = 37;
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

// lib/core/index-edit.ts
var EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) \u2014 hook\n";
function upsertIndexLineBytes(index, file, line) {
  const hit = findIndexLine(index, file);
  if (hit) return Buffer.concat([index.subarray(0, hit.start), Buffer.from(line, "utf8"), index.subarray(hit.end)]);
  const eol = index.includes("\r\n") ? "\r\n" : "\n";
  const sep = index.length === 0 || index[index.length - 1] === 10 ? "" : eol;
  return Buffer.concat([index, Buffer.from(sep + line + eol, "utf8")]);
}
function upsertIndexLinePieces(index, file, line) {
  const hit = findIndexLine(index, file);
  if (!hit) {
    if (index.length > 0 && index[index.length - 1] !== 10) return void 0;
    const added = Buffer.from(line + (index.includes("\r\n") ? "\r\n" : "\n"), "utf8");
    const edit2 = appendedLineEdit(countNewlines(index, index.length) + 1, line, hasFenceMark(index));
    return { pieces: [index, added], changed: true, ...edit2 ? { edit: edit2 } : {} };
  }
  const bytes = Buffer.from(line, "utf8");
  const old = index.subarray(hit.start, hit.end);
  const pieces = [index.subarray(0, hit.start), bytes, index.subarray(hit.end)];
  if (bytes.equals(old)) return { pieces, changed: false };
  const edit = replacedLineEdit(countNewlines(index, hit.start) + 1, line, old, hasFenceMark(index));
  return { pieces, changed: true, ...edit ? { edit } : {} };
}
function appendedLineEdit(at, line, marks) {
  if (at === 1 || /[\r\n]/.test(line) || marks || hasFence(Buffer.from(line, "utf8"))) return void 0;
  return { at, removed: 0, inserted: [line] };
}
function replacedLineEdit(at, line, old, marks) {
  if (at === 1 || /[\r\n]/.test(line) || marks || hasFence(Buffer.from(line, "utf8")) || !isUtf8(old)) return void 0;
  return { at, removed: 1, inserted: [line] };
}
function isUtf8(bytes) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
function removeIndexLinesBytes(index, file) {
  const hits = findIndexLines(index, file);
  if (hits.length === 0) return { bytes: index, removed: 0 };
  const kept = [];
  let from = 0;
  for (const { start, end } of hits) {
    kept.push(index.subarray(from, start));
    from = index[end] === 13 ? end + 2 : index[end] === 10 ? end + 1 : end;
  }
  kept.push(index.subarray(from));
  return { bytes: Buffer.concat(kept), removed: hits.length };
}
function indexHasBytes(index, file) {
  return findIndexLine(index, file) !== void 0;
}
function indexLineEdit(before, next) {
  const a = Buffer.isBuffer(before) ? before : Buffer.from(before.buffer, before.byteOffset, before.byteLength);
  const b = Buffer.isBuffer(next) ? next : Buffer.from(next.buffer, next.byteOffset, next.byteLength);
  if (a.equals(b) || hasFenceMark(a)) return void 0;
  const min = Math.min(a.length, b.length);
  let p = 0;
  while (p + CHUNK <= min && a.compare(b, p, p + CHUNK, p, p + CHUNK) === 0) p += CHUNK;
  while (p < min && a[p] === b[p]) p++;
  const start = p === 0 ? 0 : a.lastIndexOf(10, p - 1) + 1;
  let q = 0;
  const tail = min - start;
  while (q + CHUNK <= tail && a.compare(b, b.length - q - CHUNK, b.length - q, a.length - q - CHUNK, a.length - q) === 0) q += CHUNK;
  while (q < tail && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  while (q > 0 && !(a[a.length - q - 1] === 10 && b[b.length - q - 1] === 10)) q--;
  const endA = a.length - q;
  const endB = b.length - q;
  const at = countNewlines(a, start) + 1;
  if (at === 1) return void 0;
  const removedText = a.subarray(start, endA);
  const insertedText = b.subarray(start, endB);
  if (hasFence(insertedText)) return void 0;
  const fatal = new TextDecoder("utf-8", { fatal: true });
  try {
    const inserted = splitLines(fatal.decode(insertedText));
    return { at, removed: splitLines(fatal.decode(removedText)).length, inserted };
  } catch {
    return void 0;
  }
}
var CHUNK = 64 * 1024;
function splitLines(text) {
  if (text === "") return [];
  const parts = text.split(/\r?\n/);
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}
function countNewlines(buf, end) {
  let n = 0;
  for (let at = buf.indexOf(10); at !== -1 && at < end; at = buf.indexOf(10, at + 1)) n++;
  return n;
}
function hasFence(buf) {
  return buf.includes("```") || buf.includes("~~~");
}

export {
  findIndexLine,
  EMPTY_INDEX,
  upsertIndexLineBytes,
  upsertIndexLinePieces,
  appendedLineEdit,
  replacedLineEdit,
  removeIndexLinesBytes,
  indexHasBytes,
  indexLineEdit
};
