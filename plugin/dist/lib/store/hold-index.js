// lib/store/hold-index.ts
import fs from "node:fs";
import path from "node:path";
import { cardPathKey, foldedPath } from "../core/link-key.js";
import { STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";
import { DEFAULT_READ_CAP, readRegularBuffer } from "./checked-fs.js";
var HOLD_INDEX_RELPATH = `${STATE_DIR}/arrival-paths`;
var MAGIC = "memctl-hold 2";
var stampText = (st) => `${st.dev} ${st.ino} ${st.size} ${st.mtimeNs} ${st.ctimeNs}`;
function fnv1a(bytes, from = 0, to = bytes.length) {
  let h = 2166136261;
  for (let i = from; i < to; i++) h = Math.imul(h ^ bytes[i], 16777619);
  return h >>> 0;
}
function encodeHoldIndex(items, st) {
  const byKey = /* @__PURE__ */ new Map();
  const folds = /* @__PURE__ */ new Set();
  let count = 0;
  for (const item of items) {
    if (item.kind === "removed" || item.kind === "note") continue;
    const key = cardPathKey(item.path);
    if (/[\t\r\n]/.test(key) || Buffer.from(key).toString() !== key) return void 0;
    const stamp = item.stamp ? `${item.stamp[0]}	${item.stamp[1]}` : "-	-";
    byKey.set(key, [...byKey.get(key) ?? [], `${key}	${item.sha256 ?? "-"}	${stamp}
`]);
    folds.add(fnv1a(Buffer.from(foldedPath(key))));
    count++;
  }
  const table = Buffer.alloc(byKey.size * 8);
  const rows = [];
  const entries = [];
  let offset = 0;
  for (const [key, lines] of byKey) {
    entries.push([fnv1a(Buffer.from(key)), offset]);
    for (const line of lines) {
      rows.push(Buffer.from(line));
      offset += rows[rows.length - 1].length;
    }
  }
  entries.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  for (const [i, [h, at]] of entries.entries()) {
    table.writeUInt32LE(h, i * 8);
    table.writeUInt32LE(at, i * 8 + 4);
  }
  const foldTable = Buffer.alloc(folds.size * 4);
  for (const [i, h] of [...folds].sort((a, b) => a - b).entries()) foldTable.writeUInt32LE(h, i * 4);
  const body = Buffer.concat(rows);
  return Buffer.concat([Buffer.from(`${MAGIC} ${stampText(st)} ${byKey.size} ${folds.size} ${body.length} ${count}
`), table, foldTable, body]);
}
function writeHoldIndex(memoryDir, items, st) {
  const file = path.join(memoryDir, HOLD_INDEX_RELPATH);
  try {
    const data = encodeHoldIndex(items, st);
    const hex = Math.floor(Math.random() * 2 ** 32).toString(16).padStart(8, "0");
    const temp = `.arrival-paths.${process.pid}.${hex}.tmp`;
    if (data === void 0) fs.rmSync(file, { force: true });
    else replaceFile(file, data, path.join(realDir(memoryDir, STATE_DIR), temp));
  } catch {
  }
}
function openHoldIndex(file, st) {
  let buf;
  try {
    buf = readRegularBuffer(file, DEFAULT_READ_CAP, { nofollow: true });
  } catch {
    return void 0;
  }
  const eol = buf.indexOf(10);
  const head = eol < 0 ? [] : buf.toString("latin1", 0, eol).split(" ");
  const prefix = `${MAGIC} ${stampText(st)}`.split(" ");
  if (head.length !== prefix.length + 4 || prefix.some((p, i) => head[i] !== p)) return void 0;
  const [keys, folds, rowBytes, count] = head.slice(prefix.length).map(Number);
  const table = eol + 1;
  const foldTable = table + keys * 8;
  const rowStart = foldTable + folds * 4;
  if (![keys, folds, rowBytes, count].every(Number.isSafeInteger) || rowStart + rowBytes !== buf.length) return void 0;
  const lowerBound = (at, n, width, h) => {
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = lo + hi >>> 1;
      if (buf.readUInt32LE(at + mid * width) < h) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    count,
    keyCount: keys,
    rows(key) {
      const want = Buffer.from(key);
      const h = fnv1a(want);
      for (let i = lowerBound(table, keys, 8, h); i < keys && buf.readUInt32LE(table + i * 8) === h; i++) {
        const out = [];
        for (let at = rowStart + buf.readUInt32LE(table + i * 8 + 4); at + want.length < buf.length; ) {
          if (want.compare(buf, at, at + want.length) !== 0 || buf[at + want.length] !== 9) break;
          const end = buf.indexOf(10, at);
          const fields = end < 0 ? [] : buf.toString("latin1", at + want.length + 1, end).split("	");
          if (fields.length !== 3) break;
          const [sha, mtime, size] = fields;
          out.push({ sha256: sha === "-" ? null : sha, ...mtime === "-" ? {} : { stamp: [Number(mtime), Number(size)] } });
          at = end + 1;
        }
        if (out.length > 0) return out;
      }
      return [];
    },
    mayFold(folded) {
      const h = fnv1a(Buffer.from(folded));
      const i = lowerBound(foldTable, folds, 4, h);
      return i < folds && buf.readUInt32LE(foldTable + i * 4) === h;
    },
    keys() {
      const out = [];
      for (let at = rowStart; at < buf.length; ) {
        const tab = buf.indexOf(9, at);
        const end = buf.indexOf(10, at);
        if (tab < 0 || end < 0 || tab > end) return void 0;
        const key = buf.toString("utf8", at, tab);
        if (out[out.length - 1] !== key) out.push(key);
        at = end + 1;
      }
      return out;
    }
  };
}
export {
  HOLD_INDEX_RELPATH,
  encodeHoldIndex,
  fnv1a,
  openHoldIndex,
  writeHoldIndex
};
