// lib/store/history-latest.ts
import fs from "node:fs";
import { systemCode } from "../core/errors.js";
import { lowerBound as firstAtOrAbove } from "../core/line-edits.js";
import { contiguousTop, historyPath, parseHistoryLine, readCardHistory, latestByCard } from "./history.js";
import { close, fileStamp, openRegular, readAt } from "./checked-fs.js";
import { indexPath, loadIndex, saveIndex, WINDOW } from "./history-latest-file.js";
var CATCH_UP_MAX = 4 * 1024 * 1024;
var LAG_MAX = 16 * 1024;
var OFFSET_MAX = 4294967295;
function readLatestHistory(memoryDir, cards) {
  const file = historyPath(memoryDir);
  let opened;
  try {
    opened = openRegular(file, { nofollow: true });
  } catch (err) {
    if (systemCode(err) === "ENOENT") return { entries: [], malformed: 0 };
    return wholeRead(memoryDir, cards);
  }
  const { fd } = opened;
  try {
    const st = fs.fstatSync(fd, { bigint: true });
    const size = Number(st.size);
    const stamp = { dev: String(st.dev), ino: String(st.ino) };
    const disk = indexStamp(memoryDir);
    const mine = held.get(file);
    const ours = mine !== void 0 && mine.disk === disk;
    let index = trusted(ours ? mine.index : loadIndex(memoryDir), stamp, size, fd);
    let onDisk = index && (ours ? mine.onDisk : index.covered);
    if (index && index.covered < size && !catchUp(index, fd, size)) index = void 0;
    if (!index) {
      index = rebuild(fd, size, stamp);
      onDisk = void 0;
    }
    let entries = lookUp(index, fd, cards);
    if (!entries) {
      index = rebuild(fd, size, stamp);
      onDisk = void 0;
      entries = lookUp(index, fd, cards) ?? [];
    }
    held.set(file, { index, disk, onDisk });
    return { entries, malformed: 0 };
  } catch {
    held.delete(file);
    return wholeRead(memoryDir, cards);
  } finally {
    close(fd);
  }
}
function keepHistoryIndex(memoryDir) {
  readLatestHistory(memoryDir, []);
  const mine = held.get(historyPath(memoryDir));
  if (!mine || mine.index.onDisk || mine.index.covered > OFFSET_MAX) return;
  if (mine.onDisk !== void 0 && mine.index.covered - mine.onDisk <= LAG_MAX) return;
  saveIndex(memoryDir, mine.index);
  mine.disk = indexStamp(memoryDir);
  mine.onDisk = mine.index.covered;
}
var held = /* @__PURE__ */ new Map();
function indexStamp(memoryDir) {
  return fileStamp(fs.statSync(indexPath(memoryDir), { bigint: true, throwIfNoEntry: false }));
}
function wholeRead(memoryDir, cards) {
  const read = readCardHistory(memoryDir, cards);
  return { ...read, entries: [...latestByCard(read.entries).values()] };
}
function trusted(index, stamp, size, fd) {
  if (!index || index.dev !== stamp.dev || index.ino !== stamp.ino || index.covered > size) return void 0;
  if (!bytesAt(fd, 0, index.head) || !bytesAt(fd, index.covered - index.tail.length, index.tail)) return void 0;
  return index;
}
function bytesAt(fd, position, expected) {
  const got = Buffer.alloc(expected.length);
  return readAt(fd, got, 0, got.length, position) === got.length && got.equals(expected);
}
function catchUp(index, fd, size) {
  if (size - index.covered > CATCH_UP_MAX) return false;
  const bytes = Buffer.alloc(size - index.covered);
  if (readAt(fd, bytes, 0, bytes.length, index.covered) !== bytes.length) return false;
  const end = bytes.lastIndexOf(10) + 1;
  const found = /* @__PURE__ */ new Map();
  const known = (card) => {
    if (!found.has(card)) found.set(card, pairOf(index, fd, card));
    return found.get(card)?.entry.rev ?? 0;
  };
  const latest = [...latestLines(bytes, end, known)];
  for (const [card, l] of latest) {
    const at = found.get(card);
    if (at !== void 0) index.pairs[at.i + 1] = index.covered + l.offset;
  }
  const added = latest.filter(([card]) => found.get(card) === void 0).map(([card, l]) => [hashOf(card), index.covered + l.offset]);
  if (added.length > 0) index.pairs = insertPairs(index.pairs, added);
  index.covered += end;
  index.onDisk = false;
  index.tail = readWindowEnding(fd, index.covered);
  if (index.head.length < WINDOW) index.head = readWindow(fd, 0, Math.min(WINDOW, index.covered));
  return true;
}
function latestLines(bytes, end, known = () => 0) {
  const lines = /* @__PURE__ */ new Map();
  for (let start = 0; start < end; ) {
    const nl = bytes.indexOf(10, start);
    const entry = parseHistoryLine(bytes.toString("utf8", start, nl));
    if (entry) {
      const had = lines.get(entry.card);
      if (had === void 0) lines.set(entry.card, { rev: entry.rev, offset: start });
      else if (had instanceof Map) had.set(entry.rev, start);
      else
        lines.set(
          entry.card,
          /* @__PURE__ */ new Map([
            [had.rev, had.offset],
            [entry.rev, start]
          ])
        );
    }
    start = nl + 1;
  }
  const latest = /* @__PURE__ */ new Map();
  for (const [card, revs] of lines) {
    const from = known(card);
    const byRev = revs instanceof Map ? revs : /* @__PURE__ */ new Map([[revs.rev, revs.offset]]);
    const rev = contiguousTop(byRev, from);
    const offset = byRev.get(rev);
    if (offset !== void 0) latest.set(card, { rev, offset });
  }
  return latest;
}
function rebuild(fd, size, stamp) {
  const bytes = Buffer.alloc(size);
  let got = 0;
  for (let n = -1; got < size && n !== 0; got += n) n = readAt(fd, bytes, got, size - got, got);
  const end = got === 0 ? 0 : bytes.lastIndexOf(10, got - 1) + 1;
  const pairs = [...latestLines(bytes, end)].map(([card, l]) => [hashOf(card), l.offset]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return {
    ...stamp,
    covered: end,
    head: Buffer.from(bytes.subarray(0, Math.min(WINDOW, end))),
    tail: Buffer.from(bytes.subarray(Math.max(0, end - WINDOW), end)),
    pairs: Uint32Array.from(pairs.flat()),
    onDisk: false
  };
}
function lookUp(index, fd, cards) {
  const entries = [];
  for (const card of new Set(cards)) {
    let found;
    const hash = hashOf(card);
    const first = lowerBound(index.pairs, hash);
    if (first > 0 && index.pairs[first - 2] >= hash || first < index.pairs.length && index.pairs[first] < hash) return void 0;
    for (let i = first; i < index.pairs.length && index.pairs[i] === hash; i += 2) {
      const entry = lineAt(fd, index.pairs[i + 1], index.covered);
      if (!entry) return void 0;
      if (entry.card === card) found = entry;
    }
    if (found) entries.push(found);
  }
  return entries;
}
function pairOf(index, fd, card) {
  const hash = hashOf(card);
  for (let i = lowerBound(index.pairs, hash); i < index.pairs.length && index.pairs[i] === hash; i += 2) {
    const entry = lineAt(fd, index.pairs[i + 1], index.covered);
    if (!entry) throw new Error("history index: an offset is not a history line");
    if (entry.card === card) return { i, entry };
  }
  return void 0;
}
function lineAt(fd, offset, covered) {
  if (offset >= covered) return void 0;
  const start = offset === 0 ? 0 : offset - 1;
  for (let length = 1024; ; length *= 4) {
    const bytes = Buffer.alloc(Math.min(length, covered - start));
    const got = readAt(fd, bytes, 0, bytes.length, start);
    if (offset > 0 && (got === 0 || bytes[0] !== 10)) return void 0;
    const from = offset === 0 ? 0 : 1;
    const nl = bytes.subarray(0, got).indexOf(10, from);
    if (nl !== -1) return parseHistoryLine(bytes.toString("utf8", from, nl));
    if (got < bytes.length || start + got >= covered) return void 0;
  }
}
function lowerBound(pairs, hash) {
  return firstAtOrAbove(pairs.length / 2, (i) => pairs[i * 2], hash) * 2;
}
function insertPairs(pairs, added) {
  const sorted = [...added].sort((x, y) => x[0] - y[0]);
  const next = new Uint32Array(pairs.length + sorted.length * 2);
  let from = 0;
  let to = 0;
  for (const [hash, offset] of sorted) {
    const at = lowerBound(pairs, hash);
    next.set(pairs.subarray(from, at), to);
    to += at - from;
    from = at;
    next[to++] = hash;
    next[to++] = offset;
  }
  next.set(pairs.subarray(from), to);
  return next;
}
function hashOf(card) {
  let h = 2166136261;
  for (let i = 0; i < card.length; i++) h = Math.imul(h ^ card.charCodeAt(i), 16777619);
  return h >>> 0;
}
function readWindow(fd, position, length) {
  const bytes = Buffer.alloc(length);
  return bytes.subarray(0, readAt(fd, bytes, 0, length, position));
}
function readWindowEnding(fd, end) {
  return readWindow(fd, Math.max(0, end - WINDOW), Math.min(WINDOW, end));
}
export {
  keepHistoryIndex,
  readLatestHistory
};
