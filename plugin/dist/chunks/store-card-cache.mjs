import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  CARD_CACHE,
  CardWords,
  decodeCardCache,
  dirMtime,
  isAlways,
  journaledListing,
  memoByStamp,
  plainRecord,
  racy,
  racyWindow,
  readRecord,
  sameRecord,
  sameStamp,
  trustedCheck
} from "./store-card-cache-format.mjs";
import {
  cacheStamp,
  recordCheck,
  writeCardCheck
} from "./store-full-check.mjs";
import {
  journalMark,
  journalPath,
  journalSince,
  sameIndexStamp
} from "./store-write-journal.mjs";
import {
  listCardFiles,
  storeUnavailable
} from "./store-read.mjs";
import {
  parseIndex,
  parseIndexLine,
  readHold
} from "./core-index-file.mjs";
import {
  INDEX_FILE,
  STATE_DIR,
  joinPath
} from "./store-paths.mjs";
import {
  exists,
  lstatIfExists,
  readRegularUtf8,
  statIfExists
} from "./core-bytes.mjs";

// lib/store/index-links.ts
var linkKey = (file) => file.replace(/^\.\//, "");
var LE = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
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
  if (!LE) raw.swap32();
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
  if (!LE) raw.swap32();
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
  for (const [at, removed, inserted] of edits) {
    if (!Number.isSafeInteger(at) || at < 1 || !Number.isSafeInteger(removed) || removed < 0 || !Array.isArray(inserted)) return void 0;
    const n = t.lines.length;
    const first = lowerBound(t.lines, at);
    const end = lowerBound(t.lines, at + removed);
    for (let i = first; i < end; i++) changed.add(keyAt(t, i));
    const added = [];
    for (let k = 0; k < inserted.length; k++) {
      const raw = inserted[k];
      if (typeof raw !== "string" || /[\r\n]/.test(raw)) return void 0;
      const parsed = parseIndexLine(raw, at + k);
      if (parsed === void 0 || "reason" in parsed) continue;
      added.push({ line: at + k, file: parsed.file });
      changed.add(linkKey(parsed.file));
    }
    const shift = inserted.length - removed;
    const mid = decodeLinks(encodeLinks(added));
    const headKeys = first === 0 ? 0 : t.keyEnds[first - 1];
    const tailKeys = end === 0 ? 0 : t.keyEnds[end - 1];
    const count = first + added.length + (n - end);
    const lines = new Uint32Array(count);
    const keyEnds = new Uint32Array(count);
    lines.set(t.lines.subarray(0, first), 0);
    keyEnds.set(t.keyEnds.subarray(0, first), 0);
    for (let i = 0; i < added.length; i++) {
      lines[first + i] = mid.lines[i];
      keyEnds[first + i] = headKeys + mid.keyEnds[i];
    }
    const moved = headKeys + mid.keys.length - tailKeys;
    for (let i = end, j = first + added.length; i < n; i++, j++) {
      lines[j] = t.lines[i] + shift;
      keyEnds[j] = t.keyEnds[i] + moved;
    }
    t = { lines, keyEnds, keys: Buffer.concat([t.keys.subarray(0, headKeys), mid.keys, t.keys.subarray(tailKeys)]) };
  }
  return { table: t, changed };
}
function lowerBound(lines, line) {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (lines[mid] < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
function journaledEdits(memoryDir, mark, recorded, now) {
  const records = mark ? journalSince(memoryDir, mark) : void 0;
  if (!records || records.length === 0) return void 0;
  let index = [recorded[1], recorded[0], recorded[3]];
  const edits = [];
  for (const r of records) {
    const landed = sameIndexStamp(r.o, index) && !sameIndexStamp(r.i, index);
    if (!landed && (r.x || !sameIndexStamp(r.i, index) || !r.e && !sameIndexStamp(r.i, r.o))) return void 0;
    if (!landed && r.e) edits.push(r.e);
    index = r.o;
  }
  const appended = statIfExists(journalPath(memoryDir))?.mtimeMs;
  if (appended === void 0 || now[2] > appended) return void 0;
  return sameIndexStamp(index, [now[1], now[0], now[3]]) && edits.length > 0 ? edits : void 0;
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
  const text = readRegularUtf8(file);
  const entries = parseIndex(text).entries;
  return { set: new Set(entries.map((e) => linkKey(e.file))), index: stamp ?? null, stamp, text, journal, bytes: encodeLinks(entries) };
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

// lib/store/card-cache.ts
async function readCardCatalog(dir, options = {}) {
  try {
    return await readFresh(dir, options);
  } catch (err) {
    throw storeUnavailable(dir, err);
  }
}
var NO_VIEW = Buffer.alloc(0);
async function readFresh(dir, options) {
  const fresh = options.freshness;
  const mark = journalMark(dir);
  const old = openCache(dir);
  const large = fresh !== void 0 && old !== void 0 && old.records.length > fresh.fullCheckMax;
  let trust = large && !fresh.checkAll ? trustedCheck(dir, old.stamp, fresh.nowMs) : void 0;
  const trusted = (s, mtimeMs) => old !== void 0 && s[0] === mtimeMs && !racy(s, old.mtimeMs, old.racyMs);
  const settles = (s) => old !== void 0 && !racy(s, Date.now(), old.racyMs);
  const links = readLinks(dir, old, mark);
  let dirty = old === void 0 || links.set !== void 0 || links.changed !== void 0;
  const linkedNow = (file, was) => links.set ? links.set.has(file) : links.changed?.has(file) ? linksHas(links.table, file) : was;
  if (options.verifyOnly && dirty) return void 0;
  let files;
  let dirs = [];
  let shards = [];
  let journaledList = false;
  if (old && old.head.dirs.length > 0) {
    const now = old.head.dirs.map(([d]) => dirMtime(dir, d));
    if (old.head.dirs.every(([, m], i) => trusted([m, 0, m], now[i]))) files = old.records.map((r) => r.file);
    else if (trust) {
      files = journaledListing(
        old.records.map((r) => r.file),
        old.head.dirs,
        now,
        trust
      );
      journaledList = files !== void 0;
    }
    if (files) [dirs, shards] = [old.head.dirs, old.head.shards];
  }
  const listed = files !== void 0 && !journaledList;
  if (!files) {
    trust = void 0;
    const walked = [];
    files = (await listCardFiles(dir, "", walked, shards)).sort(byName);
    shards.sort(byName);
    dirs = walked.map((d) => [d, dirMtime(dir, d)]);
    const sameCards = old !== void 0 && sameList(shards, old.head.shards) && sameList(
      files,
      old.records.map((r) => r.file)
    );
    const same = sameCards && sameList(dirs, old.head.dirs);
    if (options.verifyOnly && !sameCards) return void 0;
    if (!same || dirs.some(([, m]) => racy([m], old.mtimeMs, old.racyMs) && settles([m]))) dirty = true;
  }
  const position = listed ? void 0 : new Map(old?.records.map((r, i) => [r.file, i]));
  const written = trust?.written;
  const otherLinks = new Set(links.set ? [] : old.head.linkedOther);
  const records = [];
  const from = [];
  const freshWords = /* @__PURE__ */ new Map();
  const prefix = joinPath(dir, "x").slice(0, -1);
  for (let k = 0; k < files.length; k++) {
    const file = files[k];
    const i = listed ? k : position.get(file);
    const was = i === void 0 ? void 0 : old.records[i];
    if (trust && was && !was.readError && !written?.has(file) && !racy(was.stamp, old.mtimeMs, old.racyMs)) {
      records.push(linkedNow(file, was.linked) !== was.linked ? relinked(was, !was.linked) : was);
      from.push(i);
      continue;
    }
    const st = lstatIfExists(prefix + file);
    if (!st || !st.isFile()) {
      if (options.verifyOnly) return void 0;
      dirty = true;
      if (was?.linked) otherLinks.add(file);
      continue;
    }
    options.stats?.set(file, [st.mtimeMs, st.size, st.ctimeMs]);
    const stamp = was?.stamp;
    if (was && stamp && !was.readError && sameStamp(stamp, st) && trusted(stamp, st.mtimeMs)) {
      records.push(linkedNow(file, was.linked) !== was.linked ? relinked(was, !was.linked) : was);
      from.push(i);
      continue;
    }
    const read = readRecord(dir, file, options.words === true || old !== void 0);
    const other = !was && otherLinks.delete(file);
    read.record.linked = linkedNow(file, was ? was.linked : other);
    if (options.verifyOnly && (!was || !sameRecord(was, read.record))) return void 0;
    if (!was || !sameRecord(was, read.record) || !read.record.readError && settles(read.record.stamp)) dirty = true;
    if (read.words) freshWords.set(records.length, read.words);
    records.push(read.record);
    from.push(-1);
  }
  if (!listed && old) {
    const now = new Set(files);
    for (const r of old.records) if (r.linked && !now.has(r.file)) otherLinks.add(r.file);
  }
  if (records.length !== old?.records.length) {
    if (options.verifyOnly) return void 0;
    dirty = true;
  }
  let view = old?.view ?? NO_VIEW;
  let viewHead = old?.head.view ?? null;
  let viewOut;
  if (options.view && links.stamp) {
    const kept = viewHead !== null && links.stamp.every((v, i) => v === viewHead.index[i]) && !racy(links.stamp, old.mtimeMs, old.racyMs);
    if (!kept) {
      const edited = links.edits && viewHead !== null && sameNumbers(viewHead.index, old.head.index) ? options.viewEdit?.(old.view, links.edits) : void 0;
      view = edited ?? options.view(links.text ?? readRegularUtf8(joinPath(dir, INDEX_FILE)), old?.view.length ? old.view : void 0);
      viewHead = links.index && { index: links.index };
      if (viewHead) dirty = true;
    }
    viewOut = view;
  }
  const cards = links.set && new Set(records.map((r) => r.file));
  for (const key of links.changed ?? []) {
    if (findRecord(records, key)) continue;
    if (linksHas(links.table, key)) otherLinks.add(key);
    else otherLinks.delete(key);
  }
  const linkedOther = links.set ? [...links.set].filter((f) => !cards.has(f)) : [...otherLinks];
  const check = large || fresh !== void 0 && records.length > fresh.fullCheckMax ? trust?.check ?? (mark && { at: fresh.nowMs, journal: mark }) : void 0;
  const next = {
    head: { index: links.index, journal: links.journal, linkedOther, dirs, words: null, view: viewHead, shards },
    view,
    links: links.bytes,
    ...check ? { written: (file) => recordCheck(dir, file, check) } : {}
  };
  const words = new CardWords(dir, old, records, from, freshWords, next);
  if (dirty && (options.stateDirMade !== false || exists(joinPath(dir, STATE_DIR)))) words.write();
  else if (!dirty && check && !trust) writeCardCheck(dir, { ...check, cache: old.stamp });
  return catalogOf(dir, records, words, viewOut, shards);
}
function openCache(dir) {
  return memoByStamp(joinPath(dir, STATE_DIR, CARD_CACHE), (bytes, stat) => {
    const decoded = decodeCardCache(bytes, (file) => rowOf(readRecord(dir, file, false).record));
    if (!decoded) return void 0;
    return { ...decoded, mtimeMs: stat.mtimeMs, racyMs: racyWindow(stat.mtimeMs), stamp: cacheStamp(stat) };
  });
}
function rowOf(r) {
  const { file: _f, stamp: _s, firstLine: _l, headBytes: _h, bodyBytes: _b, linked: _k, ...row } = plainRecord(r);
  return row;
}
function relinked(r, linked) {
  return Object.assign(Object.create(Object.getPrototypeOf(r)), r, { linked });
}
function catalogOf(dir, records, cardWords, view, shards) {
  const hold = readHold(dir);
  const keep = hold ? records.flatMap((r, i) => hold.held(r.file) ? [] : [i]) : void 0;
  const cards = keep ? keep.map((i) => records[i]) : records;
  return {
    dir,
    cards,
    wordCounts(wanted) {
      const found = cardWords.counts(wanted);
      return keep ? keep.map((i) => found[i]) : found;
    },
    always: () => cards.filter(isAlways),
    episodeShards: shards,
    ...view ? { view } : {}
  };
}
function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
}
var byName = (a, b) => a < b ? -1 : a > b ? 1 : 0;

export {
  readCardCatalog,
  readFresh
};
