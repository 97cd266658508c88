// lib/rank-cache/terms.ts
import { utf8Text } from "../core/bytes.js";
import { ASCII_TEXT } from "../core/sanitize.js";
function findTerm(head, table, blob, blobBytes, count, term) {
  const ascii = ASCII_TEXT.test(term);
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = lo + hi >>> 1;
    const a = head.u32(table + 4 * mid);
    const b = head.u32(table + 4 * mid + 4);
    if (a > b || b > blobBytes) throw new RangeError("bad rank cache offset");
    const bytes = head.bytes(blob + a, blob + b);
    let order;
    if (ascii) order = compareAscii(bytes, 0, bytes.length, term);
    else {
      const key = utf8Text(bytes);
      order = key === term ? 0 : key < term ? -1 : 1;
    }
    if (order === 0) return mid;
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
function compareAscii(buf, from, to, ascii) {
  const length = to - from;
  const common = length < ascii.length ? length : ascii.length;
  for (let i = 0; i < common; i++) {
    const d = buf[from + i] - ascii.charCodeAt(i);
    if (d !== 0) return d;
  }
  return length - ascii.length;
}
export {
  findTerm
};
