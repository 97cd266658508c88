// lib/store/index-links.ts
import { parseIndex } from "../core/index-file.js";
import { LITTLE_ENDIAN } from "./card-cache-format.js";
import { racy } from "./card-trust.js";
import { exists, lstatIfExists, readRegularBuffer } from "./checked-fs.js";
import { INDEX_FILE, joinPath } from "./paths.js";
import { journalCoversIndex, journalSince, sameIndexStamp } from "./write-journal.js";
import { linkKey } from "../core/link-key.js";
import { editSpan, insertedLines, spliceLineTable } from "../core/line-edits.js";
import { utf8Text } from "../core/bytes.js";
import { applyToLines, decodeLines, encodeLines, handEdits, linesBytes } from "./index-lines.js";
function encodeLinks(entries) {
  const keys = Buffer.from(entries.map((e) => `${linkKey(e.file)}
`).join(""), "utf8");
  const ends = new Uint32Array(entries.length);
  for (let i = 0, at = 0, p = 0; i < entries.length; i++) {
    p = keys.indexOf(10, at);
    ends[i] = at = p + 1;
  }
  return linksBytes({ lines: Uint32Array.from(entries, (e) => e.line), keyEnds: ends, keys });
}
function linksBytes(t) {
  const n = t.lines.length;
  const out = Buffer.alloc(4 + n * 8 + t.keys.length);
  out.writeUInt32LE(n, 0);
  const words = new Uint32Array(n * 2);
  words.set(t.lines, 0);
  words.set(t.keyEnds, n);
  const raw = Buffer.from(words.buffer);
  if (!LITTLE_ENDIAN) raw.swap32();
  raw.copy(out, 4);
  t.keys.copy(out, 4 + n * 8);
  return out;
}
function decodeLinks(bytes) {
  if (bytes.length < 4) return void 0;
  const n = bytes.readUInt32LE(0);
  if (4 + n * 8 > bytes.length) return void 0;
  const words = new Uint32Array(n * 2);
  const raw = Buffer.from(words.buffer);
  bytes.copy(raw, 0, 4, 4 + n * 8);
  if (!LITTLE_ENDIAN) raw.swap32();
  const lines = words.subarray(0, n);
  const keyEnds = words.subarray(n);
  const keys = bytes.subarray(4 + n * 8);
  for (let i = 0; i < n; i++) {
    const start = i === 0 ? 0 : keyEnds[i - 1];
    if (lines[i] < 1 || i > 0 && lines[i] <= lines[i - 1] || keyEnds[i] <= start || keyEnds[i] > keys.length || keys[keyEnds[i] - 1] !== 10) return void 0;
  }
  if ((n === 0 ? 0 : keyEnds[n - 1]) !== keys.length) return void 0;
  return { lines, keyEnds, keys };
}
var keyAt = (t, i) => t.keys.toString("utf8", i === 0 ? 0 : t.keyEnds[i - 1], t.keyEnds[i] - 1);
function linksHas(t, key) {
  const needle = Buffer.from(`${key}
`, "utf8");
  for (let p = t.keys.indexOf(needle); p >= 0; p = t.keys.indexOf(needle, p + 1)) if (p === 0 || t.keys[p - 1] === 10) return true;
  return false;
}
function applyLineEdits(table, edits) {
  let t = table;
  const changed = /* @__PURE__ */ new Set();
  for (const edit of edits) {
    const [at, removed, inserted] = edit;
    if (!Number.isSafeInteger(at) || at < 1 || !Number.isSafeInteger(removed) || removed < 0 || !Array.isArray(inserted)) return void 0;
    if (inserted.some((raw) => typeof raw !== "string" || /[\r\n]/.test(raw))) return void 0;
    if (removed === 0 && inserted.length === 0) continue;
    const span = editSpan(t.lines.length, (i) => t.lines[i], edit);
    for (let i = span.first; i < span.end; i++) changed.add(keyAt(t, i));
    const added = [];
    const keys = [];
    insertedLines(edit).forEach((parsed, k) => {
      if (parsed === void 0 || "reason" in parsed) return;
      const key = linkKey(parsed.file);
      added.push({ line: at + k, lengths: [Buffer.byteLength(key) + 1] });
      keys.push(`${key}
`);
      changed.add(key);
    });
    const { table: spliced, cut } = spliceLineTable({ lines: t.lines, ends: [t.keyEnds] }, span, added);
    const [from, to] = cut[0];
    t = { lines: spliced.lines, keyEnds: spliced.ends[0], keys: Buffer.concat([t.keys.subarray(0, from), Buffer.from(keys.join(""), "utf8"), t.keys.subarray(to)]) };
  }
  return { table: t, changed };
}
function journaledEdits(memoryDir, mark, recorded, now) {
  const records = mark ? journalSince(memoryDir, mark) : void 0;
  if (!records || records.length === 0) return void 0;
  let index = [recorded[1], recorded[0], recorded[3], recorded[2]];
  const edits = [];
  for (const r of records) {
    const landed = sameIndexStamp(r.o, index) && !sameIndexStamp(r.i, index);
    if (!landed && (r.x || !sameIndexStamp(r.i, index) || !r.e && !sameIndexStamp(r.i, r.o))) return void 0;
    if (!landed && r.e) edits.push(r.e);
    index = r.o;
  }
  if (!journalCoversIndex(memoryDir, now[2])) return void 0;
  return sameIndexStamp(index, [now[1], now[0], now[3], now[2]]) && edits.length > 0 ? edits : void 0;
}
var NONE = Buffer.alloc(0);
function readLinks(dir, old, mark) {
  const file = joinPath(dir, INDEX_FILE);
  const journal = mark ?? null;
  if (!exists(file)) return { set: /* @__PURE__ */ new Set(), index: null, journal, bytes: NONE };
  const st = lstatIfExists(file);
  const stamp = st?.isFile() ? [st.mtimeMs, st.size, st.ctimeMs, st.ino] : void 0;
  const cached = old?.head.index;
  if (stamp && cached && sameNumbers(stamp, cached) && !racy(stamp, old.mtimeMs, old.racyMs)) return { index: cached, stamp, journal: old.head.journal, bytes: old.links };
  if (stamp && cached && old.links.length > 0 && !racy(stamp, Date.now(), old.racyMs)) {
    const edits = journaledEdits(dir, old.head.journal, cached, stamp);
    const table = edits && decodeLinks(old.links);
    const applied = table && applyLineEdits(table, edits);
    if (applied) return { index: stamp, stamp, journal, edits, table: applied.table, changed: applied.changed, bytes: linksBytes(applied.table) };
  }
  const bytes = readRegularBuffer(file);
  const hand = stamp && cached && old.links.length > 0 ? handApplied(old, bytes) : void 0;
  if (hand) return { index: stamp, stamp, journal, ...hand };
  const text = utf8Text(bytes);
  const entries = parseIndex(text).entries;
  return { set: new Set(entries.map((e) => linkKey(e.file))), index: stamp ?? null, stamp, text, journal, bytes: encodeLinks(entries), lines: () => encodeLines(bytes) };
}
function handApplied(old, bytes) {
  const kept = decodeLines(old.lines);
  const now = kept && (old.edits.length === 0 ? kept : applyToLines(kept, old.edits));
  const found = now && handEdits(now, bytes);
  const table = found && decodeLinks(old.links);
  const applied = table && applyLineEdits(table, found.edits);
  if (!applied) return void 0;
  return { edits: found.edits, table: applied.table, changed: applied.changed, bytes: linksBytes(applied.table), lines: () => linesBytes(found.table) };
}
function linesAfter(old, links) {
  if (links.lines) return links.lines();
  if (!old || links.index === null) return NONE;
  const edits = [...old.edits, ...links.edits ?? []];
  if (edits.length === 0) return old.lines;
  const kept = decodeLines(old.lines);
  const applied = kept && applyToLines(kept, edits);
  return applied ? linesBytes(applied) : NONE;
}
function sameNumbers(a, b) {
  return b != null && a.length === b.length && a.every((v, i) => v === b[i]);
}
function findRecord(records, file) {
  let lo = 0;
  let hi = records.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const f = records[mid].file;
    if (f === file) return true;
    if (f < file) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
export {
  applyLineEdits,
  decodeLinks,
  encodeLinks,
  findRecord,
  journaledEdits,
  linesAfter,
  linksBytes,
  linksHas,
  readLinks,
  sameNumbers
};
