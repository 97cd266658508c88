// lib/store/card-cache-format.ts
import { EPISODES_SHARD } from "./paths.js";
import { isCardDirName, isCardFileName } from "../core/card-types.js";
import { mayRetire } from "../core/card.js";
import { asciiJson } from "../core/sanitize.js";
import { FLAG_ALWAYS, FLAG_LINKED, FLAG_MAY_RETIRE, FLAG_READ_ERROR, FLAG_SHA, FLAGS_END, flagsOf, StoredCard } from "./card-record.js";
import { encodeRow } from "./card-row.js";
var CARD_CACHE_VERSION = "memctl-card-cache 13";
var NUMBERS = 9;
function encodeCardCache(file, version = CARD_CACHE_VERSION, more = {}) {
  const { head, records, wordsAt } = file;
  const names = Buffer.from(records.map((r) => `${r.file}
`).join(""), "utf8");
  const rows = [];
  const numbers = new Float64Array(records.length * NUMBERS);
  let rowEnd = 0;
  let run;
  const flush = () => {
    if (run) rows.push(run.rows.subarray(run.start, run.end));
    run = void 0;
  };
  records.forEach((r, i) => {
    const span = r instanceof StoredCard ? r.storedSpan : void 0;
    if (span && run && span.rows === run.rows && span.start === run.end) run.end = span.end;
    else {
      flush();
      if (span) run = { ...span };
      else rows.push(Buffer.from(`${encodeRow(r)}
`, "latin1"));
    }
    rowEnd += span ? span.end - span.start : rows.at(-1).length;
    numbers.set([r.stamp[0], r.stamp[1], r.stamp[2], r.firstLine, r.headBytes, r.bodyBytes, flagsOf(r), wordsAt[i], rowEnd], i * NUMBERS);
  });
  flush();
  const sections = [names.length, rowEnd, file.extra.length, file.view.length, file.links.length, file.lines.length];
  const top = `${version}
${asciiJson({ ...head, ...more, count: records.length, sections })}
`;
  const le = Buffer.from(numbers.buffer, numbers.byteOffset, numbers.byteLength);
  if (!LITTLE_ENDIAN) le.swap64();
  return Buffer.concat([Buffer.from(top, "latin1"), names, ...rows, file.extra, file.view, file.links, file.lines, le]);
}
var LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
function decodeCardCache(bytes, reread = unreadableRow, version = CARD_CACHE_VERSION) {
  try {
    const top = decodeCacheTop(bytes, bytes.length, version);
    if (!top) return void 0;
    const { head, count, at } = top;
    const [namesLen, rowsLen, extraLen, viewLen, linksLen, linesLen] = top.sections;
    const names = bytes.toString("utf8", at[0], at[0] + namesLen).split("\n");
    if (names.length !== count + 1 || names.pop() !== "" || !names.every((n, i) => isCardFileName(n) && (i === 0 || names[i - 1] < n))) return void 0;
    const numbers = new Float64Array(count * NUMBERS);
    const raw = Buffer.from(numbers.buffer);
    bytes.copy(raw, 0, at[NUMBERS_SECTION]);
    if (!LITTLE_ENDIAN) raw.swap64();
    const rows = bytes.subarray(at[1], at[1] + rowsLen);
    const records = new Array(count);
    const wordsAt = new Array(count);
    let rowStart = 0;
    for (let i = 0, k = 0; i < count; i++, k += NUMBERS) {
      const mtime = numbers[k];
      const size = numbers[k + 1];
      const ctime = numbers[k + 2];
      const firstLine = numbers[k + 3];
      const headBytes = numbers[k + 4];
      const bodyBytes = numbers[k + 5];
      const flags = numbers[k + 6];
      const words = numbers[k + 7];
      const rowEnd = numbers[k + 8];
      if (!num(mtime) || !num(size) || !num(ctime) || !isCount(firstLine) || !isCount(headBytes) || !isCount(bodyBytes)) return void 0;
      if (!isCount(flags) || flags >= FLAGS_END || !(Number.isSafeInteger(words) || Number.isNaN(words)) || !isCount(rowEnd) || rowEnd <= rowStart || rowEnd > rowsLen || rows[rowEnd - 1] !== 10)
        return void 0;
      records[i] = new StoredCard(names[i], numbers, k, (flags & FLAG_LINKED) !== 0, rows, rowStart, reread);
      wordsAt[i] = words;
      rowStart = rowEnd;
    }
    if (rowStart !== rowsLen) return void 0;
    return {
      top,
      head,
      records,
      wordsAt,
      extra: bytes.subarray(at[2], at[2] + extraLen),
      view: bytes.subarray(at[3], at[3] + viewLen),
      links: bytes.subarray(at[4], at[4] + linksLen),
      lines: bytes.subarray(at[5], at[5] + linesLen)
    };
  } catch {
    return void 0;
  }
}
var NUMBERS_SECTION = 6;
function decodeCacheTop(bytes, size, version = CARD_CACHE_VERSION) {
  try {
    const first = bytes.indexOf(10);
    if (first < 0 || bytes.toString("latin1", 0, first) !== version) return void 0;
    const second = bytes.indexOf(10, first + 1);
    if (second < 0) return void 0;
    const top = JSON.parse(bytes.toString("latin1", first + 1, second));
    const head = checkHead(top);
    const { count, sections } = top;
    if (!head || !isCount(count) || !Array.isArray(sections) || sections.length !== 6 || !sections.every(isCount)) return void 0;
    const at = [second + 1];
    for (const len of sections) at.push(at.at(-1) + len);
    if (size - at[NUMBERS_SECTION] !== count * NUMBERS * 8) return void 0;
    return { head, count, sections, at, raw: top };
  } catch {
    return void 0;
  }
}
var RECORD_NUMBERS = NUMBERS;
var FLAGS_AT = 6;
var ROW_END_AT = 8;
function isAlways(r) {
  return r instanceof StoredCard && r.flagsHold ? (r.flags & FLAG_ALWAYS) !== 0 : r.priority === "always";
}
function mayRetireRecord(r) {
  return r instanceof StoredCard && r.flagsHold ? (r.flags & FLAG_MAY_RETIRE) !== 0 : mayRetire(r);
}
function isReadable(r) {
  return r instanceof StoredCard && r.flagsHold ? (r.flags & (FLAG_READ_ERROR | FLAG_SHA)) === FLAG_SHA : r.readError === void 0 && r.sha256 !== void 0;
}
function unreadableRow() {
  return { readError: "the card cache's row for this card is damaged", topics: [], problems: [] };
}
function encodeCardWords(token, words) {
  return Buffer.concat([Buffer.from(`${CARD_CACHE_VERSION} ${token}
`, "utf8"), words]);
}
function decodeCardWords(bytes, token) {
  const first = bytes.indexOf(10);
  if (first < 0 || bytes.toString("latin1", 0, first) !== `${CARD_CACHE_VERSION} ${token}`) return void 0;
  return bytes.subarray(first + 1);
}
var num = (v) => typeof v === "number" && Number.isFinite(v);
var isCount = (v) => Number.isSafeInteger(v) && v >= 0;
var stamp = (v, n) => Array.isArray(v) && v.length === n && v.every(num);
function checkHead(v) {
  if (typeof v !== "object" || v === null) return void 0;
  const { index, linkedOther, dirs, words, view, shards, journal } = v;
  if (journal !== null && !(Array.isArray(journal) && journal.length === 2 && journal.every((n) => Number.isSafeInteger(n) && n >= -1))) return void 0;
  if (!Array.isArray(shards) || !shards.every((f) => typeof f === "string" && EPISODES_SHARD.test(f))) return void 0;
  if (index !== null && !stamp(index, 4)) return void 0;
  if (!Array.isArray(linkedOther) || !linkedOther.every((f) => typeof f === "string")) return void 0;
  if (!Array.isArray(dirs) || !dirs.every((d) => Array.isArray(d) && d.length === 2 && isCardDirName(d[0]) && num(d[1]))) return void 0;
  if (words !== null && !(typeof words === "string" && /^[0-9a-z-]{1,64}$/.test(words))) return void 0;
  const viewHead = view;
  if (viewHead !== null && !(typeof viewHead === "object" && stamp(viewHead.index, 4))) return void 0;
  return {
    index,
    journal,
    linkedOther,
    dirs,
    words,
    view: viewHead && { index: viewHead.index },
    shards
  };
}
export {
  CARD_CACHE_VERSION,
  FLAGS_AT,
  LITTLE_ENDIAN,
  NUMBERS,
  NUMBERS_SECTION,
  RECORD_NUMBERS,
  ROW_END_AT,
  checkHead,
  decodeCacheTop,
  decodeCardCache,
  decodeCardWords,
  encodeCardCache,
  encodeCardWords,
  isAlways,
  isReadable,
  mayRetireRecord
};
