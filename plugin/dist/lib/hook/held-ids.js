// lib/hook/held-ids.ts
function heldIds(hold, index) {
  const listed = hold.paths();
  if (listed !== void 0 && listed.length === 0) return void 0;
  const n = index.size;
  const mask = new Uint8Array(n);
  let count = 0;
  const ids = listed && index.idsLinking ? index.idsLinking(listed) : Array.from({ length: n }, (_, i) => i);
  const wanted = listed && !index.idsLinking ? new Set(listed) : void 0;
  for (const id of ids) {
    const file = index.file(id);
    if (wanted && !wanted.has(file) || mask[id] === 1 || !hold.held(file)) continue;
    mask[id] = 1;
    count++;
  }
  return count > 0 ? { mask, count } : void 0;
}
export {
  heldIds
};
