// lib/rank-cache/build.ts
import path from "node:path";
import { buildPostings, fieldAverages, toPostingList } from "../rank/postings.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { parseIndex } from "../core/index-file.js";
import { encodeCache } from "./encode.js";
import { utf8Bytes } from "../core/block.js";
import { normalizeCardPath, printedLine, rankEntryOf, readCardFields } from "./card-fields.js";
import { openCache, parseReuseLine, parseSlimEntry, RANK_CACHE } from "./read.js";
import { cardStamp, escapesStore, indexRecord, sameStamp, stampOf } from "./stamps.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "../store/paths.js";
import { isMeasurable } from "../usage/format.js";
import { lstatIfExists, utimes } from "../store/checked-fs.js";
import { readIndexText } from "../store/index-read.js";
import { parentMtimeAfterMade, realDir, replaceFile } from "../store/safe-write.js";
import { journalMark } from "../store/write-journal.js";
import { lineHashLanes, lineKeyLanes } from "../core/line-key.js";
import { normalizeCardPath as normalizeCardPath2 } from "./card-fields.js";
var RACY_MS_FINE = 100;
var RACY_MS_COARSE = 2e3;
function racy(sources, nowMs) {
  let newest = -Infinity;
  let coarse = true;
  for (const m of sources) {
    if (m > newest) newest = m;
    if (m > 0 && m % 1e3 !== 0) coarse = false;
  }
  return nowMs - newest <= (coarse ? RACY_MS_COARSE : RACY_MS_FINE);
}
function reusable(memoryDir) {
  const out = { cards: /* @__PURE__ */ new Map(), lines: /* @__PURE__ */ new Map() };
  const previous = openCache(memoryDir);
  if (!previous) return out;
  const { view, header } = previous;
  const split = (s) => s === "" ? [] : s.split(" ");
  try {
    view.allFiles();
    for (let id = 0; id < view.n; id++) {
      const [, priority, status, expires, raw] = parseSlimEntry(view.entry(id));
      const [topics, tTitle, tTopics, tHook, tRecall, tBody, mark] = parseReuseLine(view.reuse(id));
      const file = view.file(id);
      out.cards.set(file, {
        stamp: view.stamp(id),
        ...priority ? { priority } : {},
        ...status ? { status } : {},
        ...expires ? { expires_at: expires } : {},
        topics,
        topicTerms: split(tTopics),
        recallTerms: split(tRecall),
        bodyTerms: split(tBody),
        ...mark ? { mark } : {},
        ...header.scope?.[id] ? { scope: header.scope[id] } : {}
      });
      out.lines.set(`${file}
${raw}`, { title: split(tTitle), hook: split(tHook) });
    }
  } catch {
    return { cards: /* @__PURE__ */ new Map(), lines: /* @__PURE__ */ new Map() };
  }
  return out;
}
async function rebuild(memoryDir, indexStat, options) {
  const journal = journalMark(memoryDir);
  const { text, truncated } = readIndexText(path.join(memoryDir, INDEX_FILE));
  const parsed = parseIndex(text);
  const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
  const old = reusable(memoryDir);
  const fields = /* @__PURE__ */ new Map();
  const stamps = /* @__PURE__ */ new Map();
  for (const file of files) {
    const stamp = cardStamp(memoryDir, file);
    stamps.set(file, stamp);
    if (escapesStore(file)) continue;
    const prior = old.cards.get(file);
    if (prior && sameStamp(prior.stamp, stamp) && stamp[0] !== -1) {
      fields.set(file, prior);
      continue;
    }
    const read = await readCardFields(memoryDir, file);
    if (read) fields.set(file, read);
  }
  const entries = parsed.entries.map((e) => {
    const file = normalizeCardPath(e.file);
    return rankEntryOf(e, file, fields.get(file) ?? { topics: [] }, old.lines.get(`${file}
${e.raw}`));
  });
  const avg = fieldAverages(entries);
  const postings = buildPostings(entries, avg);
  const always = entries.flatMap((e, i) => e.priority === "always" ? [i] : []);
  const printed = entries.map(printedLine);
  const byId = (id) => entries[id];
  const scoped = entries.flatMap((e, id) => e.scope ? [[id, e.scope]] : []);
  const store = {
    index: {
      size: entries.length,
      entry: byId,
      file: (id) => entries[id].file,
      idsLinking: (files2) => {
        const wanted = new Set(files2);
        return entries.flatMap((e, id) => wanted.has(e.file) ? [id] : []);
      },
      sinkFields: byId,
      postings: (t) => postings.has(t) ? toPostingList(postings.get(t)) : void 0,
      alwaysIds: always,
      lineBytes: (id) => utf8Bytes(printed[id]),
      lineText: (id) => printed[id],
      scoped: () => scoped
    },
    unparsed: parsed.unparsed,
    entryCount: entries.length,
    cardCount: files.length,
    cache: "uncached",
    plainFiles: files.length === entries.length && files.every(isMeasurable),
    stamp: (file) => stamps.get(file),
    verified: false,
    // read from the files just now: inject.ts re-checks only cached stores
    ...truncated ? { truncated } : {}
  };
  if (options.writeCache === false) return store;
  const stateDir = joinPath(memoryDir, STATE_DIR);
  try {
    if (options.createStateDir === false && lstatIfExists(stateDir) === void 0) return store;
    realDir(memoryDir, STATE_DIR);
  } catch {
    return store;
  }
  const dirSet = /* @__PURE__ */ new Set([""]);
  for (const f of files) {
    const d = path.posix.dirname(f);
    if (d !== "." && !d.startsWith("..") && !path.isAbsolute(d)) dirSet.add(d);
  }
  const dirs = [...dirSet].sort().map((rel) => [rel, stampOf(path.join(memoryDir, rel))[0]]);
  const ownMtime = parentMtimeAfterMade(stateDir);
  const ownChange = (rel, mtime) => rel === "" && ownMtime === mtime;
  const sources = [indexStat.mtimeMs, ...dirs.filter(([rel, m]) => !ownChange(rel, m)).map(([, m]) => m), ...[...stamps.values()].map(([m]) => m)];
  if (racy(sources, options.nowMs)) return store;
  const prio = entries.map((e) => e.priority === "always" ? "a" : e.priority === "low" ? "l" : "n").join("");
  const status = {};
  const expires = {};
  const scope = {};
  for (const [id, list] of scoped) scope[id] = list;
  entries.forEach((e, id) => {
    if (e.status && e.status !== "active") status[id] = e.status;
    if (e.expires_at) expires[id] = e.expires_at;
  });
  const seed = globalThis.crypto.getRandomValues(new Uint32Array(2));
  const header = {
    id: Math.random().toString(36).slice(2) + options.nowMs.toString(36),
    seed: [seed[0], seed[1]],
    avg,
    index: indexRecord(indexStat),
    dirs,
    n: entries.length,
    cards: files.length,
    always,
    prio,
    status,
    expires,
    ...scoped.length > 0 ? { scope } : {},
    unparsed: parsed.unparsed.map((u) => [u.line, u.raw, u.reason]),
    ...truncated ? { truncated: [truncated.lines, truncated.bytes, truncated.totalBytes] } : {},
    plainFiles: store.plainFiles,
    ...journal ? { journal } : {}
  };
  const slim = entries.map((e) => JSON.stringify([e.line, e.priority ?? "", e.status ?? "", e.expires_at ?? "", e.raw]));
  header.pinned = always.map((id) => printed[id]);
  header.pinnedFiles = always.map((id) => entries[id].file);
  const encoded = encodeCache(TOKENIZER_VERSION, {
    header,
    entries: slim,
    printed,
    reuse: entries.map(
      (e) => JSON.stringify([
        e.topics,
        e.terms.title.join(" "),
        e.terms.topics.join(" "),
        e.terms.hook.join(" "),
        (e.terms.recall ?? []).join(" "),
        (e.terms.body ?? []).join(" "),
        e.mark ?? ""
      ])
    ),
    files: entries.map((e) => e.file),
    stamps: entries.map((e) => stamps.get(e.file)),
    lineBytes: printed.map((line) => utf8Bytes(line)),
    lineKeys: printed.map(lineKeyLanes),
    rawKeys: entries.map((e) => lineHashLanes(e.raw, header.seed)),
    lines: entries.map((e) => e.line),
    terms: [...postings.keys()].sort().map((t) => [t, postings.get(t)])
  });
  if (writeCacheFile(stateDir, encoded, options.nowMs)) store.cache = "rebuilt";
  return store;
}
function writeCacheFile(stateDir, text, checkedMs, name = RANK_CACHE) {
  const file = path.join(stateDir, name);
  const tmp = path.join(stateDir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    replaceFile(file, text, tmp);
  } catch {
    return false;
  }
  try {
    utimes(file, checkedMs);
  } catch {
  }
  return true;
}
export {
  normalizeCardPath2 as normalizeCardPath,
  racy,
  rebuild,
  writeCacheFile
};
