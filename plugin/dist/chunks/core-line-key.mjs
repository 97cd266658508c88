import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  PART_MARK,
  TOKENIZER_VERSION,
  tokenizeMarked
} from "./rank-stem.mjs";
import {
  renderEntryLine,
  utf8Bytes
} from "./core-block.mjs";
import {
  dayMs,
  daysBetween,
  utcDay
} from "./core-frecency.mjs";
import {
  FULL_CHECK_MAX,
  verifiedRecently
} from "./store-full-check.mjs";
import {
  journalMark,
  journalSince,
  sameIndexStamp
} from "./store-write-journal.mjs";
import {
  parseIndex,
  parseIndexLine
} from "./core-index-file.mjs";
import {
  CARD_TYPES
} from "./core-card-types.mjs";
import {
  realDir,
  replaceFile
} from "./store-lock.mjs";
import {
  INDEX_FILE,
  STATE_DIR,
  joinPath
} from "./store-paths.mjs";
import {
  bytesAt,
  close,
  encodeUtf8,
  exists,
  futimes,
  latin1Text,
  lstatIfExists,
  openRegular,
  readAt,
  readRegularUtf8,
  stat,
  statIfExists,
  u32At,
  utf8Text,
  utimes
} from "./core-bytes.mjs";

// lib/store/index-read.ts
var INDEX_READ_CAP = 24 * 1024 * 1024;
function readIndexText(file, cap = INDEX_READ_CAP) {
  const { fd, stat: stat2 } = openRegular(file);
  try {
    const want = Math.min(stat2.size, cap);
    const buf = new Uint8Array(want);
    let length = 0;
    while (length < want) {
      const n = readAt(fd, buf, length, want - length, -1);
      if (n === 0) break;
      length += n;
    }
    if (stat2.size <= cap) return { text: utf8Text(buf, 0, length) };
    const end = buf.lastIndexOf(10, length - 1) + 1;
    return { text: utf8Text(buf, 0, end), truncated: { lines: countLines(buf, end), bytes: end, totalBytes: stat2.size } };
  } finally {
    close(fd);
  }
}
function countLines(buf, end) {
  let n = 0;
  for (let at = buf.indexOf(10); at !== -1 && at < end; at = buf.indexOf(10, at + 1)) n++;
  return n;
}

// lib/usage/format.ts
var USAGE_LOG = "usage.log";
var USAGE_SNAPSHOT = "usage.tsv";
var FOLDING = /^usage\.(\d+)-\d+\.folding$/;
var HALVING_PERIOD_DAYS = 30;
var HEADER = "# memctl usage v1";
var DAY = /^\d{4}-\d{2}-\d{2}$/;
function isMeasurable(card) {
  return card !== "" && !/[\t\n\r]/.test(card);
}
function renderLogLine(day, cards) {
  return DAY.test(day) && cards.length > 0 ? `${day}	${cards.join("	")}
` : void 0;
}
function addLogLines(cards, text, options = {}) {
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const fields = line.split("	");
    const at = fields[0].indexOf("@");
    const day = at === -1 ? fields[0] : fields[0].slice(0, at);
    const hits = fields.length < 2 || !DAY.test(day) || fields.some((f) => f === "") ? void 0 : at === -1 ? fields.slice(1) : options.legacy?.(fields);
    if (!hits) {
      malformed++;
      options.onMalformed?.(line);
      continue;
    }
    for (const card of new Set(hits)) if (!options.only || options.only.has(card)) add(cards, card, { access_count: 1, last_access_day: day });
  }
  return malformed;
}
function add(cards, card, u) {
  const had = cards.get(card);
  if (!had) cards.set(card, { ...u });
  else {
    had.access_count += u.access_count;
    if (u.last_access_day > had.last_access_day) had.last_access_day = u.last_access_day;
  }
}
function parseSnapshot(text, only) {
  const newline = text.indexOf("\n");
  const snap = { ...parseHeader(newline === -1 ? text : text.slice(0, newline)), cards: /* @__PURE__ */ new Map() };
  const from = newline === -1 ? text.length : newline + 1;
  if (only) {
    for (let start = from; start < text.length; ) {
      let end = text.indexOf("\n", start);
      if (end === -1) end = text.length;
      const tab = text.indexOf("	", start);
      const card = text.slice(start, tab === -1 || tab > end ? end : tab);
      if (only.has(card)) snap.cards.set(card, rowUsage(text.slice(start, end), 0));
      start = end + 1;
    }
    return snap;
  }
  text.slice(from).split("\n").forEach((row, i) => {
    if (row !== "") snap.cards.set(row.slice(0, row.indexOf("	")), rowUsage(row, i + 2));
  });
  return snap;
}
function parseHeader(line) {
  const fields = line.split("	");
  if (fields[0] !== HEADER) throw new Error(`${USAGE_SNAPSHOT} has no "${HEADER}" header`);
  const snap = { folded: /* @__PURE__ */ new Map() };
  for (const field of fields.slice(1)) {
    const eq = field.indexOf("=");
    const [key, value] = [field.slice(0, eq), field.slice(eq + 1)];
    if (key === "decay_epoch" && DAY.test(value)) snap.epoch = value;
    else if (key === "folded" && value) {
      for (const item of value.split(",")) {
        const colon = item.lastIndexOf(":");
        const offset = Number(item.slice(colon + 1));
        if (colon < 1 || !Number.isSafeInteger(offset) || offset < 0) throw new Error(`${USAGE_SNAPSHOT} header has a bad folded entry "${item}"`);
        snap.folded.set(item.slice(0, colon), offset);
      }
    }
  }
  return snap;
}
function rowUsage(row, lineNo) {
  const [card, count, day, extra] = row.split("	");
  const n = Number(count);
  if (!card || extra !== void 0 || !count || !Number.isFinite(n) || n < 0 || !day || !DAY.test(day))
    throw new Error(`${USAGE_SNAPSHOT} ${lineNo ? `line ${lineNo}` : `row of ${card}`} is malformed`);
  return { access_count: n, last_access_day: day };
}
function renderSnapshot(snap) {
  const folded = [...snap.folded].map(([name, offset]) => `${name}:${offset}`).join(",");
  const rows = [...snap.cards].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0).map(([card, u]) => `${card}	${u.access_count}	${u.last_access_day}`);
  return [`${HEADER}	decay_epoch=${snap.epoch ?? ""}	folded=${folded}`, ...rows].join("\n") + "\n";
}
function applyDecay(snap, today) {
  if (!snap.epoch) {
    snap.epoch = today;
    return;
  }
  const periods = Math.max(0, Math.floor(daysBetween(snap.epoch, today) / HALVING_PERIOD_DAYS));
  if (!(periods > 0)) return;
  for (const u of snap.cards.values()) u.access_count = Math.max(1, Math.ceil(u.access_count / 2 ** periods));
  snap.epoch = utcDay(new Date(dayMs(snap.epoch) + periods * HALVING_PERIOD_DAYS * 864e5));
}

// lib/rank-cache/build.ts
import path3 from "node:path";

// lib/rank/postings.ts
var FIELDS = ["title", "topics", "hook", "recall", "body"];
var FIELD_WEIGHT = { title: 3, topics: 2, hook: 1, recall: 1.5, body: 0 };
var FIELD_B = { title: 0.3, topics: 0.3, hook: 0.6, recall: 0.75, body: 0.75 };
var FIELD_BIT = { title: 1, topics: 2, hook: 4, recall: 8, body: 16 };
var FIELD_MASK = 31;
var PART_BIT = 32;
var MASK_FIELDS = Array.from({ length: FIELD_MASK + 1 }, (_, mask) => FIELDS.filter((f) => mask & FIELD_BIT[f]));
var K1 = 1.2;
function toPostingList(list) {
  return { length: list.length, id: Uint32Array.from(list, (p) => p.id), tf: Float32Array.from(list, (p) => p.tf), mask: Uint8Array.from(list, (p) => p.mask) };
}
function fieldAverages(entries) {
  const n = entries.length;
  return FIELDS.map((f) => {
    if (FIELD_WEIGHT[f] === 0) return 1;
    let sum = 0;
    let have = f === "recall" || f === "body" ? 0 : n;
    for (const e of entries) {
      const len = e.terms[f]?.length ?? 0;
      sum += len;
      if ((f === "recall" || f === "body") && len > 0) have++;
    }
    return have > 0 ? Math.max(1, sum / have) : 1;
  });
}
function entryPostings(e, avg) {
  const mine = /* @__PURE__ */ new Map();
  const alone = /* @__PURE__ */ new Set();
  FIELDS.forEach((f, i) => {
    const terms = e.terms[f];
    if (FIELD_WEIGHT[f] === 0 || terms === void 0) return;
    const norm = 1 - FIELD_B[f] + FIELD_B[f] * terms.length / avg[i];
    for (const marked of terms) {
      const t = marked.startsWith(PART_MARK) ? marked.slice(PART_MARK.length) : marked;
      if (t === marked) alone.add(t);
      let p = mine.get(t);
      if (!p) mine.set(t, p = { tf: 0, mask: 0 });
      p.tf += FIELD_WEIGHT[f] / norm;
      p.mask |= FIELD_BIT[f];
    }
  });
  for (const [t, p] of mine) {
    p.tf = Math.fround(p.tf * (K1 + 1) / (p.tf + K1));
    if (!alone.has(t)) p.mask |= PART_BIT;
  }
  return mine;
}
function buildPostings(entries, avg = fieldAverages(entries)) {
  const postings = /* @__PURE__ */ new Map();
  entries.forEach((e, id) => {
    for (const [t, p] of entryPostings(e, avg)) {
      let list = postings.get(t);
      if (!list) postings.set(t, list = []);
      list.push({ id, tf: p.tf, mask: p.mask });
    }
  });
  return postings;
}
function matchesOf(id, matched) {
  const out = [];
  for (const [term, list] of matched) {
    let lo = 0;
    let hi = list.length - 1;
    while (lo <= hi) {
      const mid = lo + hi >>> 1;
      const at = list.id[mid];
      if (at === id) {
        out.push({ term, fields: MASK_FIELDS[list.mask[mid] & FIELD_MASK] });
        break;
      }
      if (at < id) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return out;
}

// lib/rank-cache/format.ts
import { isAscii } from "node:buffer";

// lib/core/line-key.ts
function lineKeyLanes(text) {
  let a = 2166136261 | 0;
  let b = 16777619 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619);
    b = Math.imul(b ^ c, 1540483477) ^ b >>> 15;
  }
  return [a >>> 0, b >>> 0];
}
function formatLineKey(a, b) {
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}
function lineKey(text) {
  const [a, b] = lineKeyLanes(text);
  return formatLineKey(a, b);
}

// lib/rank-cache/terms.ts
function findTerm(head, table, blob, blobBytes, count, term) {
  const ascii = /^[\x00-\x7f]*$/.test(term);
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const a = head.u32(table + 4 * mid);
    const b = head.u32(table + 4 * mid + 4);
    if (a > b || b > blobBytes) throw new RangeError("bad rank cache offset");
    const bytes = head.bytes(blob + a, blob + b);
    let order;
    if (ascii) order = compareAscii(bytes, 0, bytes.length, term);
    else {
      const key = utf8Text(bytes);
      order = key === term ? 0 : key < term ? -1 : 1;
    }
    if (order === 0) return mid;
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
function compareAscii(buf, from, to, ascii) {
  const length = to - from;
  const common = length < ascii.length ? length : ascii.length;
  for (let i = 0; i < common; i++) {
    const d = buf[from + i] - ascii.charCodeAt(i);
    if (d !== 0) return d;
  }
  return length - ascii.length;
}

// lib/rank-cache/head.ts
var HEAD_PAGE = 4096;
var SPAN_CHUNK = 64 * 1024;
var check = (pos, bytes, size) => {
  if (!(bytes >= 0 && pos >= 0 && pos + bytes <= size)) throw new RangeError("truncated rank cache");
};
function readExactly(fd, target, bytes, position) {
  if (readAt(fd, new Uint8Array(target.buffer, target.byteOffset, bytes), 0, bytes, position) !== bytes) throw new RangeError("short read of the rank cache");
}
function wholeHead(fd, size) {
  const buf = new Uint8Array(size);
  readExactly(fd, buf, size, 0);
  const w32 = new Uint32Array(buf.buffer, 0, size >>> 2);
  const w64 = new Float64Array(buf.buffer, 0, size >>> 3);
  const bytes = (from, to) => {
    check(from, to - from, size);
    return buf.subarray(from, to);
  };
  return {
    size,
    paged: false,
    u32: (pos) => {
      check(pos, 4, size);
      return w32[pos >>> 2];
    },
    f64: (pos) => {
      check(pos, 8, size);
      return w64[pos >>> 3];
    },
    bytes,
    once: bytes,
    spans: (from, to) => from.map((a, i) => bytes(a, to[i]).slice()),
    u32s: (pos, length) => {
      check(pos, 4 * length, size);
      return new Uint32Array(buf.buffer, pos, length);
    },
    f64s: (pos, length) => {
      check(pos, 8 * length, size);
      return new Float64Array(buf.buffer, pos, length);
    }
  };
}
function pagedHead(fd, size) {
  const pages = /* @__PURE__ */ new Map();
  const page = (index) => {
    let p = pages.get(index);
    if (!p) {
      const bytes = Math.min(HEAD_PAGE, size - index * HEAD_PAGE);
      const u8 = new Uint8Array(bytes);
      readExactly(fd, u8, bytes, index * HEAD_PAGE);
      p = { u8, u32: new Uint32Array(u8.buffer, 0, bytes >>> 2), f64: new Float64Array(u8.buffer, 0, bytes >>> 3) };
      pages.set(index, p);
    }
    return p;
  };
  const run = (target, pos, bytes) => {
    check(pos, bytes, size);
    readExactly(fd, target, bytes, pos);
    return target;
  };
  return {
    size,
    paged: true,
    u32: (pos) => {
      check(pos, 4, size);
      return page(Math.floor(pos / HEAD_PAGE)).u32[pos % HEAD_PAGE >>> 2];
    },
    f64: (pos) => {
      check(pos, 8, size);
      return page(Math.floor(pos / HEAD_PAGE)).f64[pos % HEAD_PAGE >>> 3];
    },
    bytes: (from, to) => {
      check(from, to - from, size);
      const first = Math.floor(from / HEAD_PAGE);
      if (to <= (first + 1) * HEAD_PAGE) return page(first).u8.subarray(from % HEAD_PAGE, from % HEAD_PAGE + to - from);
      return run(new Uint8Array(to - from), from, to - from);
    },
    // A card path: the hook asks for ~1,000 scattered ones at 100,000 cards, which would keep ~500 pages.
    once: (from, to) => run(new Uint8Array(to - from), from, to - from),
    spans: (from, to) => {
      const order = Array.from(from, (_, i) => i).sort((x, y) => from[x] - from[y]);
      const out = new Array(from.length);
      const chunk = new Uint8Array(SPAN_CHUNK);
      let start = 0;
      let end = 0;
      for (const i of order) {
        const a = from[i];
        const b = to[i];
        check(a, b - a, size);
        if (b - a > SPAN_CHUNK) out[i] = run(new Uint8Array(b - a), a, b - a);
        else {
          if (a < start || b > end) {
            start = a;
            end = Math.min(size, a + SPAN_CHUNK);
            readExactly(fd, chunk, end - start, start);
          }
          out[i] = chunk.slice(a - start, b - start);
        }
      }
      return out;
    },
    u32s: (pos, length) => run(new Uint32Array(length), pos, 4 * length),
    f64s: (pos, length) => run(new Float64Array(length), pos, 8 * length)
  };
}

// lib/rank-cache/format.ts
var MAGIC = encodeUtf8("MEMCTLRC");
var END = encodeUtf8("MEMCTLEND");
var PREFIX = MAGIC.length + 12;
var WHOLE_ENTRIES_MAX = 512 * 1024;
var WHOLE_PRINTED_MAX = 64 * 1024;
var WHOLE_POSTINGS_MAX = 32 * 1024;
var WHOLE_HEAD_MAX = 1024 * 1024;
var pad4 = (offset) => (4 - offset % 4) % 4;
var FORMAT_VERSION = 25;
var STAMP_FIELDS = 3;
var FILE_DECODES_BEFORE_WHOLE = 1024;
var FILE_READS_BEFORE_WHOLE_PAGED = 16 * 1024;
var FILES_BATCH_MIN = 64;
var closeOnCollect = new FinalizationRegistry((fd) => {
  try {
    close(fd);
  } catch {
  }
});
function openCacheFile(path4, tokenizerVersion, limits = {}) {
  let fd;
  try {
    const opened = openRegular(path4);
    fd = opened.fd;
    const size = opened.stat.size;
    if (size < PREFIX + END.length) return void 0;
    const prefix = new Uint8Array(PREFIX);
    readExactly(fd, prefix, PREFIX, 0);
    if (!bytesAt(prefix, 0, MAGIC) || u32At(prefix, 8) !== FORMAT_VERSION || u32At(prefix, 12) !== tokenizerVersion) return void 0;
    const headBytes = u32At(prefix, 16);
    if (headBytes < PREFIX || headBytes % 8 !== 0 || headBytes + END.length > size) return void 0;
    const end = new Uint8Array(END.length);
    readExactly(fd, end, END.length, size - END.length);
    if (!bytesAt(end, 0, END)) return void 0;
    const head = headBytes <= (limits.wholeHead ?? WHOLE_HEAD_MAX) ? wholeHead(fd, headBytes) : pagedHead(fd, headBytes);
    const view = parseHead(head, fd, size - END.length, limits, opened.stat.mtimeMs);
    if (!view) close(fd);
    else closeOnCollect.register(view, fd);
    return view;
  } catch {
    if (fd !== void 0) close(fd);
    return void 0;
  }
}
function parseHead(head, fd, blobsEnd, limits, mtimeMs) {
  let at = PREFIX;
  const u322 = () => {
    const v = head.u32(at);
    at += 4;
    return v;
  };
  const headerLength = u322();
  const header = JSON.parse(utf8Text(head.bytes(at, at + headerLength)));
  at += headerLength;
  if (at % 4 !== 0) return void 0;
  const n = u322();
  if (at + 16 * (n + 1) + 24 * n > head.size) throw new RangeError("truncated rank cache");
  const table = (length) => {
    const pos = at;
    at += 4 * length;
    return pos;
  };
  const entryTable = table(n + 1);
  const reuseTable = table(n + 1);
  const fileTable = table(n + 1);
  const printedTable = table(n + 1);
  const lineBytesTable = table(n);
  const lineKeyTable = table(2 * n);
  const rawKeyTable = table(2 * n);
  const lineTable = table(n);
  const fileBlob = at;
  const fileBytes = head.u32(fileTable + 4 * n);
  at += fileBytes + pad4(fileBytes);
  const t = u322();
  const termTable = table(t + 1);
  const termBlob = at;
  const termBytes = head.u32(termTable + 4 * t);
  at += termBytes + pad4(at + termBytes);
  const startTable = table(t + 1);
  const count = head.u32(startTable + 4 * t);
  at += (8 - at % 8) % 8;
  if (at + 8 * STAMP_FIELDS * n !== head.size) return void 0;
  const stampsAt = at;
  const postingsAt = head.size;
  const entryBlob = postingsAt + 9 * count;
  const entryBytes = head.u32(entryTable + 4 * n);
  const printedBlob = entryBlob + entryBytes;
  const printedBytes = head.u32(printedTable + 4 * n);
  const reuseBlob = printedBlob + printedBytes;
  const reuseBytes = head.u32(reuseTable + 4 * n);
  if (reuseBlob + reuseBytes !== blobsEnd) return void 0;
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) return void 0;
  let whole;
  if (9 * count <= (limits.wholePostings ?? WHOLE_POSTINGS_MAX)) {
    const all = new Uint8Array(9 * count);
    readExactly(fd, all, 9 * count, postingsAt);
    whole = { id: new Uint32Array(all.buffer, 0, count), tf: new Float32Array(all.buffer, 4 * count, count), mask: new Uint8Array(all.buffer, 8 * count, count) };
  }
  const postingRange = (a, b) => {
    if (whole) return { length: b - a, id: whole.id.subarray(a, b), tf: whole.tf.subarray(a, b), mask: whole.mask.subarray(a, b) };
    const id = new Uint32Array(b - a);
    const tf = new Float32Array(b - a);
    const mask = new Uint8Array(b - a);
    readExactly(fd, id, 4 * (b - a), postingsAt + 4 * a);
    readExactly(fd, tf, 4 * (b - a), postingsAt + 4 * count + 4 * a);
    readExactly(fd, mask, b - a, postingsAt + 8 * count + a);
    return { length: b - a, id, tf, mask };
  };
  const checkRange = (a, b, limit) => {
    if (a > b || b > limit) throw new RangeError("bad rank cache offset");
  };
  let asciiFiles;
  let fileOffsets;
  let fileReads = 0;
  const decodeAllFiles = () => {
    const blob = head.bytes(fileBlob, fileBlob + fileBytes);
    asciiFiles = isAscii(blob) ? latin1Text(blob) : null;
    if (asciiFiles !== null) fileOffsets = head.u32s(fileTable, n + 1);
  };
  const checkId = (id) => {
    if (!(Number.isInteger(id) && id >= 0 && id < n)) throw new RangeError(`no entry ${id}`);
  };
  const readItem = (table2, blob, limit, id) => {
    checkId(id);
    const a = head.u32(table2 + 4 * id);
    const b = head.u32(table2 + 4 * id + 4);
    checkRange(a, b, limit);
    const out = new Uint8Array(b - a);
    readExactly(fd, out, b - a, blob + a);
    return utf8Text(out);
  };
  const sectionItems = (table2, blob, bytes, wholeMax) => {
    if (bytes > wholeMax) return (id) => readItem(table2, blob, bytes, id);
    let whole2;
    return (id) => {
      checkId(id);
      if (!whole2) {
        whole2 = new Uint8Array(bytes);
        readExactly(fd, whole2, bytes, blob);
      }
      const a = head.u32(table2 + 4 * id);
      const b = head.u32(table2 + 4 * id + 4);
      checkRange(a, b, bytes);
      return utf8Text(whole2, a, b);
    };
  };
  const entryAt = sectionItems(entryTable, entryBlob, entryBytes, limits.wholeEntries ?? WHOLE_ENTRIES_MAX);
  const printedAt = sectionItems(printedTable, printedBlob, printedBytes, limits.wholePrinted ?? WHOLE_PRINTED_MAX);
  let rawKeys;
  let lines;
  let stamps;
  const view = {
    header,
    n,
    entry: entryAt,
    printed: printedAt,
    reuse: (id) => readItem(reuseTable, reuseBlob, reuseBytes, id),
    file: (id) => {
      checkId(id);
      if (asciiFiles === void 0 && ++fileReads > (head.paged ? FILE_READS_BEFORE_WHOLE_PAGED : FILE_DECODES_BEFORE_WHOLE)) decodeAllFiles();
      if (fileOffsets === void 0) {
        const a2 = head.u32(fileTable + 4 * id);
        const b2 = head.u32(fileTable + 4 * id + 4);
        checkRange(a2, b2, fileBytes);
        return utf8Text(head.once(fileBlob + a2, fileBlob + b2));
      }
      const a = fileOffsets[id];
      const b = fileOffsets[id + 1];
      if (a > b || b > fileBytes) throw new RangeError("bad rank cache offset");
      return asciiFiles.slice(a, b);
    },
    files: (ids) => {
      if (!head.paged || fileOffsets !== void 0 || ids.length < FILES_BATCH_MIN) return ids.map((id) => view.file(id));
      const from = [];
      const to = [];
      for (const id of ids) {
        checkId(id);
        const a = head.u32(fileTable + 4 * id);
        const b = head.u32(fileTable + 4 * id + 4);
        checkRange(a, b, fileBytes);
        from.push(fileBlob + a);
        to.push(fileBlob + b);
      }
      return head.spans(from, to).map((bytes) => utf8Text(bytes));
    },
    allFiles: () => {
      if (asciiFiles === void 0) decodeAllFiles();
    },
    lineBytes: (id) => {
      checkId(id);
      return head.u32(lineBytesTable + 4 * id);
    },
    lineKey: (id) => {
      checkId(id);
      return formatLineKey(head.u32(lineKeyTable + 8 * id), head.u32(lineKeyTable + 8 * id + 4));
    },
    stamp: (id) => {
      checkId(id);
      const pos = stampsAt + 8 * STAMP_FIELDS * id;
      return [head.f64(pos), head.f64(pos + 8), head.f64(pos + 16)];
    },
    get rawKeys() {
      return rawKeys ??= head.u32s(rawKeyTable, 2 * n);
    },
    get lines() {
      return lines ??= head.u32s(lineTable, n);
    },
    get stamps() {
      return stamps ??= head.f64s(stampsAt, STAMP_FIELDS * n);
    },
    mtimeMs,
    markVerified: (ms) => {
      try {
        futimes(fd, ms);
        return true;
      } catch {
        return false;
      }
    },
    postings: (term) => {
      const found = findTerm(head, termTable, termBlob, termBytes, t, term);
      if (found < 0) return void 0;
      const a = head.u32(startTable + 4 * found);
      const b = head.u32(startTable + 4 * found + 4);
      checkRange(a, b, count);
      return postingRange(a, b);
    }
  };
  return view;
}

// lib/rank-cache/encode.ts
var u32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
function section(items) {
  const table = Buffer.alloc(4 * (items.length + 1));
  let at = 0;
  items.forEach((item, i) => {
    table.writeUInt32LE(at, 4 * i);
    at += Buffer.byteLength(item);
  });
  table.writeUInt32LE(at, 4 * items.length);
  return [table, Buffer.from(items.join(""))];
}
function encodeCache(tokenizerVersion, c) {
  const n = c.entries.length;
  if (c.reuse.length !== n || c.printed.length !== n || c.files.length !== n || c.stamps.length !== n || c.lineBytes.length !== n || c.lineKeys.length !== n || c.rawKeys.length !== n || c.lines.length !== n)
    throw new RangeError("rank cache sections differ in length");
  const json = JSON.stringify(c.header);
  const header = Buffer.from(json + " ".repeat(pad4(PREFIX + 4 + Buffer.byteLength(json))));
  const [entryTable, entryBlob] = section(c.entries);
  const [reuseTable, reuseBlob] = section(c.reuse);
  const [fileTable, fileBlob] = section(c.files);
  const [printedTable, printedBlob] = section(c.printed);
  const lineBytesTable = Buffer.alloc(4 * n);
  c.lineBytes.forEach((bytes, i) => {
    lineBytesTable.writeUInt32LE(bytes, 4 * i);
  });
  const keyTable = (keys) => {
    const table = Buffer.alloc(8 * n);
    keys.forEach(([a, b], i) => {
      table.writeUInt32LE(a, 8 * i);
      table.writeUInt32LE(b, 8 * i + 4);
    });
    return table;
  };
  const lineKeyTable = keyTable(c.lineKeys);
  const rawKeyTable = keyTable(c.rawKeys);
  const lineTable = Buffer.alloc(4 * n);
  c.lines.forEach((line, i) => {
    lineTable.writeUInt32LE(line, 4 * i);
  });
  const [termTable, termBlob] = section(c.terms.map(([t]) => t));
  const starts = Buffer.alloc(4 * (c.terms.length + 1));
  let count = 0;
  c.terms.forEach(([, list], i) => {
    starts.writeUInt32LE(count, 4 * i);
    count += list.length;
  });
  starts.writeUInt32LE(count, 4 * c.terms.length);
  const stamps = Buffer.alloc(24 * n);
  c.stamps.forEach(([mtimeMs, size, ctimeMs], i) => {
    stamps.writeDoubleLE(mtimeMs, 24 * i);
    stamps.writeDoubleLE(size, 24 * i + 8);
    stamps.writeDoubleLE(ctimeMs, 24 * i + 16);
  });
  const ids = Buffer.alloc(4 * count);
  const tfs = Buffer.alloc(4 * count);
  const masks = Buffer.alloc(count);
  let k = 0;
  for (const [, list] of c.terms) {
    for (const p of list) {
      ids.writeUInt32LE(p.id, 4 * k);
      tfs.writeFloatLE(p.tf, 4 * k);
      masks.writeUInt8(p.mask, k);
      k++;
    }
  }
  const fileEnd = PREFIX + 4 + header.length + 4 + entryTable.length + reuseTable.length + fileTable.length + printedTable.length + lineBytesTable.length + lineKeyTable.length + rawKeyTable.length + lineTable.length + fileBlob.length;
  const filePad = Buffer.alloc(pad4(fileEnd));
  const termPad = Buffer.alloc(pad4(fileEnd + filePad.length + 4 + termTable.length + termBlob.length));
  const body = Buffer.concat([
    u32(header.length),
    header,
    u32(n),
    entryTable,
    reuseTable,
    fileTable,
    printedTable,
    lineBytesTable,
    lineKeyTable,
    rawKeyTable,
    lineTable,
    fileBlob,
    filePad,
    u32(c.terms.length),
    termTable,
    termBlob,
    termPad,
    starts
  ]);
  const pad = Buffer.alloc((8 - (PREFIX + body.length) % 8) % 8);
  const headBytes = PREFIX + body.length + pad.length + stamps.length;
  return Buffer.concat([MAGIC, u32(FORMAT_VERSION), u32(tokenizerVersion), u32(headBytes), body, pad, stamps, ids, tfs, masks, entryBlob, printedBlob, reuseBlob, END]);
}

// lib/rank-cache/card-fields.ts
import path from "node:path";

// lib/rank/provenance-mark.ts
function provenanceMark(p) {
  if (!p) return void 0;
  const low = typeof p.confidence === "number" && Number.isFinite(p.confidence) && p.confidence < 0.5 ? String(Math.round(p.confidence * 100) / 100) : void 0;
  if (p.kind === "inference") return low === void 0 ? "(inference)" : `(inference, ${low})`;
  return low === void 0 ? void 0 : `(unverified, ${low})`;
}

// lib/rank-cache/card-fields.ts
var FILE_TYPE_PREFIX = new RegExp(`^(.*\\/)?(${CARD_TYPES.join("|")})_`);
var HEAD_BYTES = 16 * 1024;
var CARD_READ_CAP = 4 * 1024 * 1024;
var parseCard;
async function readCardFields(memoryDir, file) {
  const head = readHead(path.join(memoryDir, file));
  if (head === void 0) return void 0;
  parseCard ??= (await import("./card.mjs")).parseCard;
  const card = parseCard(head);
  const meta = card.meta;
  return {
    priority: meta.priority,
    status: meta.status,
    expires_at: meta.expires_at,
    topics: meta.topics,
    // A card's keys are one field (their words counted together, length-normalised against other cards' keys).
    recallTerms: tokenizeMarked((meta.recall ?? []).join("\n")),
    // Only the head is read: a body past the first 16 KiB of the file is not indexed (docs/ranking.md).
    bodyTerms: FIELD_WEIGHT.body > 0 ? tokenizeMarked(card.body) : [],
    ...provenanceMark(meta.provenance) ? { mark: provenanceMark(meta.provenance) } : {},
    ...meta.scope && meta.scope.length > 0 ? { scope: meta.scope } : {}
  };
}
function rankEntryOf(e, file, f, lineTerms) {
  const nameWords = file.replace(/\.md$/i, "").replace(FILE_TYPE_PREFIX, "$1");
  return {
    line: e.line,
    raw: e.raw,
    title: e.title,
    file,
    hook: e.hook,
    ...f.priority ? { priority: f.priority } : {},
    ...f.status ? { status: f.status } : {},
    ...f.expires_at ? { expires_at: f.expires_at } : {},
    topics: f.topics,
    ...f.mark ? { mark: f.mark } : {},
    ...f.scope ? { scope: f.scope } : {},
    terms: {
      title: lineTerms?.title ?? tokenizeMarked(e.title),
      topics: f.topicTerms ?? tokenizeMarked([...f.topics, nameWords].join(" ").replace(/[_-]/g, " ")),
      hook: lineTerms?.hook ?? tokenizeMarked(e.hook),
      recall: f.recallTerms ?? [],
      body: f.bodyTerms ?? []
    }
  };
}
function printedLine(e) {
  return e.mark ? `${renderEntryLine(e)} ${e.mark}` : renderEntryLine(e);
}
function normalizeCardPath(file) {
  return path.posix.normalize(file.replace(/\\/g, "/")).replace(/^\.\//, "");
}
function readHead(file) {
  let fd;
  try {
    fd = openRegular(file).fd;
  } catch {
    return void 0;
  }
  try {
    const buf = new Uint8Array(HEAD_BYTES);
    const n = readAt(fd, buf, 0, HEAD_BYTES, 0);
    const head = utf8Text(buf, 0, n);
    if (n < HEAD_BYTES || /\n---[ \t]*\r?\n/.test(head.slice(3))) return head;
    return readRegularUtf8(file, CARD_READ_CAP);
  } catch {
    return void 0;
  } finally {
    close(fd);
  }
}

// lib/rank-cache/read.ts
import path2 from "node:path";
var RANK_CACHE = "rank-cache.bin";
var NO_SINK_FIELDS = Object.freeze({});
var MISSING = [-1, -1, -1];
function parseSlimEntry(text) {
  const e = JSON.parse(text);
  const ok = Array.isArray(e) && e.length === 5 && typeof e[0] === "number" && typeof e[1] === "string" && typeof e[2] === "string" && typeof e[3] === "string" && typeof e[4] === "string";
  if (!ok) throw new RangeError("malformed rank cache entry");
  return e;
}
function parseReuseLine(text) {
  const r = JSON.parse(text);
  if (!Array.isArray(r) || r.length !== 7 || !Array.isArray(r[0]) || !r[0].every((t) => typeof t === "string") || !r.slice(1).every((v) => typeof v === "string"))
    throw new RangeError("malformed rank cache reuse data");
  return r;
}
function openCache(memoryDir, limits = {}) {
  const file = joinPath(memoryDir, STATE_DIR, RANK_CACHE);
  if (!exists(file)) return void 0;
  try {
    const view = openCacheFile(file, TOKENIZER_VERSION, limits);
    if (!view || view.header.n !== view.n || typeof view.header.id !== "string" || !Array.isArray(view.header.avg) || !view.header.avg.every((a) => typeof a === "number" && a > 0))
      return void 0;
    const header = view.header;
    const n = view.n;
    const stamps = /* @__PURE__ */ new Map();
    const entries = /* @__PURE__ */ new Map();
    const pinned = /* @__PURE__ */ new Map();
    if (header.pinned?.length === header.always.length)
      header.always.forEach((id, i) => {
        pinned.set(id, header.pinned[i]);
      });
    const fileKept = (id) => {
      const file2 = view.file(id);
      if (!stamps.has(file2)) stamps.set(file2, view.stamp(id));
      return file2;
    };
    const entryAt = (id) => {
      let e = entries.get(id);
      if (!e) {
        const [line, priority, status, expires, raw] = parseSlimEntry(view.entry(id));
        e = new CachedEntry(line, raw, fileKept(id), priority, status, expires);
        entries.set(id, e);
      }
      return e;
    };
    const postings = (term) => view.postings(term);
    let scoped;
    const scopedEntries = () => scoped ??= Object.entries(header.scope ?? {}).map(([id, list]) => {
      if (!Array.isArray(list) || !list.every((s) => typeof s === "string")) throw new RangeError("malformed rank cache scope");
      return [Number(id), list];
    });
    const store = {
      index: {
        size: n,
        entry: entryAt,
        file: (id) => view.file(id),
        files: (ids) => view.files(ids),
        // Ranking asks only for the ids maySink marks (below), so this need not be fast.
        sinkFields: (id) => {
          const p = header.prio[id];
          const status = header.status[id];
          const expires = header.expires[id];
          if (p === "n" && status === void 0 && expires === void 0) return NO_SINK_FIELDS;
          return { ...p === "l" ? { priority: "low" } : p === "a" ? { priority: "always" } : {}, ...status ? { status } : {}, ...expires ? { expires_at: expires } : {} };
        },
        postings,
        alwaysIds: header.always,
        lineBytes: (id) => view.lineBytes(id),
        lineKey: (id) => view.lineKey(id),
        lineText: (id) => {
          fileKept(id);
          return pinned.get(id) ?? view.printed(id);
        },
        // Most entries are normal, active and never expire: found with native scans of the priority string.
        maySink: () => {
          const mask = new Uint8Array(n);
          for (let at = header.prio.indexOf("l"); at !== -1; at = header.prio.indexOf("l", at + 1)) mask[at] = 1;
          for (const id of Object.keys(header.status)) mask[Number(id)] = 1;
          for (const id of Object.keys(header.expires)) mask[Number(id)] = 1;
          return mask;
        },
        scoped: scopedEntries
      },
      unparsed: header.unparsed.map(([line, raw, reason]) => ({ line, raw, reason })),
      entryCount: n,
      cardCount: header.cards,
      cache: "fresh",
      verified: false,
      ...header.truncated ? { truncated: { lines: header.truncated[0], bytes: header.truncated[1], totalBytes: header.truncated[2] } } : {},
      plainFiles: header.plainFiles === true,
      // Fingerprints of the cards read (materialised or printed): only those can be printed.
      stamp: (file2) => stamps.get(file2)
    };
    return { header, view, store };
  } catch {
    return void 0;
  }
}
var CachedEntry = class {
  constructor(line, raw, file, priority, status, expires) {
    this.line = line;
    this.raw = raw;
    this.file = file;
    if (priority) this.priority = priority;
    if (status) this.status = status;
    if (expires) this.expires_at = expires;
  }
  get title() {
    return this.parse().title;
  }
  get hook() {
    return this.parse().hook;
  }
  parse() {
    this.parsed ??= parseIndex(this.raw).entries[0] ?? { title: "", hook: "" };
    return this.parsed;
  }
};
function escapesStore(file) {
  if (file.charCodeAt(0) !== 47 && file.charCodeAt(0) !== 92 && file.indexOf("..") === -1 && file.charCodeAt(1) !== 58) return false;
  return path2.isAbsolute(file) || /^[A-Za-z]:/.test(file) || file.split("/").includes("..");
}
function cardStamp(memoryDir, file, stats) {
  if (escapesStore(file)) return MISSING;
  const known = stats?.get(file);
  if (known) return [known[0], known[1], known[2]];
  return stampOf(memoryDir.endsWith("/") ? memoryDir + file : `${memoryDir}/${file}`);
}
function stampOf(file) {
  try {
    const s = statIfExists(file);
    return s ? [s.mtimeMs, s.size, s.ctimeMs] : MISSING;
  } catch {
    return MISSING;
  }
}
function sameStamp(a, b) {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

// lib/rank-cache/build.ts
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
  const { text, truncated } = readIndexText(path3.join(memoryDir, INDEX_FILE));
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
  const stateDir = path3.join(memoryDir, STATE_DIR);
  let createdStateDir = false;
  let stateDirBorn = 0;
  try {
    createdStateDir = lstatIfExists(stateDir) === void 0;
    if (createdStateDir && options.createStateDir === false) return store;
    realDir(memoryDir, STATE_DIR);
    stateDirBorn = lstatIfExists(stateDir)?.birthtimeMs ?? 0;
  } catch {
    return store;
  }
  const dirSet = /* @__PURE__ */ new Set([""]);
  for (const f of files) {
    const d = path3.posix.dirname(f);
    if (d !== "." && !d.startsWith("..") && !path3.isAbsolute(d)) dirSet.add(d);
  }
  const dirs = [...dirSet].sort().map((rel) => [rel, stampOf(path3.join(memoryDir, rel))[0]]);
  const ownChange = (rel, mtime) => rel === "" && (createdStateDir || stateDirBorn > 0 && stateDirBorn === mtime);
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
  const header = {
    id: Math.random().toString(36).slice(2) + options.nowMs.toString(36),
    avg,
    index: [indexStat.size, indexStat.mtimeMs, indexStat.ino],
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
    rawKeys: entries.map((e) => lineKeyLanes(e.raw)),
    lines: entries.map((e) => e.line),
    terms: [...postings.keys()].sort().map((t) => [t, postings.get(t)])
  });
  if (writeCacheFile(stateDir, encoded, options.nowMs)) store.cache = "rebuilt";
  return store;
}
function writeCacheFile(stateDir, text, checkedMs, name = RANK_CACHE) {
  const file = path3.join(stateDir, name);
  const tmp = path3.join(stateDir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
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

// lib/rank-cache/delta.ts
var RANK_DELTA = "rank-delta.json";
var DELTA_FORMAT = 1;
var DELTA_READ_CAP = 16 * 1024 * 1024;
var deltaPath = (memoryDir) => joinPath(memoryDir, STATE_DIR, RANK_DELTA);
function openDelta(memoryDir, base) {
  let fd;
  try {
    const opened = openRegular(deltaPath(memoryDir), { nofollow: true });
    fd = opened.fd;
    const size = opened.stat.size;
    if (size > DELTA_READ_CAP) return void 0;
    const buf = new Uint8Array(size);
    if (readAt(fd, buf, 0, size, 0) !== size) return void 0;
    const delta = JSON.parse(Buffer.from(buf.buffer, 0, size).toString("utf8"));
    if (!validDelta(delta, base)) return void 0;
    const mapped = mapRuns(delta, base.view.n);
    return mapped && { delta, ...mapped, mtimeMs: opened.stat.mtimeMs };
  } catch {
    return void 0;
  } finally {
    if (fd !== void 0) close(fd);
  }
}
var isNum = (v) => typeof v === "number" && Number.isFinite(v);
var isStr = (v) => typeof v === "string";
var isOptStr = (v) => v === void 0 || isStr(v);
function validDelta(d, base) {
  if (typeof d !== "object" || d === null || d.format !== DELTA_FORMAT || d.tokenizer !== TOKENIZER_VERSION || d.base !== base.header.id) return false;
  if (!Array.isArray(d.index) || d.index.length !== 3 || !d.index.every(isNum)) return false;
  if (!Array.isArray(d.dirs) || !d.dirs.every((x) => Array.isArray(x) && isStr(x[0]) && isNum(x[1]))) return false;
  if (!Array.isArray(d.runs) || d.runs.length % 3 !== 0 || !d.runs.every(Number.isInteger)) return false;
  if (!isNum(d.cards) || typeof d.plainFiles !== "boolean" || !Array.isArray(d.unparsed)) return false;
  if (!d.unparsed.every((u) => Array.isArray(u) && isNum(u[0]) && isStr(u[1]) && isStr(u[2]))) return false;
  if (d.truncated !== void 0 && !(Array.isArray(d.truncated) && d.truncated.length === 3 && d.truncated.every(isNum))) return false;
  if (d.journal !== void 0 && !(Array.isArray(d.journal) && d.journal.length === 2 && d.journal.every(isNum))) return false;
  return Array.isArray(d.entries) && d.entries.every(validEntry);
}
function validEntry(e) {
  return typeof e === "object" && e !== null && isNum(e.line) && isStr(e.raw) && isStr(e.file) && isStr(e.title) && isStr(e.hook) && isStr(e.printed) && isOptStr(e.priority) && isOptStr(e.status) && isOptStr(e.expires_at) && (e.scope === void 0 || Array.isArray(e.scope) && e.scope.every(isStr)) && Array.isArray(e.key) && e.key.length === 2 && e.key.every(isNum) && Array.isArray(e.stamp) && e.stamp.length === 3 && e.stamp.every(isNum) && Array.isArray(e.post) && e.post.every((p) => Array.isArray(p) && isStr(p[0]) && isNum(p[1]) && isNum(p[2]));
}
function mapRuns(delta, baseSize) {
  let size = 0;
  for (let r = 0; r < delta.runs.length; r += 3) {
    const [from, count] = [delta.runs[r], delta.runs[r + 1]];
    if (count < 0 || (from >= 0 ? from + count > baseSize : -from - 1 + count > delta.entries.length)) return void 0;
    size += count;
  }
  const toBase = new Int32Array(size);
  const lineShift = new Int32Array(size);
  let j = 0;
  for (let r = 0; r < delta.runs.length; r += 3) {
    const from = delta.runs[r];
    const count = delta.runs[r + 1];
    lineShift.fill(delta.runs[r + 2], j, j + count);
    const step = from >= 0 ? 1 : -1;
    for (let i = 0, b = from; i < count; i++, b += step) toBase[j + i] = b;
    j += count;
  }
  return { toBase, lineShift };
}
function mergedStore(base, open) {
  const { delta, toBase, lineShift } = open;
  const bi = base.store.index;
  const n = toBase.length;
  const fromBase = new Int32Array(base.view.n).fill(-1);
  const fromDelta = [];
  for (let j = 0; j < n; j++) {
    const b = toBase[j];
    if (b >= 0) fromBase[b] = j;
    else fromDelta.push(j);
  }
  const entries = delta.entries;
  const deltaOf = (j) => {
    const b = toBase[j];
    if (b === void 0) throw new RangeError(`no entry ${j}`);
    return b < 0 ? entries[-b - 1] : void 0;
  };
  let deltaPostings;
  const postingsOfDelta = (term) => {
    if (!deltaPostings) {
      deltaPostings = /* @__PURE__ */ new Map();
      for (const j of fromDelta)
        for (const [t, tf, mask] of deltaOf(j).post) {
          let list = deltaPostings.get(t);
          if (!list) deltaPostings.set(t, list = []);
          list.push([j, tf, mask]);
        }
    }
    return deltaPostings.get(term);
  };
  const stamps = /* @__PURE__ */ new Map();
  for (const e of entries) stamps.set(e.file, e.stamp);
  const index = {
    size: n,
    entry: (j) => {
      const d = deltaOf(j);
      if (d) return d;
      const e = bi.entry(toBase[j]);
      return lineShift[j] === 0 ? e : new CachedEntry(e.line + lineShift[j], e.raw, e.file, e.priority ?? "", e.status ?? "", e.expires_at ?? "");
    },
    file: (j) => deltaOf(j)?.file ?? bi.file(toBase[j]),
    sinkFields: (j) => deltaOf(j) ?? bi.sinkFields(toBase[j]),
    postings: (term) => {
      const fromBaseList = bi.postings(term);
      const extra = postingsOfDelta(term);
      if (!fromBaseList && !extra) return void 0;
      const length = (fromBaseList?.length ?? 0) + (extra?.length ?? 0);
      const id = new Uint32Array(length);
      const tf = new Float32Array(length);
      const mask = new Uint8Array(length);
      let k = 0;
      for (let i = 0; fromBaseList && i < fromBaseList.length; i++) {
        const b = fromBaseList.id[i];
        if (b >= fromBase.length) throw new RangeError(`a posting of "${term}" points past the entries`);
        const j = fromBase[b];
        if (j < 0) continue;
        id[k] = j;
        tf[k] = fromBaseList.tf[i];
        mask[k++] = fromBaseList.mask[i];
      }
      for (const [j, t, m] of extra ?? []) {
        id[k] = j;
        tf[k] = t;
        mask[k++] = m;
      }
      if (k === 0) return void 0;
      return { length: k, id: id.subarray(0, k), tf: tf.subarray(0, k), mask: mask.subarray(0, k) };
    },
    alwaysIds: [...bi.alwaysIds.map((b) => fromBase[b]).filter((j) => j >= 0), ...fromDelta.filter((j) => deltaOf(j).priority === "always")].sort((a, b) => a - b),
    lineBytes: (j) => {
      const d = deltaOf(j);
      return d ? utf8Bytes(d.printed) : bi.lineBytes(toBase[j]);
    },
    lineKey: (j) => {
      const d = deltaOf(j);
      return d ? lineKey(d.printed) : bi.lineKey(toBase[j]);
    },
    lineText: (j) => deltaOf(j)?.printed ?? bi.lineText(toBase[j]),
    maySink: () => {
      const baseMask = bi.maySink();
      const mask = new Uint8Array(n);
      for (let j = 0; j < n; j++) {
        const b = toBase[j];
        if (b >= 0) mask[j] = baseMask[b];
        else {
          const e = entries[-b - 1];
          mask[j] = e.priority === "low" || e.status || e.expires_at ? 1 : 0;
        }
      }
      return mask;
    },
    scoped: () => [
      ...(bi.scoped?.() ?? []).flatMap(([b, list]) => fromBase[b] >= 0 ? [[fromBase[b], list]] : []),
      ...fromDelta.flatMap((j) => {
        const scope = deltaOf(j).scope;
        return scope && scope.length > 0 ? [[j, scope]] : [];
      })
    ]
  };
  return {
    index,
    unparsed: delta.unparsed.map(([line, raw, reason]) => ({ line, raw, reason })),
    entryCount: n,
    cardCount: delta.cards,
    cache: "fresh",
    verified: false,
    plainFiles: delta.plainFiles,
    ...delta.truncated ? { truncated: { lines: delta.truncated[0], bytes: delta.truncated[1], totalBytes: delta.truncated[2] } } : {},
    stamp: (file) => stamps.get(file) ?? base.store.stamp(file)
  };
}
function mergedStamp(base, open, j) {
  const b = open.toBase[j];
  if (b < 0) return open.delta.entries[-b - 1]?.stamp ?? MISSING;
  const s = base.view.stamps;
  return [s[3 * b], s[3 * b + 1], s[3 * b + 2]];
}

// lib/rank-cache/journal.ts
function journaled(memoryDir, mark, recordedIndex, indexStat, recordedDirs, currentDirs) {
  const records = journalSince(memoryDir, mark);
  if (!records || records.length === 0) return void 0;
  let index = recordedIndex;
  let edits = [];
  const cards = /* @__PURE__ */ new Set();
  const lastDir = /* @__PURE__ */ new Map();
  for (const r of records) {
    if (r.x && r.c.length === 0) return void 0;
    const landed = sameIndexStamp(r.o, index) && !sameIndexStamp(r.i, index);
    if (!landed && (r.x || !sameIndexStamp(r.i, index) || !r.e && !sameIndexStamp(r.i, r.o))) edits = void 0;
    else if (!landed && r.e) edits?.push(r.e);
    index = r.o;
    for (const c of r.c) cards.add(normalizeCardPath(c));
    for (const [rel, mtime] of r.d) lastDir.set(rel, mtime);
  }
  if (!sameIndexStamp(index, [indexStat.size, indexStat.mtimeMs, indexStat.ino])) edits = void 0;
  for (const [rel, mtime] of recordedDirs) {
    const now = currentDirs.get(rel);
    if (now !== mtime && lastDir.get(rel) !== now) return void 0;
  }
  return { edits, cards };
}
function applyLineEdits(items, unparsed, edits, fileOf) {
  let sameCards = true;
  for (const [at, removed, inserted] of edits) {
    const end = at + removed;
    const shift = inserted.length - removed;
    const gone = [];
    const kept = [];
    let insertAt = 0;
    for (const item of items) {
      if (item.line < at) {
        kept.push(item);
        insertAt = kept.length;
      } else if (item.line >= end) kept.push({ ...item, line: item.line + shift });
      else gone.push(fileOf(item));
    }
    const added = [];
    const addedUnparsed = [];
    inserted.forEach((raw, k) => {
      const parsed = parseIndexLine(raw, at + k);
      if (parsed === void 0) return;
      if ("reason" in parsed) addedUnparsed.push([parsed.line, parsed.raw, parsed.reason]);
      else added.push({ line: parsed.line, e: parsed });
    });
    const addedFiles = added.map(fileOf);
    if (gone.length !== addedFiles.length || gone.some((f, i) => f !== addedFiles[i])) sameCards = false;
    items = [...kept.slice(0, insertAt), ...added, ...kept.slice(insertAt)];
    unparsed = [...unparsed.filter((u) => u[0] < at), ...addedUnparsed, ...unparsed.filter((u) => u[0] >= end).map((u) => [u[0] + shift, u[1], u[2]])];
  }
  return { items, unparsed, sameCards };
}

// lib/rank-cache/refresh.ts
function deltaMax(entries) {
  return Math.min(1024, Math.max(32, Math.ceil(entries / 4)));
}
var key53 = (a, b) => a * 2 ** 21 + (b >>> 11);
async function refresh(memoryDir, base, prev, indexStat, options, checkAll, verifiedMs) {
  const { view, header } = base;
  const cur = prev ?? identity(base);
  const n = cur.toBase.length;
  const journal = journalMark(memoryDir);
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
    mtimeMs: base.view.mtimeMs
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

// lib/rank-cache/load.ts
async function loadRankable(memoryDir, options) {
  const indexStat = stat(joinPath(memoryDir, INDEX_FILE));
  if (!indexStat.isFile()) throw Object.assign(new Error(`${joinPath(memoryDir, INDEX_FILE)} is not a file`), { code: "EISDIR" });
  if (!options.force) {
    const base = openCache(memoryDir, options.wholeHeadMax === void 0 ? {} : { wholeHead: options.wholeHeadMax });
    if (base) {
      try {
        const delta = openDelta(memoryDir, base);
        const verifiedMs = delta ? delta.mtimeMs : base.view.mtimeMs;
        const large = (delta ? delta.toBase.length : base.view.n) > (options.fullCheckMax ?? FULL_CHECK_MAX);
        const trusted = large && !options.checkAllCards && verifiedRecently(verifiedMs, options.nowMs);
        if (sourcesUnchanged(memoryDir, delta ? delta.delta : base.header, indexStat)) {
          const store = delta ? mergedStore(base, delta) : base.store;
          if (trusted) return store;
          if (delta ? everyMergedCardUnchanged(memoryDir, base, delta, options.stats) : everyCardUnchanged(memoryDir, base.view, options.stats)) {
            store.verified = true;
            if (large) markVerified(memoryDir, base, delta, options.nowMs);
            return store;
          }
        }
        const refreshed = await refresh(memoryDir, base, delta, indexStat, options, !trusted, verifiedMs);
        if (refreshed) return refreshed;
      } catch {
      }
    }
  }
  return rebuild(memoryDir, indexStat, options);
}
function stillFresh(memoryDir, store, files) {
  for (const file of files) {
    const stamp = store.stamp(file);
    if (!stamp || !sameStamp(cardStamp(memoryDir, file), stamp)) return false;
  }
  return true;
}
function sourcesUnchanged(memoryDir, recorded, indexStat) {
  const i = recorded.index;
  if (i[0] !== indexStat.size || i[1] !== indexStat.mtimeMs || i[2] !== indexStat.ino) return false;
  for (const [rel, mtime] of recorded.dirs) if (stampOf(joinPath(memoryDir, rel))[0] !== mtime) return false;
  return true;
}
function markVerified(memoryDir, base, delta, ms) {
  if (!delta) return base.view.markVerified(ms);
  try {
    utimes(deltaPath(memoryDir), ms);
    return true;
  } catch {
    return false;
  }
}
function everyCardUnchanged(memoryDir, view, stats) {
  const prefix = memoryDir.endsWith("/") ? memoryDir : `${memoryDir}/`;
  const stamps = view.stamps;
  view.allFiles();
  for (let id = 0, at = 0; id < view.n; id++, at += STAMP_FIELDS) {
    const file = view.file(id);
    const known = stats?.get(file);
    if (known) {
      if (known[0] !== stamps[at] || known[1] !== stamps[at + 1] || known[2] !== stamps[at + 2]) return false;
      continue;
    }
    const s = escapesStore(file) ? void 0 : statQuiet(prefix + file);
    if (s === void 0 ? stamps[at] !== -1 : s.mtimeMs !== stamps[at] || s.size !== stamps[at + 1] || s.ctimeMs !== stamps[at + 2]) return false;
  }
  return true;
}
function everyMergedCardUnchanged(memoryDir, base, delta, stats) {
  base.view.allFiles();
  for (let j = 0; j < delta.toBase.length; j++) {
    const b = delta.toBase[j];
    const file = b >= 0 ? base.view.file(b) : delta.delta.entries[-b - 1].file;
    if (!sameStamp(cardStamp(memoryDir, file, stats), mergedStamp(base, delta, j))) return false;
  }
  return true;
}
function statQuiet(file) {
  try {
    return statIfExists(file);
  } catch {
    return void 0;
  }
}

export {
  INDEX_READ_CAP,
  FIELD_BIT,
  PART_BIT,
  matchesOf,
  lineKey,
  normalizeCardPath,
  USAGE_LOG,
  USAGE_SNAPSHOT,
  FOLDING,
  isMeasurable,
  renderLogLine,
  addLogLines,
  add,
  parseSnapshot,
  renderSnapshot,
  applyDecay,
  loadRankable,
  stillFresh
};
