// lib/proposals/overlap.ts
import { tokenize } from "../rank/tokenize.js";
var NOISE = /* @__PURE__ */ new Set(["the", "and", "for", "are", "with", "that", "this", "from", "not", "but", "its", "our", "use", "one", "all", "any", "has", "have", "into", "only"]);
function termSet(text) {
  return new Set(tokenize(text).filter((t) => (t.length >= 3 || /[\d\u0080-\uffff]/.test(t)) && !NOISE.has(t)));
}
function overlap(a, b) {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}
var RESTATES = 0.5;
function hookText(line) {
  return line.replace(/^\s*[-*+]\s+\[(?:[^\]\\]|\\.)*\]\([^)]*\)\s*(?:—|–|--|-|:)?\s*/, "");
}
export {
  RESTATES,
  hookText,
  overlap,
  termSet
};
