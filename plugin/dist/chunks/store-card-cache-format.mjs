import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  cardHead,
  countTerms,
  encodeTermCounts,
  terms
} from "./core-search-terms.mjs";
import {
  lexicalProblem
} from "./store-safe-open.mjs";
import {
  listCardFiles,
  storeUnavailable
} from "./store-history.mjs";
import {
  parseIndex,
  readHold
} from "./core-index-file.mjs";
import {
  cardType,
  parseCard
} from "./core-card.mjs";
import {
  realDir,
  replaceFile
} from "./store-lock.mjs";
import {
  EPISODES_SUMMARY_FILE,
  INDEX_FILE,
  STATE_DIR,
  joinPath
} from "./config-config.mjs";
import {
  exists,
  lstatIfExists,
  readRegular,
  readRegularUtf8,
  utf8Text
} from "./core-bytes.mjs";

// lib/store/card-cache-format.ts
var CARD_CACHE_VERSION = "memctl-card-cache 1";
function encodeCardCache(head, records, words) {
  const rows = records.map((r) => [
    r.file,
    r.stamp[0],
    r.stamp[1],
    r.stamp[2],
    r.readError ?? null,
    r.name ?? null,
    r.description ?? null,
    r.topics,
    r.priority ?? null,
    r.status ?? null,
    r.updated_at ?? null,
    r.type ?? null,
    r.firstLine,
    r.headBytes,
    r.bodyBytes
  ]);
  const text = `${CARD_CACHE_VERSION}
${JSON.stringify(head)}
${JSON.stringify(rows)}
`;
  return Buffer.concat([Buffer.from(text, "utf8"), words]);
}
function decodeCardCache(bytes) {
  try {
    const first = bytes.indexOf(10);
    if (first < 0 || bytes.toString("utf8", 0, first) !== CARD_CACHE_VERSION) return void 0;
    const second = bytes.indexOf(10, first + 1);
    const third = second < 0 ? -1 : bytes.indexOf(10, second + 1);
    if (third < 0) return void 0;
    const head = checkHead(JSON.parse(bytes.toString("utf8", first + 1, second)));
    const rows = JSON.parse(bytes.toString("utf8", second + 1, third));
    if (!head || !Array.isArray(rows)) return void 0;
    const records = [];
    const starts = [];
    let at = third + 1;
    for (const row of rows) {
      const r = checkRecord(row);
      if (!r) return void 0;
      starts.push(at - third - 1);
      const tab = at + r.headBytes;
      const end = tab + 1 + r.bodyBytes;
      if (end >= bytes.length || bytes[tab] !== 9 || bytes[end] !== 10) return void 0;
      records.push(r);
      at = end + 1;
    }
    if (at !== bytes.length) return void 0;
    return { head, records, words: bytes.subarray(third + 1), starts };
  } catch {
    return void 0;
  }
}
function isCardFileName(file) {
  if (typeof file !== "string" || lexicalProblem(file) !== void 0 || !file.endsWith(".md")) return false;
  if (file === INDEX_FILE || file === EPISODES_SUMMARY_FILE || file.startsWith("/")) return false;
  return file.split("/").every((s) => s !== "" && !s.startsWith("."));
}
function isDirName(dir) {
  return dir === "" || typeof dir === "string" && lexicalProblem(dir) === void 0 && !dir.startsWith("/") && dir.split("/").every((s) => s !== "" && !s.startsWith("."));
}
var num = (v) => typeof v === "number" && Number.isFinite(v);
var optStr = (v) => v === null || typeof v === "string";
var count = (v) => Number.isSafeInteger(v) && v >= 0;
function checkHead(v) {
  if (typeof v !== "object" || v === null) return void 0;
  const { index, linked, dirs } = v;
  if (index !== null && !(Array.isArray(index) && index.length === 4 && index.every(num))) return void 0;
  if (!Array.isArray(linked) || !linked.every((f) => typeof f === "string")) return void 0;
  if (!Array.isArray(dirs) || !dirs.every((d) => Array.isArray(d) && d.length === 2 && isDirName(d[0]) && num(d[1]))) return void 0;
  return { index, linked, dirs };
}
function checkRecord(v) {
  if (!Array.isArray(v) || v.length !== 15) return void 0;
  const [file, mtime, size, ctime, readError, name, description, topics, priority, status, updated, type, firstLine, headBytes, bodyBytes] = v;
  if (!isCardFileName(file) || !num(mtime) || !num(size) || !num(ctime)) return void 0;
  if (![readError, name, description, priority, status, updated, type].every(optStr)) return void 0;
  if (!Array.isArray(topics) || !topics.every((t) => typeof t === "string")) return void 0;
  if (!count(firstLine) || !count(headBytes) || !count(bodyBytes)) return void 0;
  const opt = (s) => s ?? void 0;
  return {
    file,
    stamp: [mtime, size, ctime],
    readError: opt(readError),
    name: opt(name),
    description: opt(description),
    topics,
    priority: opt(priority),
    status: opt(status),
    updated_at: opt(updated),
    type: opt(type),
    firstLine,
    headBytes,
    bodyBytes
  };
}

// lib/store/card-cache.ts
var CARD_CACHE = "card-cache";
var RACY_MS_FINE = 100;
var RACY_MS_COARSE = 2e3;
var CACHE_READ_CAP = 1 << 30;
async function readCardCatalog(dir) {
  try {
    return await readFresh(dir);
  } catch (err) {
    throw storeUnavailable(dir, err);
  }
}
async function readFresh(dir) {
  const cacheFile = joinPath(dir, STATE_DIR, CARD_CACHE);
  const old = openCache(cacheFile);
  const trusted = (s, mtimeMs) => old !== void 0 && s[0] === mtimeMs && !racy(s, old.mtimeMs, old.racyMs);
  const settles = (s) => old !== void 0 && !racy(s, Date.now(), old.racyMs);
  const { linked, index } = readLinks(dir, old);
  let dirty = old === void 0 || index !== old.head.index;
  let files;
  let dirs = [];
  if (old && old.head.dirs.length > 0 && old.head.dirs.every(([d, m]) => trusted([m, 0, m], dirMtime(dir, d)))) {
    files = old.records.map((r) => r.file);
    dirs = old.head.dirs;
  }
  if (!files) {
    const walked = [];
    files = (await listCardFiles(dir, "", walked)).sort(byName);
    dirs = walked.map((d) => [d, dirMtime(dir, d)]);
    const same = old !== void 0 && sameList(dirs, old.head.dirs) && sameList(files, old.records.map((r) => r.file));
    if (!same || dirs.some(([, m]) => racy([m], old.mtimeMs, old.racyMs) && settles([m]))) dirty = true;
  }
  const previous = new Map(old?.records.map((r, i) => [r.file, i]));
  const records = [];
  const words = [];
  for (const file of files) {
    const i = previous.get(file);
    const was = i === void 0 ? void 0 : old.records[i];
    const st = lstatIfExists(joinPath(dir, file));
    if (st && !st.isFile()) {
      dirty = true;
      continue;
    }
    if (was && !was.readError && st && sameStamp(was.stamp, st) && trusted(was.stamp, st.mtimeMs)) {
      records.push(was);
      words.push(i);
      continue;
    }
    if (!st) {
      dirty = true;
      continue;
    }
    const fresh = readRecord(dir, file);
    if (!was || !sameRecord(was, fresh.record) || old.wordsOf(i).compare(fresh.words) !== 0 || !fresh.record.readError && settles(fresh.record.stamp)) dirty = true;
    records.push(fresh.record);
    words.push(fresh.words);
  }
  if (records.length !== old?.records.length) dirty = true;
  if (!dirty) return catalogOf(dir, records, old.words, old.starts, linked);
  const all = joinWords(words, old);
  writeCache(dir, cacheFile, { index, linked: [...linked], dirs }, records, all.words);
  return catalogOf(dir, records, all.words, all.starts, linked);
}
function openCache(file) {
  let read;
  try {
    read = readRegular(file, CACHE_READ_CAP, { nofollow: true });
  } catch {
    return void 0;
  }
  const decoded = decodeCardCache(Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength));
  if (!decoded) return void 0;
  const { words, starts, records } = decoded;
  const mtimeMs = read.stat.mtimeMs;
  return {
    head: decoded.head,
    records,
    mtimeMs,
    racyMs: mtimeMs % 1e3 === 0 ? RACY_MS_COARSE : RACY_MS_FINE,
    words,
    starts,
    wordsOf: (i) => words.subarray(starts[i], starts[i] + records[i].headBytes + records[i].bodyBytes + 2)
  };
}
function readLinks(dir, old) {
  const file = joinPath(dir, INDEX_FILE);
  if (!exists(file)) return { linked: /* @__PURE__ */ new Set(), index: null };
  const st = lstatIfExists(file);
  const stamp = st?.isFile() ? [st.mtimeMs, st.size, st.ctimeMs, st.ino] : void 0;
  const cached = old?.head.index;
  if (stamp && cached && stamp.every((v, i) => v === cached[i]) && Math.max(stamp[0], stamp[2]) < old.mtimeMs - old.racyMs) return { linked: new Set(old.head.linked), index: cached };
  const entries = parseIndex(readRegularUtf8(file)).entries;
  return { linked: new Set(entries.map((e) => e.file.replace(/^\.\//, ""))), index: stamp ?? null };
}
function readRecord(dir, file) {
  let text;
  let st;
  try {
    const read = readRegular(joinPath(dir, file));
    text = utf8Text(read.bytes);
    st = read.stat;
  } catch (err) {
    const record2 = { file, stamp: [-1, -1, -1], readError: err.message, topics: [], type: cardType(file, { topics: [] }), firstLine: 1, headBytes: 0, bodyBytes: 0 };
    return { record: record2, words: Buffer.from("	\n") };
  }
  const card = parseCard(text);
  const m = card.meta;
  const head = Buffer.from(encodeTermCounts(countTerms(terms(cardHead(m)))), "utf8");
  const body = Buffer.from(encodeTermCounts(countTerms(terms(card.body))), "utf8");
  const record = {
    file,
    stamp: [st.mtimeMs, st.size, st.ctimeMs],
    name: m.name,
    description: m.description,
    topics: m.topics,
    priority: m.priority,
    status: m.status,
    updated_at: m.updated_at,
    type: cardType(file, m),
    firstLine: text.slice(0, text.length - card.body.length).split("\n").length,
    headBytes: head.length,
    bodyBytes: body.length
  };
  return { record, words: Buffer.concat([head, Buffer.from("	"), body, Buffer.from("\n")]) };
}
function joinWords(words, old) {
  const parts = [];
  const starts = [];
  let at = 0;
  for (let k = 0; k < words.length; ) {
    const w = words[k];
    if (typeof w !== "number") {
      parts.push(w);
      starts.push(at);
      at += w.length;
      k++;
      continue;
    }
    let end = k + 1;
    while (end < words.length && words[end] === words[end - 1] + 1) end++;
    for (let j = k; j < end; j++) starts.push(at + old.starts[words[j]] - old.starts[w]);
    const last = words[end - 1];
    const slice = old.words.subarray(old.starts[w], old.starts[last] + old.wordsOf(last).length);
    parts.push(slice);
    at += slice.length;
    k = end;
  }
  return { words: Buffer.concat(parts), starts };
}
function catalogOf(dir, records, all, starts, linked) {
  const hold = readHold(dir);
  const keep = records.map((r, i) => i).filter((i) => !hold?.held(records[i].file));
  return {
    dir,
    cards: keep.map((i) => records[i]),
    linked,
    wordCounts(wanted) {
      const found = new Array(records.length);
      for (const word of new Set(wanted)) {
        const needle = Buffer.from(` ${word}:`, "utf8");
        for (let at = all.indexOf(needle); at >= 0; at = all.indexOf(needle, at + needle.length)) {
          const i = lastAtOrBefore(starts, at);
          let n = 0;
          for (let p = at + needle.length; all[p] >= 48 && all[p] <= 57; p++) n = n * 10 + all[p] - 48;
          const counts = found[i] ??= { head: /* @__PURE__ */ new Map(), body: /* @__PURE__ */ new Map() };
          (at < starts[i] + records[i].headBytes ? counts.head : counts.body).set(word, n);
        }
      }
      return keep.map((i) => found[i]);
    }
  };
}
function writeCache(dir, file, head, records, words) {
  try {
    realDir(dir, STATE_DIR);
    replaceFile(file, encodeCardCache(head, records, words), `${file}.${process.pid}.tmp`);
  } catch {
  }
}
function lastAtOrBefore(starts, at) {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
function racy(s, at, racyMs) {
  return Math.max(s[0], s[2] ?? s[0]) >= at - racyMs;
}
function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
}
function dirMtime(dir, rel) {
  const st = lstatIfExists(rel === "" ? dir : joinPath(dir, rel));
  return st?.isDirectory() ? st.mtimeMs : -1;
}
function sameStamp(s, st) {
  return s[0] === st.mtimeMs && s[1] === st.size && s[2] === st.ctimeMs;
}
function sameRecord(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
var byName = (a, b) => a < b ? -1 : a > b ? 1 : 0;

export {
  readCardCatalog
};
