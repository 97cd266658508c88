// lib/rank-cache/align.ts
import { diffHunks } from "../core/line-diff.js";
import { isBullet, parseIndexLine } from "../core/index-file.js";
import { lineHashes } from "../core/line-key.js";
import { utf8Text, bufferView } from "../core/bytes.js";
import { isMeasurable } from "../usage/format.js";
import { normalizeCardPath } from "./card-fields.js";
var key53 = (a, b) => a * 2 ** 21 + (b >>> 11);
var MAX_UNALIGNED = 64;
var MAX_EDITS = 256;
function alignIndex(base, cur, bytes) {
  const buf = bufferView(bytes);
  if (!cur.delta.plainFiles || buf.includes("```") || buf.includes("~~~")) return void 0;
  const toBase = cur.map.toBase;
  const n = toBase.length;
  const raw = base.view.rawKeys;
  const baseLines = base.view.lines;
  const entries = cur.delta.entries;
  const keyOf = (j) => {
    const b = toBase[j];
    return b >= 0 ? key53(raw[2 * b], raw[2 * b + 1]) : key53(...entries[-b - 1].key);
  };
  const used = new Uint8Array(n);
  let carried = 0;
  const segs = [];
  const unparsed = [];
  const unaligned = [];
  const carry = (j, line) => {
    used[j] = 1;
    carried++;
    const b = toBase[j];
    if (b < 0) {
      segs.push({ line, d: entries[-b - 1] });
      return;
    }
    const shift = line - baseLines[b];
    const last = segs[segs.length - 1];
    if (last?.from !== void 0 && last.from + last.count === b && last.shift === shift) last.count++;
    else segs.push({ from: b, count: 1, shift });
  };
  const hashes = lineHashes(bytes, base.header.seed);
  const count = hashes.length / 2;
  const starts = new Int32Array(count + 1);
  for (let i = 1; i < count; i++) starts[i] = buf.indexOf(10, starts[i - 1]) + 1;
  starts[count] = bytes.length + 1;
  const lineText = (i) => {
    let end = starts[i + 1] - 1;
    if (i < count - 1 && end > starts[i] && bytes[end - 1] === 13) end--;
    return utf8Text(bytes, starts[i], end);
  };
  const bullets = [];
  const keys = [];
  let next = 0;
  for (let i = 0; i < count; i++) {
    const key = key53(hashes[2 * i], hashes[2 * i + 1]);
    let d = 0;
    while (d < 8 && next + d < n && keyOf(next + d) !== key) d++;
    if (d < 8 && next + d < n) next += d + 1;
    else {
      if (!isBullet(lineText(i))) continue;
      for (d = 8; d <= MAX_EDITS && next + d < n; d++)
        if (keyOf(next + d) === key) {
          next += d + 1;
          break;
        }
    }
    bullets.push(i);
    keys.push(key);
  }
  const hunks = diffHunks(n, bullets.length, (j, k2) => keyOf(j) === keys[k2], MAX_EDITS);
  if (hunks === void 0) return void 0;
  let k = 0;
  for (const h of [...hunks, { aStart: n, bStart: bullets.length, bEnd: bullets.length }]) {
    for (let j = h.aStart - h.bStart + k; k < h.bStart; k++, j++) carry(j, bullets[k] + 1);
    for (; k < h.bEnd; k++) {
      const parsed = parseIndexLine(lineText(bullets[k]), bullets[k] + 1);
      if (parsed === void 0) continue;
      if ("reason" in parsed) unparsed.push([parsed.line, parsed.raw, parsed.reason]);
      else {
        if (unaligned.length >= MAX_UNALIGNED) return void 0;
        unaligned.push({ seg: segs.length, e: parsed, key: keys[k] });
        segs.push({ line: parsed.line, e: parsed });
      }
    }
  }
  const files = [...new Set(unaligned.map((u) => normalizeCardPath(u.e.file)))];
  const linking = oldEntriesLinking(base, cur, files);
  let fresh = 0;
  const freshFiles = /* @__PURE__ */ new Set();
  let plainFiles = true;
  for (const u of unaligned) {
    const file = normalizeCardPath(u.e.file);
    const old = linking.get(file);
    const same = old.filter((j) => keyOf(j) === u.key);
    if (same.some((j) => used[j] === 1)) return void 0;
    if (same.length > 0) {
      const j = same[0];
      used[j] = 1;
      carried++;
      const b = toBase[j];
      segs[u.seg] = b >= 0 ? { from: b, count: 1, shift: u.e.line - baseLines[b] } : { line: u.e.line, d: entries[-b - 1] };
      continue;
    }
    fresh++;
    if (freshFiles.has(file) || !isMeasurable(file)) plainFiles = false;
    freshFiles.add(file);
  }
  for (const file of freshFiles) if (linking.get(file).some((j) => used[j] === 1)) plainFiles = false;
  const cards = carried + [...freshFiles].filter((f) => !linking.get(f).some((j) => used[j] === 1)).length;
  return { segs, unparsed, cards, plainFiles: plainFiles && fresh === freshFiles.size };
}
function oldEntriesLinking(base, cur, files) {
  const out = new Map(files.map((f) => [f, []]));
  for (const [file, ids] of base.view.findFiles(files)) for (const b of ids) if (cur.map.merged(b) >= 0) out.get(file).push(cur.map.merged(b));
  for (const j of cur.map.deltaIds()) out.get(cur.delta.entries[-cur.map.source(j) - 1].file)?.push(j);
  return out;
}
export {
  alignIndex,
  key53
};
