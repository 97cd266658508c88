// lib/store/card-cache-carried.ts
import { FLAGS_AT, RECORD_NUMBERS } from "./card-cache-format.js";
import { FLAG_READ_ERROR, FLAGS_END } from "./card-record.js";
import { checkRow } from "./card-row.js";
import { lstatIfExists } from "./checked-fs.js";
import { sameNumbers } from "./index-links.js";
import { joinPath } from "./paths.js";
import { sameStamp } from "./card-trust.js";
function checkedBy(base, racyFrom, delta) {
  return { base, racyFrom, changed: delta ? [...delta.records.map((r) => r.file), ...delta.removed] : [] };
}
function carriedCache(memoryDir, base, baseCount, delta, claim, racyFrom, written) {
  if (!sameNumbers(claim.base, base) || !(claim.racyFrom <= racyFrom)) return void 0;
  const { records, removed, places, numbers } = delta;
  const replaced = places.reduce((n, p) => n + (p & 1), 0);
  const count = baseCount - replaced - removed.length + records.length;
  if (count !== delta.cards) return void 0;
  const names = new Map(records.map((r, i) => [r.file, i]));
  const gone = new Set(removed);
  if (!claim.changed.every((f) => names.has(f) || gone.has(f))) return void 0;
  for (let i = 0; i < records.length; i++) {
    const k = i * RECORD_NUMBERS;
    const flags = numbers[k + FLAGS_AT];
    if (!(flags >= 0 && flags < FLAGS_END) || (flags & FLAG_READ_ERROR) !== 0 || numbers[k] >= racyFrom || numbers[k + 2] >= racyFrom) return void 0;
  }
  for (const file of written) {
    const i = names.get(file);
    const st = i === void 0 ? void 0 : lstatIfExists(joinPath(memoryDir, file));
    const k = (i ?? 0) * RECORD_NUMBERS;
    if (!st?.isFile() || !sameStamp([numbers[k], numbers[k + 1], numbers[k + 2]], st)) return void 0;
  }
  return {
    stamp: delta.stamp,
    count,
    checked: checkedBy(base, racyFrom, delta),
    records: records.map((r, i) => ({
      file: r.file,
      flags: numbers[i * RECORD_NUMBERS + FLAGS_AT],
      row: () => {
        const stored = r.storedRow;
        return stored && checkRow(stored.toString("latin1"));
      }
    })),
    removed
  };
}
export {
  carriedCache,
  checkedBy
};
