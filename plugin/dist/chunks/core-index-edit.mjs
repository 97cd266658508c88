import { createRequire as __memctlRequire } from "node:module"; const require = __memctlRequire(import.meta.url);
import {
  findIndexLine,
  findIndexLines,
  hasFenceMark
} from "./core-index-find.mjs";
import {
  appendBytes,
  realDir,
  replaceFile
} from "./store-lock.mjs";
import {
  INDEX_FILE,
  STATE_DIR,
  joinPath
} from "./config-config.mjs";
import {
  close,
  openRegular,
  readAt,
  readRegular,
  statIfExists
} from "./core-bytes.mjs";

// lib/core/index-edit.ts
var EMPTY_INDEX = "# Memory\n\nOne line per card: - [Title](file.md) \u2014 hook\n";
function upsertIndexLineBytes(index, file, line) {
  const hit = findIndexLine(index, file);
  if (hit) return Buffer.concat([index.subarray(0, hit.start), Buffer.from(line, "utf8"), index.subarray(hit.end)]);
  const eol = index.includes("\r\n") ? "\r\n" : "\n";
  const sep = index.length === 0 || index[index.length - 1] === 10 ? "" : eol;
  return Buffer.concat([index, Buffer.from(sep + line + eol, "utf8")]);
}
function upsertIndexLinePieces(index, file, line) {
  const hit = findIndexLine(index, file);
  if (!hit) {
    if (index.length > 0 && index[index.length - 1] !== 10) return void 0;
    const added = Buffer.from(line + (index.includes("\r\n") ? "\r\n" : "\n"), "utf8");
    const at2 = countNewlines(index, index.length) + 1;
    const refused = at2 === 1 || /[\r\n]/.test(line) || hasFenceMark(index) || hasFence(added);
    return { pieces: [index, added], changed: true, ...refused ? {} : { edit: { at: at2, removed: 0, inserted: [line] } } };
  }
  const bytes = Buffer.from(line, "utf8");
  const old = index.subarray(hit.start, hit.end);
  const pieces = [index.subarray(0, hit.start), bytes, index.subarray(hit.end)];
  if (bytes.equals(old)) return { pieces, changed: false };
  const at = countNewlines(index, hit.start) + 1;
  if (at === 1 || /[\r\n]/.test(line) || hasFenceMark(index) || hasFence(bytes) || !isUtf8(old)) return { pieces, changed: true };
  return { pieces, changed: true, edit: { at, removed: 1, inserted: [line] } };
}
function isUtf8(bytes) {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
function removeIndexLinesBytes(index, file) {
  const hits = findIndexLines(index, file);
  if (hits.length === 0) return { bytes: index, removed: 0 };
  const kept = [];
  let from = 0;
  for (const { start, end } of hits) {
    kept.push(index.subarray(from, start));
    from = index[end] === 13 ? end + 2 : index[end] === 10 ? end + 1 : end;
  }
  kept.push(index.subarray(from));
  return { bytes: Buffer.concat(kept), removed: hits.length };
}
function indexHasBytes(index, file) {
  return findIndexLine(index, file) !== void 0;
}
function indexLineEdit(before, next) {
  const a = Buffer.isBuffer(before) ? before : Buffer.from(before.buffer, before.byteOffset, before.byteLength);
  const b = Buffer.isBuffer(next) ? next : Buffer.from(next.buffer, next.byteOffset, next.byteLength);
  if (a.equals(b) || hasFenceMark(a)) return void 0;
  const min = Math.min(a.length, b.length);
  let p = 0;
  while (p + CHUNK <= min && a.compare(b, p, p + CHUNK, p, p + CHUNK) === 0) p += CHUNK;
  while (p < min && a[p] === b[p]) p++;
  const start = p === 0 ? 0 : a.lastIndexOf(10, p - 1) + 1;
  let q = 0;
  const tail = min - start;
  while (q + CHUNK <= tail && a.compare(b, b.length - q - CHUNK, b.length - q, a.length - q - CHUNK, a.length - q) === 0) q += CHUNK;
  while (q < tail && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
  while (q > 0 && !(a[a.length - q - 1] === 10 && b[b.length - q - 1] === 10)) q--;
  const endA = a.length - q;
  const endB = b.length - q;
  const at = countNewlines(a, start) + 1;
  if (at === 1) return void 0;
  const removedText = a.subarray(start, endA);
  const insertedText = b.subarray(start, endB);
  if (hasFence(insertedText)) return void 0;
  const fatal = new TextDecoder("utf-8", { fatal: true });
  try {
    const inserted = splitLines(fatal.decode(insertedText));
    return { at, removed: splitLines(fatal.decode(removedText)).length, inserted };
  } catch {
    return void 0;
  }
}
var CHUNK = 64 * 1024;
function splitLines(text) {
  if (text === "") return [];
  const parts = text.split(/\r?\n/);
  if (parts[parts.length - 1] === "") parts.pop();
  return parts;
}
function countNewlines(buf, end) {
  let n = 0;
  for (let at = buf.indexOf(10); at !== -1 && at < end; at = buf.indexOf(10, at + 1)) n++;
  return n;
}
function hasFence(buf) {
  return buf.includes("```") || buf.includes("~~~");
}

// lib/store/write-journal.ts
import path from "node:path";
var WRITE_JOURNAL = "writes.jsonl";
var JOURNAL_MAX_BYTES = 256 * 1024;
function journalPath(memoryDir) {
  return joinPath(memoryDir, STATE_DIR, WRITE_JOURNAL);
}
function indexStamp(memoryDir) {
  const s = statIfExists(joinPath(memoryDir, INDEX_FILE));
  return s ? [s.size, s.mtimeMs, s.ino] : null;
}
function dirStamps(memoryDir, cards) {
  const rels = /* @__PURE__ */ new Set([""]);
  for (const card of cards) {
    const dir = path.posix.dirname(card);
    if (dir !== ".") rels.add(dir);
  }
  return [...rels].map((rel) => [rel, statIfExists(rel === "" ? memoryDir : path.join(memoryDir, rel))?.mtimeMs ?? -1]);
}
var JOURNAL_EDIT_MAX_LINES = 64;
var JOURNAL_CHANGE_MAX_FILES = 1024;
function snapshotIndex(memoryDir) {
  try {
    const stamp = indexStamp(memoryDir);
    if (stamp === null) return { stamp };
    const { bytes } = readRegular(joinPath(memoryDir, INDEX_FILE));
    return sameIndexStamp(stamp, indexStamp(memoryDir)) ? { stamp, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) } : void 0;
  } catch {
    return void 0;
  }
}
function journalChange(memoryDir, before, files) {
  const cards = files?.filter((f) => f !== "" && !f.startsWith(`${STATE_DIR}/`));
  let record = { i: null, o: null, x: 1, c: [], d: [] };
  try {
    const after = before?.bytes ? snapshotIndex(memoryDir) : { stamp: indexStamp(memoryDir) };
    const [i, o] = [before?.stamp ?? null, after?.stamp ?? null];
    if (cards === void 0 || cards.length > JOURNAL_CHANGE_MAX_FILES) record = { i, o, x: 1, c: [], d: [] };
    else if (before && after && sameIndexStamp(before.stamp, after.stamp)) record = { i, o, c: cards, d: dirStamps(memoryDir, cards) };
    else {
      const edit = before?.bytes && after?.bytes ? indexLineEdit(before.bytes, after.bytes) : void 0;
      const lines = edit && edit.inserted.length <= JOURNAL_EDIT_MAX_LINES ? { e: [edit.at, edit.removed, edit.inserted] } : { x: 1 };
      record = { i, o, ...lines, c: cards, d: dirStamps(memoryDir, cards) };
    }
  } catch {
  }
  appendJournal(memoryDir, [record]);
}
function appendJournal(memoryDir, records) {
  if (records.length === 0) return;
  try {
    const dir = realDir(memoryDir, STATE_DIR);
    const file = path.join(dir, WRITE_JOURNAL);
    const text = records.map((r) => `${JSON.stringify(r)}
`).join("");
    if ((statIfExists(file)?.size ?? 0) > JOURNAL_MAX_BYTES) replaceFile(file, text, `${file}.${process.pid}.tmp`);
    else appendBytes(file, Buffer.from(text, "utf8"));
  } catch {
  }
}
function journalMark(memoryDir) {
  try {
    const s = statIfExists(journalPath(memoryDir));
    return s === void 0 ? [-1, 0] : s.isFile() ? [s.ino, s.size] : void 0;
  } catch {
    return void 0;
  }
}
function journalSince(memoryDir, mark) {
  if (!mark) return void 0;
  let fd;
  try {
    if (mark[0] === -1 && statIfExists(journalPath(memoryDir)) === void 0) return [];
    const opened = openRegular(journalPath(memoryDir), { nofollow: true });
    fd = opened.fd;
    const { ino, size } = opened.stat;
    if (mark[0] !== -1 && ino !== mark[0] || size < mark[1] || size - mark[1] > JOURNAL_MAX_BYTES * 2) return void 0;
    const buf = new Uint8Array(size - mark[1]);
    if (readAt(fd, buf, 0, buf.length, mark[1]) !== buf.length) return void 0;
    const text = Buffer.from(buf.buffer, 0, buf.length).toString("utf8");
    if (text !== "" && !text.endsWith("\n")) return void 0;
    return text.split("\n").filter((l) => l !== "").map((l) => {
      const r = JSON.parse(l);
      if (!validRecord(r)) throw new RangeError("malformed journal record");
      return r;
    });
  } catch {
    return void 0;
  } finally {
    if (fd !== void 0) close(fd);
  }
}
function sameIndexStamp(a, b) {
  return a === null || b === null ? a === b : a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}
var isNum = (v) => typeof v === "number" && Number.isFinite(v);
var isStamp = (v) => v === null || Array.isArray(v) && v.length === 3 && v.every(isNum);
function validRecord(r) {
  if (typeof r !== "object" || r === null || !isStamp(r.i) || !isStamp(r.o)) return false;
  if (!Array.isArray(r.c) || !r.c.every((c) => typeof c === "string")) return false;
  if (!Array.isArray(r.d) || !r.d.every((d) => Array.isArray(d) && typeof d[0] === "string" && isNum(d[1]))) return false;
  if (r.x !== void 0 && r.x !== 1) return false;
  const e = r.e;
  return e === void 0 || Array.isArray(e) && e.length === 3 && Number.isInteger(e[0]) && e[0] > 1 && Number.isInteger(e[1]) && e[1] >= 0 && Array.isArray(e[2]) && e[2].every((l) => typeof l === "string" && !/[\r\n]/.test(l));
}

export {
  EMPTY_INDEX,
  upsertIndexLineBytes,
  upsertIndexLinePieces,
  removeIndexLinesBytes,
  indexHasBytes,
  indexLineEdit,
  indexStamp,
  dirStamps,
  snapshotIndex,
  journalChange,
  appendJournal,
  journalMark,
  journalSince,
  sameIndexStamp
};
