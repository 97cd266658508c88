// lib/store/index-lines.ts
import { diffHunks } from "../core/line-diff.js";
import { lineHashes, lineHashOf } from "../core/line-key.js";
import { hasFence } from "../core/index-bytes.js";
import { utf8Text, bufferView } from "../core/bytes.js";
import { LITTLE_ENDIAN } from "./card-cache-format.js";
var HAND_LINES = 256;
var HAND_HUNKS = 16;
var JOIN_GAP = 8;
var NONE = Buffer.alloc(0);
function encodeLines(bytes) {
  if (hasFence(bufferView(bytes))) return NONE;
  const seed = globalThis.crypto.getRandomValues(new Uint32Array(2));
  return linesBytes({ seed: [seed[0], seed[1]], keys: lineHashes(bytes, [seed[0], seed[1]]) });
}
function linesBytes(t) {
  const words = new Uint32Array(3 + t.keys.length);
  words[0] = t.keys.length / 2;
  words[1] = t.seed[0];
  words[2] = t.seed[1];
  words.set(t.keys, 3);
  const out = Buffer.from(words.buffer);
  if (!LITTLE_ENDIAN) out.swap32();
  return out;
}
function decodeLines(bytes) {
  if (bytes.length < 12 || bytes.length % 4 !== 0) return void 0;
  const words = new Uint32Array(bytes.length / 4);
  const raw = Buffer.from(words.buffer);
  bytes.copy(raw);
  if (!LITTLE_ENDIAN) raw.swap32();
  if (words[0] < 1 || words.length !== 3 + words[0] * 2) return void 0;
  return { seed: [words[1], words[2]], keys: words.subarray(3) };
}
function applyToLines(table, edits) {
  let keys = table.keys;
  for (const [at, removed, inserted] of edits) {
    const count = keys.length / 2;
    if (!Number.isSafeInteger(at) || at < 1 || !Number.isSafeInteger(removed) || removed < 0 || at - 1 + removed > count) return void 0;
    if (removed === 0 && inserted.length === 0) continue;
    const next = new Uint32Array(keys.length + (inserted.length - removed) * 2);
    next.set(keys.subarray(0, (at - 1) * 2), 0);
    for (let k = 0; k < inserted.length; k++) lineHashOf(inserted[k], table.seed, next, (at - 1 + k) * 2);
    next.set(keys.subarray((at - 1 + removed) * 2), (at - 1 + inserted.length) * 2);
    keys = next;
  }
  return { seed: table.seed, keys };
}
function handEdits(table, bytes) {
  if (hasFence(bytes)) return void 0;
  const keys = lineHashes(bytes, table.seed);
  const old = table.keys;
  const same = (i, j) => old[2 * i] === keys[2 * j] && old[2 * i + 1] === keys[2 * j + 1];
  const found = diffHunks(old.length / 2, keys.length / 2, same, HAND_LINES);
  const hunks = [];
  for (const h of found ?? []) {
    const last = hunks.at(-1);
    if (last && h.aStart - last.aEnd <= JOIN_GAP) hunks[hunks.length - 1] = { aStart: last.aStart, aEnd: h.aEnd, bStart: last.bStart, bEnd: h.bEnd };
    else hunks.push(h);
  }
  if (!found || hunks.length > HAND_HUNKS) return void 0;
  const next = { seed: table.seed, keys };
  if (hunks.length === 0) return { edits: [[1, 0, []]], table: next };
  const wanted = /* @__PURE__ */ new Set();
  for (const h of hunks) for (let j = h.bStart; j < h.bEnd; j++) wanted.add(j);
  const text = linesAt(bytes, wanted);
  const edits = [];
  for (const h of hunks) {
    const inserted = [];
    for (let j = h.bStart; j < h.bEnd; j++) inserted.push(text.get(j));
    if (inserted.some((line) => line.includes("\r"))) return void 0;
    edits.push([h.bStart + 1, h.aEnd - h.aStart, inserted]);
  }
  return { edits, table: next };
}
function linesAt(bytes, wanted) {
  const last = Math.max(...wanted);
  const out = /* @__PURE__ */ new Map();
  let start = 0;
  for (let i = 0; i <= last; i++) {
    const found = bytes.indexOf(10, start);
    const nl = found === -1 ? bytes.length : found;
    if (wanted.has(i)) out.set(i, utf8Text(bytes, start, found !== -1 && nl > start && bytes[nl - 1] === 13 ? nl - 1 : nl));
    start = nl + 1;
  }
  return out;
}
export {
  HAND_HUNKS,
  HAND_LINES,
  applyToLines,
  decodeLines,
  encodeLines,
  handEdits,
  linesBytes
};
