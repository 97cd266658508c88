// lib/core/index-place.ts
import { contentEnd, lineStart } from "./index-bytes.js";
import { findIndexLine, findIndexLines } from "./index-find.js";
import { parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";
function indexPlaceOf(index, file) {
  const hit = findIndexLine(index, file);
  if (!hit) return void 0;
  const after = neighbour(index, file, hit.start === 0 ? void 0 : lineStart(index, hit.start - 1), -1);
  const before = neighbour(index, file, nextLine(index, hit.end), 1);
  return after === void 0 && before === void 0 ? void 0 : { ...after ? { after } : {}, ...before ? { before } : {} };
}
function placeIndexLineBytes(index, file, line, place) {
  if (findIndexLine(index, file)) return void 0;
  const eol = Buffer.from(index.includes("\r\n") ? "\r\n" : "\n");
  const above = place.after === void 0 ? void 0 : findIndexLine(index, place.after);
  const at = above ? nextLine(index, above.end) : place.before === void 0 ? void 0 : findIndexLine(index, place.before)?.start;
  if (at === void 0) return void 0;
  return Buffer.concat([index.subarray(0, at), Buffer.from(line, "utf8"), eol, index.subarray(at)]);
}
function nextLine(index, end) {
  const nl = index.indexOf(10, end);
  return nl === -1 || nl + 1 >= index.length ? nl === -1 ? void 0 : index.length : nl + 1;
}
function neighbour(index, self, start, step) {
  while (start !== void 0 && start < index.length) {
    const end = contentEnd(index, start);
    const raw = index.toString("utf8", start, end);
    if (raw.trim() !== "") {
      const parsed = parseIndexLine(raw, 0);
      const file = parsed === void 0 || "reason" in parsed ? void 0 : linkKey(parsed.file);
      if (file === void 0 || file === self) return void 0;
      const at = start;
      return findIndexLines(index, file).some((h) => h.start === at) ? file : void 0;
    }
    start = step < 0 ? start === 0 ? void 0 : lineStart(index, start - 1) : nextLine(index, end);
  }
  return void 0;
}
export {
  indexPlaceOf,
  placeIndexLineBytes
};
