// lib/store/card-cache-trusted.ts
import { CARD_CACHE } from "./card-words.js";
import { decodeCacheTop, NUMBERS_SECTION, FLAGS_AT, isCardFileName, LITTLE_ENDIAN, RECORD_NUMBERS, ROW_END_AT } from "./card-cache-format.js";
import { checkRow, FLAG_ALWAYS, FLAG_MAY_RETIRE, FLAG_READ_ERROR, FLAG_SHA, FLAGS_END } from "./card-record.js";
import { dirMtime, journaledListing, racy, racyWindow, sameStamp, trustedCheck } from "./card-trust.js";
import { close, lstatIfExists, openRegular, readFullyAt } from "./checked-fs.js";
import { cacheStamp } from "./full-check.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";
import { sameNumbers } from "./index-links.js";
var TOP_MAX = 1 << 20;
function withTrustedCardCache(memoryDir, freshness, use, kept) {
  if (freshness.checkAll) return void 0;
  let opened;
  try {
    opened = openRegular(joinPath(memoryDir, STATE_DIR, CARD_CACHE), { nofollow: true });
  } catch {
    return void 0;
  }
  const { fd, stat } = opened;
  const read = (position, length, buf) => readFullyAt(fd, position, length, buf);
  try {
    const top = decodeCacheTop(read(0, Math.min(stat.size, TOP_MAX)), stat.size);
    if (!top || top.count <= freshness.fullCheckMax) return void 0;
    const stamp = cacheStamp(stat);
    const trust = trustedCheck(memoryDir, stamp, freshness.nowMs);
    if (!trust) return void 0;
    const racyMs = racyWindow(stat.mtimeMs);
    const { head, count, at } = top;
    const index = lstatIfExists(joinPath(memoryDir, INDEX_FILE));
    const indexStamp = index?.isFile() ? [index.mtimeMs, index.size, index.ctimeMs, index.ino] : void 0;
    if (!indexStamp || !sameNumbers(indexStamp, head.index) || racy(indexStamp, stat.mtimeMs, racyMs)) return void 0;
    const now = head.dirs.map(([d]) => dirMtime(memoryDir, d));
    const moved = head.dirs.some(([, m], i) => now[i] !== m || racy([m, 0, m], stat.mtimeMs, racyMs));
    const still = !trust.written?.size && (!moved || journaledListing([], head.dirs, now, trust) !== void 0);
    const answer = kept && still ? kept(stamp) : void 0;
    if (answer !== void 0) return answer;
    const numbers = new Float64Array(count * RECORD_NUMBERS);
    read(at[NUMBERS_SECTION], numbers.byteLength, Buffer.from(numbers.buffer));
    if (!LITTLE_ENDIAN) Buffer.from(numbers.buffer).swap64();
    for (let k = 0; k < numbers.length; k += RECORD_NUMBERS) {
      const flags = numbers[k + FLAGS_AT];
      if (!(flags >= 0 && flags < FLAGS_END) || (flags & FLAG_READ_ERROR) !== 0 || racy([numbers[k], 0, numbers[k + 2]], stat.mtimeMs, racyMs)) return void 0;
    }
    let table = null;
    const names = () => {
      table ??= nameTable(read(at[0], top.sections[0]), count);
      if (!table) throw new Error("the card cache's names do not decode");
      return table;
    };
    const written = trust.written ?? /* @__PURE__ */ new Set();
    if (moved) {
      const files = Array.from({ length: count }, (_, i) => names().name(i));
      if (journaledListing(files, head.dirs, now, trust)?.length !== count) return void 0;
    }
    for (const file of written) {
      const i = names().find(file);
      const st = i === void 0 ? void 0 : lstatIfExists(joinPath(memoryDir, file));
      if (i === void 0 || !st?.isFile()) return void 0;
      const k = i * RECORD_NUMBERS;
      if (!sameStamp([numbers[k], numbers[k + 1], numbers[k + 2]], st)) return void 0;
    }
    const rowEnd = (i) => i < 0 ? 0 : numbers[i * RECORD_NUMBERS + ROW_END_AT];
    const row = (i) => {
      const start = rowEnd(i - 1);
      const end = rowEnd(i);
      return end > start && end <= top.sections[1] ? checkRow(read(at[1] + start, end - start).toString("latin1")) : void 0;
    };
    const flagged = (flag) => {
      const out = [];
      for (let i = 0; i < count; i++) {
        const flags = numbers[i * RECORD_NUMBERS + FLAGS_AT];
        if ((flags & flag) === 0 || (flags & FLAG_SHA) === 0) continue;
        const checked = row(i);
        if (!checked) return void 0;
        out.push({ file: names().name(i), row: checked });
      }
      return out;
    };
    return use({
      numbers,
      name: (i) => names().name(i),
      find: (file) => names().find(file),
      row,
      extra: () => read(at[2], top.sections[2]),
      stamp,
      top,
      view: () => head.view && sameNumbers(indexStamp, head.view.index) ? read(at[3], top.sections[3]) : void 0,
      always: () => flagged(FLAG_ALWAYS),
      mayRetire: () => flagged(FLAG_MAY_RETIRE)
    });
  } catch {
    return void 0;
  } finally {
    close(fd);
  }
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
  return {
    name,
    find(file) {
      let lo = 0;
      let hi = count - 1;
      while (lo <= hi) {
        const mid = lo + hi >>> 1;
        const n2 = name(mid);
        if (n2 === file) return mid;
        if (n2 < file) lo = mid + 1;
        else hi = mid - 1;
      }
      return void 0;
    }
  };
}
export {
  withTrustedCardCache
};
