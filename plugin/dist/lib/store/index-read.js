// lib/store/index-read.ts
import { openRegular, readAt, close } from "./checked-fs.js";
import { utf8Text } from "../core/bytes.js";
var INDEX_READ_CAP = 24 * 1024 * 1024;
function readIndexText(file, cap = INDEX_READ_CAP, options = {}) {
  const { bytes, truncated } = readIndexBytes(file, cap, options);
  return { text: utf8Text(bytes), ...truncated ? { truncated } : {} };
}
function readIndexBytes(file, cap = INDEX_READ_CAP, options = {}) {
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
    const end = buf.lastIndexOf(10, length - 1) + 1;
    return { bytes: buf.subarray(0, end), truncated: { lines: countLines(buf, end), bytes: end, totalBytes: stat.size } };
  } finally {
    close(fd);
  }
}
function countLines(buf, end) {
  let n = 0;
  for (let at = buf.indexOf(10); at !== -1 && at < end; at = buf.indexOf(10, at + 1)) n++;
  return n;
}
export {
  INDEX_READ_CAP,
  readIndexBytes,
  readIndexText
};
