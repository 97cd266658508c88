// lib/rank-cache/every-entry.ts
import { parseIndex, parseIndexLine } from "../core/index-file.js";
import { lineHashLanes } from "../core/line-key.js";
import { isMeasurable } from "../usage/format.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { readIndexBytes } from "../store/index-read.js";
import { utf8Text } from "../core/bytes.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { applyLineEdits } from "./journal.js";
import { normalizeCardPath } from "./card-fields.js";
import { mergedStamp } from "./delta.js";
import { RunMap } from "./run-map.js";
import { recheck, reparse } from "./patch.js";
import { alignIndex, key53 } from "./align.js";
import { sameIndexRecord, sameStamp } from "./stamps.js";
function everyEntry(memoryDir, base, cur, indexStat, told, full, stampNow, since) {
  const n = cur.map.size;
  const sameIndex = sameIndexRecord(cur.delta.index, indexStat);
  let items;
  let meta;
  if (sameIndex || told?.edits) {
    items = Array.from({ length: n }, (_, j) => ({ j, line: lineOf(base, cur, j) }));
    meta = { cards: cur.delta.cards, unparsed: cur.delta.unparsed, plainFiles: cur.delta.plainFiles, ...cur.delta.truncated ? { truncated: cur.delta.truncated } : {} };
    if (told?.edits && told.edits.length > 0) {
      const fileOf = (item) => item.j !== void 0 ? mergedFile(base, cur, item.j) : normalizeCardPath(item.e.file);
      const applied = applyLineEdits(items, meta.unparsed, told.edits, fileOf);
      items = applied.items;
      const files = applied.sameCards ? void 0 : [...new Set(items.map(fileOf))];
      meta = {
        unparsed: applied.unparsed,
        cards: files ? files.length : meta.cards,
        plainFiles: files ? files.length === items.length && files.every(isMeasurable) : meta.plainFiles
      };
    }
  } else {
    const { bytes, truncated } = readIndexBytes(joinPath(memoryDir, INDEX_FILE));
    const cut = truncated ? { truncated: [truncated.lines, truncated.bytes, truncated.totalBytes] } : {};
    const narrow = full ? since : told?.cards ?? /* @__PURE__ */ new Set();
    const aligned = narrow && alignIndex(base, cur, bytes);
    if (aligned) {
      const check = /* @__PURE__ */ new Set([...narrow, ...told?.cards ?? []]);
      const segs2 = recheck(base, aligned.segs, check, stampNow, reparse);
      return { segs: segs2, meta: { cards: aligned.cards, unparsed: aligned.unparsed, plainFiles: aligned.plainFiles, ...cut } };
    }
    const parsed = parseIndex(utf8Text(bytes));
    items = matchLines(base, cur, parsed.entries);
    const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
    meta = {
      cards: files.length,
      unparsed: parsed.unparsed.map((u) => [u.line, u.raw, u.reason]),
      plainFiles: files.length === parsed.entries.length && files.every(isMeasurable),
      ...cut
    };
  }
  const toBase = cur.map.toBase;
  const segs = items.map((item) => {
    if (item.j === void 0) return { line: item.line, e: item.e };
    const b = toBase[item.j];
    if (full || told?.cards.has(mergedFile(base, cur, item.j))) {
      if (!sameStamp(stampNow(mergedFile(base, cur, item.j)), mergedStamp(base, cur.delta, b))) return { line: item.line, e: indexEntryOf(base, cur, item.j, item.line) };
    }
    return b >= 0 ? { from: b, count: 1, shift: item.line - base.view.lines[b] } : { line: item.line, d: cur.delta.entries[-b - 1] };
  });
  return { segs, meta };
}
function identity(base) {
  const h = base.header;
  const n = base.view.n;
  const delta = {
    format: 1,
    tokenizer: TOKENIZER_VERSION,
    base: h.id,
    index: h.index,
    dirs: h.dirs,
    runs: n > 0 ? [0, n, 0] : [],
    entries: [],
    cards: h.cards,
    unparsed: h.unparsed,
    plainFiles: h.plainFiles === true,
    ...h.truncated ? { truncated: h.truncated } : {},
    ...h.journal ? { journal: h.journal } : {}
  };
  return {
    delta,
    map: RunMap.of(delta.runs, n, 0),
    mtimeMs: base.view.mtimeMs,
    text: ""
    // no file
  };
}
function lineOf(base, cur, j) {
  const b = cur.map.toBase[j];
  return b >= 0 ? base.view.lines[b] + cur.map.lineShift[j] : cur.delta.entries[-b - 1].line;
}
function mergedFile(base, cur, j) {
  const b = cur.map.toBase[j];
  return b >= 0 ? base.view.file(b) : cur.delta.entries[-b - 1].file;
}
function indexEntryOf(base, cur, j, line) {
  const b = cur.map.toBase[j];
  const raw = b >= 0 ? base.store.index.entry(b).raw : cur.delta.entries[-b - 1].raw;
  const e = parseIndexLine(raw, line);
  if (e === void 0 || "reason" in e) throw new RangeError("a cached entry's line no longer parses");
  return e;
}
function matchLines(base, cur, parsed) {
  const byKey = /* @__PURE__ */ new Map();
  const raw = base.view.rawKeys;
  const toBase = cur.map.toBase;
  for (let j = 0; j < toBase.length; j++) {
    const b = toBase[j];
    const k = b >= 0 ? key53(raw[2 * b], raw[2 * b + 1]) : key53(...cur.delta.entries[-b - 1].key);
    const had = byKey.get(k);
    if (had === void 0) byKey.set(k, j);
    else if (typeof had === "number") byKey.set(k, [had, j]);
    else had.push(j);
  }
  return parsed.map((e) => {
    const k = key53(...lineHashLanes(e.raw, base.header.seed));
    const had = byKey.get(k);
    if (had === void 0) return { line: e.line, e };
    if (typeof had === "number") {
      byKey.delete(k);
      return { line: e.line, j: had };
    }
    const j = had.shift();
    if (had.length === 0) byKey.delete(k);
    return { line: e.line, j };
  });
}
export {
  everyEntry,
  identity
};
