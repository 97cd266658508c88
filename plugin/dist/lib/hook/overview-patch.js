// lib/hook/overview-patch.ts
import { isRetired } from "../core/card.js";
import { printableJsonLines } from "../core/inert-bytes.js";
import { editSpan, insertedLines, spliceLineTable } from "../core/line-edits.js";
import { FLAG_ALWAYS, FLAG_MAY_RETIRE, FLAG_SHA } from "../store/card-record.js";
import { sameNumbers } from "../store/index-links.js";
import { keepLog, LOG_MAX_EDITS, LOG_MIN_BYTES } from "./overview-log.js";
import { keepLines } from "./overview-kept.js";
import { pinsOf } from "./overview-pins.js";
import { viewEntry } from "./overview-view.js";
function pinsKey(pins) {
  return JSON.stringify([pins.cards.map((c) => [c.file, c.scope ?? null]), pins.retiring.map((c) => [c.file, c.status ?? null, c.expires_at ?? null])]);
}
function restTable(view, first, gone) {
  const n = view.count;
  const table = new Uint32Array(n * 3);
  let escaped = 0;
  let raw = 0;
  for (let i = 0, p = 0, g = 0; i < view.count; i++) {
    while (p < first.length && first[p] < i) p++;
    while (g < gone.length && gone[g] < i) g++;
    if (first[p] !== i && gone[g] !== i) {
      escaped += view.end(i) - view.end(i - 1);
      raw += view.rawEnd(i) - view.rawEnd(i - 1);
    }
    table[i] = view.line(i);
    table[n + i] = escaped;
    table[2 * n + i] = raw;
  }
  return table;
}
function patchedLines(memoryDir, c, key, pinnedHere, prior) {
  const source = c.view();
  if (!source || !prior) return void 0;
  if (sameNumbers(prior.cache, c.stamp)) return prior.lines;
  const { patch } = prior;
  const done = patch.edits.length;
  if (!sameNumbers(patch.base, source.base) || done > source.edits.length || JSON.stringify(patch.edits) !== JSON.stringify(source.edits.slice(0, done))) return void 0;
  const pins = "removed" in c ? carriedPins(patch.pins, c) : flaggedPins(c);
  const pinned = pins && pinsKey(pins);
  if (!pins || pinned !== patch.pins) return void 0;
  const apart = /* @__PURE__ */ new Set([...pins.cards.filter((p) => pinnedHere(p.scope)).map((p) => p.file), ...pins.retiring.filter((r) => isRetired(r, key.today)).map((r) => r.file)]);
  const json = prior.lines.json[0] ?? new Uint8Array(0);
  const head = json.subarray(0, patch.head);
  let rest = [json.subarray(patch.head)];
  let table = columns(patch.table);
  let { count, bytes } = prior.lines;
  let ownBytes = 0;
  for (const edit of source.edits.slice(done)) {
    if (edit[1] === 0 && edit[2].length === 0) continue;
    const n = table.lines.length;
    const span = editSpan(n, (i) => table.lines[i], edit);
    const [escapedEnds] = table.ends;
    for (let i = span.first; i < span.end; i++) if (escapedEnds[i] === (i === 0 ? 0 : escapedEnds[i - 1])) return void 0;
    const added = insertedLines(edit).flatMap((parsed, k) => {
      const entry = parsed && viewEntry(parsed);
      return entry ? [{ ...entry, line: edit[0] + k }] : [];
    });
    if (added.some((a) => a.card !== null && apart.has(a.card))) return void 0;
    const spliced = spliceLineTable(
      table,
      span,
      added.map((a) => ({ line: a.line, lengths: [a.escaped.length, a.rawBytes] }))
    );
    const addedBytes = added.map((a) => a.escaped);
    let end = 0;
    if (addedBytes.length > 0 && !printableJsonLines(
      Buffer.concat(addedBytes),
      addedBytes.map((b) => end += b.length)
    ))
      return void 0;
    const [[from, to], [rawFrom, rawTo]] = spliced.cut;
    rest = splicePieces(rest, from, to, addedBytes);
    ownBytes += end;
    count += added.length - (span.end - span.first);
    bytes += added.reduce((s, a) => s + a.rawBytes, 0) - (rawTo - rawFrom);
    table = spliced.table;
  }
  const out = [...head.length > 0 ? [head] : [], ...rest.filter((b) => b.length > 0)];
  const lines = { count, left: prior.lines.left, json: out, bytes };
  const { secret } = key;
  if (secret !== void 0 && source.edits.length - done <= LOG_MAX_EDITS && ownBytes <= Math.max(json.length / 16, LOG_MIN_BYTES)) {
    const base = { cache: prior.cache, seal: prior.seal, json };
    return { ...lines, keep: () => keepLog(memoryDir, c.stamp, c.count, { ...key, secret }, lines, base) };
  }
  const checked = { racyFrom: c.checked.racyFrom, changed: c.checked.changed };
  const kept = { base: source.base, edits: source.edits, pins: pinned, head: head.length, table: joined(table), checked };
  return { ...lines, keep: () => keepLines(memoryDir, c.stamp, c.count, key, lines, kept) };
}
function flaggedPins(c) {
  const always = c.always();
  const mayRetire = always && c.mayRetire();
  if (!mayRetire) return void 0;
  const rows = (rs) => rs.map((r) => ({ ...r.row, file: r.file }));
  return pinsOf(0, () => null, rows(always), rows(mayRetire));
}
function carriedPins(kept, c) {
  let list;
  try {
    list = JSON.parse(kept);
  } catch {
    return void 0;
  }
  if (!Array.isArray(list) || list.length !== 2 || !Array.isArray(list[0]) || !Array.isArray(list[1])) return void 0;
  const changed = /* @__PURE__ */ new Set([...c.records.map((r) => r.file), ...c.removed]);
  const always = [];
  const mayRetire = [];
  for (const r of c.records) {
    if ((r.flags & FLAG_SHA) === 0 || (r.flags & (FLAG_ALWAYS | FLAG_MAY_RETIRE)) === 0) continue;
    const row = r.row();
    if (!row) return void 0;
    if (r.flags & FLAG_ALWAYS) always.push({ ...row, file: r.file });
    if (r.flags & FLAG_MAY_RETIRE) mayRetire.push({ ...row, file: r.file });
  }
  const fresh = pinsOf(0, () => null, always, mayRetire);
  const cards = list[0].filter((p) => !changed.has(p[0])).map(([file, scope]) => ({ file, ...scope ? { scope } : {} }));
  const retiring = list[1].filter((p) => !changed.has(p[0])).map(([file, status, expires]) => ({
    file,
    ...typeof status === "string" ? { status } : {},
    ...typeof expires === "string" ? { expires_at: expires } : {}
  }));
  const byName = (a, b) => a.file < b.file ? -1 : a.file > b.file ? 1 : 0;
  return { cards: [...cards, ...fresh.cards].sort(byName), retiring: [...retiring, ...fresh.retiring].sort(byName) };
}
function splicePieces(pieces, from, to, insert) {
  const out = [];
  let at = 0;
  let inserted = false;
  for (const p of pieces) {
    const end = at + p.length;
    if (at < from) out.push(p.subarray(0, Math.min(p.length, from - at)));
    if (!inserted && end >= from) {
      out.push(...insert);
      inserted = true;
    }
    if (end > to) out.push(p.subarray(Math.max(0, to - at)));
    at = end;
  }
  if (!inserted) out.push(...insert);
  return out;
}
function columns(t) {
  const n = t.length / 3;
  return { lines: t.subarray(0, n), ends: [t.subarray(n, 2 * n), t.subarray(2 * n)] };
}
function joined(t) {
  const n = t.lines.length;
  const out = new Uint32Array(n * 3);
  out.set(t.lines, 0);
  out.set(t.ends[0], n);
  out.set(t.ends[1], 2 * n);
  return out;
}
export {
  patchedLines,
  pinsKey,
  restTable
};
