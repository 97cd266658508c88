// lib/rank-cache/patch.ts
import { parseIndexLine } from "../core/index-file.js";
import { editSpan, insertedLines, lowerBound, spliceRows } from "../core/line-edits.js";
import { isMeasurable } from "../usage/format.js";
import { normalizeCardPath } from "./card-fields.js";
import { sameStamp } from "./stamps.js";
function segmentsOf(runs, entries) {
  const segs = [];
  for (let r = 0; r < runs.length; r += 3) {
    const [from, count, shift] = [runs[r], runs[r + 1], runs[r + 2]];
    if (count === 0) continue;
    if (from >= 0) segs.push({ from, count, shift });
    else for (let i = 0; i < count; i++) segs.push({ line: entries[-from - 1 + i].line, d: entries[-from - 1 + i] });
  }
  return segs;
}
var fileOf = (base, s) => s.from !== void 0 ? base.view.file(s.from) : s.d ? s.d.file : normalizeCardPath(s.e.file);
var splitAt = (lines, s, line) => lowerBound(s.count, (k) => lines[s.from + k] + s.shift, line);
function patchLines(base, segs, unparsed, edits) {
  const lines = base.view.lines;
  let sameCards = true;
  let goneOld = 0;
  for (const edit of edits) {
    const [at, removed, inserted] = edit;
    const end = at + removed;
    const move = inserted.length - removed;
    const before = [];
    const after = [];
    const gone = [];
    for (const s of segs) {
      if (s.from === void 0) {
        if (s.line < at) before.push(s);
        else if (s.line >= end) after.push(s.d ? { line: s.line + move, d: s.d } : { line: s.line + move, e: s.e, added: s.added });
        else {
          gone.push(fileOf(base, s));
          if (s.d || !s.added) goneOld++;
        }
        continue;
      }
      const k1 = splitAt(lines, s, at);
      const k2 = splitAt(lines, s, end);
      if (k1 > 0) before.push({ from: s.from, count: k1, shift: s.shift });
      for (let k = k1; k < k2; k++) gone.push(base.view.file(s.from + k));
      goneOld += k2 - k1;
      if (k2 < s.count) after.push({ from: s.from + k2, count: s.count - k2, shift: s.shift + move });
    }
    const added = [];
    const addedUnparsed = [];
    for (const parsed of insertedLines(edit)) {
      if (parsed === void 0) continue;
      if ("reason" in parsed) addedUnparsed.push([parsed.line, parsed.raw, parsed.reason]);
      else added.push({ line: parsed.line, e: parsed, added: true });
    }
    const addedFiles = added.map((s) => fileOf(base, s));
    if (gone.length !== addedFiles.length || gone.some((f, i) => f !== addedFiles[i])) sameCards = false;
    segs = [...before, ...added, ...after];
    unparsed = spliceRows(
      unparsed,
      editSpan(unparsed.length, (i) => unparsed[i][0], edit),
      addedUnparsed,
      (u, shift) => [u[0] + shift, u[1], u[2]]
    );
  }
  return { segs, unparsed, goneOld, sameCards };
}
function linksOf(base, segs, files) {
  const found = new Map(files.map((f) => [f, []]));
  const ids = base.view.findFiles(files);
  segs.forEach((s, i) => {
    if (s.from === void 0) {
      if (s.d) found.get(s.d.file)?.push({ seg: i });
      return;
    }
    for (const [file, list] of ids) for (const id of list) if (id >= s.from && id < s.from + s.count) found.get(file).push({ seg: i, id });
  });
  return found;
}
function countCards(base, segs, goneOld, oldEntries) {
  const addedFiles = segs.flatMap((s) => s.e && s.added ? [normalizeCardPath(s.e.file)] : []);
  const distinct = [...new Set(addedFiles)];
  const links = linksOf(base, segs, distinct);
  const linkedOld = distinct.filter((f) => links.get(f).length > 0).length;
  const old = oldEntries - goneOld;
  return {
    cards: old + distinct.length - linkedOld,
    plainFiles: linkedOld === 0 && distinct.length === addedFiles.length && distinct.every(isMeasurable)
  };
}
function recheck(base, segs, files, stampNow, reparse2) {
  if (files.size === 0) return segs;
  const split = /* @__PURE__ */ new Map();
  const out = [...segs];
  for (const [file, where] of linksOf(base, segs, [...files])) {
    if (where.length === 0) continue;
    const now = stampNow(file);
    for (const { seg, id } of where) {
      const s = segs[seg];
      if (id === void 0) {
        const st = s.d.stamp;
        const line = s.line;
        if (st[0] !== now[0] || st[1] !== now[1] || st[2] !== now[2]) out[seg] = { line, e: reparse2(s.d.raw, line) };
      } else if (!sameStamp(base.view.stamp(id), now)) {
        let ids = split.get(seg);
        if (!ids) split.set(seg, ids = /* @__PURE__ */ new Set());
        ids.add(id);
      }
    }
  }
  if (split.size === 0) return out;
  const lines = base.view.lines;
  return out.flatMap((s, i) => {
    const ids = split.get(i);
    if (!ids || s.from === void 0) return [s];
    const pieces = [];
    let start = s.from;
    for (const id of [...ids].sort((a, b) => a - b)) {
      if (id > start) pieces.push({ from: start, count: id - start, shift: s.shift });
      pieces.push({ line: lines[id] + s.shift, e: reparse2(base.store.index.entry(id).raw, lines[id] + s.shift) });
      start = id + 1;
    }
    if (start < s.from + s.count) pieces.push({ from: start, count: s.from + s.count - start, shift: s.shift });
    return pieces;
  });
}
function reparse(raw, line) {
  const e = parseIndexLine(raw, line);
  if (e === void 0 || "reason" in e) throw new RangeError("a cached entry's line no longer parses");
  return e;
}
function unchangedCards(base, segs, files, stampNow) {
  for (const [file, where] of linksOf(base, segs, [...files])) {
    if (where.length === 0) continue;
    const now = stampNow(file);
    for (const { seg, id } of where) {
      const st = id === void 0 ? segs[seg].d.stamp : base.view.stamp(id);
      if (st[0] !== now[0] || st[1] !== now[1] || st[2] !== now[2]) return false;
    }
  }
  return true;
}
export {
  countCards,
  patchLines,
  recheck,
  reparse,
  segmentsOf,
  unchangedCards
};
