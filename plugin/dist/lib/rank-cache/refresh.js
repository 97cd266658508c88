// lib/rank-cache/refresh.ts
import { entryPostings } from "../rank/postings.js";
import { parseIndex, parseIndexLine } from "../core/index-file.js";
import { lineKeyLanes } from "../core/line-key.js";
import { isMeasurable } from "../usage/format.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "../store/paths.js";
import { INDEX_READ_CAP, readIndexText } from "../store/index-read.js";
import { journalMark } from "../store/write-journal.js";
import { applyLineEdits, journaled } from "./journal.js";
import { realDir } from "../store/safe-write.js";
import { statIfExists } from "../store/checked-fs.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { normalizeCardPath, printedLine, rankEntryOf, readCardFields } from "./card-fields.js";
import { racy, writeCacheFile } from "./build.js";
import { mapRuns, mergedStamp, mergedStore, RANK_DELTA } from "./delta.js";
import { cardStamp, escapesStore, sameStamp, stampOf } from "./read.js";
function deltaMax(entries) {
  return Math.min(1024, Math.max(32, Math.ceil(entries / 4)));
}
var key53 = (a, b) => a * 2 ** 21 + (b >>> 11);
async function refresh(memoryDir, base, prev, indexStat, options, checkAll, verifiedMs) {
  const { view, header } = base;
  const cur = prev ?? identity(base);
  const n = cur.toBase.length;
  const journal = "journal" in options ? options.journal : journalMark(memoryDir);
  const dirs = new Map(cur.delta.dirs.map(([rel]) => [rel, stampOf(joinPath(memoryDir, rel))[0]]));
  const dirsMoved = cur.delta.dirs.some(([rel, mtime]) => dirs.get(rel) !== mtime);
  const idx = cur.delta.index;
  const sameIndex = idx[0] === indexStat.size && idx[1] === indexStat.mtimeMs && idx[2] === indexStat.ino;
  const told = (dirsMoved || !sameIndex) && !cur.delta.truncated && indexStat.size <= INDEX_READ_CAP ? journaled(memoryDir, cur.delta.journal, idx, indexStat, cur.delta.dirs, dirs) : void 0;
  const full = checkAll || dirsMoved && !told;
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
    const { text, truncated } = readIndexText(joinPath(memoryDir, INDEX_FILE));
    const parsed = parseIndex(text);
    items = matchLines(base, cur, parsed.entries);
    const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
    meta = {
      cards: files.length,
      unparsed: parsed.unparsed.map((u) => [u.line, u.raw, u.reason]),
      plainFiles: files.length === parsed.entries.length && files.every(isMeasurable),
      ...truncated ? { truncated: [truncated.lines, truncated.bytes, truncated.totalBytes] } : {}
    };
  }
  const reread = /* @__PURE__ */ new Map();
  if (full || told)
    items.forEach((item, i) => {
      if (item.j === void 0) return;
      const file = mergedFile(base, cur, item.j);
      if (!full && !told.cards.has(file)) return;
      if (!sameStamp(cardStamp(memoryDir, file, options.stats), mergedStamp(base, cur, item.j))) reread.set(i, indexEntryOf(base, cur, item.j, item.line));
    });
  const fresh = items.filter((item, i) => item.e !== void 0 || reread.has(i)).length;
  const carried = items.filter((item) => item.j !== void 0 && cur.toBase[item.j] < 0).length;
  if (fresh + carried > deltaMax(items.length)) return void 0;
  const read = /* @__PURE__ */ new Map();
  const entries = [];
  const runs = [];
  const sources = [indexStat.mtimeMs, ...dirs.values()];
  const pushRun = (from, shift) => {
    const r = runs.length - 3;
    const extends_ = r >= 0 && (from >= 0 ? runs[r] >= 0 && runs[r] + runs[r + 1] === from && runs[r + 2] === shift : runs[r] < 0 && runs[r] - runs[r + 1] === from);
    if (extends_) runs[r + 1]++;
    else runs.push(from, 1, shift);
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const e = item.e ?? reread.get(i);
    if (e === void 0) {
      const b = cur.toBase[item.j];
      if (b >= 0) pushRun(b, item.line - view.lines[b]);
      else {
        entries.push({ ...cur.delta.entries[-b - 1], line: item.line });
        pushRun(-entries.length, 0);
      }
      continue;
    }
    const file = normalizeCardPath(e.file);
    let card = read.get(file);
    if (!card) {
      const stamp = cardStamp(memoryDir, file);
      card = { stamp, fields: escapesStore(file) ? void 0 : await readCardFields(memoryDir, file) };
      read.set(file, card);
      sources.push(stamp[0]);
      const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
      if (!dirs.has(dir) && !escapesStore(file)) dirs.set(dir, stampOf(joinPath(memoryDir, dir))[0]);
    }
    const entry = rankEntryOf({ ...e, line: item.line }, file, card.fields ?? { topics: [] });
    entries.push({
      line: item.line,
      raw: e.raw,
      file,
      title: e.title,
      hook: e.hook,
      ...entry.priority ? { priority: entry.priority } : {},
      ...entry.status ? { status: entry.status } : {},
      ...entry.expires_at ? { expires_at: entry.expires_at } : {},
      ...entry.scope ? { scope: [...entry.scope] } : {},
      key: lineKeyLanes(e.raw),
      printed: printedLine(entry),
      stamp: card.stamp,
      post: [...entryPostings(entry, header.avg)].map(([t, p]) => [t, p.tf, p.mask])
    });
    pushRun(-entries.length, 0);
  }
  const delta = {
    format: 1,
    tokenizer: TOKENIZER_VERSION,
    base: header.id,
    index: [indexStat.size, indexStat.mtimeMs, indexStat.ino],
    dirs: [...dirs].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0),
    runs,
    entries,
    ...meta,
    ...journal ? { journal } : {}
  };
  const mapped = mapRuns(delta, view.n);
  const store = mergedStore(base, { delta, ...mapped });
  store.verified = full;
  store.cache = "updated";
  if (options.writeCache === false || racy(sources, options.nowMs)) return store;
  if (options.createStateDir === false && statIfExists(joinPath(memoryDir, STATE_DIR)) === void 0) return store;
  try {
    const stateDir = realDir(memoryDir, STATE_DIR);
    writeCacheFile(stateDir, JSON.stringify(delta), full ? options.nowMs : verifiedMs, RANK_DELTA);
  } catch {
  }
  return store;
}
function identity(base) {
  const h = base.header;
  const n = base.view.n;
  return {
    delta: {
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
    },
    toBase: Int32Array.from({ length: n }, (_, i) => i),
    lineShift: new Int32Array(n),
    mtimeMs: base.view.mtimeMs,
    text: ""
    // no file
  };
}
function lineOf(base, cur, j) {
  const b = cur.toBase[j];
  return b >= 0 ? base.view.lines[b] + cur.lineShift[j] : cur.delta.entries[-b - 1].line;
}
function mergedFile(base, cur, j) {
  const b = cur.toBase[j];
  return b >= 0 ? base.view.file(b) : cur.delta.entries[-b - 1].file;
}
function indexEntryOf(base, cur, j, line) {
  const b = cur.toBase[j];
  const raw = b >= 0 ? base.store.index.entry(b).raw : cur.delta.entries[-b - 1].raw;
  const e = parseIndexLine(raw, line);
  if (e === void 0 || "reason" in e) throw new RangeError("a cached entry's line no longer parses");
  return e;
}
function matchLines(base, cur, parsed) {
  const byKey = /* @__PURE__ */ new Map();
  const raw = base.view.rawKeys;
  for (let j = 0; j < cur.toBase.length; j++) {
    const b = cur.toBase[j];
    const k = b >= 0 ? key53(raw[2 * b], raw[2 * b + 1]) : key53(...cur.delta.entries[-b - 1].key);
    const had = byKey.get(k);
    if (had === void 0) byKey.set(k, j);
    else if (typeof had === "number") byKey.set(k, [had, j]);
    else had.push(j);
  }
  return parsed.map((e) => {
    const k = key53(...lineKeyLanes(e.raw));
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
  deltaMax,
  refresh
};
