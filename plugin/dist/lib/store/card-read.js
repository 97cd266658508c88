// lib/store/card-read.ts
import { cardType, parseCard, supersededBy } from "../core/card.js";
import { utf8Text, bufferView } from "../core/bytes.js";
import { sha256Hex } from "../core/sha256.js";
import { cardHead, countTerms, encodeTermCounts, terms } from "../core/search-terms.js";
import { lstatIfExists, readRegular } from "./checked-fs.js";
import { joinPath } from "./paths.js";
var CACHE_READ_CAP = 1 << 30;
var NO_BYTES = Buffer.alloc(0);
function readRecord(dir, file, withWords = true) {
  let text;
  let st;
  let sha256;
  try {
    const read = readRegular(joinPath(dir, file));
    text = utf8Text(read.bytes);
    st = read.stat;
    sha256 = sha256Hex(read.bytes);
  } catch (err) {
    const record2 = {
      file,
      stamp: [-1, -1, -1],
      readError: err.message,
      topics: [],
      type: cardType(file, { topics: [] }),
      firstLine: 1,
      headBytes: 0,
      bodyBytes: 0,
      linked: false,
      problems: []
    };
    return { record: record2, words: Buffer.from("	\n") };
  }
  const card = parseCard(text);
  const m = card.meta;
  const head = withWords ? Buffer.from(encodeTermCounts(countTerms(terms(cardHead(m)))), "utf8") : NO_BYTES;
  const body = withWords ? Buffer.from(encodeTermCounts(countTerms(terms(card.body))), "utf8") : NO_BYTES;
  const record = {
    file,
    stamp: [st.mtimeMs, st.size, st.ctimeMs],
    name: m.name,
    description: m.description,
    topics: m.topics,
    priority: m.priority,
    status: m.status,
    updated_at: m.updated_at,
    type: cardType(file, m),
    firstLine: text.slice(0, text.length - card.body.length).split("\n").length,
    headBytes: head.length,
    bodyBytes: body.length,
    linked: false,
    provenance: m.provenance,
    problems: [...card.errors, ...card.warnings].map((p) => p.message),
    scope: m.scope,
    sha256,
    ...m.expires_at !== void 0 ? { expires_at: m.expires_at } : {},
    ...supersededBy(card) !== void 0 ? { superseded_by: supersededBy(card) } : {}
  };
  return { record, ...withWords ? { words: Buffer.concat([head, Buffer.from("	"), body, Buffer.from("\n")]) } : {} };
}
var decodedByFile = /* @__PURE__ */ new Map();
function memoByStamp(file, decode) {
  const key = (s) => `${s.mtimeMs}:${s.size}:${s.ctimeMs}:${s.ino}`;
  try {
    const seen = decodedByFile.get(file);
    const now = lstatIfExists(file);
    if (seen && now?.isFile() && seen.stamp === key(now)) return seen.value;
    const { bytes, stat } = readRegular(file, CACHE_READ_CAP, { nofollow: true });
    const value = decode(bufferView(bytes), stat);
    if (value === void 0) decodedByFile.delete(file);
    else decodedByFile.set(file, { stamp: key(stat), value });
    return value;
  } catch {
    return void 0;
  }
}
function forgetDecoded(file) {
  decodedByFile.delete(file);
}
export {
  CACHE_READ_CAP,
  forgetDecoded,
  memoByStamp,
  readRecord
};
