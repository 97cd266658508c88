// Reading MEMORY.md with a size cap: a 200 MB index took minutes and died of V8 out-of-memory in the hook. Every
// line up to INDEX_READ_CAP bytes is read and ranked (issue 32: at 50,000 cards a cap of 20,000 lines left 30,000
// never injected); past the cap only its first whole lines are, the reader says so, and doctor reports it.
import { openRegular, readAt, close } from "./checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import type { IndexTruncation } from "../core/index-file.js";

export type { IndexTruncation };

/**
 * MEMORY.md bytes read for ranking: a 100,000-card index is ~19 MB (bench/gen-store.ts lines of ~190 bytes), so
 * this holds about 130,000 such lines while bounding what one read can hold in memory (docs/store-format.md).
 */
export const INDEX_READ_CAP = 24 * 1024 * 1024;

/**
 * MEMORY.md's text, whole lines up to `cap` bytes; E_NOT_REGULAR for a FIFO, device or directory. `nofollow`: a
 * symlink is refused too (an index outside the owner's hand, e.g. Claude's, is never read through a link).
 */
export function readIndexText(file: string, cap = INDEX_READ_CAP, options: { nofollow?: boolean } = {}): { text: string; truncated?: IndexTruncation } {
  const { bytes, truncated } = readIndexBytes(file, cap, options);
  return { text: utf8Text(bytes), ...(truncated ? { truncated } : {}) };
}

/** The same read as its bytes, for a reader that decodes only the lines it needs (lib/rank-cache/align.ts). */
export function readIndexBytes(file: string, cap = INDEX_READ_CAP, options: { nofollow?: boolean } = {}): { bytes: Uint8Array; truncated?: IndexTruncation } {
  const { fd, stat } = openRegular(file, options);
  try {
    const want = Math.min(stat.size, cap);
    const buf = new Uint8Array(want);
    let length = 0;
    while (length < want) {
      const n = readAt(fd, buf, length, want - length, -1);
      if (n === 0) break;
      length += n;
    }
    if (stat.size <= cap) return { bytes: buf.subarray(0, length) };
    // Cut after the last whole line, so no entry is ranked on half its text.
    const end = buf.lastIndexOf(0x0a, length - 1) + 1;
    return { bytes: buf.subarray(0, end), truncated: { lines: countLines(buf, end), bytes: end, totalBytes: stat.size } };
  } finally {
    close(fd);
  }
}

function countLines(buf: Uint8Array, end: number): number {
  let n = 0;
  for (let at = buf.indexOf(0x0a); at !== -1 && at < end; at = buf.indexOf(0x0a, at + 1)) n++;
  return n;
}
