// lib/hook/overview-kept.ts
import { safeJsonLines } from "../core/pieced-text.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
var OVERVIEW_LINES = "overview-lines";
function readKeptLines(memoryDir, cache, key) {
  const kept = readDerived(memoryDir, OVERVIEW_LINES, cache);
  if (!kept) return void 0;
  const { today, scope, count, left, bytes } = kept.facts;
  if (today !== key.today || scope !== key.scope) return void 0;
  const json = kept.payload;
  const whole = (n) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(count) || !whole(left) || !whole(bytes)) return void 0;
  if (bytes < count || bytes + count > json.length || count === 0 !== (json.length === 0)) return void 0;
  if (!safeJsonLines(json, count === 0 ? [] : [json.length])) return void 0;
  return { count, left, json: count === 0 ? [] : [json], bytes };
}
function keepLines(memoryDir, cache, key, lines) {
  writeDerived(memoryDir, OVERVIEW_LINES, cache, { today: key.today, scope: key.scope, count: lines.count, left: lines.left, bytes: lines.bytes }, lines.json);
}
export {
  OVERVIEW_LINES,
  keepLines,
  readKeptLines
};
