// lib/core/inert-bytes.ts
import { BLOCK_CLOSE } from "./block.js";
import { terminalSafeJsonBytes } from "./sanitize.js";
var FENCE_NAME = Buffer.from(BLOCK_CLOSE.slice(2, -1).toLowerCase(), "latin1");
var ZWSP = Buffer.from("\u200B", "utf8");
function printableJsonLines(escaped, ends) {
  const b = Buffer.from(escaped.buffer, escaped.byteOffset, escaped.byteLength);
  if (b.includes(10) || !terminalSafeJsonBytes(b)) return false;
  let quote = b.indexOf(34);
  let line = 0;
  for (let at = b.indexOf(92); at >= 0; at = b.indexOf(92, at + 2)) {
    if (quote !== -1 && quote < at) return false;
    const c = b[at + 1];
    if (c === 34) quote = b.indexOf(34, at + 2);
    else if (c === 110) {
      if (line < ends.length && ends[line] < at + 2) return false;
      if (ends[line] === at + 2) line++;
    } else if (c !== 92) return false;
  }
  if (quote !== -1 || line !== ends.length || (ends.length === 0 ? b.length !== 0 : ends[ends.length - 1] !== b.length)) return false;
  for (let at = b.indexOf(243); at >= 0; at = b.indexOf(243, at + 1)) if (b[at + 1] === 160 && (b[at + 2] === 128 || b[at + 2] === 129)) return false;
  for (let at = b.indexOf(60); at >= 0; at = b.indexOf(60, at + 1)) {
    const name = at + (b[at + 1] === 47 ? 2 : 1);
    if (name + FENCE_NAME.length > b.length) break;
    let same = true;
    for (let k = 0; k < FENCE_NAME.length && same; k++) same = (b[name + k] | 32) === FENCE_NAME[k];
    if (same && !b.subarray(name + FENCE_NAME.length, name + FENCE_NAME.length + ZWSP.length).equals(ZWSP)) return false;
  }
  return true;
}
export {
  printableJsonLines
};
