// lib/hook/overview-kept.ts
import { printableJsonLines } from "../core/inert-bytes.js";
import { isSealed, sealOf } from "../core/seal.js";
import { readDerived, readDerivedAny, writeDerived } from "../store/card-derived.js";
var OVERVIEW_LINES = "overview-lines";
function readKeptLines(memoryDir, cache, key) {
  const kept = readDerived(memoryDir, OVERVIEW_LINES, cache);
  return kept && parseKept(cache, kept.facts, kept.payload, key)?.lines;
}
function readSealedKept(memoryDir, current, key) {
  if (key.secret === void 0) return void 0;
  const kept = readDerivedAny(memoryDir, OVERVIEW_LINES, current);
  const parsed = kept && parseKept(kept.cache, kept.facts, kept.payload, key);
  return parsed?.sealed && parsed.patch ? { cache: kept.cache, lines: parsed.lines, patch: parsed.patch, seal: kept.facts.seal } : void 0;
}
function parseKept(cache, facts, payload, key) {
  const { today, scope, records, count, left, bytes, seal, entries = 0, head = 0, base, edits, pins, racyFrom, changed } = facts;
  if (today !== key.today || scope !== key.scope) return void 0;
  const whole = (n) => Number.isSafeInteger(n) && n >= 0;
  if (!whole(records) || records <= key.fullCheckMax || !whole(count) || !whole(left) || !whole(bytes) || !whole(entries) || !whole(head)) return void 0;
  if (payload.length < entries * 12) return void 0;
  const json = payload.subarray(entries * 12);
  if (bytes < count || bytes + count > json.length || count === 0 !== (json.length === 0) || head > json.length) return void 0;
  const all = { today, scope, records, count, left, bytes, entries, head, base, edits, pins, racyFrom, changed };
  const sealed = key.secret !== void 0 && isSealed(key.secret, sealedParts(cache, all, [payload]), seal);
  if (!sealed && !printableJsonLines(json, count === 0 ? [] : [json.length])) return void 0;
  const lines = { count, left, json: count === 0 ? [] : [json], bytes };
  const checked = Number.isFinite(racyFrom) && Array.isArray(changed) && changed.every((f) => typeof f === "string") ? { checked: { racyFrom, changed } } : {};
  const patch = sealed && entries > 0 && Array.isArray(base) && Array.isArray(edits) && typeof pins === "string" ? { base, edits, pins, head, table: wordsOf(payload.subarray(0, entries * 12)), ...checked } : void 0;
  return { lines, sealed, ...patch ? { patch } : {} };
}
function keepLines(memoryDir, cache, records, key, lines, patch) {
  const carried = patch && { entries: patch.table.length / 3, head: patch.head, base: patch.base, edits: patch.edits, pins: patch.pins, ...patch.checked };
  const facts = { today: key.today, scope: key.scope, records, count: lines.count, left: lines.left, bytes: lines.bytes, ...carried };
  const payload = patch ? [new Uint8Array(patch.table.buffer, patch.table.byteOffset, patch.table.byteLength), ...lines.json] : lines.json;
  const seal = key.secret === void 0 ? {} : { seal: sealOf(key.secret, sealedParts(cache, facts, payload)) };
  writeDerived(memoryDir, OVERVIEW_LINES, cache, { ...facts, ...seal }, payload);
}
function sealedParts(cache, facts, payload) {
  const { today, scope, records, count, left, bytes, entries = 0, head = 0, base = null, edits = null, pins = null, racyFrom = null, changed = null } = facts;
  const all = [cache, today, scope, records, count, left, bytes, entries, head, base, edits, pins, racyFrom, changed];
  return [`memctl ${OVERVIEW_LINES} 4
${JSON.stringify(all)}
`, ...payload];
}
function wordsOf(bytes) {
  if (bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const words = new Uint32Array(bytes.length / 4);
  Buffer.from(words.buffer).set(bytes);
  return words;
}
export {
  OVERVIEW_LINES,
  keepLines,
  readKeptLines,
  readSealedKept
};
