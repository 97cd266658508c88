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
export {
  formatLineKey,
  lineKey,
  lineKeyLanes
};
