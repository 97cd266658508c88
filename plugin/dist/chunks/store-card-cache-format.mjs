import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  cardHead,
  countTerms,
  encodeTermCounts,
  terms
} from "./core-search-terms.mjs";
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
  sha256Hex
} from "./config-project.mjs";
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
var CARD_CACHE_VERSION = "memctl-card-cache 4";
var NUMBERS = 7;
function encodeCardCache(head, records) {
  const rows = records.map((r) => [
    r.file,
    r.readError ?? null,
    r.name ?? null,
    r.description ?? null,
    r.topics,
    r.priority ?? null,
    r.status ?? null,
    r.updated_at ?? null,
    r.type ?? null,
    r.provenance ? [r.provenance.kind ?? null, r.provenance.confidence ?? null, r.provenance.source ?? null] : null,
    r.problems,
    r.scope ?? null,
    r.sha256 ?? null
  ]);
  const json = `${CARD_CACHE_VERSION}
${asciiJson(head)}
${asciiJson(rows)}
`;
  const numbers = Buffer.alloc(records.length * NUMBERS * 8);
  records.forEach((r, i) => {
    const at = i * NUMBERS * 8;
    const values = [r.stamp[0], r.stamp[1], r.stamp[2], r.firstLine, r.headBytes, r.bodyBytes, r.linked ? 1 : 0];
    for (let k = 0; k < NUMBERS; k++) numbers.writeDoubleLE(values[k], at + k * 8);
  });
  return Buffer.concat([Buffer.from(json, "latin1"), numbers]);
}
function asciiJson(value) {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function decodeCardCache(bytes) {
  try {
    const first = bytes.indexOf(10);
    if (first < 0 || bytes.toString("latin1", 0, first) !== CARD_CACHE_VERSION) return void 0;
    const second = bytes.indexOf(10, first + 1);
    const third = second < 0 ? -1 : bytes.indexOf(10, second + 1);
    if (third < 0) return void 0;
    const head = checkHead(JSON.parse(bytes.toString("latin1", first + 1, second)));
    const rows = JSON.parse(bytes.toString("latin1", second + 1, third));
    if (!head || !Array.isArray(rows) || bytes.length - third - 1 !== rows.length * NUMBERS * 8) return void 0;
    const records = new Array(rows.length);
    for (let i = 0, at = third + 1; i < rows.length; i++, at += NUMBERS * 8) {
      const r = checkRecord(rows[i], bytes, at);
      if (!r) return void 0;
      records[i] = r;
    }
    return { head, records };
  } catch {
    return void 0;
  }
}
function encodeCardWords(token, words) {
  return Buffer.concat([Buffer.from(`${CARD_CACHE_VERSION} ${token}
`, "utf8"), words]);
}
function decodeCardWords(bytes, token, records) {
  const first = bytes.indexOf(10);
  if (first < 0 || bytes.toString("latin1", 0, first) !== `${CARD_CACHE_VERSION} ${token}`) return void 0;
  const words = bytes.subarray(first + 1);
  const starts = new Array(records.length);
  let at = 0;
  for (let i = 0; i < records.length; i++) {
    starts[i] = at;
    const tab = at + records[i].headBytes;
    at = tab + 1 + records[i].bodyBytes;
    if (at >= words.length || words[tab] !== 9 || words[at] !== 10) return void 0;
    at++;
  }
  return at === words.length ? { words, starts } : void 0;
}
var SEGMENT = String.raw`[^./\\\u0000-\u001f\u007f][^/\\\u0000-\u001f\u007f]*`;
var CARD_NAME = new RegExp(String.raw`^(?:${SEGMENT}/)*${SEGMENT}\.md$`);
var DIR_NAME = new RegExp(`^(?:${SEGMENT}/)*${SEGMENT}$`);
function isCardFileName(file) {
  return typeof file === "string" && CARD_NAME.test(file) && file !== INDEX_FILE && file !== EPISODES_SUMMARY_FILE;
}
function isDirName(dir) {
  return dir === "" || typeof dir === "string" && DIR_NAME.test(dir);
}
var num = (v) => typeof v === "number" && Number.isFinite(v);
var optStr = (v) => v === null || typeof v === "string";
var count = (v) => Number.isSafeInteger(v) && v >= 0;
function checkHead(v) {
  if (typeof v !== "object" || v === null) return void 0;
  const { index, linkedOther, dirs, words } = v;
  if (index !== null && !(Array.isArray(index) && index.length === 4 && index.every(num))) return void 0;
  if (!Array.isArray(linkedOther) || !linkedOther.every((f) => typeof f === "string")) return void 0;
  if (!Array.isArray(dirs) || !dirs.every((d) => Array.isArray(d) && d.length === 2 && isDirName(d[0]) && num(d[1]))) return void 0;
  if (words !== null && !(typeof words === "string" && /^[0-9a-z-]{1,64}$/.test(words))) return void 0;
  return { index, linkedOther, dirs, words };
}
function checkRecord(v, bytes, at) {
  if (!Array.isArray(v) || v.length !== 13) return void 0;
  const [file, readError, name, description, topics, priority, status, updated, type, prov, problems, scope, sha256] = v;
  if (!isCardFileName(file) || !optStr(readError) || !optStr(name) || !optStr(description) || !optStr(priority) || !optStr(status) || !optStr(updated) || !optStr(type))
    return void 0;
  if (!Array.isArray(topics) || !topics.every((t) => typeof t === "string")) return void 0;
  if (!Array.isArray(problems) || !problems.every((t) => typeof t === "string")) return void 0;
  if (scope !== null && !(Array.isArray(scope) && scope.every((t) => typeof t === "string"))) return void 0;
  if (sha256 !== null && !(typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256))) return void 0;
  const provenance = checkProvenance(prov);
  if (provenance === false) return void 0;
  const mtime = bytes.readDoubleLE(at);
  const size = bytes.readDoubleLE(at + 8);
  const ctime = bytes.readDoubleLE(at + 16);
  const firstLine = bytes.readDoubleLE(at + 24);
  const headBytes = bytes.readDoubleLE(at + 32);
  const bodyBytes = bytes.readDoubleLE(at + 40);
  const linked = bytes.readDoubleLE(at + 48);
  if (!num(mtime) || !num(size) || !num(ctime) || !count(firstLine) || !count(headBytes) || !count(bodyBytes) || linked !== 0 && linked !== 1) return void 0;
  return {
    file,
    stamp: [mtime, size, ctime],
    readError: readError ?? void 0,
    name: name ?? void 0,
    description: description ?? void 0,
    topics,
    priority: priority ?? void 0,
    status: status ?? void 0,
    updated_at: updated ?? void 0,
    type: type ?? void 0,
    firstLine,
    headBytes,
    bodyBytes,
    linked: linked === 1,
    provenance,
    problems,
    scope: scope ?? void 0,
    sha256: sha256 ?? void 0
  };
}
function checkProvenance(v) {
  if (v === null) return void 0;
  if (!Array.isArray(v) || v.length !== 3) return false;
  const [kind, confidence, source] = v;
  if (kind !== null && kind !== "fact" && kind !== "inference" && kind !== "unverified") return false;
  if (confidence !== null && !num(confidence)) return false;
  if (!optStr(source)) return false;
  return { kind: kind ?? void 0, confidence: confidence ?? void 0, source: source ?? void 0 };
}

// lib/store/card-words.ts
var CARD_CACHE = "card-cache";
var CARD_WORDS = "card-words";
var CACHE_READ_CAP = 1 << 30;
function readRecord(dir, file) {
  let text;
  let st;
  let sha256;
  try {
    const read = readRegular(joinPath(dir, file));
    text = utf8Text(read.bytes);
    st = read.stat;
    sha256 = sha256Hex(read.bytes);
  } catch (err) {
    const record2 = {
      file,
      stamp: [-1, -1, -1],
      readError: err.message,
      topics: [],
      type: cardType(file, { topics: [] }),
      firstLine: 1,
      headBytes: 0,
      bodyBytes: 0,
      linked: false,
      problems: []
    };
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
    bodyBytes: body.length,
    linked: false,
    provenance: m.provenance,
    problems: [...card.errors, ...card.warnings].map((p) => p.message),
    scope: m.scope,
    sha256
  };
  return { record, words: Buffer.concat([head, Buffer.from("	"), body, Buffer.from("\n")]) };
}
var CardWords = class {
  constructor(dir, old, records, from, fresh) {
    this.dir = dir;
    this.old = old;
    this.records = records;
    this.from = from;
    this.fresh = fresh;
    this.repaired = false;
    this.writing = false;
  }
  get() {
    if (this.joined) return this.joined;
    const old = this.from.some((i) => i >= 0) ? this.readOld() : void 0;
    const aligned = old && this.fresh.size === 0 && this.from.length === this.old.records.length && this.from.every((i, k) => i === k);
    this.joined = aligned ? old : this.join(old);
    if (this.repaired && !this.writing) this.write(this.old.head);
    return this.joined;
  }
  readOld() {
    const token = this.old.head.words;
    let found;
    try {
      const records = this.old.records;
      if (token !== null) found = memoByStamp(joinPath(this.dir, STATE_DIR, CARD_WORDS), (bytes) => decodeCardWords(bytes, token, records));
    } catch {
      found = void 0;
    }
    if (!found) this.repaired = true;
    return found;
  }
  /** The words in record order: old ones copied in runs, the rest fresh (or read again when the old are lost). */
  join(old) {
    const parts = [];
    const starts = [];
    let at = 0;
    const push = (b) => {
      parts.push(b);
      at += b.length;
    };
    for (let k = 0; k < this.from.length; ) {
      const i = this.from[k];
      if (i < 0 || !old) {
        starts.push(at);
        push(this.fresh.get(k) ?? readRecord(this.dir, this.records[k].file).words);
        k++;
        continue;
      }
      let end = k + 1;
      while (end < this.from.length && this.from[end] === this.from[end - 1] + 1) end++;
      for (let j = k; j < end; j++) starts.push(at + old.starts[this.from[j]] - old.starts[i]);
      const last = this.from[end - 1];
      const r = this.old.records[last];
      push(old.words.subarray(old.starts[i], old.starts[last] + r.headBytes + r.bodyBytes + 2));
      k = end;
    }
    return { words: Buffer.concat(parts), starts };
  }
  /** Both files, words first: a reader between the two renames finds a token that does not match, never wrong words. */
  write(head) {
    this.writing = true;
    const { words } = this.get();
    const token = `${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    try {
      const state = realDir(this.dir, STATE_DIR);
      replaceFile(joinPath(state, CARD_WORDS), encodeCardWords(token, words), joinPath(state, `${CARD_WORDS}.${process.pid}.tmp`));
      replaceFile(joinPath(state, CARD_CACHE), encodeCardCache({ ...head, words: token }, this.records), joinPath(state, `${CARD_CACHE}.${process.pid}.tmp`));
    } catch {
    }
  }
};
var decodedByFile = /* @__PURE__ */ new Map();
function memoByStamp(file, decode) {
  const key = (s) => `${s.mtimeMs}:${s.size}:${s.ctimeMs}:${s.ino}`;
  try {
    const seen = decodedByFile.get(file);
    const now = lstatIfExists(file);
    if (seen && now?.isFile() && seen.stamp === key(now)) return seen.value;
    const { bytes, stat } = readRegular(file, CACHE_READ_CAP, { nofollow: true });
    const value = decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), stat);
    if (value === void 0) decodedByFile.delete(file);
    else decodedByFile.set(file, { stamp: key(stat), value });
    return value;
  } catch {
    return void 0;
  }
}

// lib/store/card-cache.ts
var RACY_MS_FINE = 100;
var RACY_MS_COARSE = 2e3;
async function readCardCatalog(dir) {
  try {
    return await readFresh(dir);
  } catch (err) {
    throw storeUnavailable(dir, err);
  }
}
async function readFresh(dir) {
  const old = openCache(joinPath(dir, STATE_DIR, CARD_CACHE));
  const trusted = (s, mtimeMs) => old !== void 0 && s[0] === mtimeMs && !racy(s, old.mtimeMs, old.racyMs);
  const settles = (s) => old !== void 0 && !racy(s, Date.now(), old.racyMs);
  const links = readLinks(dir, old);
  let dirty = old === void 0 || links.set !== void 0;
  let files;
  let dirs = [];
  if (old && old.head.dirs.length > 0 && old.head.dirs.every(([d, m]) => trusted([m, 0, m], dirMtime(dir, d)))) {
    files = old.records.map((r) => r.file);
    dirs = old.head.dirs;
  }
  const listed = files !== void 0;
  if (!files) {
    const walked = [];
    files = (await listCardFiles(dir, "", walked)).sort(byName);
    dirs = walked.map((d) => [d, dirMtime(dir, d)]);
    const same = old !== void 0 && sameList(dirs, old.head.dirs) && sameList(
      files,
      old.records.map((r) => r.file)
    );
    if (!same || dirs.some(([, m]) => racy([m], old.mtimeMs, old.racyMs) && settles([m]))) dirty = true;
  }
  const position = listed ? void 0 : new Map(old?.records.map((r, i) => [r.file, i]));
  const otherLinks = new Set(links.set ? [] : old.head.linkedOther);
  const records = [];
  const from = [];
  const fresh = /* @__PURE__ */ new Map();
  for (let k = 0; k < files.length; k++) {
    const file = files[k];
    const i = listed ? k : position.get(file);
    const was = i === void 0 ? void 0 : old.records[i];
    const st = lstatIfExists(joinPath(dir, file));
    if (!st || !st.isFile()) {
      dirty = true;
      if (was?.linked) otherLinks.add(file);
      continue;
    }
    if (was && !was.readError && sameStamp(was.stamp, st) && trusted(was.stamp, st.mtimeMs)) {
      records.push(links.set && was.linked !== links.set.has(file) ? { ...was, linked: !was.linked } : was);
      from.push(i);
      continue;
    }
    const read = readRecord(dir, file);
    read.record.linked = links.set ? links.set.has(file) : was ? was.linked : otherLinks.delete(file);
    if (!was || !sameRecord(was, read.record) || !read.record.readError && settles(read.record.stamp)) dirty = true;
    fresh.set(records.length, read.words);
    records.push(read.record);
    from.push(-1);
  }
  if (!listed && old) {
    const now = new Set(files);
    for (const r of old.records) if (r.linked && !now.has(r.file)) otherLinks.add(r.file);
  }
  if (records.length !== old?.records.length) dirty = true;
  const words = new CardWords(dir, old, records, from, fresh);
  if (dirty) {
    const cards = links.set && new Set(records.map((r) => r.file));
    const linkedOther = links.set ? [...links.set].filter((f) => !cards.has(f)) : [...otherLinks];
    words.write({ index: links.index, linkedOther, dirs, words: null });
  }
  return catalogOf(dir, records, words);
}
function openCache(file) {
  return memoByStamp(file, (bytes, stat) => {
    const decoded = decodeCardCache(bytes);
    if (!decoded) return void 0;
    return { ...decoded, mtimeMs: stat.mtimeMs, racyMs: stat.mtimeMs % 1e3 === 0 ? RACY_MS_COARSE : RACY_MS_FINE };
  });
}
function readLinks(dir, old) {
  const file = joinPath(dir, INDEX_FILE);
  if (!exists(file)) return { set: /* @__PURE__ */ new Set(), index: null };
  const st = lstatIfExists(file);
  const stamp = st?.isFile() ? [st.mtimeMs, st.size, st.ctimeMs, st.ino] : void 0;
  const cached = old?.head.index;
  if (stamp && cached && stamp.every((v, i) => v === cached[i]) && !racy(stamp, old.mtimeMs, old.racyMs)) return { index: cached };
  const entries = parseIndex(readRegularUtf8(file)).entries;
  return { set: new Set(entries.map((e) => e.file.replace(/^\.\//, ""))), index: stamp ?? null };
}
function catalogOf(dir, records, cardWords) {
  const hold = readHold(dir);
  const keep = hold ? records.flatMap((r, i) => hold.held(r.file) ? [] : [i]) : void 0;
  return {
    dir,
    cards: keep ? keep.map((i) => records[i]) : records,
    wordCounts(wanted) {
      const { words: all, starts } = cardWords.get();
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
      return keep ? keep.map((i) => found[i]) : found;
    }
  };
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
