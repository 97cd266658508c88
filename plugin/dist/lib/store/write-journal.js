// lib/store/write-journal.ts
import path from "node:path";
import { indexLineEdit } from "../core/index-edit.js";
import { readAt, close, openRegular, readRegularMemo, statIfExists } from "./checked-fs.js";
import { appendBytes, realDir, replaceFile } from "./safe-write.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";
var WRITE_JOURNAL = "writes.jsonl";
var JOURNAL_MAX_BYTES = 256 * 1024;
function journalPath(memoryDir) {
  return joinPath(memoryDir, STATE_DIR, WRITE_JOURNAL);
}
function indexStamp(memoryDir) {
  const s = statIfExists(joinPath(memoryDir, INDEX_FILE));
  return s ? [s.size, s.mtimeMs, s.ino, s.ctimeMs] : null;
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
    const bytes = readRegularMemo(joinPath(memoryDir, INDEX_FILE));
    return sameIndexStamp(stamp, indexStamp(memoryDir)) ? { stamp, bytes } : void 0;
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
async function journalAround(memoryDir, change, touched) {
  const before = snapshotIndex(memoryDir);
  let files;
  try {
    const result = await change();
    files = touched(result);
    return result;
  } finally {
    if (files === void 0 || files.length > 0) journalChange(memoryDir, before, files);
  }
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
function journalCoversIndex(memoryDir, ctimeMs) {
  const appended = statIfExists(journalPath(memoryDir))?.mtimeMs;
  return appended !== void 0 && ctimeMs <= appended;
}
function sameIndexStamp(a, b) {
  return a === null || b === null ? a === b : a[0] === b[0] && a[1] === b[1] && a[2] === b[2] && (a[3] === void 0 || b[3] === void 0 || a[3] === b[3]);
}
var isNum = (v) => typeof v === "number" && Number.isFinite(v);
var isStamp = (v) => v === null || Array.isArray(v) && (v.length === 3 || v.length === 4) && v.every(isNum);
function validRecord(r) {
  if (typeof r !== "object" || r === null || !isStamp(r.i) || !isStamp(r.o)) return false;
  if (!Array.isArray(r.c) || !r.c.every((c) => typeof c === "string")) return false;
  if (!Array.isArray(r.d) || !r.d.every((d) => Array.isArray(d) && typeof d[0] === "string" && isNum(d[1]))) return false;
  if (r.x !== void 0 && r.x !== 1) return false;
  const e = r.e;
  return e === void 0 || Array.isArray(e) && e.length === 3 && Number.isInteger(e[0]) && e[0] > 1 && Number.isInteger(e[1]) && e[1] >= 0 && Array.isArray(e[2]) && e[2].every((l) => typeof l === "string" && !/[\r\n]/.test(l));
}
export {
  JOURNAL_CHANGE_MAX_FILES,
  JOURNAL_EDIT_MAX_LINES,
  JOURNAL_MAX_BYTES,
  WRITE_JOURNAL,
  appendJournal,
  dirStamps,
  indexStamp,
  journalAround,
  journalChange,
  journalCoversIndex,
  journalMark,
  journalPath,
  journalSince,
  sameIndexStamp,
  snapshotIndex
};
