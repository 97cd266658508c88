// lib/sync/merged-read.ts
import { systemCode } from "../core/errors.js";
import { DEFAULT_READ_CAP, readRegularBuffer, refusedRead } from "../store/checked-fs.js";
function readMerged(file, cap = DEFAULT_READ_CAP) {
  try {
    return readRegularBuffer(file, cap, { nofollow: true });
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    if (refusedRead(err) || code === "EISDIR") return void 0;
    throw err;
  }
}
function readMergedText(file, cap = DEFAULT_READ_CAP) {
  return readMerged(file, cap)?.toString("utf8");
}
export {
  readMerged,
  readMergedText
};
