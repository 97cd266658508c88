// Looking a query term up in the rank cache head's sorted term table, in place over the file's bytes.
import { utf8Text } from "../core/bytes.js";
import { ASCII_TEXT } from "../core/sanitize.js";
import type { Head } from "./head.js";

/**
 * The index of `term` among the `count` terms of the u32 table at `table` (offsets into the blob at `blob`,
 * `blobBytes` long) in the head, or -1: a paged head (head.ts) reads only the pages the ~17 probes land on. An ASCII term (nearly every query term) is compared with each probed term's bytes in place rather than
 * decoded (a native call per probe, ~12 probes a lookup). Terms are sorted in UTF-16 order, and against an ASCII
 * string byte order agrees with it: a non-ASCII character's UTF-8 bytes are all above 0x7f. Throws RangeError on
 * an offset outside the blob (the caller distrusts the whole cache).
 */
export function findTerm(head: Head, table: number, blob: number, blobBytes: number, count: number, term: string): number {
  const ascii = ASCII_TEXT.test(term);
  let lo = 0;
  let hi = count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const a = head.u32(table + 4 * mid);
    const b = head.u32(table + 4 * mid + 4);
    if (a > b || b > blobBytes) throw new RangeError("bad rank cache offset");
    const bytes = head.bytes(blob + a, blob + b);
    let order: number;
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
