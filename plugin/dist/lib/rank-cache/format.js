// lib/rank-cache/format.ts
import { bytesAt, encodeUtf8, u32At, utf8Text } from "../core/bytes.js";
import { close, futimes, openRegular } from "../store/checked-fs.js";
import { formatLineKey } from "../core/line-key.js";
import { findTerm } from "./terms.js";
import { pagedHead, readExactly, wholeHead } from "./head.js";
import { cardPaths } from "./card-paths.js";
var MAGIC = encodeUtf8("MEMCTLRC");
var END = encodeUtf8("MEMCTLEND");
var PREFIX = MAGIC.length + 12;
var WHOLE_ENTRIES_MAX = 512 * 1024;
var WHOLE_PRINTED_MAX = 64 * 1024;
var WHOLE_POSTINGS_MAX = 32 * 1024;
var WHOLE_HEAD_MAX = 1024 * 1024;
var pad4 = (offset) => (4 - offset % 4) % 4;
var FORMAT_VERSION = 31;
var STAMP_FIELDS = 3;
var closeOnCollect = new FinalizationRegistry((fd) => {
  try {
    close(fd);
  } catch {
  }
});
function openCacheFile(path, tokenizerVersion, limits = {}) {
  let fd;
  try {
    const opened = openRegular(path);
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
  const u32 = () => {
    const v = head.u32(at);
    at += 4;
    return v;
  };
  const headerLength = u32();
  const header = JSON.parse(utf8Text(head.bytes(at, at + headerLength)));
  at += headerLength;
  if (at % 4 !== 0) return void 0;
  const n = u32();
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
  const t = u32();
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
  const paths = cardPaths(head, n, fileTable, fileBlob, fileBytes, checkId, checkRange);
  const view = {
    header,
    n,
    entry: entryAt,
    printed: printedAt,
    reuse: (id) => readItem(reuseTable, reuseBlob, reuseBytes, id),
    file: paths.file,
    files: paths.files,
    allFiles: paths.allFiles,
    findFiles: paths.findFiles,
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
export {
  END,
  FORMAT_VERSION,
  MAGIC,
  PREFIX,
  STAMP_FIELDS,
  openCacheFile,
  pad4
};
