import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  utcDay
} from "./core-utc.mjs";
import {
  TOKENIZER_VERSION,
  tokenize
} from "./rank-stem.mjs";
import {
  renderEntryLine,
  utf8Bytes
} from "./core-block.mjs";
import {
  parseIndex
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
} from "./config-config.mjs";
import {
  isAsciiText,
  isDayShape
} from "./core-ascii.mjs";
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

// lib/core/frecency.ts
function daysBetween(from, to) {
  return Math.round((dayMs(to) - dayMs(from)) / 864e5);
}
var DAY_MS = /* @__PURE__ */ new Map();
function dayMs(day) {
  let ms = DAY_MS.get(day);
  if (ms === void 0) {
    ms = Date.parse(`${day}T00:00:00Z`);
    if (DAY_MS.size < 1e4) DAY_MS.set(day, ms);
  }
  return ms;
}
var AGE_BUCKETS = [
  { maxDays: 1, label: "<=1d", weight: 1 },
  { maxDays: 7, label: "<=7d", weight: 0.7 },
  { maxDays: 30, label: "<=30d", weight: 0.4 },
  { maxDays: 90, label: "<=90d", weight: 0.2 },
  { maxDays: Infinity, label: ">90d", weight: 0.1 }
];
function ageBucket(lastDay, today) {
  return bucketOfAge(daysBetween(lastDay, today));
}
function bucketOfAge(days) {
  const age = Math.max(0, days);
  for (let i = 0; i < AGE_BUCKETS.length; i++) if (age <= AGE_BUCKETS[i].maxDays) return AGE_BUCKETS[i];
  return AGE_BUCKETS[AGE_BUCKETS.length - 1];
}
function frecency(usage, today) {
  return usage ? usage.access_count * ageBucket(usage.last_access_day, today).weight : 0;
}

// lib/usage/format.ts
var USAGE_LOG = "usage.log";
var USAGE_SNAPSHOT = "usage.tsv";
var FOLDING = /^usage\.(\d+)-\d+\.folding$/;
var HALVING_PERIOD_DAYS = 30;
var HEADER = "# memctl usage v1";
function isMeasurable(card) {
  return card !== "" && !/[\t\n\r]/.test(card);
}
function renderLogLine(day, cards) {
  return isDayShape(day) && cards.length > 0 ? `${day}	${cards.join("	")}
` : void 0;
}
function addLogLines(cards, text, options = {}) {
  let malformed = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const fields = line.split("	");
    const at = fields[0].indexOf("@");
    const day = at === -1 ? fields[0] : fields[0].slice(0, at);
    const hits = fields.length < 2 || !isDayShape(day) || fields.some((f) => f === "") ? void 0 : at === -1 ? fields.slice(1) : options.legacy?.(fields);
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
    if (key === "decay_epoch" && isDayShape(value)) snap.epoch = value;
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
  if (!card || extra !== void 0 || !count || !Number.isFinite(n) || n < 0 || !day || !isDayShape(day))
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
  snap.epoch = utcDay(dayMs(snap.epoch) + periods * HALVING_PERIOD_DAYS * 864e5);
}

// lib/rank-cache/build.ts
import path2 from "node:path";

// lib/rank/postings.ts
var FIELDS = ["title", "topics", "hook", "recall", "body"];
var FIELD_WEIGHT = { title: 3, topics: 2, hook: 1, recall: 1.5, body: 0 };
var FIELD_B = { title: 0.3, topics: 0.3, hook: 0.6, recall: 0.75, body: 0.75 };
var FIELD_BIT = { title: 1, topics: 2, hook: 4, recall: 8, body: 16 };
var FIELD_MASK = 31;
var MASK_FIELDS = Array.from({ length: FIELD_MASK + 1 }, (_, mask) => FIELDS.filter((f) => mask & FIELD_BIT[f]));
var K1 = 1.2;
function toPostingList(list) {
  return { length: list.length, id: Uint32Array.from(list, (p) => p.id), tf: Float32Array.from(list, (p) => p.tf), mask: Uint8Array.from(list, (p) => p.mask) };
}
function buildPostings(entries) {
  const n = entries.length;
  const avg = { title: 0, topics: 0, hook: 0, recall: 0, body: 0 };
  const fields = FIELDS.filter((f) => FIELD_WEIGHT[f] > 0);
  const have = { title: n, topics: n, hook: n, recall: 0, body: 0 };
  for (const e of entries)
    for (const f of fields) {
      const len = e.terms[f]?.length ?? 0;
      avg[f] += len;
      if ((f === "recall" || f === "body") && len > 0) have[f]++;
    }
  for (const f of fields) avg[f] = have[f] > 0 ? Math.max(1, avg[f] / have[f]) : 1;
  const postings = /* @__PURE__ */ new Map();
  entries.forEach((e, id) => {
    const mine = /* @__PURE__ */ new Map();
    for (const f of fields) {
      const terms = e.terms[f];
      if (terms === void 0) continue;
      const norm = 1 - FIELD_B[f] + FIELD_B[f] * terms.length / avg[f];
      for (const t of terms) {
        let p = mine.get(t);
        if (!p) mine.set(t, p = { id, tf: 0, mask: 0 });
        p.tf += FIELD_WEIGHT[f] / norm;
        p.mask |= FIELD_BIT[f];
      }
    }
    for (const [t, p] of mine) {
      p.tf = Math.fround(p.tf * (K1 + 1) / (p.tf + K1));
      let list = postings.get(t);
      if (!list) postings.set(t, list = []);
      list.push(p);
    }
  });
  return postings;
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
function findTerm(buf, table, blob, blobBytes, count, term) {
  const ascii = isAsciiText(term);
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const a = table[mid];
    const b = table[mid + 1];
    if (a > b || b > blobBytes) throw new RangeError("bad rank cache offset");
    let order;
    if (ascii) order = compareAscii(buf, blob + a, blob + b, term);
    else {
      const key = utf8Text(buf, blob + a, blob + b);
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

// lib/rank-cache/format.ts
var MAGIC = encodeUtf8("MEMCTLRC");
var END = encodeUtf8("MEMCTLEND");
var PREFIX = MAGIC.length + 12;
var WHOLE_ENTRIES_MAX = 512 * 1024;
var WHOLE_PRINTED_MAX = 64 * 1024;
var WHOLE_POSTINGS_MAX = 32 * 1024;
var pad4 = (offset) => (4 - offset % 4) % 4;
var FORMAT_VERSION = 24;
var STAMP_FIELDS = 3;
var FILE_DECODES_BEFORE_WHOLE = 1024;
var closeOnCollect = new FinalizationRegistry((fd) => {
  try {
    close(fd);
  } catch {
  }
});
function openCacheFile(path3, tokenizerVersion, limits = {}) {
  let fd;
  try {
    const opened = openRegular(path3);
    fd = opened.fd;
    const size = opened.stat.size;
    if (size < PREFIX + END.length) return void 0;
    const prefix = new Uint8Array(PREFIX);
    readAt(fd, prefix, 0, PREFIX, 0);
    if (!bytesAt(prefix, 0, MAGIC) || u32At(prefix, 8) !== FORMAT_VERSION || u32At(prefix, 12) !== tokenizerVersion) return void 0;
    const headBytes = u32At(prefix, 16);
    if (headBytes < PREFIX || headBytes + END.length > size) return void 0;
    const head = new Uint8Array(headBytes);
    if (readAt(fd, head, 0, headBytes, 0) !== headBytes) return void 0;
    const end = new Uint8Array(END.length);
    readAt(fd, end, 0, END.length, size - END.length);
    if (!bytesAt(end, 0, END)) return void 0;
    const view = parseHead(head, fd, size - END.length, limits, opened.stat.mtimeMs);
    if (!view) close(fd);
    else closeOnCollect.register(view, fd);
    return view;
  } catch {
    if (fd !== void 0) close(fd);
    return void 0;
  }
}
function parseHead(buf, fd, blobsEnd, limits, mtimeMs) {
  let at = PREFIX;
  const need = (bytes) => {
    if (at + bytes > buf.length) throw new RangeError("truncated rank cache");
  };
  const u322 = () => {
    need(4);
    const v = u32At(buf, at);
    at += 4;
    return v;
  };
  const headerLength = u322();
  need(headerLength);
  const header = JSON.parse(utf8Text(buf, at, at + headerLength));
  at += headerLength;
  if (at % 4 !== 0) return void 0;
  const n = u322();
  need(16 * (n + 1) + 12 * n);
  const table = (length) => {
    const view = new Uint32Array(buf.buffer, buf.byteOffset + at, length);
    at += 4 * length;
    return view;
  };
  const entryTable = table(n + 1);
  const reuseTable = table(n + 1);
  const fileTable = table(n + 1);
  const printedTable = table(n + 1);
  const lineBytesTable = table(n);
  const lineKeyTable = table(2 * n);
  const fileBlob = at;
  const fileBytes = fileTable[n];
  need(fileBytes);
  at += fileBytes + pad4(fileBytes);
  const t = u322();
  need(4 * (t + 1));
  const termTable = table(t + 1);
  const termBlob = at;
  const termBytes = termTable[t];
  need(termBytes + pad4(at + termBytes) + 4 * (t + 1));
  at += termBytes + pad4(at + termBytes);
  const startTable = table(t + 1);
  const count = startTable[t];
  at += (8 - at % 8) % 8;
  if (at + 8 * STAMP_FIELDS * n !== buf.length) return void 0;
  const postingsAt = buf.length;
  const entryBlob = postingsAt + 9 * count;
  const entryBytes = entryTable[n];
  const printedBlob = entryBlob + entryBytes;
  const printedBytes = printedTable[n];
  const reuseBlob = printedBlob + printedBytes;
  const reuseBytes = reuseTable[n];
  if (reuseBlob + reuseBytes !== blobsEnd) return void 0;
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) return void 0;
  const stampArray = new Float64Array(buf.buffer, buf.byteOffset + at, STAMP_FIELDS * n);
  const readAt2 = (target, bytes, position) => {
    if (readAt(fd, new Uint8Array(target.buffer, target.byteOffset, bytes), 0, bytes, position) !== bytes) throw new RangeError("short read of rank cache postings");
  };
  let whole;
  if (9 * count <= (limits.wholePostings ?? WHOLE_POSTINGS_MAX)) {
    const all = new Uint8Array(9 * count);
    readAt2(all, 9 * count, postingsAt);
    whole = { id: new Uint32Array(all.buffer, 0, count), tf: new Float32Array(all.buffer, 4 * count, count), mask: new Uint8Array(all.buffer, 8 * count, count) };
  }
  const postingRange = (a, b) => {
    if (whole) return { length: b - a, id: whole.id.subarray(a, b), tf: whole.tf.subarray(a, b), mask: whole.mask.subarray(a, b) };
    const id = new Uint32Array(b - a);
    const tf = new Float32Array(b - a);
    const mask = new Uint8Array(b - a);
    readAt2(id, 4 * (b - a), postingsAt + 4 * a);
    readAt2(tf, 4 * (b - a), postingsAt + 4 * count + 4 * a);
    readAt2(mask, b - a, postingsAt + 8 * count + a);
    return { length: b - a, id, tf, mask };
  };
  const checkRange = (a, b, limit) => {
    if (a > b || b > limit) throw new RangeError("bad rank cache offset");
  };
  const text = (table2, blob, limit, i) => {
    const a = table2[i];
    const b = table2[i + 1];
    checkRange(a, b, limit);
    return utf8Text(buf, blob + a, blob + b);
  };
  let asciiFiles;
  let fileReads = 0;
  const checkId = (id) => {
    if (!(Number.isInteger(id) && id >= 0 && id < n)) throw new RangeError(`no entry ${id}`);
  };
  const readItem = (table2, blob, limit, id) => {
    checkId(id);
    const a = table2[id];
    const b = table2[id + 1];
    checkRange(a, b, limit);
    const out = new Uint8Array(b - a);
    if (readAt(fd, out, 0, b - a, blob + a) !== b - a) throw new RangeError("short read of a rank cache entry");
    return utf8Text(out);
  };
  const sectionItems = (table2, blob, bytes, wholeMax) => {
    if (bytes > wholeMax) return (id) => readItem(table2, blob, bytes, id);
    let whole2;
    return (id) => {
      checkId(id);
      if (!whole2) {
        whole2 = new Uint8Array(bytes);
        if (readAt(fd, whole2, 0, bytes, blob) !== bytes) throw new RangeError("short read of a rank cache section");
      }
      const a = table2[id];
      const b = table2[id + 1];
      checkRange(a, b, bytes);
      return utf8Text(whole2, a, b);
    };
  };
  const entryAt = sectionItems(entryTable, entryBlob, entryBytes, limits.wholeEntries ?? WHOLE_ENTRIES_MAX);
  const printedAt = sectionItems(printedTable, printedBlob, printedBytes, limits.wholePrinted ?? WHOLE_PRINTED_MAX);
  return {
    header,
    n,
    entry: entryAt,
    printed: printedAt,
    reuse: (id) => readItem(reuseTable, reuseBlob, reuseBytes, id),
    file: (id) => {
      checkId(id);
      if (asciiFiles === void 0 && ++fileReads > FILE_DECODES_BEFORE_WHOLE)
        asciiFiles = isAscii(buf.subarray(fileBlob, fileBlob + fileBytes)) ? latin1Text(buf, fileBlob, fileBlob + fileBytes) : null;
      if (asciiFiles == null) return text(fileTable, fileBlob, fileBytes, id);
      const a = fileTable[id];
      const b = fileTable[id + 1];
      if (a > b || b > fileBytes) throw new RangeError("bad rank cache offset");
      return asciiFiles.slice(a, b);
    },
    lineBytes: (id) => {
      checkId(id);
      return lineBytesTable[id];
    },
    lineKey: (id) => {
      checkId(id);
      return formatLineKey(lineKeyTable[2 * id], lineKeyTable[2 * id + 1]);
    },
    stamp: (id) => {
      checkId(id);
      return [stampArray[3 * id], stampArray[3 * id + 1], stampArray[3 * id + 2]];
    },
    stamps: stampArray,
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
      const at2 = findTerm(buf, termTable, termBlob, termBytes, t, term);
      if (at2 < 0) return void 0;
      const a = startTable[at2];
      const b = startTable[at2 + 1];
      checkRange(a, b, count);
      return postingRange(a, b);
    }
  };
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
  if (c.reuse.length !== n || c.printed.length !== n || c.files.length !== n || c.stamps.length !== n || c.lineBytes.length !== n || c.lineKeys.length !== n)
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
  const lineKeyTable = Buffer.alloc(8 * n);
  c.lineKeys.forEach(([a, b], i) => {
    lineKeyTable.writeUInt32LE(a, 8 * i);
    lineKeyTable.writeUInt32LE(b, 8 * i + 4);
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
  const fileEnd = PREFIX + 4 + header.length + 4 + entryTable.length + reuseTable.length + fileTable.length + printedTable.length + lineBytesTable.length + lineKeyTable.length + fileBlob.length;
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

// lib/rank/provenance-mark.ts
function provenanceMark(p) {
  if (!p) return void 0;
  const low = typeof p.confidence === "number" && Number.isFinite(p.confidence) && p.confidence < 0.5 ? String(Math.round(p.confidence * 100) / 100) : void 0;
  if (p.kind === "inference") return low === void 0 ? "(inference)" : `(inference, ${low})`;
  return low === void 0 ? void 0 : `(unverified, ${low})`;
}

// lib/rank-cache/read.ts
import path from "node:path";
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
function openCache(memoryDir) {
  const file = joinPath(memoryDir, STATE_DIR, RANK_CACHE);
  if (!exists(file)) return void 0;
  try {
    const view = openCacheFile(file, TOKENIZER_VERSION);
    if (!view || view.header.n !== view.n) return void 0;
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
  return path.isAbsolute(file) || /^[A-Za-z]:/.test(file) || file.split("/").includes("..");
}
function cardStamp(memoryDir, file) {
  if (escapesStore(file)) return MISSING;
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
var FILE_TYPE_PREFIX = new RegExp(`^(.*\\/)?(${CARD_TYPES.join("|")})_`);
var RACY_MS_FINE = 100;
var RACY_MS_COARSE = 2e3;
var HEAD_BYTES = 16 * 1024;
var CARD_READ_CAP = 4 * 1024 * 1024;
function reusable(memoryDir) {
  const out = { cards: /* @__PURE__ */ new Map(), lines: /* @__PURE__ */ new Map() };
  const previous = openCache(memoryDir);
  if (!previous) return out;
  const { view, header } = previous;
  const split = (s) => s === "" ? [] : s.split(" ");
  try {
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
  const { text, truncated } = readIndexText(path2.join(memoryDir, INDEX_FILE));
  const parsed = parseIndex(text);
  const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
  const old = reusable(memoryDir);
  let parseCard;
  const fields = /* @__PURE__ */ new Map();
  const stamps = /* @__PURE__ */ new Map();
  for (const file of files) {
    const stamp = cardStamp(memoryDir, file);
    if (escapesStore(file)) {
      stamps.set(file, stamp);
      continue;
    }
    const abs = path2.join(memoryDir, file);
    stamps.set(file, stamp);
    const prior = old.cards.get(file);
    if (prior && sameStamp(prior.stamp, stamp) && stamp[0] !== -1) {
      fields.set(file, prior);
      continue;
    }
    const head = readHead(abs);
    if (head === void 0) continue;
    parseCard ??= (await import("./card.mjs")).parseCard;
    const card = parseCard(head);
    const meta = card.meta;
    fields.set(file, {
      priority: meta.priority,
      status: meta.status,
      expires_at: meta.expires_at,
      topics: meta.topics,
      // A card's keys are one field (their words counted together, length-normalised against other cards' keys).
      recallTerms: tokenize((meta.recall ?? []).join("\n")),
      // Only the head is read: a body past the first 16 KiB of the file is not indexed (docs/ranking.md).
      bodyTerms: FIELD_WEIGHT.body > 0 ? tokenize(card.body) : [],
      ...provenanceMark(meta.provenance) ? { mark: provenanceMark(meta.provenance) } : {},
      ...meta.scope && meta.scope.length > 0 ? { scope: meta.scope } : {}
    });
  }
  const entries = parsed.entries.map((e) => {
    const file = normalizeCardPath(e.file);
    const f = fields.get(file) ?? { topics: [] };
    const nameWords = file.replace(/\.md$/i, "").replace(FILE_TYPE_PREFIX, "$1");
    const lineTerms = old.lines.get(`${file}
${e.raw}`);
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
        title: lineTerms?.title ?? tokenize(e.title),
        topics: f.topicTerms ?? tokenize([...f.topics, nameWords].join(" ")),
        hook: lineTerms?.hook ?? tokenize(e.hook),
        recall: f.recallTerms ?? [],
        body: f.bodyTerms ?? []
      }
    };
  });
  const postings = buildPostings(entries);
  const always = entries.flatMap((e, i) => e.priority === "always" ? [i] : []);
  const printed = entries.map((e) => e.mark ? `${renderEntryLine(e)} ${e.mark}` : renderEntryLine(e));
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
  const stateDir = path2.join(memoryDir, STATE_DIR);
  let createdStateDir = false;
  try {
    createdStateDir = lstatIfExists(stateDir) === void 0;
    realDir(memoryDir, STATE_DIR);
  } catch {
    return store;
  }
  const dirSet = /* @__PURE__ */ new Set([""]);
  for (const f of files) {
    const d = path2.posix.dirname(f);
    if (d !== "." && !d.startsWith("..") && !path2.isAbsolute(d)) dirSet.add(d);
  }
  const dirs = [...dirSet].sort().map((rel) => [rel, stampOf(path2.join(memoryDir, rel))[0]]);
  const sources = [indexStat.mtimeMs, ...dirs.filter(([rel]) => !(createdStateDir && rel === "")).map(([, m]) => m), ...[...stamps.values()].map(([m]) => m)];
  let newest = -Infinity;
  for (const m of sources) if (m > newest) newest = m;
  const allStamps = sources.filter((m) => m > 0);
  const coarse = allStamps.every((m) => m % 1e3 === 0);
  if (options.nowMs - newest <= (coarse ? RACY_MS_COARSE : RACY_MS_FINE)) return store;
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
    plainFiles: store.plainFiles
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
    terms: [...postings.keys()].sort().map((t) => [t, postings.get(t)])
  });
  if (writeCacheFile(stateDir, encoded, options.nowMs)) store.cache = "rebuilt";
  return store;
}
function normalizeCardPath(file) {
  return path2.posix.normalize(file.replace(/\\/g, "/")).replace(/^\.\//, "");
}
function writeCacheFile(stateDir, text, checkedMs) {
  const file = path2.join(stateDir, RANK_CACHE);
  const tmp = path2.join(stateDir, `${RANK_CACHE}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
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

// lib/rank-cache/load.ts
var FULL_CHECK_MAX = 1e4;
var VERIFIED_FOR_MS = 2e3;
async function loadRankable(memoryDir, options) {
  const indexStat = stat(joinPath(memoryDir, INDEX_FILE));
  if (!indexStat.isFile()) throw Object.assign(new Error(`${joinPath(memoryDir, INDEX_FILE)} is not a file`), { code: "EISDIR" });
  if (!options.force) {
    const cached = openCache(memoryDir);
    if (cached && isFreshSafe(memoryDir, cached, indexStat, options)) return cached.store;
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
function isFreshSafe(memoryDir, c, indexStat, options) {
  try {
    return isFresh(memoryDir, c, indexStat, options);
  } catch {
    return false;
  }
}
function isFresh(memoryDir, c, indexStat, options) {
  const h = c.header;
  if (h.index[0] !== indexStat.size || h.index[1] !== indexStat.mtimeMs || h.index[2] !== indexStat.ino) return false;
  for (const [rel, mtime] of h.dirs) {
    if (stampOf(joinPath(memoryDir, rel))[0] !== mtime) return false;
  }
  const large = h.n > (options.fullCheckMax ?? FULL_CHECK_MAX);
  if (large && !options.checkAllCards && verifiedRecently(c.view.mtimeMs, options.nowMs)) return true;
  if (!everyCardUnchanged(memoryDir, c.view)) return false;
  c.store.verified = true;
  if (large) c.view.markVerified(options.nowMs);
  return true;
}
function verifiedRecently(checkedMs, nowMs) {
  return nowMs >= checkedMs && nowMs - checkedMs < VERIFIED_FOR_MS;
}
function everyCardUnchanged(memoryDir, view) {
  const prefix = memoryDir.endsWith("/") ? memoryDir : `${memoryDir}/`;
  const stamps = view.stamps;
  for (let id = 0, at = 0; id < view.n; id++, at += STAMP_FIELDS) {
    const file = view.file(id);
    const s = escapesStore(file) ? void 0 : statQuiet(prefix + file);
    if (s === void 0 ? stamps[at] !== -1 : s.mtimeMs !== stamps[at] || s.size !== stamps[at + 1] || s.ctimeMs !== stamps[at + 2]) return false;
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
  FIELD_MASK,
  MASK_FIELDS,
  lineKey,
  AGE_BUCKETS,
  ageBucket,
  frecency,
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
  normalizeCardPath,
  loadRankable,
  stillFresh
};
