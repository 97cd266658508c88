// lib/store/card-cache-trusted.ts
import { NUMBERS_SECTION, FLAGS_AT, LITTLE_ENDIAN, RECORD_NUMBERS, ROW_END_AT } from "./card-cache-format.js";
import { isCardFileName } from "../core/card-types.js";
import { FLAG_ALWAYS, FLAG_MAY_RETIRE, FLAG_READ_ERROR, FLAG_SHA, FLAGS_END } from "./card-record.js";
import { checkRow } from "./card-row.js";
import { fitsHead, mergedViewHead, readCardDelta, viewEditsOf } from "./card-delta.js";
import { mergeNumbers, mergeOrder } from "./card-delta-order.js";
import { dirMtime, journaledMoves, racy, racyWindow, sameStamp, trustedCheck } from "./card-trust.js";
import { lstatIfExists } from "./checked-fs.js";
import { withCacheFile } from "./card-cache-file.js";
import { cacheStamp } from "./full-check.js";
import { INDEX_FILE, joinPath } from "./paths.js";
import { sameNumbers } from "./index-links.js";
import { carriedCache, checkedBy } from "./card-cache-carried.js";
var TOP_MAX = 1 << 20;
function withTrustedCardCache(memoryDir, freshness, use, kept, carry) {
  if (freshness.checkAll) return void 0;
  return withCacheFile(memoryDir, TOP_MAX, ({ top, stat, read }) => {
    const baseStamp = cacheStamp(stat);
    const delta = readCardDelta(memoryDir, baseStamp);
    const merging = delta !== void 0 && fitsHead(top.head, delta);
    const stamp = merging ? delta.stamp : baseStamp;
    const mtimeMs = merging ? delta.mtimeMs : stat.mtimeMs;
    const head = merging ? { ...delta.head, view: mergedViewHead(top.head, delta) } : top.head;
    const { at } = top;
    const trust = trustedCheck(memoryDir, stamp, freshness.nowMs);
    if (!trust) return void 0;
    const racyMs = racyWindow(mtimeMs);
    const index = lstatIfExists(joinPath(memoryDir, INDEX_FILE));
    const indexStamp = index?.isFile() ? [index.mtimeMs, index.size, index.ctimeMs, index.ino] : void 0;
    if (!indexStamp || !sameNumbers(indexStamp, head.index) || racy(indexStamp, mtimeMs, racyMs)) return void 0;
    const now = head.dirs.map(([d]) => dirMtime(memoryDir, d));
    const moved = head.dirs.some(([, m], i) => now[i] !== m || racy([m, 0, m], mtimeMs, racyMs));
    const still = !trust.written?.size && (!moved || journaledMoves(head.dirs, now, trust));
    const answer = kept && still ? kept(stamp) : void 0;
    if (answer !== void 0) return answer;
    if (moved && !journaledMoves(head.dirs, now, trust)) return void 0;
    const racyFrom = mtimeMs - racyMs;
    const written = trust.written ?? /* @__PURE__ */ new Set();
    const viewEdits = merging ? viewEditsOf(top.head, delta) : [];
    const view = () => head.view && sameNumbers(indexStamp, head.view.index) ? { bytes: () => read(at[3], top.sections[3]), edits: viewEdits, base: baseStamp } : void 0;
    if (carry && merging) {
      const claim = carry.claim(stamp, baseStamp);
      const carried = claim && carriedCache(memoryDir, baseStamp, top.count, delta, claim, racyFrom, written);
      const answer2 = carried && carried.count > freshness.fullCheckMax ? carry.use({ ...carried, head, view }) : void 0;
      if (answer2 !== void 0) return answer2;
    }
    const baseNumbers = new Float64Array(top.count * RECORD_NUMBERS);
    read(at[NUMBERS_SECTION], baseNumbers.byteLength, Buffer.from(baseNumbers.buffer));
    if (!LITTLE_ENDIAN) Buffer.from(baseNumbers.buffer).swap64();
    let table = null;
    const baseNames = () => {
      table ??= nameTable(read(at[0], top.sections[0]), top.count);
      if (!table) throw new Error("the card cache's names do not decode");
      return table;
    };
    const src = merging ? mergeOrder(top.count, void 0, { ...delta, names: delta.records.map((r) => r.file) }, delta.cards) : void 0;
    if (merging && !src) return void 0;
    const numbersOf = (i) => src && src[i] < 0 ? delta.numbers : baseNumbers;
    const offset = (i) => (src ? src[i] < 0 ? -1 - src[i] : src[i] : i) * RECORD_NUMBERS;
    let merged;
    const allNumbers = () => merged ??= src ? mergeNumbers(baseNumbers, delta.numbers, src) : baseNumbers;
    const count = src ? src.length : top.count;
    if (count <= freshness.fullCheckMax) return void 0;
    for (let i = 0; i < count; i++) {
      const n = numbersOf(i);
      const k = offset(i);
      const flags = n[k + FLAGS_AT];
      if (!(flags >= 0 && flags < FLAGS_END) || (flags & FLAG_READ_ERROR) !== 0 || n[k] >= racyFrom || n[k + 2] >= racyFrom) return void 0;
    }
    const name = (i) => {
      const s = src ? src[i] : i;
      return s >= 0 ? baseNames().name(s) : delta.records[-1 - s].file;
    };
    const find = (file) => {
      let lo = 0;
      let hi = count - 1;
      while (lo <= hi) {
        const mid = lo + hi >>> 1;
        const n = name(mid);
        if (n === file) return mid;
        if (n < file) lo = mid + 1;
        else hi = mid - 1;
      }
      return void 0;
    };
    for (const file of written) {
      const i = find(file);
      const st = i === void 0 ? void 0 : lstatIfExists(joinPath(memoryDir, file));
      if (i === void 0 || !st?.isFile()) return void 0;
      const n = numbersOf(i);
      const k = offset(i);
      if (!sameStamp([n[k], n[k + 1], n[k + 2]], st)) return void 0;
    }
    const rowEnd = (i) => i < 0 ? 0 : baseNumbers[i * RECORD_NUMBERS + ROW_END_AT];
    const row = (i) => {
      const s = src ? src[i] : i;
      if (s < 0) {
        const stored = delta.records[-1 - s].storedRow;
        return stored && checkRow(stored.toString("latin1"));
      }
      const start = rowEnd(s - 1);
      const end = rowEnd(s);
      return end > start && end <= top.sections[1] ? checkRow(read(at[1] + start, end - start).toString("latin1")) : void 0;
    };
    const flagged = (flag) => {
      const out = [];
      for (let i = 0; i < count; i++) {
        const flags = numbersOf(i)[offset(i) + FLAGS_AT];
        if ((flags & flag) === 0 || (flags & FLAG_SHA) === 0) continue;
        const checked = row(i);
        if (!checked) return void 0;
        out.push({ file: name(i), row: checked });
      }
      return out;
    };
    return use({
      get numbers() {
        return allNumbers();
      },
      name,
      find,
      row,
      extra: () => {
        const own = read(at[2], top.sections[2]);
        return merging && delta.words.length > 0 ? Buffer.concat([own, delta.words]) : own;
      },
      stamp,
      head,
      count,
      view,
      checked: checkedBy(baseStamp, racyFrom, merging ? delta : void 0),
      always: () => flagged(FLAG_ALWAYS),
      mayRetire: () => flagged(FLAG_MAY_RETIRE)
    });
  });
}
function nameTable(bytes, count) {
  const ends = new Uint32Array(count);
  let n = 0;
  for (let p = 0; p < bytes.length; p++) {
    if (bytes[p] !== 10) continue;
    if (n === count) return void 0;
    ends[n++] = p;
  }
  if (n !== count || bytes[bytes.length - 1] !== 10) return void 0;
  const name = (i) => {
    const file = bytes.toString("utf8", i === 0 ? 0 : ends[i - 1] + 1, ends[i]);
    if (!isCardFileName(file)) throw new Error("not a card name");
    return file;
  };
  return { name };
}
export {
  withTrustedCardCache
};
