// lib/hook/overview-log.ts
import { isSealed, sealOf } from "../core/seal.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
import { sameNumbers } from "../store/index-links.js";
import { readKeptLines, readSealedKept } from "./overview-kept.js";
var OVERVIEW_LOG = "overview-lines-log";
var LOG_MAX_EDITS = 16;
var LOG_MIN_BYTES = 16 << 10;
function readKeptOrLogged(memoryDir, cache, key) {
  return readKeptLines(memoryDir, cache, key) ?? readLogged(memoryDir, cache, key);
}
function readLogged(memoryDir, cache, key) {
  if (key.secret === void 0) return void 0;
  const log = readDerived(memoryDir, OVERVIEW_LOG, cache);
  if (!log) return void 0;
  const { today, scope, records, count, left, bytes, base, baseSeal, runs, seal } = log.facts;
  if (today !== key.today || scope !== key.scope || !Array.isArray(base) || typeof baseSeal !== "string" || !Array.isArray(runs)) return void 0;
  const whole = (n) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(records) || records <= key.fullCheckMax || !whole(count) || !whole(left) || !whole(bytes)) return void 0;
  const facts = { today, scope, records, count, left, bytes, base, baseSeal, runs };
  if (!isSealed(key.secret, logParts(cache, facts, [log.payload]), seal)) return void 0;
  const kept = readSealedKept(memoryDir, cache, key);
  if (!kept || kept.seal !== baseSeal || !sameNumbers(kept.cache, base)) return void 0;
  const json = kept.lines.json[0] ?? new Uint8Array(0);
  const out = [];
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const [at, length] = [runs[i], runs[i + 1]];
    if (!Number.isSafeInteger(at) || !whole(length)) return void 0;
    const source = at >= 0 ? json : log.payload;
    const from = at >= 0 ? at : -1 - at;
    if (from + length > source.length) return void 0;
    out.push(source.subarray(from, from + length));
  }
  return runs.length % 2 === 0 ? { count, left, json: out, bytes } : void 0;
}
function keepLog(memoryDir, cache, records, key, lines, base) {
  const runs = [];
  const own = [];
  let ownBytes = 0;
  const { json } = base;
  for (const p of lines.json) {
    const inBase = p.buffer === json.buffer && p.byteOffset >= json.byteOffset && p.byteOffset + p.length <= json.byteOffset + json.length;
    if (inBase) runs.push(p.byteOffset - json.byteOffset, p.length);
    else {
      runs.push(-1 - ownBytes, p.length);
      own.push(p);
      ownBytes += p.length;
    }
  }
  const facts = { today: key.today, scope: key.scope, records, count: lines.count, left: lines.left, bytes: lines.bytes, base: base.cache, baseSeal: base.seal, runs };
  writeDerived(memoryDir, OVERVIEW_LOG, cache, { ...facts, seal: sealOf(key.secret, logParts(cache, facts, own)) }, own);
}
function logParts(cache, facts, payload) {
  const { today, scope, records, count, left, bytes, base, baseSeal, runs } = facts;
  return [`memctl ${OVERVIEW_LOG} 1
${JSON.stringify([cache, today, scope, records, count, left, bytes, base, baseSeal, runs])}
`, ...payload];
}
export {
  LOG_MAX_EDITS,
  LOG_MIN_BYTES,
  OVERVIEW_LOG,
  keepLog,
  readKeptOrLogged
};
