// lib/store/card-terms-format.ts
import { CARD_CACHE_VERSION } from "./card-cache-format.js";
var TERMS_VERSION = `${CARD_CACHE_VERSION} terms 1`;
function termHash(bytes, from = 0, to = bytes.length) {
  let h = 2166136261;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 16777619);
  return h >>> 0;
}
function decodeTermsHead(top, token, fileSize) {
  const first = top.indexOf(10);
  const second = first < 0 ? -1 : top.indexOf(10, first + 1);
  if (second < 0 || top.toString("latin1", 0, first) !== `${TERMS_VERSION} ${token}`) return void 0;
  try {
    const head = JSON.parse(top.toString("latin1", first + 1, second));
    const { lines, buckets, sections } = head;
    if (!isCount(lines) || !isCount(buckets) || buckets < 1 || (buckets & buckets - 1) !== 0) return void 0;
    if (!Array.isArray(sections) || sections.length !== 4 || !sections.every(isCount)) return void 0;
    if (sections[0] !== lines * 12 || sections[1] !== (buckets + 1) * 4) return void 0;
    if (second + 1 + sections.reduce((a, b) => a + b, 0) !== fileSize) return void 0;
    return { head, start: second + 1 };
  } catch {
    return void 0;
  }
}
function findInBucket(entries, term) {
  const at = { p: 0 };
  while (at.p < entries.length) {
    const len = getVarint(entries, at);
    if (len === void 0 || at.p + len > entries.length) return void 0;
    const same = len === term.length && entries.compare(term, 0, len, at.p, at.p + len) === 0;
    at.p += len;
    const start = getVarint(entries, at);
    const length = getVarint(entries, at);
    if (start === void 0 || length === void 0) return void 0;
    if (same) return [start, length];
  }
  return null;
}
function decodePostings(bytes, lines) {
  const out = { line: [], head: [], body: [] };
  const at = { p: 0 };
  let line = 0;
  while (at.p < bytes.length) {
    const delta = getVarint(bytes, at);
    const head = getVarint(bytes, at);
    const body = getVarint(bytes, at);
    if (delta === void 0 || head === void 0 || body === void 0) return void 0;
    line += delta;
    if (out.line.length > 0 && delta === 0 || line >= lines || head + body === 0) return void 0;
    out.line.push(line);
    out.head.push(head);
    out.body.push(body);
  }
  return out;
}
function getVarint(buf, at) {
  let v = 0;
  let scale = 1;
  for (; ; ) {
    if (at.p >= buf.length || scale > 2 ** 49) return void 0;
    const b = buf[at.p++];
    v += (b & 127) * scale;
    if (b < 128) return v;
    scale *= 128;
  }
}
var isCount = (v) => Number.isSafeInteger(v) && v >= 0;
export {
  TERMS_VERSION,
  decodePostings,
  decodeTermsHead,
  findInBucket,
  termHash
};
