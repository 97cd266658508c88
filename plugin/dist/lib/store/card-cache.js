// lib/store/card-cache.ts
import { readHold } from "./hold.js";
import { isAlways, mayRetireRecord } from "./card-cache-format.js";
import { sameRecord } from "./card-record.js";
import { CardWords } from "./card-words.js";
import { readRecord } from "./card-read.js";
import { exists, lstatIfExists, readRegularUtf8 } from "./checked-fs.js";
import { recordCheck, writeCardCheck } from "./full-check.js";
import { dirMtime, journaledListing, racy, sameStamp, trustedCheck } from "./card-trust.js";
import { journalMark } from "./write-journal.js";
import { listCardFiles, storeUnavailable } from "./read.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";
import { findRecord, linesAfter, linksHas, readLinks, sameNumbers } from "./index-links.js";
import { openCache } from "./card-cache-open.js";
import { CARD_CACHE, CARD_WORDS } from "./card-words.js";
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
  const listed = files !== void 0 && (!journaledList || files.length === old.records.length);
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
  const pending = old?.viewEdits ?? [];
  let view = old?.view ?? NO_VIEW;
  let viewHead = old?.head.view ?? null;
  let viewOut;
  let rebuilt = false;
  const spliced = (edits) => edits.length === 0 ? view : options.viewEdit?.(view, edits, old.base?.stamp ?? old.stamp);
  if (options.view && links.stamp) {
    const kept = viewHead !== null && sameNumbers(links.stamp, viewHead.index) && !racy(links.stamp, old.mtimeMs, old.racyMs);
    const edits = kept ? pending : links.edits && viewHead !== null && sameNumbers(viewHead.index, old.head.index) ? [...pending, ...links.edits] : void 0;
    const edited = edits && spliced(edits);
    if (!edited) rebuilt = true;
    view = edited ?? options.view(links.text ?? readRegularUtf8(joinPath(dir, INDEX_FILE)), old?.view.length ? old.view : void 0);
    if (!kept || !edited) {
      viewHead = links.index && { index: links.index };
      if (viewHead) dirty = true;
    }
    viewOut = view;
  }
  const fullView = () => {
    if (viewOut || pending.length === 0 && !links.edits) return [view, viewHead];
    const synced = viewHead !== null && links.set === void 0 && sameNumbers(viewHead.index, old.head.index);
    const edited = synced ? spliced([...pending, ...links.edits ?? []]) : void 0;
    if (edited) return [edited, links.index && { index: links.index }];
    return pending.length > 0 ? [old.base.file.view, old.base.file.head.view] : [view, viewHead];
  };
  const cards = links.set && new Set(records.map((r) => r.file));
  for (const key of links.changed ?? []) {
    if (findRecord(records, key)) continue;
    if (linksHas(links.table, key)) otherLinks.add(key);
    else otherLinks.delete(key);
  }
  const linkedOther = links.set ? [...links.set].filter((f) => !cards.has(f)) : [...otherLinks];
  const check = large || fresh !== void 0 && records.length > fresh.fullCheckMax ? trust?.check ?? (mark && { at: fresh.nowMs, journal: mark }) : void 0;
  const base = old && (old.base ?? { file: old, stamp: old.stamp });
  const baseOf = (k) => {
    const i = from[k];
    if (i < 0 || records[k] !== old.records[i]) return -1;
    return old.src ? old.src[i] : i;
  };
  const delta = base && links.set === void 0 && !rebuilt && fresh !== void 0 && records.length > fresh.fullCheckMax ? { base, baseOf, edits: [...old.edits, ...links.edits ?? []] } : void 0;
  const next = {
    head: { index: links.index, journal: links.journal, linkedOther, dirs, words: null, view: viewHead, shards },
    view,
    fullView,
    links: links.bytes,
    lines: () => linesAfter(old, links),
    ...delta ? { delta } : {},
    ...check ? { written: (file) => recordCheck(dir, file, check) } : {}
  };
  const words = new CardWords(dir, old, records, from, freshWords, next);
  if (dirty && (options.stateDirMade !== false || exists(joinPath(dir, STATE_DIR)))) words.write();
  else if (!dirty && check && !trust) writeCardCheck(dir, { ...check, cache: old.stamp });
  return catalogOf(dir, records, words, viewOut, shards);
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
    mayRetire: () => cards.filter(mayRetireRecord),
    episodeShards: shards,
    ...view ? { view } : {}
  };
}
function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
}
var byName = (a, b) => a < b ? -1 : a > b ? 1 : 0;
export {
  CARD_CACHE,
  CARD_WORDS,
  readCardCatalog,
  readFresh
};
