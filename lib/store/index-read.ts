// Reading MEMORY.md with a size cap: a 200 MB index took minutes and died of V8 out-of-memory in the hook. Past
// the cap only the first INDEX_READ_CAP bytes (whole lines) are read and ranked, and the reader says so.
import { openRegular, readAt, close } from "./checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import type { IndexTruncation } from "../core/index-file.js";

export type { IndexTruncation };

/** MEMORY.md bytes read for ranking; a 10,000-card index is ~1.9 MB. */
export const INDEX_READ_CAP = 4 * 1024 * 1024;
/** MEMORY.md lines ranked: a cold rebuild of 20,000 entries takes a calm machine ~2 s (bench/README.md: 1.2 s at 10,000). */
export const INDEX_LINE_CAP = 20_000;

/** MEMORY.md's text, whole lines up to `cap` bytes; E_NOT_REGULAR for a FIFO, device or directory. */
export function readIndexText(file: string, cap = INDEX_READ_CAP, lineCap = INDEX_LINE_CAP): { text: string; truncated?: IndexTruncation } {
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
    // The end of line lineCap, when the bytes read hold that many lines.
    let lines = 0;
    let at = -1;
    while (lines < lineCap && (at = buf.indexOf(0x0a, at + 1)) !== -1 && at < length) lines++;
    const lineCut = lines === lineCap && at + 1 < length;
    if (stat.size <= cap && !lineCut) return { text: utf8Text(buf, 0, length) };
    // Cut after the last whole line, so no entry is ranked on half its text.
    const end = lineCut ? at + 1 : buf.lastIndexOf(0x0a, length - 1) + 1;
    if (!lineCut) lines = countLines(buf, end);
    return { text: utf8Text(buf, 0, end), truncated: { lines, bytes: end, totalBytes: stat.size } };
  } finally {
    close(fd);
  }
}

function countLines(buf: Uint8Array, end: number): number {
  let n = 0;
  for (let at = buf.indexOf(0x0a); at !== -1 && at < end; at = buf.indexOf(0x0a, at + 1)) n++;
  return n;
}
