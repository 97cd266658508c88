// lib/rank-cache/journal.ts
import { editSpan, insertedLines, spliceRows } from "../core/line-edits.js";
import { journalCoversIndex, journalSince, sameIndexStamp as sameIndex } from "../store/write-journal.js";
import { normalizeCardPath } from "./card-fields.js";
function journaled(memoryDir, mark, recordedIndex, indexStat, recordedDirs, currentDirs) {
  const records = journalSince(memoryDir, mark);
  if (!records || records.length === 0) return void 0;
  let index = [recordedIndex[0], recordedIndex[1], recordedIndex[2], recordedIndex[3]];
  let edits = [];
  const cards = /* @__PURE__ */ new Set();
  const lastDir = /* @__PURE__ */ new Map();
  for (const r of records) {
    if (r.x && r.c.length === 0) return void 0;
    const landed = sameIndex(r.o, index) && !sameIndex(r.i, index);
    if (!landed && (r.x || !sameIndex(r.i, index) || !r.e && !sameIndex(r.i, r.o))) edits = void 0;
    else if (!landed && r.e) edits?.push(r.e);
    index = r.o;
    for (const c of r.c) cards.add(normalizeCardPath(c));
    for (const [rel, mtime] of r.d) lastDir.set(rel, mtime);
  }
  if (!sameIndex(index, [indexStat.size, indexStat.mtimeMs, indexStat.ino, indexStat.ctimeMs]) || !journalCoversIndex(memoryDir, indexStat.ctimeMs)) edits = void 0;
  for (const [rel, mtime] of recordedDirs) {
    const now = currentDirs.get(rel);
    if (now !== mtime && lastDir.get(rel) !== now) return void 0;
  }
  return { edits, cards };
}
function applyLineEdits(items, unparsed, edits, fileOf) {
  let sameCards = true;
  for (const edit of edits) {
    const span = editSpan(items.length, (i) => items[i].line, edit);
    const gone = items.slice(span.first, span.end).map(fileOf);
    const added = [];
    const addedUnparsed = [];
    for (const parsed of insertedLines(edit)) {
      if (parsed === void 0) continue;
      if ("reason" in parsed) addedUnparsed.push([parsed.line, parsed.raw, parsed.reason]);
      else added.push({ line: parsed.line, e: parsed });
    }
    const addedFiles = added.map(fileOf);
    if (gone.length !== addedFiles.length || gone.some((f, i) => f !== addedFiles[i])) sameCards = false;
    items = spliceRows(items, span, added, (item, shift) => ({ ...item, line: item.line + shift }));
    unparsed = spliceRows(
      unparsed,
      editSpan(unparsed.length, (i) => unparsed[i][0], edit),
      addedUnparsed,
      (u, shift) => [u[0] + shift, u[1], u[2]]
    );
  }
  return { items, unparsed, sameCards };
}
export {
  applyLineEdits,
  journaled
};
