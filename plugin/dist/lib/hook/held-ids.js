// lib/hook/held-ids.ts
function heldIds(hold, index) {
  const listing = hold.listed();
  if (listing !== void 0 && listing.size === 0) return void 0;
  const n = index.size;
  const byTable = listing !== void 0 && index.idsLinking !== void 0 && listing.size <= n;
  const paths = byTable ? listing.paths() : void 0;
  const filter = byTable ? void 0 : listing;
  const ids = paths && index.idsLinking ? index.idsLinking(paths) : Array.from({ length: n }, (_, i) => i);
  const mask = new Uint8Array(n);
  let count = 0;
  for (const id of ids) {
    const file = index.file(id);
    if (filter && !filter.has(file) || mask[id] === 1 || !hold.held(file)) continue;
    mask[id] = 1;
    count++;
  }
  return count > 0 ? { mask, count } : void 0;
}
export {
  heldIds
};
