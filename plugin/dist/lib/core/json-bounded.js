// lib/core/json-bounded.ts
var MAX_PAYLOAD_DEPTH = 64;
function parseJsonBounded(text, maxDepth = MAX_PAYLOAD_DEPTH) {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      i = stringEnd(text, i);
      if (i < 0) break;
    } else if (c === 91 || c === 123) {
      if (++depth > maxDepth) throw new Error(`JSON nested deeper than ${maxDepth} levels`);
    } else if (c === 93 || c === 125) depth--;
  }
  return JSON.parse(text);
}
function stringEnd(text, open) {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}
export {
  MAX_PAYLOAD_DEPTH,
  parseJsonBounded
};
