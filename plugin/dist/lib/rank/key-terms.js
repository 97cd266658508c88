// lib/rank/key-terms.ts
import { stopTestOf, tokenizeMarked } from "./tokenize.js";
function recallTerms(keys) {
  if (keys.length === 0) return [];
  const together = stopTestOf(keys.join("\n"));
  const out = [];
  for (const key of keys) {
    const own = stopTestOf(key, 2);
    for (const term of tokenizeMarked(key, (w) => together(w) || own(w))) out.push(term);
  }
  return out;
}
export {
  recallTerms
};
