// lib/hook/overview-kept.ts
import { printableJsonLines } from "../core/inert-bytes.js";
import { isSealed, sealOf } from "../core/seal.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
var OVERVIEW_LINES = "overview-lines";
function readKeptLines(memoryDir, cache, key) {
  const kept = readDerived(memoryDir, OVERVIEW_LINES, cache);
  if (!kept) return void 0;
  const { today, scope, records, count, left, bytes, seal } = kept.facts;
  if (today !== key.today || scope !== key.scope) return void 0;
  const json = kept.payload;
  const whole = (n) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(records) || records <= key.fullCheckMax || !whole(count) || !whole(left) || !whole(bytes)) return void 0;
  if (bytes < count || bytes + count > json.length || count === 0 !== (json.length === 0)) return void 0;
  const sealed = key.secret !== void 0 && isSealed(key.secret, sealedParts(cache, { today, scope, records, count, left, bytes }, [json]), seal);
  if (!sealed && !printableJsonLines(json, count === 0 ? [] : [json.length])) return void 0;
  return { count, left, json: count === 0 ? [] : [json], bytes };
}
function keepLines(memoryDir, cache, records, key, lines) {
  const facts = { today: key.today, scope: key.scope, records, count: lines.count, left: lines.left, bytes: lines.bytes };
  const seal = key.secret === void 0 ? {} : { seal: sealOf(key.secret, sealedParts(cache, facts, lines.json)) };
  writeDerived(memoryDir, OVERVIEW_LINES, cache, { ...facts, ...seal }, lines.json);
}
function sealedParts(cache, facts, json) {
  const { today, scope, records, count, left, bytes } = facts;
  return [`memctl ${OVERVIEW_LINES}
${JSON.stringify([cache, today, scope, records, count, left, bytes])}
`, ...json];
}
export {
  OVERVIEW_LINES,
  keepLines,
  readKeptLines
};
