// lib/core/index-bytes.ts
import { FENCE } from "./index-file.js";
var MARKS = [Buffer.from("```"), Buffer.from("~~~")];
var NL = 10;
var CR = 13;
function lineStart(bytes, at) {
  return at === 0 ? 0 : bytes.lastIndexOf(NL, at - 1) + 1;
}
function contentEnd(bytes, start) {
  const nl = bytes.indexOf(NL, start);
  if (nl === -1) return bytes.length;
  return nl > start && bytes[nl - 1] === CR ? nl - 1 : nl;
}
function countNewlines(bytes, end) {
  let n = 0;
  for (let at = bytes.indexOf(NL); at !== -1 && at < end; at = bytes.indexOf(NL, at + 1)) n++;
  return n;
}
function hasFence(bytes) {
  return MARKS.some((mark) => bytes.includes(mark));
}
function fenceScan(bytes) {
  const starts = /* @__PURE__ */ new Set();
  let marks = false;
  for (const mark of MARKS) {
    for (let at = bytes.indexOf(mark); at !== -1; at = bytes.indexOf(mark, at + 1)) {
      marks = true;
      const start = lineStart(bytes, at);
      if (!starts.has(start) && FENCE.test(bytes.toString("utf8", start, contentEnd(bytes, start)))) starts.add(start);
    }
  }
  return { marks, lines: [...starts].sort((a, b) => a - b) };
}
export {
  contentEnd,
  countNewlines,
  fenceScan,
  hasFence,
  lineStart
};
