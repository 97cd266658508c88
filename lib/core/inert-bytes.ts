// A check of escaped lines kept as bytes and printed again into a block (session start's kept lines,
// lib/hook/overview-kept.ts): they must hold nothing that the renderer would have made inert or defused had it
// made them from MEMORY.md (blockText: inertText, then defuseFence), so a planted file cannot bring what a hand
// edit of the index cannot. The bytes are JSON-escaped UTF-8 as escapeJsonBytes writes them (lib/core/pieced-text.ts).
import { BLOCK_CLOSE } from "./block.js";
import { terminalSafeJsonBytes } from "./sanitize.js";

/** "memctl-memory": what defuseFence breaks, after `<` or `</`, in any case. */
const FENCE_NAME = Buffer.from(BLOCK_CLOSE.slice(2, -1).toLowerCase(), "latin1");
/** U+200B ZERO WIDTH SPACE in UTF-8: what defuseFence puts after the fence's name. */
const ZWSP = Buffer.from("\u200b", "utf8");

/**
 * Whether escaped lines, cut into lines at `ends`, can be printed inside the host's JSON string as they stand.
 * They must keep it one string: every `"` escaped (a bare one would end the string and let what follows become
 * keys of the host's JSON) and every line ending with an escaped newline, so any choice of lines in any order
 * stays one string. And they must hold only what a rendered index line can: no control character (raw, or escaped
 * other than `\n`; a rendered line shows one as `\xNN` text), no `\u` escape at all (escapeJsonBytes writes none for
 * text inertText has passed), no raw C1, bidi control or line separator, no Unicode tag character, and no opening
 * or closing of the block's fence that defuseFence has not broken. One search per byte looked for: the quotes and
 * the line ends are checked on the walk over the escapes.
 */
export function printableJsonLines(escaped: Uint8Array, ends: ArrayLike<number>): boolean {
  const b = Buffer.from(escaped.buffer, escaped.byteOffset, escaped.byteLength);
  if (b.includes(10) || !terminalSafeJsonBytes(b)) return false;
  // Escapes a pair at a time (so `\\u` is a backslash, then text): `\\`, `\"` and `\n` only. A quote is escaped
  // only as a pair's second byte, so the next quote must be the next `\"` pair's; a line ends only after a `\n` pair.
  let quote = b.indexOf(0x22);
  let line = 0;
  for (let at = b.indexOf(0x5c); at >= 0; at = b.indexOf(0x5c, at + 2)) {
    if (quote !== -1 && quote < at) return false;
    const c = b[at + 1];
    if (c === 0x22) quote = b.indexOf(0x22, at + 2);
    else if (c === 0x6e) {
      if (line < ends.length && ends[line]! < at + 2) return false; // an end that is no escaped newline's
      if (ends[line] === at + 2) line++;
    } else if (c !== 0x5c) return false;
  }
  if (quote !== -1 || line !== ends.length || (ends.length === 0 ? b.length !== 0 : ends[ends.length - 1] !== b.length)) return false;
  // Tag characters U+E0000–U+E007F: F3 A0 80 xx and F3 A0 81 xx.
  for (let at = b.indexOf(0xf3); at >= 0; at = b.indexOf(0xf3, at + 1)) if (b[at + 1] === 0xa0 && (b[at + 2] === 0x80 || b[at + 2] === 0x81)) return false;
  for (let at = b.indexOf(0x3c); at >= 0; at = b.indexOf(0x3c, at + 1)) {
    const name = at + (b[at + 1] === 0x2f ? 2 : 1);
    if (name + FENCE_NAME.length > b.length) break;
    let same = true;
    for (let k = 0; k < FENCE_NAME.length && same; k++) same = (b[name + k]! | 0x20) === FENCE_NAME[k];
    if (same && !b.subarray(name + FENCE_NAME.length, name + FENCE_NAME.length + ZWSP.length).equals(ZWSP)) return false;
  }
  return true;
}
