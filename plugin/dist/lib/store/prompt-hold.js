// lib/store/prompt-hold.ts
import fs from "node:fs";
import path from "node:path";
import { foldedPath } from "../core/link-key.js";
import { arrivalsPath, readArrivals } from "./arrivals.js";
import { fileStat, holdOf, normalise, readHold, safeSha, stampOf } from "./hold.js";
import { HOLD_INDEX_RELPATH, openHoldIndex, writeHoldIndex } from "./hold-index.js";
function readPromptHold(memoryDir) {
  let st;
  try {
    st = fs.statSync(arrivalsPath(memoryDir), { bigint: true, throwIfNoEntry: false });
  } catch {
    return wrap(readHold(memoryDir));
  }
  if (!st) return void 0;
  const index = st.isFile() ? openHoldIndex(path.join(memoryDir, HOLD_INDEX_RELPATH), st) : void 0;
  if (!index) return readList(memoryDir, st);
  if (index.count === 0) return void 0;
  let whole = null;
  const shas = /* @__PURE__ */ new Map();
  return {
    listed: () => ({ size: index.keyCount, paths: () => index.keys(), has: (key) => index.rows(key).length > 0 }),
    held(rel) {
      const key = normalise(rel);
      const rows = index.rows(key);
      if (rows.length === 0) {
        if (!index.mayFold(foldedPath(key)) && !((fileStat(memoryDir, key)?.nlink ?? 1n) > 1n)) return false;
        if (whole === null) whole = wrap(readHold(memoryDir));
        return whole?.held(rel) ?? false;
      }
      const stamp = stampOf(memoryDir, key);
      if (stamp && rows.some((r) => r.stamp?.[0] === stamp[0] && r.stamp[1] === stamp[1])) return true;
      if (!shas.has(key)) shas.set(key, safeSha(memoryDir, key));
      const now = shas.get(key);
      return now === void 0 || rows.some((r) => r.sha256 === now);
    }
  };
}
function readList(memoryDir, st) {
  let items;
  try {
    items = readArrivals(memoryDir, "paths").items;
  } catch {
    return wrap(readHold(memoryDir));
  }
  if (st.isFile() && sameStamp(st, statOf(arrivalsPath(memoryDir)))) writeHoldIndex(memoryDir, items, st);
  return wrap(holdOf(memoryDir, items));
}
function statOf(file) {
  try {
    return fs.statSync(file, { bigint: true });
  } catch {
    return void 0;
  }
}
var sameStamp = (a, b) => b !== void 0 && a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
function wrap(hold) {
  return hold && { held: (rel) => hold.held(rel) !== void 0, listed: () => listingOf(hold.paths()) };
}
function listingOf(paths) {
  if (paths === void 0) return void 0;
  let set;
  return { size: paths.length, paths: () => paths, has: (key) => (set ??= new Set(paths)).has(key) };
}
export {
  readPromptHold
};
