// lib/hook/overview-view.ts
import { LITTLE_ENDIAN } from "../store/card-cache-format.js";
import { indexLines, parseIndexLine } from "../core/index-file.js";
import { editSpan, insertedLines, spliceLineTable } from "../core/line-edits.js";
import { renderEntryLine } from "../core/block.js";
import { isShardFile, normaliseTarget } from "../records/store-view.js";
import { printableJsonLines } from "../core/inert-bytes.js";
import { escapeJsonBytes, unescapeJsonBytes } from "../core/pieced-text.js";
function buildOverviewView(indexText, previous) {
  const known = previous && knownLines(previous);
  const names = [];
  const lines = [];
  const escapedLengths = [];
  const rawLengths = [];
  const lineNumbers = [];
  indexLines(indexText, (raw, n) => {
    const entry = known?.get(raw) ?? entryOf(raw, n);
    if (!entry) return;
    names.push(nameOf(raw, entry));
    lines.push(entry.escaped);
    escapedLengths.push(entry.escaped.length);
    rawLengths.push(entry.rawBytes);
    lineNumbers.push(n);
  });
  return encodeView(names, lines, escapedLengths, rawLengths, lineNumbers);
}
function entryOf(raw, n) {
  const parsed = parseIndexLine(raw, n);
  return parsed && viewEntry(parsed);
}
function viewEntry(parsed) {
  if ("reason" in parsed) return void 0;
  const card = normaliseTarget(parsed.file);
  if (card !== null && isShardFile(card)) return void 0;
  const line = renderEntryLine(parsed);
  const utf8 = Buffer.from(`${line}
`, "utf8");
  return { file: parsed.file, card, line, escaped: escapeJsonBytes(utf8), rawBytes: utf8.length };
}
var nameOf = (raw, e) => raw !== e.line ? [e.file, e.card, raw] : e.card === e.file ? e.card : [e.file, e.card];
function encodeView(names, lines, escapedLengths, rawLengths, lineNumbers) {
  const table = new Uint32Array(names.length * 3);
  for (let i = 0, escapedEnd = 0, rawEnd = 0; i < names.length; i++) {
    escapedEnd += escapedLengths[i];
    rawEnd += rawLengths[i];
    table[3 * i] = escapedEnd;
    table[3 * i + 1] = rawEnd;
    table[3 * i + 2] = lineNumbers[i];
  }
  const bytes = Buffer.from(table.buffer);
  if (!LITTLE_ENDIAN) bytes.swap32();
  return Buffer.concat([Buffer.from(`${JSON.stringify(names)}
`, "utf8"), bytes, ...lines]);
}
function editOverviewView(previous, edits) {
  let bytes = previous;
  for (const edit of edits) {
    if (edit[1] === 0 && edit[2].length === 0) continue;
    const nl = bytes.indexOf(10);
    const starts = nl < 0 ? void 0 : elementStarts(bytes, nl);
    if (!starts) return void 0;
    const count = starts.length;
    const view = decodeLines(bytes, nl, count, false);
    if (!view) return void 0;
    const span = editSpan(count, view.line, edit);
    const { first, end } = span;
    const added = insertedLines(edit).flatMap((parsed, k) => {
      const entry = parsed && viewEntry(parsed);
      return entry ? [{ raw: edit[2][k], entry, n: edit[0] + k }] : [];
    });
    const rows = added.map((a) => ({ line: a.n, lengths: [a.entry.escaped.length, a.entry.rawBytes] }));
    const { table, cut } = spliceLineTable(view.table, span, rows);
    const tableBytes = Buffer.from(interleave(table).buffer);
    if (!LITTLE_ENDIAN) tableBytes.swap32();
    const before = first > 0 ? bytes.subarray(1, first < count ? starts[first] - 1 : nl - 1) : void 0;
    const after = end < count ? bytes.subarray(starts[end], nl - 1) : void 0;
    const mid = added.length > 0 ? Buffer.from(added.map((a) => JSON.stringify(nameOf(a.raw, a.entry))).join(","), "utf8") : void 0;
    const names = [before, mid, after].filter((b) => b !== void 0);
    const [from, to] = cut[0];
    bytes = Buffer.concat([
      Buffer.from("["),
      ...names.flatMap((b, i) => i === 0 ? [b] : [COMMA, b]),
      Buffer.from("]\n"),
      tableBytes,
      view.lines.subarray(0, from),
      ...added.map((a) => a.entry.escaped),
      view.lines.subarray(to)
    ]);
  }
  return bytes;
}
function interleave(t) {
  const [escaped, raw] = t.ends;
  const out = new Uint32Array(t.lines.length * 3);
  for (let i = 0; i < t.lines.length; i++) {
    out[3 * i] = escaped[i];
    out[3 * i + 1] = raw[i];
    out[3 * i + 2] = t.lines[i];
  }
  return out;
}
var COMMA = Buffer.from(",");
function elementStarts(json, end) {
  if (json[0] !== 91 || json[end - 1] !== 93) return void 0;
  const starts = [];
  let depth = 0;
  let inString = false;
  let next = false;
  for (let p = 0; p < end; p++) {
    const c = json[p];
    if (inString) {
      if (c === 92) p++;
      else if (c === 34) inString = false;
      continue;
    }
    if (next) {
      if (!(c === 93 && depth === 1)) starts.push(p);
      next = false;
    }
    if (c === 34) inString = true;
    else if (c === 91) {
      if (++depth === 1) next = true;
    } else if (c === 93) {
      if (--depth === 0 && p !== end - 1) return void 0;
    } else if (c === 44 && depth === 1) next = true;
  }
  return depth === 0 && !inString ? starts : void 0;
}
function knownLines(bytes) {
  const view = decodeView(bytes);
  if (!view) return void 0;
  const rendered = unescapeJsonBytes([view.lines]).toString("utf8").split("\n");
  if (rendered.length !== view.count + 1) return void 0;
  const known = /* @__PURE__ */ new Map();
  for (let i = 0; i < view.count; i++) {
    const line = rendered[i];
    const escaped = view.lines.subarray(view.end(i - 1), view.end(i));
    known.set(view.raw(i) ?? line, { file: view.file(i), card: view.card(i), line, escaped, rawBytes: view.rawEnd(i) - view.rawEnd(i - 1) });
  }
  return known;
}
function decodeView(bytes, printed = true) {
  const nl = bytes.indexOf(10);
  if (nl < 0) return void 0;
  let names;
  try {
    names = JSON.parse(bytes.toString("utf8", 0, nl));
  } catch {
    return void 0;
  }
  if (!Array.isArray(names)) return void 0;
  for (const n of names) {
    if (typeof n === "string") continue;
    if (!Array.isArray(n) || !(n.length === 2 || n.length === 3 && typeof n[2] === "string") || typeof n[0] !== "string" || !(n[1] === null || typeof n[1] === "string"))
      return void 0;
  }
  const lines = decodeLines(bytes, nl, names.length, printed);
  if (!lines) return void 0;
  const entry = (i) => names[i];
  return {
    ...lines,
    file: (i) => typeof entry(i) === "string" ? entry(i) : entry(i)[0],
    card: (i) => typeof entry(i) === "string" ? entry(i) : entry(i)[1],
    raw: (i) => typeof entry(i) === "string" ? void 0 : entry(i)[2],
    name: entry
  };
}
function decodeLines(bytes, nl, count, printed = true) {
  const tableAt = nl + 1;
  const linesAt = tableAt + count * 12;
  if (nl < 0 || linesAt > bytes.length) return void 0;
  const lines = bytes.subarray(linesAt);
  const table = new Uint32Array(count * 3);
  bytes.copy(Buffer.from(table.buffer), 0, tableAt, linesAt);
  if (!LITTLE_ENDIAN) Buffer.from(table.buffer).swap32();
  const ends = new Uint32Array(count);
  const rawEnds = new Uint32Array(count);
  const lineNumbers = new Uint32Array(count);
  for (let i = 0, raw = 0; i < count; i++) {
    ends[i] = table[3 * i];
    rawEnds[i] = table[3 * i + 1];
    lineNumbers[i] = table[3 * i + 2];
    if (rawEnds[i] <= raw || rawEnds[i] - raw > ends[i] - (i === 0 ? 0 : ends[i - 1]) - 1) return void 0;
    if (lineNumbers[i] <= (i === 0 ? 0 : lineNumbers[i - 1])) return void 0;
    raw = rawEnds[i];
  }
  if ((count === 0 ? 0 : ends[count - 1]) !== lines.length) return void 0;
  if (printed && !printableJsonLines(lines, ends)) return void 0;
  return {
    count,
    lines,
    end: (i) => i < 0 ? 0 : ends[i],
    rawEnd: (i) => i < 0 ? 0 : rawEnds[i],
    line: (i) => lineNumbers[i],
    table: { lines: lineNumbers, ends: [ends, rawEnds] }
  };
}
export {
  buildOverviewView,
  decodeLines,
  decodeView,
  editOverviewView,
  viewEntry
};
