// Looking a query term up in the rank cache head's sorted term table, in place over the file's bytes.
import { utf8Text } from "../core/bytes.js";

/**
 * The index of `term` among the `count` terms of `table` (offsets into the blob at `blob`, `blobBytes` long), or
 * -1. An ASCII term (nearly every query term) is compared with each probed term's bytes in place rather than
 * decoded (a native call per probe, ~12 probes a lookup). Terms are sorted in UTF-16 order, and against an ASCII
 * string byte order agrees with it: a non-ASCII character's UTF-8 bytes are all above 0x7f. Throws RangeError on
 * an offset outside the blob (the caller distrusts the whole cache).
 */
export function findTerm(buf: Uint8Array, table: Uint32Array, blob: number, blobBytes: number, count: number, term: string): number {
  const ascii = /^[\x00-\x7f]*$/.test(term);
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const a = table[mid]!;
    const b = table[mid + 1]!;
    if (a > b || b > blobBytes) throw new RangeError("bad rank cache offset");
    let order: number;
    if (ascii) order = compareAscii(buf, blob + a, blob + b, term);
    else {
      const key = utf8Text(buf, blob + a, blob + b);
      order = key === term ? 0 : key < term ? -1 : 1;
    }
    if (order === 0) return mid;
    if (order < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The order of the bytes buf[from, to) against an ASCII string: negative, 0 or positive, as a string compare. */
function compareAscii(buf: Uint8Array, from: number, to: number, ascii: string): number {
  const length = to - from;
  const common = length < ascii.length ? length : ascii.length;
  for (let i = 0; i < common; i++) {
    const d = buf[from + i]! - ascii.charCodeAt(i);
    if (d !== 0) return d;
  }
  return length - ascii.length;
}
