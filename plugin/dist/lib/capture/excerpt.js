// lib/capture/excerpt.ts
import { tokenize } from "../rank/tokenize.js";
import { sentences } from "./rules.js";
var WHOLE_MESSAGE_CHARS = 160;
function statingExcerpt(text, description) {
  const whole = text.trim();
  if ([...whole].length <= WHOLE_MESSAGE_CHARS) return whole;
  const wanted = new Set(tokenize(description));
  const scored = sentences(whole).map((s) => ({ s, score: new Set(tokenize(s).filter((t) => wanted.has(t))).size }));
  const best = Math.max(0, ...scored.map((x) => x.score));
  if (best === 0) return whole;
  return scored.filter((x) => x.score > 0 && x.score * 2 >= best).map((x) => x.s).join(" ");
}
export {
  WHOLE_MESSAGE_CHARS,
  statingExcerpt
};
