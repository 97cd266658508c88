// lib/store/card-cache-open.ts
import { decodeCardCache } from "./card-cache-format.js";
import { plainRecord } from "./card-record.js";
import { memoByStamp, readRecord } from "./card-read.js";
import { racyWindow } from "./card-trust.js";
import { mergeCardCache, readCardDelta } from "./card-delta.js";
import { cacheStamp } from "./full-check.js";
import { lstatIfExists } from "./checked-fs.js";
import { CARD_CACHE } from "./card-words.js";
import { joinPath, STATE_DIR } from "./paths.js";
function openCache(dir) {
  const reread = (file) => rowOf(readRecord(dir, file, false).record);
  const base = memoByStamp(joinPath(dir, STATE_DIR, CARD_CACHE), (bytes, stat) => {
    const decoded = decodeCardCache(bytes, reread);
    if (!decoded) return void 0;
    return { ...decoded, mtimeMs: stat.mtimeMs, racyMs: racyWindow(stat.mtimeMs), stamp: cacheStamp(stat), edits: [], viewEdits: [] };
  });
  const delta = base && readCardDelta(dir, base.stamp, reread);
  if (!base || !delta) return base;
  const key = delta.stamp.join(":");
  const seen = mergedOf.get(base);
  if (seen?.key === key) return seen.value;
  const merged = mergeCardCache(base, delta);
  if (!merged) return base;
  const value = {
    ...merged.file,
    mtimeMs: delta.mtimeMs,
    racyMs: racyWindow(delta.mtimeMs),
    stamp: delta.stamp,
    base: { file: base, stamp: base.stamp },
    src: merged.src,
    edits: delta.edits,
    viewEdits: merged.viewEdits
  };
  mergedOf.set(base, { key, value });
  return value;
}
var mergedOf = /* @__PURE__ */ new WeakMap();
function rowOf(r) {
  const { file: _f, stamp: _s, firstLine: _l, headBytes: _h, bodyBytes: _b, linked: _k, ...row } = plainRecord(r);
  return row;
}
function cacheIdentity(memoryDir) {
  const st = lstatIfExists(joinPath(memoryDir, STATE_DIR, CARD_CACHE));
  if (!st?.isFile()) return void 0;
  const base = cacheStamp(st);
  return readCardDelta(memoryDir, base)?.stamp ?? base;
}
export {
  cacheIdentity,
  openCache
};
