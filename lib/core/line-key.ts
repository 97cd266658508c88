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
