import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  cardHead,
  countTerms,
  encodeTermCounts,
  terms
} from "./core-search-terms.mjs";
import {
  readCardCheck
} from "./store-full-check.mjs";
import {
  journalSince
} from "./store-write-journal.mjs";
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
} from "./core-sha256.mjs";
import {
  EPISODES_SHARD,
  EPISODES_SUMMARY_FILE,
  INDEX_FILE,
  STATE_DIR,
  joinPath
} from "./store-paths.mjs";
import {
  close,
  lstatIfExists,
  openRegular,
  readFullyAt,
  readRegular,
  utf8Text
} from "./core-bytes.mjs";

// lib/store/card-record.ts
function encodeRow(r) {
  const row = [
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
  ];
  return JSON.stringify(row).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
var FLAG_LINKED = 1;
var FLAG_READ_ERROR = 2;
var FLAG_ALWAYS = 4;
var FLAG_SHA = 8;
function flagsOf(r) {
  if (r instanceof StoredCard && r.flagsHold) return r.flags & ~FLAG_LINKED | (r.linked ? FLAG_LINKED : 0);
  return (r.linked ? FLAG_LINKED : 0) | (r.readError !== void 0 ? FLAG_READ_ERROR : 0) | (r.priority === "always" ? FLAG_ALWAYS : 0) | (r.sha256 !== void 0 ? FLAG_SHA : 0);
}
var StoredCard = class {
  constructor(file, numbers, at, linked, rows, rowStart, reread) {
    this.file = file;
    this.numbers = numbers;
    this.at = at;
    this.linked = linked;
    this.rows = rows;
    this.rowStart = rowStart;
    this.reread = reread;
    this.edited = false;
  }
  get stamp() {
    return [this.numbers[this.at], this.numbers[this.at + 1], this.numbers[this.at + 2]];
  }
  get firstLine() {
    return this.numbers[this.at + 3];
  }
  get headBytes() {
    return this.numbers[this.at + 4];
  }
  get bodyBytes() {
    return this.numbers[this.at + 5];
  }
  /** FLAG_* bits. */
  get flags() {
    return this.numbers[this.at + 6];
  }
  get rowEnd() {
    return this.numbers[this.at + 8];
  }
  /** The row as stored, for copying into the next cache file without parsing it (undefined once a field was set). */
  get storedRow() {
    return this.edited ? void 0 : this.rows.subarray(this.rowStart, this.rowEnd);
  }
  /** Where the stored row is: its rows section and its span there (undefined once a field was set). */
  get storedSpan() {
    return this.edited ? void 0 : { rows: this.rows, start: this.rowStart, end: this.rowEnd };
  }
  /** Whether `flags` still describe the fields (no field was set): asked of every card, so no Buffer is made for it. */
  get flagsHold() {
    return !this.edited;
  }
  row() {
    this.parsed ??= checkRow(this.rows.toString("latin1", this.rowStart, this.rowEnd)) ?? this.reread(this.file);
    return this.parsed;
  }
  set(key, value) {
    this.row()[key] = value;
    this.edited = true;
  }
  get readError() {
    return this.parsed || this.flags & FLAG_READ_ERROR ? this.row().readError : void 0;
  }
  set readError(v) {
    this.set("readError", v);
  }
  get name() {
    return this.row().name;
  }
  set name(v) {
    this.set("name", v);
  }
  get description() {
    return this.row().description;
  }
  set description(v) {
    this.set("description", v);
  }
  get topics() {
    return this.row().topics;
  }
  set topics(v) {
    this.set("topics", v);
  }
  get priority() {
    return this.row().priority;
  }
  set priority(v) {
    this.set("priority", v);
  }
  get status() {
    return this.row().status;
  }
  set status(v) {
    this.set("status", v);
  }
  get updated_at() {
    return this.row().updated_at;
  }
  set updated_at(v) {
    this.set("updated_at", v);
  }
  get type() {
    return this.row().type;
  }
  set type(v) {
    this.set("type", v);
  }
  get provenance() {
    return this.row().provenance;
  }
  set provenance(v) {
    this.set("provenance", v);
  }
  get problems() {
    return this.row().problems;
  }
  set problems(v) {
    this.set("problems", v);
  }
  get scope() {
    return this.row().scope;
  }
  set scope(v) {
    this.set("scope", v);
  }
  get sha256() {
    return this.parsed || this.flags & FLAG_SHA ? this.row().sha256 : void 0;
  }
  set sha256(v) {
    this.set("sha256", v);
  }
};
function plainRecord(r) {
  const { file, stamp: stamp2, readError, name, description, topics, priority, status, updated_at, type, firstLine, headBytes, bodyBytes, linked, provenance, problems, scope, sha256 } = r;
  const out = { file, stamp: stamp2, topics, firstLine, headBytes, bodyBytes, linked, problems };
  const optional = { readError, name, description, priority, status, updated_at, type, provenance, scope, sha256 };
  for (const [k, v] of Object.entries(optional)) if (v !== void 0) out[k] = v;
  return out;
}
function sameRecord(a, b) {
  return JSON.stringify(plainRecord(a)) === JSON.stringify(plainRecord(b));
}
var num = (v) => typeof v === "number" && Number.isFinite(v);
var optStr = (v) => v === null || typeof v === "string";
var strings = (v) => Array.isArray(v) && v.every((t) => typeof t === "string");
function checkRow(text) {
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    return void 0;
  }
  if (!Array.isArray(v) || v.length !== 12) return void 0;
  const [readError, name, description, topics, priority, status, updated, type, prov, problems, scope, sha256] = v;
  if (!optStr(readError) || !optStr(name) || !optStr(description) || !optStr(priority) || !optStr(status) || !optStr(updated) || !optStr(type)) return void 0;
  if (!strings(topics) || !strings(problems) || scope !== null && !strings(scope)) return void 0;
  if (sha256 !== null && !(typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256))) return void 0;
  const provenance = checkProvenance(prov);
  if (provenance === false) return void 0;
  return {
    readError: readError ?? void 0,
    name: name ?? void 0,
    description: description ?? void 0,
    topics,
    priority: priority ?? void 0,
    status: status ?? void 0,
    updated_at: updated ?? void 0,
    type: type ?? void 0,
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

// lib/store/card-cache-format.ts
var CARD_CACHE_VERSION = "memctl-card-cache 7";
var NUMBERS = 9;
function encodeCardCache(file) {
  const { head, records, wordsAt } = file;
  const names = Buffer.from(records.map((r) => `${r.file}
`).join(""), "utf8");
  const rows = [];
  const numbers = new Float64Array(records.length * NUMBERS);
  let rowEnd = 0;
  let run;
  const flush = () => {
    if (run) rows.push(run.rows.subarray(run.start, run.end));
    run = void 0;
  };
  records.forEach((r, i) => {
    const span = r instanceof StoredCard ? r.storedSpan : void 0;
    if (span && run && span.rows === run.rows && span.start === run.end) run.end = span.end;
    else {
      flush();
      if (span) run = { ...span };
      else rows.push(Buffer.from(`${encodeRow(r)}
`, "latin1"));
    }
    rowEnd += span ? span.end - span.start : rows.at(-1).length;
    numbers.set([r.stamp[0], r.stamp[1], r.stamp[2], r.firstLine, r.headBytes, r.bodyBytes, flagsOf(r), wordsAt[i], rowEnd], i * NUMBERS);
  });
  flush();
  const sections = [names.length, rowEnd, file.extra.length, file.view.length, file.links.length];
  const top = `${CARD_CACHE_VERSION}
${asciiJson({ ...head, count: records.length, sections })}
`;
  const le = Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength);
  if (!LITTLE_ENDIAN) le.swap64();
  return Buffer.concat([Buffer.from(top, "latin1"), names, ...rows, file.extra, file.view, file.links, le]);
}
var LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
function asciiJson(value) {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
function decodeCardCache(bytes, reread = unreadableRow) {
  try {
    const top = decodeCacheTop(bytes, bytes.length);
    if (!top) return void 0;
    const { head, count, at } = top;
    const [namesLen, rowsLen, extraLen, viewLen, linksLen] = top.sections;
    const names = bytes.toString("utf8", at[0], at[0] + namesLen).split("\n");
    if (names.length !== count + 1 || names.pop() !== "" || !names.every((n, i) => isCardFileName(n) && (i === 0 || names[i - 1] < n))) return void 0;
    const numbers = new Float64Array(count * NUMBERS);
    const raw = Buffer.from(numbers.buffer);
    bytes.copy(raw, 0, at[NUMBERS_SECTION]);
    if (!LITTLE_ENDIAN) raw.swap64();
    const rows = bytes.subarray(at[1], at[1] + rowsLen);
    const records = new Array(count);
    const wordsAt = new Array(count);
    let rowStart = 0;
    for (let i = 0, k = 0; i < count; i++, k += NUMBERS) {
      const mtime = numbers[k];
      const size = numbers[k + 1];
      const ctime = numbers[k + 2];
      const firstLine = numbers[k + 3];
      const headBytes = numbers[k + 4];
      const bodyBytes = numbers[k + 5];
      const flags = numbers[k + 6];
      const words = numbers[k + 7];
      const rowEnd = numbers[k + 8];
      if (!num2(mtime) || !num2(size) || !num2(ctime) || !isCount(firstLine) || !isCount(headBytes) || !isCount(bodyBytes)) return void 0;
      if (!isCount(flags) || flags >= 16 || !(Number.isSafeInteger(words) || Number.isNaN(words)) || !isCount(rowEnd) || rowEnd <= rowStart || rowEnd > rowsLen || rows[rowEnd - 1] !== 10)
        return void 0;
      records[i] = new StoredCard(names[i], numbers, k, (flags & FLAG_LINKED) !== 0, rows, rowStart, reread);
      wordsAt[i] = words;
      rowStart = rowEnd;
    }
    if (rowStart !== rowsLen) return void 0;
    return {
      head,
      records,
      wordsAt,
      extra: bytes.subarray(at[2], at[2] + extraLen),
      view: bytes.subarray(at[3], at[3] + viewLen),
      links: bytes.subarray(at[4], at[4] + linksLen)
    };
  } catch {
    return void 0;
  }
}
var NUMBERS_SECTION = 5;
function decodeCacheTop(bytes, size) {
  try {
    const first = bytes.indexOf(10);
    if (first < 0 || bytes.toString("latin1", 0, first) !== CARD_CACHE_VERSION) return void 0;
    const second = bytes.indexOf(10, first + 1);
    if (second < 0) return void 0;
    const top = JSON.parse(bytes.toString("latin1", first + 1, second));
    const head = checkHead(top);
    const { count, sections } = top;
    if (!head || !isCount(count) || !Array.isArray(sections) || sections.length !== 5 || !sections.every(isCount)) return void 0;
    const at = [second + 1];
    for (const len of sections) at.push(at.at(-1) + len);
    if (size - at[NUMBERS_SECTION] !== count * NUMBERS * 8) return void 0;
    return { head, count, sections, at };
  } catch {
    return void 0;
  }
}
var RECORD_NUMBERS = NUMBERS;
var FLAGS_AT = 6;
var ROW_END_AT = 8;
function isAlways(r) {
  return r instanceof StoredCard && r.flagsHold ? (r.flags & FLAG_ALWAYS) !== 0 : r.priority === "always";
}
function isReadable(r) {
  return r instanceof StoredCard && r.flagsHold ? (r.flags & (FLAG_READ_ERROR | FLAG_SHA)) === FLAG_SHA : r.readError === void 0 && r.sha256 !== void 0;
}
function unreadableRow() {
  return { readError: "the card cache's row for this card is damaged", topics: [], problems: [] };
}
function encodeCardWords(token, words) {
  return Buffer.concat([Buffer.from(`${CARD_CACHE_VERSION} ${token}
`, "utf8"), words]);
}
function decodeCardWords(bytes, token) {
  const first = bytes.indexOf(10);
  if (first < 0 || bytes.toString("latin1", 0, first) !== `${CARD_CACHE_VERSION} ${token}`) return void 0;
  return bytes.subarray(first + 1);
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
var num2 = (v) => typeof v === "number" && Number.isFinite(v);
var isCount = (v) => Number.isSafeInteger(v) && v >= 0;
var stamp = (v, n) => Array.isArray(v) && v.length === n && v.every(num2);
function checkHead(v) {
  if (typeof v !== "object" || v === null) return void 0;
  const { index, linkedOther, dirs, words, view, shards, journal } = v;
  if (journal !== null && !(Array.isArray(journal) && journal.length === 2 && journal.every((n) => Number.isSafeInteger(n) && n >= -1))) return void 0;
  if (!Array.isArray(shards) || !shards.every((f) => typeof f === "string" && EPISODES_SHARD.test(f))) return void 0;
  if (index !== null && !stamp(index, 4)) return void 0;
  if (!Array.isArray(linkedOther) || !linkedOther.every((f) => typeof f === "string")) return void 0;
  if (!Array.isArray(dirs) || !dirs.every((d) => Array.isArray(d) && d.length === 2 && isDirName(d[0]) && num2(d[1]))) return void 0;
  if (words !== null && !(typeof words === "string" && /^[0-9a-z-]{1,64}$/.test(words))) return void 0;
  const viewHead = view;
  if (viewHead !== null && !(typeof viewHead === "object" && stamp(viewHead.index, 4))) return void 0;
  return {
    index,
    journal,
    linkedOther,
    dirs,
    words,
    view: viewHead && { index: viewHead.index },
    shards
  };
}

// lib/store/card-read.ts
var CACHE_READ_CAP = 1 << 30;
var NO_BYTES = Buffer.alloc(0);
function readRecord(dir, file, withWords = true) {
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
  const head = withWords ? Buffer.from(encodeTermCounts(countTerms(terms(cardHead(m)))), "utf8") : NO_BYTES;
  const body = withWords ? Buffer.from(encodeTermCounts(countTerms(terms(card.body))), "utf8") : NO_BYTES;
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
  return { record, ...withWords ? { words: Buffer.concat([head, Buffer.from("	"), body, Buffer.from("\n")]) } : {} };
}
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

// lib/store/card-terms-format.ts
var TERMS_VERSION = `${CARD_CACHE_VERSION} terms 1`;
function termHash(bytes, from = 0, to = bytes.length) {
  let h = 2166136261;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 16777619);
  return h >>> 0;
}
function decodeTermsHead(top, token, fileSize) {
  const first = top.indexOf(10);
  const second = first < 0 ? -1 : top.indexOf(10, first + 1);
  if (second < 0 || top.toString("latin1", 0, first) !== `${TERMS_VERSION} ${token}`) return void 0;
  try {
    const head = JSON.parse(top.toString("latin1", first + 1, second));
    const { lines, buckets, sections } = head;
    if (!isCount2(lines) || !isCount2(buckets) || buckets < 1 || (buckets & buckets - 1) !== 0) return void 0;
    if (!Array.isArray(sections) || sections.length !== 4 || !sections.every(isCount2)) return void 0;
    if (sections[0] !== lines * 12 || sections[1] !== (buckets + 1) * 4) return void 0;
    if (second + 1 + sections.reduce((a, b) => a + b, 0) !== fileSize) return void 0;
    return { head, start: second + 1 };
  } catch {
    return void 0;
  }
}
function findInBucket(entries, term) {
  const at = { p: 0 };
  while (at.p < entries.length) {
    const len = getVarint(entries, at);
    if (len === void 0 || at.p + len > entries.length) return void 0;
    const same = len === term.length && entries.compare(term, 0, len, at.p, at.p + len) === 0;
    at.p += len;
    const start = getVarint(entries, at);
    const length = getVarint(entries, at);
    if (start === void 0 || length === void 0) return void 0;
    if (same) return [start, length];
  }
  return null;
}
function decodePostings(bytes, lines) {
  const out = { line: [], head: [], body: [] };
  const at = { p: 0 };
  let line = 0;
  while (at.p < bytes.length) {
    const delta = getVarint(bytes, at);
    const head = getVarint(bytes, at);
    const body = getVarint(bytes, at);
    if (delta === void 0 || head === void 0 || body === void 0) return void 0;
    line += delta;
    if (out.line.length > 0 && delta === 0 || line >= lines || head + body === 0) return void 0;
    out.line.push(line);
    out.head.push(head);
    out.body.push(body);
  }
  return out;
}
function getVarint(buf, at) {
  let v = 0;
  let scale = 1;
  for (; ; ) {
    if (at.p >= buf.length || scale > 2 ** 49) return void 0;
    const b = buf[at.p++];
    v += (b & 127) * scale;
    if (b < 128) return v;
    scale *= 128;
  }
}
var isCount2 = (v) => Number.isSafeInteger(v) && v >= 0;

// lib/store/card-terms-build.ts
var MAX_COUNT = 2 ** 31 - 2;
function encodeCardTerms(words, token) {
  if (words.length >= 2 ** 32) return void 0;
  const lines = [];
  const ids = new TermIds();
  let lastLine = new Int32Array(1024).fill(-1);
  let entryOf = new Int32Array(1024);
  let cap = Math.max(1 << 12, Math.ceil(words.length / 8));
  let eTerm = new Uint32Array(cap);
  let eLine = new Uint32Array(cap);
  let eHead = new Uint32Array(cap);
  let eBody = new Uint32Array(cap);
  let n = 0;
  for (let s = 0, j = 0; s < words.length; j++) {
    const tab = words.indexOf(9, s);
    const nl = words.indexOf(10, s);
    if (tab < 0 || nl < tab) return void 0;
    lines.push(s, tab - s, nl - tab - 1);
    for (let part = 0; part < 2; part++) {
      const to = part === 0 ? tab : nl;
      for (let p = part === 0 ? s : tab + 1; p < to; ) {
        if (words[p] !== 32) return void 0;
        let c = p + 1;
        let h = 2166136261;
        while (c < to && words[c] !== 58 && words[c] !== 32) h = Math.imul(h ^ words[c++], 16777619);
        if (c === p + 1 || c >= to || words[c] !== 58) return void 0;
        let d = c + 1;
        let count = 0;
        while (d < to && words[d] >= 48 && words[d] <= 57 && count <= MAX_COUNT) count = count * 10 + words[d++] - 48;
        if (d === c + 1 || count > MAX_COUNT || d < to && words[d] !== 32) return void 0;
        const before = ids.size;
        const id = ids.id(words, p + 1, c, h >>> 0);
        if (id === before) {
          if (id >= lastLine.length) {
            const grown = new Int32Array(lastLine.length * 2).fill(-1);
            grown.set(lastLine);
            lastLine = grown;
            const more = new Int32Array(entryOf.length * 2);
            more.set(entryOf);
            entryOf = more;
          }
        }
        if (lastLine[id] !== j) {
          if (n === cap) {
            cap *= 2;
            [eTerm, eLine, eHead, eBody] = [grow(eTerm, cap), grow(eLine, cap), grow(eHead, cap), grow(eBody, cap)];
          }
          lastLine[id] = j;
          entryOf[id] = n;
          eTerm[n] = id;
          eLine[n] = j;
          eHead[n] = 0;
          eBody[n] = 0;
          n++;
        }
        const e = entryOf[id];
        const target = part === 0 ? eHead : eBody;
        if (target[e] !== 0) return void 0;
        target[e] = count + 1;
        p = d;
      }
    }
    s = nl + 1;
  }
  return layOut(words, token, lines, ids.at, { n, eTerm, eLine, eHead, eBody });
}
var TermIds = class {
  constructor() {
    /** [start, end) of each term's first occurrence. */
    this.at = [];
    this.hashes = [];
    this.slots = new Int32Array(1 << 12).fill(-1);
  }
  get size() {
    return this.hashes.length;
  }
  id(words, from, to, hash) {
    const mask = this.slots.length - 1;
    let i = hash & mask;
    for (; this.slots[i] >= 0; i = i + 1 & mask) {
      const t2 = this.slots[i];
      if (this.hashes[t2] === hash && this.same(words, t2, from, to)) return t2;
    }
    const t = this.hashes.length;
    this.hashes.push(hash);
    this.at.push(from, to);
    this.slots[i] = t;
    if (this.hashes.length * 2 > this.slots.length) this.grow();
    return t;
  }
  grow() {
    const slots = new Int32Array(this.slots.length * 2).fill(-1);
    const mask = slots.length - 1;
    for (let t = 0; t < this.hashes.length; t++) {
      let i = this.hashes[t] & mask;
      while (slots[i] !== -1) i = i + 1 & mask;
      slots[i] = t;
    }
    this.slots = slots;
  }
  same(words, t, from, to) {
    const a = this.at[2 * t];
    if (this.at[2 * t + 1] - a !== to - from) return false;
    for (let k = 0; k < to - from; k++) if (words[a + k] !== words[from + k]) return false;
    return true;
  }
};
function layOut(words, token, lines, termAt, e) {
  const terms2 = termAt.length / 2;
  const prev = new Uint32Array(terms2);
  const postStart = new Float64Array(terms2 + 1);
  for (let i = 0; i < e.n; i++) {
    const t = e.eTerm[i];
    postStart[t + 1] += varintLength(e.eLine[i] - prev[t]) + varintLength(e.eHead[i]) + varintLength(e.eBody[i]);
    prev[t] = e.eLine[i];
  }
  for (let t = 0; t < terms2; t++) postStart[t + 1] += postStart[t];
  const postings = Buffer.allocUnsafe(postStart[terms2]);
  const cursor = postStart.slice(0, terms2);
  prev.fill(0);
  for (let i = 0; i < e.n; i++) {
    const t = e.eTerm[i];
    let at2 = putVarint(postings, cursor[t], e.eLine[i] - prev[t]);
    at2 = putVarint(postings, at2, e.eHead[i]);
    cursor[t] = putVarint(postings, at2, e.eBody[i]);
    prev[t] = e.eLine[i];
  }
  let buckets = 1;
  while (buckets * 4 < terms2) buckets *= 2;
  const bucketOf = new Uint32Array(terms2);
  const inBucket = new Uint32Array(buckets + 1);
  let dictSize = 0;
  for (let t = 0; t < terms2; t++) {
    const b = termHash(words, termAt[2 * t], termAt[2 * t + 1]) & buckets - 1;
    bucketOf[t] = b;
    inBucket[b + 1]++;
    const len = termAt[2 * t + 1] - termAt[2 * t];
    dictSize += varintLength(len) + len + varintLength(postStart[t]) + varintLength(postStart[t + 1] - postStart[t]);
  }
  for (let b = 0; b < buckets; b++) inBucket[b + 1] += inBucket[b];
  const slot = inBucket.slice(0, buckets);
  const byBucket = new Uint32Array(terms2);
  for (let t = 0; t < terms2; t++) byBucket[slot[bucketOf[t]]++] = t;
  const dict = Buffer.allocUnsafe(dictSize);
  const bucketTable = Buffer.allocUnsafe((buckets + 1) * 4);
  let at = 0;
  for (let b = 0, k = 0; b < buckets; b++) {
    bucketTable.writeUInt32LE(at, b * 4);
    for (; k < inBucket[b + 1]; k++) {
      const t = byBucket[k];
      const [from, to] = [termAt[2 * t], termAt[2 * t + 1]];
      at = putVarint(dict, at, to - from);
      at += words.copy(dict, at, from, to);
      at = putVarint(dict, at, postStart[t]);
      at = putVarint(dict, at, postStart[t + 1] - postStart[t]);
    }
  }
  bucketTable.writeUInt32LE(at, buckets * 4);
  const lineTable = Buffer.allocUnsafe(lines.length * 4);
  for (let i = 0; i < lines.length; i++) lineTable.writeUInt32LE(lines[i], i * 4);
  const head = { lines: lines.length / 3, buckets, sections: [lineTable.length, bucketTable.length, dict.length, postings.length] };
  return Buffer.concat([Buffer.from(`${TERMS_VERSION} ${token}
${JSON.stringify(head)}
`, "latin1"), lineTable, bucketTable, dict, postings]);
}
function grow(a, size) {
  const b = new Uint32Array(size);
  b.set(a);
  return b;
}
function varintLength(v) {
  let n = 1;
  while (v >= 128) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}
function putVarint(buf, at, v) {
  while (v >= 128) {
    buf[at++] = v % 128 | 128;
    v = Math.floor(v / 128);
  }
  buf[at++] = v;
  return at;
}

// lib/store/card-terms.ts
var CARD_TERMS = "card-terms";
var HEAD_BYTES = 4096;
var UNUSABLE = "unusable";
function readCardTerms(dir, token, wanted) {
  let fd;
  try {
    const opened = openRegular(joinPath(dir, STATE_DIR, CARD_TERMS), { nofollow: true });
    fd = opened.fd;
    const top = readFullyAt(fd, 0, Math.min(HEAD_BYTES, opened.stat.size));
    if (top.toString("latin1") === `${TERMS_VERSION} ${token}
${UNUSABLE}
`) return "scan";
    const found = decodeTermsHead(top, token, opened.stat.size);
    if (!found) return "build";
    const { head, start } = found;
    const [linesLength, bucketsLength, dictLength, postingsLength] = head.sections;
    const bucketsAt = start + linesLength;
    const dictAt = bucketsAt + bucketsLength;
    const postingsAt = dictAt + dictLength;
    const postings = /* @__PURE__ */ new Map();
    for (const word of new Set(wanted)) {
      const bytes = Buffer.from(word, "utf8");
      const bucket = readFullyAt(fd, bucketsAt + (termHash(bytes) & head.buckets - 1) * 4, 8);
      const [from, to] = [bucket.readUInt32LE(0), bucket.readUInt32LE(4)];
      if (to < from || to > dictLength) return "build";
      const at = findInBucket(readFullyAt(fd, dictAt + from, to - from), bytes);
      if (at === null) continue;
      if (at === void 0 || at[0] + at[1] > postingsLength) return "build";
      const decoded = decodePostings(readFullyAt(fd, postingsAt + at[0], at[1]), head.lines);
      if (!decoded) return "build";
      postings.set(word, decoded);
    }
    return { lines: readFullyAt(fd, start, linesLength), postings };
  } catch {
    return "build";
  } finally {
    if (fd !== void 0) close(fd);
  }
}
function hasCardTerms(dir, token) {
  let fd;
  try {
    const opened = openRegular(joinPath(dir, STATE_DIR, CARD_TERMS), { nofollow: true });
    fd = opened.fd;
    const top = readFullyAt(fd, 0, Math.min(HEAD_BYTES, opened.stat.size));
    return top.toString("latin1", 0, top.indexOf(10)) === `${TERMS_VERSION} ${token}`;
  } catch {
    return false;
  } finally {
    if (fd !== void 0) close(fd);
  }
}
function writeCardTerms(dir, token, words) {
  try {
    const state = realDir(dir, STATE_DIR);
    const bytes = encodeCardTerms(words, token) ?? Buffer.from(`${TERMS_VERSION} ${token}
${UNUSABLE}
`, "latin1");
    replaceFile(joinPath(state, CARD_TERMS), bytes, joinPath(state, `${CARD_TERMS}.${process.pid}.tmp`));
  } catch {
  }
}
function lineOwners(lines, wordsAt, headBytes, bodyBytes) {
  const count = lines.length / 12;
  const owners = new Int32Array(count).fill(-1);
  let j = 0;
  for (let k = 0; k < wordsAt.length; k++) {
    const w = wordsAt[k];
    if (w < 0) continue;
    while (j < count && lines.readUInt32LE(j * 12) < w) j++;
    if (j === count || lines.readUInt32LE(j * 12) !== w) return void 0;
    if (lines.readUInt32LE(j * 12 + 4) !== headBytes(k) || lines.readUInt32LE(j * 12 + 8) !== bodyBytes(k)) return void 0;
    owners[j++] = k;
  }
  return owners;
}
function postedCounts(read, owners, records) {
  const found = new Array(records);
  for (const [word, post] of read.postings) {
    for (let i = 0; i < post.line.length; i++) {
      const k = owners[post.line[i]];
      if (k < 0) continue;
      if (post.head[i]) countIn(found, k, true, word, post.head[i] - 1);
      if (post.body[i]) countIn(found, k, false, word, post.body[i] - 1);
    }
  }
  return found;
}
var NONE = /* @__PURE__ */ new Map();
function countIn(found, k, head, word, n) {
  const counts = found[k] ??= { head: NONE, body: NONE };
  if (head) (counts.head === NONE ? counts.head = /* @__PURE__ */ new Map() : counts.head).set(word, n);
  else (counts.body === NONE ? counts.body = /* @__PURE__ */ new Map() : counts.body).set(word, n);
}
function scanWords(found, buf, owners, start, headBytes, bodyBytes, word, needle) {
  if (!buf || owners.length === 0) return;
  for (let at = buf.indexOf(needle); at >= 0; at = buf.indexOf(needle, at + needle.length)) {
    const k = owners[lastAtOrBefore(owners, at, start)];
    const s = start(k);
    const head = headBytes(k);
    if (at < s || at >= s + head + bodyBytes(k) + 1) continue;
    let n = 0;
    for (let q = at + needle.length; buf[q] >= 48 && buf[q] <= 57; q++) n = n * 10 + buf[q] - 48;
    countIn(found, k, at < s + head, word, n);
  }
}
function lastAtOrBefore(owners, at, start) {
  let lo = 0;
  let hi = owners.length - 1;
  while (lo < hi) {
    const mid = lo + hi + 1 >> 1;
    if (start(owners[mid]) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

// lib/store/card-words.ts
var CARD_CACHE = "card-cache";
var CARD_WORDS = "card-words";
var EXTRA_SHARE = 1 / 8;
var EXTRA_MIN = 64 * 1024;
var CardWords = class {
  constructor(dir, old, records, from, fresh, next) {
    this.dir = dir;
    this.old = old;
    this.records = records;
    this.next = next;
    /** card-words was read and checked (`placed.file` is it), or laid out again. */
    this.checked = false;
    this.relaid = false;
    this.written = false;
    this.placed = this.plan(from, fresh);
    this.unchanged = fresh.size === 0 && from.length === (old?.records.length ?? -1) && from.every((i, k) => i === k);
  }
  /** The placement without reading card-words or any card: old places kept, fresh words into a new own section. */
  plan(from, fresh) {
    const parts = [];
    const wordsAt = new Array(this.records.length);
    let size = 0;
    for (let k = 0; k < this.records.length; k++) {
      const i = from[k];
      const was = i >= 0 ? this.old.wordsAt[i] : Number.NaN;
      if (was >= 0 && this.old.head.words) {
        wordsAt[k] = was;
        continue;
      }
      const line = was < 0 ? lineIn(this.old.extra, -1 - was, this.records[k]) : fresh.get(k);
      wordsAt[k] = line ? -1 - size : Number.NaN;
      if (!line) continue;
      parts.push(line);
      size += line.length;
    }
    return { file: void 0, extra: Buffer.concat(parts), wordsAt };
  }
  /** Words for every record that has none placed, read from its card now; true when there were any. */
  fill() {
    const p = this.placed;
    const parts = [p.extra];
    let size = p.extra.length;
    for (let k = 0; k < this.records.length; k++) {
      if (!Number.isNaN(p.wordsAt[k])) continue;
      const read = readRecord(this.dir, this.records[k].file);
      read.record.linked = this.records[k].linked;
      this.records[k] = read.record;
      p.wordsAt[k] = -1 - size;
      parts.push(read.words);
      size += read.words.length;
    }
    if (parts.length === 1) return false;
    p.extra = Buffer.concat(parts);
    return true;
  }
  /**
   * The placement with every record's words made, card-words read and checked, and laid out again when it does not
   * check or the own section outgrew it. What changed is written, unless write() asked (it writes next).
   */
  words(forWrite = false) {
    if (this.checked) return this.placed;
    this.checked = true;
    const filled = this.fill();
    const file = this.placed.wordsAt.some((w) => w >= 0) ? this.readFile() : void 0;
    const same = this.old !== void 0 && this.unchanged && file !== void 0 && checkedWith.get(this.old) === file;
    const ok = file !== void 0 && (same || checks(file, this.placed, this.records));
    if (ok && this.old && this.unchanged) checkedWith.set(this.old, file);
    if (ok) this.placed.file = file;
    if (!ok || this.placed.extra.length > Math.max(EXTRA_MIN, file.length * EXTRA_SHARE)) this.relayout();
    if (!forWrite && (filled || this.relaid)) {
      this.written = false;
      this.write();
    }
    return this.placed;
  }
  readFile() {
    const token = this.old?.head.words;
    return token ? memoByStamp(joinPath(this.dir, STATE_DIR, CARD_WORDS), (bytes) => decodeCardWords(bytes, token)) : void 0;
  }
  /** Every record's words in record order, for a new card-words (after fill(): every record has some placed). */
  relayout() {
    const p = this.placed;
    this.relaid = true;
    if (p.wordsAt.every((w, k) => w === (k === 0 ? -1 : p.wordsAt[k - 1] - (this.records[k - 1].headBytes + this.records[k - 1].bodyBytes + 2)))) {
      this.placed = { file: p.extra, extra: Buffer.alloc(0), wordsAt: p.wordsAt.map((w) => -1 - w) };
      return;
    }
    const parts = [];
    const wordsAt = new Array(this.records.length);
    let size = 0;
    for (let k = 0; k < this.records.length; k++) {
      const w = p.wordsAt[k];
      const r = this.records[k];
      const line = (w >= 0 ? p.file && lineIn(p.file, w, r) : lineIn(p.extra, -1 - w, r)) ?? readRecord(this.dir, r.file).words;
      wordsAt[k] = size;
      parts.push(line);
      size += line.length;
    }
    this.placed = { file: Buffer.concat(parts), extra: Buffer.alloc(0), wordsAt };
  }
  /**
   * For each record, how often each of `wanted` occurs in its head and body; undefined: none of them. The lines of
   * card-words come from card-terms when it is there for this card-words and fits the records, else from a scan
   * of card-words (which then writes card-terms); the own section is always scanned (it holds only changed cards).
   */
  counts(wanted) {
    const words = [...new Set(wanted)];
    const indexed = this.fromTerms(words);
    const p = indexed ? this.placed : this.words();
    const records = this.records;
    const found = indexed?.found ?? new Array(records.length);
    const inFile = [];
    const inExtra = [];
    for (let k = 0; k < p.wordsAt.length; k++) (p.wordsAt[k] >= 0 ? inFile : inExtra).push(k);
    const scan = (buf, owners, start, word, needle) => scanWords(
      found,
      buf,
      owners,
      start,
      (k) => records[k].headBytes,
      (k) => records[k].bodyBytes,
      word,
      needle
    );
    for (const word of words) {
      const needle = Buffer.from(` ${word}:`, "utf8");
      if (!indexed) scan(p.file, inFile, (k) => p.wordsAt[k], word, needle);
      scan(p.extra, inExtra, (k) => -1 - p.wordsAt[k], word, needle);
    }
    if (!indexed) this.keepTerms();
    return found;
  }
  /**
   * The counts card-terms gives for the records placed in card-words (the own section left to the caller's scan),
   * or undefined when it cannot: no card-words yet, words still to make, or no card-terms that fits.
   */
  fromTerms(words) {
    const token = this.old?.head.words;
    const p = this.placed;
    if (!token || this.relaid || p.wordsAt.some((w) => Number.isNaN(w))) return void 0;
    const read = readCardTerms(this.dir, token, words);
    this.terms = typeof read === "string" ? read : "build";
    if (typeof read === "string") return void 0;
    const owners = lineOwners(
      read.lines,
      p.wordsAt,
      (k) => this.records[k].headBytes,
      (k) => this.records[k].bodyBytes
    );
    if (!owners || !this.records.every((r, k) => p.wordsAt[k] >= 0 || lineIn(p.extra, -1 - p.wordsAt[k], r))) return void 0;
    this.terms = "scan";
    return { found: postedCounts(read, owners, this.records.length) };
  }
  /** After a scan of card-words: card-terms for it, unless there is one (or it cannot have one). */
  keepTerms() {
    const token = this.relaid ? this.wordsToken : this.old?.head.words;
    const file = this.placed.file;
    if (!token || !file || !this.relaid && this.terms === "scan") return;
    if (this.relaid || this.terms === "build" || !hasCardTerms(this.dir, token)) writeCardTerms(this.dir, token, file);
    this.terms = "scan";
  }
  /**
   * The card-cache file; card-words first when it is new or laid out again (a reader between the two renames finds
   * a token that does not match, never wrong words). An own section past its share of card-words lays them out
   * again here too, so a store only listed, never searched, does not grow its cache file without end; records
   * without words stay so (no card-words is made for a store no search has read).
   */
  write() {
    if (this.written) return;
    this.written = true;
    try {
      const state = realDir(this.dir, STATE_DIR);
      const token = this.old?.head.words ?? null;
      if (!this.relaid && !this.checked) {
        const size = token ? lstatIfExists(joinPath(state, CARD_WORDS))?.size : void 0;
        const wordless = this.placed.wordsAt.some((w) => Number.isNaN(w));
        if (size === void 0 && !wordless || this.placed.extra.length > Math.max(EXTRA_MIN, (size ?? 0) * EXTRA_SHARE)) this.words(true);
      }
      const head = { ...this.next.head, words: this.relaid ? `${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 10)}` : token };
      if (this.relaid) replaceFile(joinPath(state, CARD_WORDS), encodeCardWords(head.words, this.placed.file), joinPath(state, `${CARD_WORDS}.${process.pid}.tmp`));
      const file = { head, records: this.records, wordsAt: this.placed.wordsAt, extra: this.placed.extra, view: this.next.view, links: this.next.links };
      replaceFile(joinPath(state, CARD_CACHE), encodeCardCache(file), joinPath(state, `${CARD_CACHE}.${process.pid}.tmp`));
      if (this.relaid) this.wordsToken = head.words;
      this.next.written?.(joinPath(state, CARD_CACHE));
    } catch {
    }
  }
};
var checkedWith = /* @__PURE__ */ new WeakMap();
function lineIn(buf, at, r) {
  const end = at + r.headBytes + r.bodyBytes + 2;
  return at >= 0 && end <= buf.length && buf[at + r.headBytes] === 9 && buf[end - 1] === 10 ? buf.subarray(at, end) : void 0;
}
function checks(file, p, records) {
  let last = -1;
  for (let k = 0; k < records.length; k++) {
    const w = p.wordsAt[k];
    if (w < 0 ? !lineIn(p.extra, -1 - w, records[k]) : w <= last || !lineIn(file, w, records[k])) return false;
    if (w >= 0) last = w;
  }
  return true;
}

// lib/store/card-trust.ts
function trustedCheck(memoryDir, cache, nowMs) {
  const check = readCardCheck(memoryDir, cache, nowMs);
  if (!check) return void 0;
  const records = journalSince(memoryDir, check.journal);
  if (!records) return { check };
  const written = /* @__PURE__ */ new Set();
  const lastDir = /* @__PURE__ */ new Map();
  for (const r of records) {
    if (r.x && r.c.length === 0) return void 0;
    for (const c of r.c) {
      const file = c.startsWith("./") ? c.slice(2) : c;
      if (isCardFileName(file)) written.add(file);
    }
    for (const [rel, mtime] of r.d) lastDir.set(rel, mtime);
  }
  return { check, written, lastDir };
}
function journaledListing(files, dirs, now, trust) {
  const { written, lastDir } = trust;
  if (!written || !lastDir) return void 0;
  if (!dirs.every(([rel, mtime], i) => now[i] === mtime || lastDir.get(rel) === now[i])) return void 0;
  const watched = new Set(dirs.map(([rel]) => rel));
  const known = new Set(files);
  const added = [];
  for (const file of written) {
    const slash = file.lastIndexOf("/");
    if (!watched.has(slash < 0 ? "" : file.slice(0, slash))) return void 0;
    if (!known.has(file)) added.push(file);
  }
  if (added.length === 0) return [...files];
  return [...files, ...added].sort((a, b) => a < b ? -1 : a > b ? 1 : 0);
}
function racyWindow(cacheMtimeMs) {
  return cacheMtimeMs % 1e3 === 0 ? 2e3 : 100;
}
function racy(s, at, racyMs) {
  return Math.max(s[0], s[2] ?? s[0]) >= at - racyMs;
}
function sameStamp(s, st) {
  return s[0] === st.mtimeMs && s[1] === st.size && s[2] === st.ctimeMs;
}
function dirMtime(dir, rel) {
  const st = lstatIfExists(rel === "" ? dir : joinPath(dir, rel));
  return st?.isDirectory() ? st.mtimeMs : -1;
}

export {
  FLAG_READ_ERROR,
  FLAG_ALWAYS,
  FLAG_SHA,
  plainRecord,
  sameRecord,
  checkRow,
  LITTLE_ENDIAN,
  decodeCardCache,
  NUMBERS_SECTION,
  decodeCacheTop,
  RECORD_NUMBERS,
  FLAGS_AT,
  ROW_END_AT,
  isAlways,
  isReadable,
  isCardFileName,
  readRecord,
  memoByStamp,
  readCardTerms,
  lineOwners,
  postedCounts,
  scanWords,
  CARD_CACHE,
  CARD_WORDS,
  CardWords,
  trustedCheck,
  journaledListing,
  racyWindow,
  racy,
  sameStamp,
  dirMtime
};
