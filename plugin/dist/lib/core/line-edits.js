// lib/core/line-edits.ts
import { parseIndexLine } from "./index-file.js";
function lowerBound(count, valueAt, target) {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (valueAt(mid) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function editSpan(count, lineAt, [at, removed, inserted]) {
  return { first: lowerBound(count, lineAt, at), end: lowerBound(count, lineAt, at + removed), shift: inserted.length - removed };
}
function spliceRows(rows, span, added, move) {
  const out = rows.slice(0, span.first);
  out.push(...added);
  for (let i = span.end; i < rows.length; i++) out.push(move(rows[i], span.shift));
  return out;
}
function spliceLineTable(t, span, added) {
  const { first, end, shift } = span;
  const n = t.lines.length;
  const count = first + added.length + (n - end);
  const lines = new Uint32Array(count);
  lines.set(t.lines.subarray(0, first), 0);
  for (let k = 0; k < added.length; k++) lines[first + k] = added[k].line;
  for (let i = end, j = first + added.length; i < n; i++, j++) lines[j] = t.lines[i] + shift;
  const cut = [];
  const ends = t.ends.map((col, c) => {
    const from = first === 0 ? 0 : col[first - 1];
    const to = end === 0 ? 0 : col[end - 1];
    cut.push([from, to]);
    const out = new Uint32Array(count);
    out.set(col.subarray(0, first), 0);
    let at = from;
    for (let k = 0; k < added.length; k++) out[first + k] = at += added[k].lengths[c];
    const moved = at - to;
    for (let i = end, j = first + added.length; i < n; i++, j++) out[j] = col[i] + moved;
    return out;
  });
  return { table: { lines, ends }, cut };
}
function insertedLines(edit) {
  const known = parsed.get(edit);
  if (known && known.at === edit[0] && known.inserted === edit[2]) return known.lines;
  const lines = edit[2].map((raw, k) => parseIndexLine(raw, edit[0] + k));
  parsed.set(edit, { at: edit[0], inserted: edit[2], lines });
  return lines;
}
var parsed = /* @__PURE__ */ new WeakMap();
export {
  editSpan,
  insertedLines,
  lowerBound,
  spliceLineTable,
  spliceRows
};
