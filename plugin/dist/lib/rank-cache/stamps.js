// lib/rank-cache/stamps.ts
import path from "node:path";
import { statIfExists } from "../store/checked-fs.js";
import { ABSENT, absentAt } from "../store/full-check.js";
var indexRecord = (st) => [st.size, st.mtimeMs, st.ino, st.ctimeMs];
var sameIndexRecord = (r, st) => r[0] === st.size && r[1] === st.mtimeMs && r[2] === st.ino && r[3] === st.ctimeMs;
var MISSING = [-1, -1, -1];
function escapesStore(file) {
  if (file.charCodeAt(0) !== 47 && file.charCodeAt(0) !== 92 && file.indexOf("..") === -1 && file.charCodeAt(1) !== 58) return false;
  return path.isAbsolute(file) || /^[A-Za-z]:/.test(file) || file.split("/").includes("..");
}
function cardStamp(memoryDir, file, stats) {
  if (escapesStore(file)) return MISSING;
  const known = stats?.get(file);
  if (known) return [known[0], known[1], known[2]];
  const full = memoryDir.endsWith("/") ? memoryDir + file : `${memoryDir}/${file}`;
  const stamp = stampOf(full);
  if (stats && stamp === MISSING) noteAbsent(stats, file, full);
  return stamp;
}
function noteAbsent(stats, file, full) {
  if (absentAt(full)) stats.set(file, ABSENT);
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
export {
  MISSING,
  cardStamp,
  escapesStore,
  indexRecord,
  noteAbsent,
  sameIndexRecord,
  sameStamp,
  stampOf
};
