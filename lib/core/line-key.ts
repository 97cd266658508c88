// A printed line's key in the session state (lib/hook/session-state.ts): FNV-1a over two 32-bit lanes, 16 hex
// digits. The rank cache stores every entry's key, computed here when it is built: hashing each candidate line
// on every prompt made V8 optimise this loop in the hook, a background compile that exit then waits for.

/** The key's two 32-bit lanes (unsigned). */
export function lineKeyLanes(text: string): [number, number] {
  let a = 0x811c9dc5 | 0;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return [a >>> 0, b >>> 0];
}

/** The key as the session state writes it. */
export function formatLineKey(a: number, b: number): string {
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

export function lineKey(text: string): string {
  const [a, b] = lineKeyLanes(text);
  return formatLineKey(a, b);
}

/**
 * Every line's 64-bit key in MEMORY.md's bytes, cut as parseIndex cuts the text (at "\n", a "\r" before it left
 * out; the last line is what follows the last "\n", a "\r" ending it kept, as /\r?\n/ keeps it): two 32-bit lanes
 * a line, seeded. The card cache keeps them
 * (lib/store/index-lines.ts) so a hand edit of the index is found by comparing keys, not by parsing every line.
 * The seed is random per cache (never synced): a line made to collide with another needs it. Four bytes a step:
 * the keys of a 19 MB index are one pass over its bytes.
 */
export function lineHashes(bytes: Uint8Array, seed: readonly [number, number]): Uint32Array {
  let lines = 1;
  for (let at = bytes.indexOf(0x0a); at !== -1; at = bytes.indexOf(0x0a, at + 1)) lines++;
  const out = new Uint32Array(lines * 2);
  let start = 0;
  for (let i = 0; i < lines; i++) {
    const nl = i === lines - 1 ? bytes.length : bytes.indexOf(0x0a, start);
    const end = i < lines - 1 && nl > start && bytes[nl - 1] === 0x0d ? nl - 1 : nl;
    hashInto(bytes, start, end, seed, out, i * 2);
    start = nl + 1;
  }
  return out;
}

/** One line's key (its text without a line break) as lineHashes gives it. */
export function lineHashOf(line: string, seed: readonly [number, number], out: Uint32Array, at: number): void {
  const bytes = Buffer.from(line, "utf8");
  hashInto(bytes, 0, bytes.length, seed, out, at);
}

/** One line's key as two lanes, as lineHashOf gives it (the rank cache's alignment keys, seeded per cache). */
export function lineHashLanes(line: string, seed: readonly [number, number]): [number, number] {
  const out = new Uint32Array(2);
  lineHashOf(line, seed, out, 0);
  return [out[0]!, out[1]!];
}

function hashInto(bytes: Uint8Array, start: number, end: number, seed: readonly [number, number], out: Uint32Array, at: number): void {
  let a = seed[0] | 0;
  let b = seed[1] | 0;
  let p = start;
  for (; p + 4 <= end; p += 4) {
    const w = bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24);
    a = Math.imul(a ^ w, 0x01000193);
    a ^= a >>> 15;
    b = Math.imul(b ^ w, 0x5bd1e995);
    b ^= b >>> 13;
  }
  for (; p < end; p++) {
    a = Math.imul(a ^ bytes[p]!, 0x01000193);
    b = Math.imul(b ^ bytes[p]!, 0x5bd1e995);
  }
  out[at] = fmix(a ^ (end - start));
  out[at + 1] = fmix(b ^ Math.imul(end - start, 0x9e3779b1));
}

/** MurmurHash3's finaliser: every bit of the lane moves every bit of the key. */
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
