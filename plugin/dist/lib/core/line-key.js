// lib/core/line-key.ts
function lineKeyLanes(text) {
  let a = 2166136261 | 0;
  let b = 16777619 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 16777619);
    b = Math.imul(b ^ c, 1540483477) ^ b >>> 15;
  }
  return [a >>> 0, b >>> 0];
}
function formatLineKey(a, b) {
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}
function lineKey(text) {
  const [a, b] = lineKeyLanes(text);
  return formatLineKey(a, b);
}
function lineHashes(bytes, seed) {
  let lines = 1;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines++;
  const out = new Uint32Array(lines * 2);
  let start = 0;
  for (let i = 0; i < lines; i++) {
    const nl = i === lines - 1 ? bytes.length : bytes.indexOf(10, start);
    const end = i < lines - 1 && nl > start && bytes[nl - 1] === 13 ? nl - 1 : nl;
    hashInto(bytes, start, end, seed, out, i * 2);
    start = nl + 1;
  }
  return out;
}
function lineHashOf(line, seed, out, at) {
  const bytes = Buffer.from(line, "utf8");
  hashInto(bytes, 0, bytes.length, seed, out, at);
}
function lineHashLanes(line, seed) {
  const out = new Uint32Array(2);
  lineHashOf(line, seed, out, 0);
  return [out[0], out[1]];
}
function hashInto(bytes, start, end, seed, out, at) {
  let a = seed[0] | 0;
  let b = seed[1] | 0;
  let p = start;
  for (; p + 4 <= end; p += 4) {
    const w = bytes[p] | bytes[p + 1] << 8 | bytes[p + 2] << 16 | bytes[p + 3] << 24;
    a = Math.imul(a ^ w, 16777619);
    a ^= a >>> 15;
    b = Math.imul(b ^ w, 1540483477);
    b ^= b >>> 13;
  }
  for (; p < end; p++) {
    a = Math.imul(a ^ bytes[p], 16777619);
    b = Math.imul(b ^ bytes[p], 1540483477);
  }
  out[at] = fmix(a ^ end - start);
  out[at + 1] = fmix(b ^ Math.imul(end - start, 2654435761));
}
function fmix(h) {
  h ^= h >>> 16;
  h = Math.imul(h, 2246822507);
  h ^= h >>> 13;
  h = Math.imul(h, 3266489909);
  h ^= h >>> 16;
  return h >>> 0;
}
export {
  formatLineKey,
  lineHashLanes,
  lineHashOf,
  lineHashes,
  lineKey,
  lineKeyLanes
};
