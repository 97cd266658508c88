// JSON from a host (a hook's payload) parsed only when its nesting is within a bound. JSON.parse builds every level
// before anything can look at it: a 6 MB payload of 3,000,000 nested arrays cost a hook 0.8 s of CPU and 365 MB.
// Hosts send a few levels; the scan below counts brackets outside strings, jumping over each string with indexOf.

/** Far above any host's payload (a handful of levels), far below what costs JSON.parse anything. */
export const MAX_PAYLOAD_DEPTH = 64;

/** JSON.parse(text), or a thrown Error when brackets outside strings nest deeper than `maxDepth`. */
export function parseJsonBounded(text: string, maxDepth = MAX_PAYLOAD_DEPTH): unknown {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
      if (i < 0) break; // unterminated: JSON.parse refuses it
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) throw new Error(`JSON nested deeper than ${maxDepth} levels`);
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return JSON.parse(text);
}

/** The index of the quote closing the string opened at `open` (one not escaped by an odd run of backslashes), or -1. */
function stringEnd(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}
