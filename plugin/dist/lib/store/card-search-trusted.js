// lib/store/card-search-trusted.ts
import { readHold } from "./hold.js";
import { RECORD_NUMBERS } from "./card-cache-format.js";
import { withTrustedCardCache } from "./card-cache-trusted.js";
import { lineOwners, postedCounts, readCardTerms, scanWords } from "./card-terms.js";
var FIRST_LINE_AT = 3;
var HEAD_BYTES_AT = 4;
var BODY_BYTES_AT = 5;
var WORDS_AT = 7;
function withTrustedCardSearch(memoryDir, freshness, wanted, use) {
  if (readHold(memoryDir)) return void 0;
  return withTrustedCardCache(memoryDir, freshness, (cache) => {
    const token = cache.head.words;
    if (!token) return void 0;
    const { count } = cache;
    const numbers = cache.numbers;
    const at = (k, field) => numbers[k * RECORD_NUMBERS + field];
    const wordsAt = new Float64Array(count);
    const inExtra = [];
    for (let k = 0; k < count; k++) {
      const w = at(k, WORDS_AT);
      if (!Number.isSafeInteger(w) || !isCount(at(k, FIRST_LINE_AT)) || !isCount(at(k, HEAD_BYTES_AT)) || !isCount(at(k, BODY_BYTES_AT))) return void 0;
      wordsAt[k] = w;
      if (w < 0) inExtra.push(k);
    }
    const headBytes = (k) => at(k, HEAD_BYTES_AT);
    const bodyBytes = (k) => at(k, BODY_BYTES_AT);
    const read = readCardTerms(memoryDir, token, wanted);
    if (typeof read === "string") return void 0;
    const owners = lineOwners(read.lines, wordsAt, headBytes, bodyBytes);
    if (!owners) return void 0;
    const found = postedCounts(read, owners, count);
    if (inExtra.length > 0) {
      const extra = cache.extra();
      const start = (k) => -1 - wordsAt[k];
      inExtra.sort((a, b) => start(a) - start(b));
      for (const k of inExtra) if (!lineFits(extra, start(k), headBytes(k), bodyBytes(k))) return void 0;
      for (const word of wanted) scanWords(found, extra, inExtra, start, headBytes, bodyBytes, word, Buffer.from(` ${word}:`, "utf8"));
    }
    return use({ cache, count, found, firstLine: (i) => at(i, FIRST_LINE_AT), shards: cache.head.shards });
  });
}
function lineFits(buf, at, head, body) {
  const end = at + head + body + 2;
  return at >= 0 && end <= buf.length && buf[at + head] === 9 && buf[end - 1] === 10;
}
var isCount = (v) => Number.isSafeInteger(v) && v >= 0;
export {
  withTrustedCardSearch
};
