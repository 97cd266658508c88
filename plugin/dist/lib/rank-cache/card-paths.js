// lib/rank-cache/card-paths.ts
import { isAscii } from "node:buffer";
import { encodeUtf8, latin1Text, utf8Text } from "../core/bytes.js";
import { fnv1a } from "../store/hold-index.js";
var FILE_DECODES_BEFORE_WHOLE = 1024;
var FILE_READS_BEFORE_WHOLE_PAGED = 16 * 1024;
var FILES_BATCH_MIN = 64;
function cardPaths(head, n, fileTable, fileBlob, fileBytes, checkId, checkRange) {
  let asciiFiles;
  let fileOffsets;
  let fileReads = 0;
  const decodeAllFiles = () => {
    const blob = head.bytes(fileBlob, fileBlob + fileBytes);
    asciiFiles = isAscii(blob) ? latin1Text(blob) : null;
    if (asciiFiles !== null) fileOffsets = head.u32s(fileTable, n + 1);
  };
  let batched;
  const paths = {
    file: (id) => {
      checkId(id);
      const known = batched?.get(id);
      if (known !== void 0) return known;
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
      if (!head.paged || fileOffsets !== void 0 || ids.length < FILES_BATCH_MIN) return ids.map((id) => paths.file(id));
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
      const read = head.spans(from, to).map((bytes) => utf8Text(bytes));
      batched ??= /* @__PURE__ */ new Map();
      for (let i = 0; i < ids.length; i++) batched.set(ids[i], read[i]);
      return read;
    },
    allFiles: () => {
      if (asciiFiles === void 0) decodeAllFiles();
    },
    findFiles: (wanted) => {
      const found = /* @__PURE__ */ new Map();
      if (wanted.length === 0) return found;
      if (wanted.length > FIND_BY_SEARCH_MAX) {
        if (asciiFiles === void 0) decodeAllFiles();
        if (asciiFiles && fileOffsets) {
          for (const file of wanted) found.set(file, []);
          for (let id = 0; id < n; id++) found.get(asciiFiles.slice(fileOffsets[id], fileOffsets[id + 1]))?.push(id);
          return found;
        }
      }
      const blob = head.bytes(fileBlob, fileBlob + fileBytes);
      const bytes = Buffer.from(blob.buffer, blob.byteOffset, blob.length);
      const offsets = fileOffsets ?? head.u32s(fileTable, n + 1);
      if (wanted.length > FIND_BY_SEARCH_MAX) return findByHash(bytes, offsets, n, wanted);
      for (const file of wanted) {
        const ids = [];
        const needle = encodeUtf8(file);
        for (let at = needle.length === 0 ? -1 : bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) {
          const id = firstAtLeast(offsets, n, at);
          if (id < n && offsets[id] === at && offsets[id + 1] - at === needle.length) ids.push(id);
        }
        found.set(file, ids);
      }
      return found;
    }
  };
  return paths;
}
var FIND_BY_SEARCH_MAX = 16;
function findByHash(bytes, offsets, n, wanted) {
  const found = new Map(wanted.map((f) => [f, []]));
  const byHash = /* @__PURE__ */ new Map();
  for (const [file, ids] of found) {
    const needle = encodeUtf8(file);
    const at = Buffer.from(needle.buffer, needle.byteOffset, needle.length);
    const h = fnv1a(at);
    byHash.set(h, [...byHash.get(h) ?? [], [at, ids]]);
  }
  for (let id = 0; id < n; id++) {
    const a = offsets[id];
    const b = offsets[id + 1];
    if (a > b || b > bytes.length) throw new RangeError("bad rank cache offset");
    const same = byHash.get(fnv1a(bytes, a, b));
    if (same === void 0) continue;
    for (const [needle, ids] of same) if (needle.length === b - a && needle.compare(bytes, a, b) === 0) ids.push(id);
  }
  return found;
}
function firstAtLeast(table, n, value) {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = lo + hi >>> 1;
    if (table[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
export {
  cardPaths
};
