// Reading MEMORY.md with a size cap: a 200 MB index took minutes and died of V8 out-of-memory in the hook. Past
// the cap only the first INDEX_READ_CAP bytes (whole lines) are read and ranked, and the reader says so.
import { openRegular, readAt, close } from "../fs-fast.js";
import { utf8Text } from "../bytes.js";

/** MEMORY.md bytes read for ranking; a 10,000-card index is ~1.5 MB. */
export const INDEX_READ_CAP = 8 * 1024 * 1024;

/** The index was larger than the cap: its first `lines` lines (`bytes` bytes) of `totalBytes` were read. */
export interface IndexTruncation {
  lines: number;
  bytes: number;
  totalBytes: number;
}

/** MEMORY.md's text, whole lines up to `cap` bytes; E_NOT_REGULAR for a FIFO, device or directory. */
export function readIndexText(file: string, cap = INDEX_READ_CAP): { text: string; truncated?: IndexTruncation } {
  const { fd, stat } = openRegular(file);
  try {
    const want = Math.min(stat.size, cap);
    const buf = new Uint8Array(want);
    let length = 0;
    while (length < want) {
      const n = readAt(fd, buf, length, want - length, -1);
      if (n === 0) break;
      length += n;
    }
    if (stat.size <= cap) return { text: utf8Text(buf, 0, length) };
    // Cut after the last whole line, so no entry is ranked on half its text.
    const end = buf.lastIndexOf(0x0a, length - 1) + 1;
    const text = utf8Text(buf, 0, end);
    let lines = 0;
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) lines++;
    return { text, truncated: { lines, bytes: end, totalBytes: stat.size } };
  } finally {
    close(fd);
  }
}
