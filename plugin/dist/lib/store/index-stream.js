// lib/store/index-stream.ts
import fs from "node:fs";
import { appendedLineEdit, lineInFormOf, replacedLineEdit } from "../core/index-edit.js";
import { hasFence } from "../core/index-bytes.js";
import { cardLineOf, cardLineScan, feedIndexScan, newCardScan } from "../core/index-scan.js";
import { addIndexNames, newCardKeys } from "../core/index-names.js";
import { close, DEFAULT_READ_CAP, fileStamp, openRegular, readAt, readFullyAt } from "./checked-fs.js";
import { keepNames, mayName, namesAt, noteEdit } from "./index-names.js";
import { appendBytes } from "./safe-write.js";
import { commitFile, pauseBeforeCommit } from "./write.js";
var RUN = 1 << 20;
var NL = 10;
var runs = {};
function scanIndexFile(file, scan, options = {}) {
  const { fd } = openRegular(file);
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    let buf = options.run === void 0 ? runs.scan ??= Buffer.allocUnsafe(RUN) : Buffer.allocUnsafe(options.run);
    let covered = 0;
    let held = 0;
    let base = 0;
    for (; ; ) {
      if (held === buf.length) {
        if (buf.length * 2 > DEFAULT_READ_CAP) return void 0;
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, held);
        buf = bigger;
      }
      const n = readAt(fd, buf, held, buf.length - held, base + held);
      const filled = held + n;
      const end = n === 0 ? filled : buf.lastIndexOf(NL, filled - 1) + 1;
      if (end > 0) feedIndexScan(scan, buf.subarray(0, end), base);
      if (end > 0 && options.names) addIndexNames(buf.subarray(0, end), options.names);
      covered = base + end;
      const found = scan.first && scan.hits.length > 0;
      if (n === 0 || found && (options.toHit || scan.marks)) break;
      buf.copy(buf, 0, end, filled);
      held = filled - end;
      base += end;
    }
    return { scan, size: Number(st.size), stamp: fileStamp(st), covered, run: options.run };
  } finally {
    close(fd);
  }
}
async function upsertIndexLineStreamed(file, card, line, commit, options = {}) {
  return upsertScannedLine(file, scanCardLine(file, card), line, commit, options);
}
var scannedByFile = /* @__PURE__ */ new Map();
function scanCardLine(file, card) {
  const now = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  const seen = scannedByFile.get(file)?.get(card);
  if (now && seen && seen.stamp === fileStamp(now)) return seen;
  const scanned = scanIndexFile(file, cardLineScan(card, true), { toHit: true });
  keep(file, scanned ? [[card, scanned]] : []);
  return scanned;
}
function scanNewCard(file, name, cards, forEdit) {
  let scanned = forEdit ? knownNewCard(file, name, cards) : void 0;
  if (!scanned) {
    const names = forEdit ? [] : void 0;
    scanned = scanIndexFile(file, newCardScan(name, cards, forEdit), { names });
    if (names && scanned && scanned.covered === scanned.size) {
      const { newlines, marks, crlf, last } = scanned.scan;
      keepNames(file, { stamp: scanned.stamp, newlines, marks, crlf, last: last ?? null }, names);
    }
  }
  if (forEdit) keep(file, scanned ? cards.map((card) => [card, { ...scanned, scan: cardLineOf(scanned.scan, card) }]) : []);
  return scanned;
}
function knownNewCard(file, name, cards) {
  const st = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  if (!st?.isFile()) return void 0;
  const names = namesAt(file, fileStamp(st));
  if (!names || mayName(names, newCardKeys(name, cards))) return void 0;
  const { newlines, marks, crlf, last } = names;
  const scan = { ...newCardScan(name, cards, true), newlines, marks, crlf, ...last === null ? {} : { last } };
  return { scan, size: Number(st.size), stamp: names.stamp, covered: Number(st.size) };
}
function keep(file, scans) {
  scannedByFile.set(file, new Map(scans));
}
async function upsertScannedLine(file, scanned, line, commit, options = {}) {
  if (!scanned) return void 0;
  const { scan, size, stamp } = scanned;
  const hit = scan.hits[0];
  const added = Buffer.from(line + (scan.crlf ? "\r\n" : "\n"), "utf8");
  const torn = size > 0 && scan.last !== NL;
  if (torn && options.recovering && (!hit || hit.end >= size - 1)) {
    const rest = tornRest(file, size, added);
    if (rest) return await appendInPlace(file, stamp, rest, commit) ? { changed: true } : void 0;
  }
  if (hit) line = lineInFormOf(hit.bytes, line);
  const bytes = Buffer.from(line, "utf8");
  if (hit && bytes.equals(hit.bytes)) return { changed: false };
  if (!hit && torn) return void 0;
  if (!hit && scanned.covered === size && await appendInPlace(file, stamp, added, commit)) {
    noteEdit(file, stamp, added, { lines: 1, last: added[added.length - 1] });
    const edit2 = appendedLineEdit(scan.newlines + 1, line, scan.marks);
    return { changed: true, ...edit2 ? { edit: edit2 } : {} };
  }
  const ranges = hit ? [[0, hit.start], bytes, [hit.end, size]] : [[0, size], added];
  const watch = { from: scanned.covered, marks: scan.marks };
  try {
    await commitFile(file, copyAround(file, ranges, stamp, watch, scanned.run), { ...commit, sweep: false });
  } catch (err) {
    if (err === CHANGED) return void 0;
    throw err;
  }
  if (hit && hit.end < size && !hasFence(hit.bytes)) noteEdit(file, stamp, bytes, { lines: 0 });
  const edit = hit ? replacedLineEdit(hit.at, line, hit.bytes, watch.marks) : appendedLineEdit(scan.newlines + 1, line, scan.marks);
  return { changed: true, ...edit ? { edit } : {} };
}
async function appendInPlace(file, stamp, bytes, commit) {
  const st = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!st?.isFile() || (st.mode & 146) === 0 || st.nlink > 1) return false;
  await pauseBeforeCommit(commit);
  const expect = (fd) => fileStamp(fs.fstatSync(fd, { bigint: true })) === stamp;
  return appendBytes(file, bytes, { fsync: commit?.durable !== false, rollback: true, expect }) !== void 0;
}
function tornRest(file, size, added) {
  const { fd } = openRegular(file);
  try {
    const from = Math.max(0, size - added.length);
    const read = readFullyAt(fd, from, size - from);
    const nl = read.lastIndexOf(NL);
    if (nl === -1 && from > 0) return void 0;
    const tail = read.subarray(nl + 1);
    return tail.length > 0 && added.subarray(0, tail.length).equals(tail) ? added.subarray(tail.length) : void 0;
  } finally {
    close(fd);
  }
}
var CHANGED = new Error("MEMORY.md changed while it was copied");
function* copyAround(file, pieces, stamp, watch, run) {
  const { fd } = openRegular(file);
  try {
    if (fileStamp(fs.fstatSync(fd, { bigint: true })) !== stamp) throw CHANGED;
    const buf = run === void 0 ? runs.copy ??= Buffer.allocUnsafe(RUN) : Buffer.allocUnsafe(run);
    let edge = Buffer.alloc(0);
    for (const piece of pieces) {
      if (Buffer.isBuffer(piece)) {
        yield piece;
        continue;
      }
      for (let at = piece[0]; at < piece[1]; ) {
        const n = readAt(fd, buf, 0, Math.min(buf.length, piece[1] - at), at);
        if (n === 0) throw CHANGED;
        const skip = Math.max(0, watch.from - at);
        if (!watch.marks && skip < n) {
          const seen = buf.subarray(skip, n);
          const across = Buffer.concat([edge, seen.subarray(0, 2)]);
          watch.marks = hasFence(seen) || hasFence(across);
          const last = Buffer.concat([edge, seen.subarray(Math.max(0, seen.length - 2))]);
          edge = Buffer.from(last.subarray(Math.max(0, last.length - 2)));
        }
        yield buf.subarray(0, n);
        at += n;
      }
    }
    const now = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
    if (fileStamp(fs.fstatSync(fd, { bigint: true })) !== stamp || !now || fileStamp(now) !== stamp) throw CHANGED;
  } finally {
    close(fd);
  }
}
export {
  scanCardLine,
  scanIndexFile,
  scanNewCard,
  upsertIndexLineStreamed,
  upsertScannedLine
};
