// lib/hook/held-ids.ts
import { cardPathKey } from "../core/link-key.js";
function heldIds(hold, index) {
  const listed = hold.paths();
  if (listed !== void 0 && listed.length === 0) return void 0;
  const wanted = listed && new Set(listed);
  const n = index.size;
  const all = Array.from({ length: n }, (_, i) => i);
  const files = index.files ? index.files(all) : all.map((id) => index.file(id));
  const mask = new Uint8Array(n);
  let count = 0;
  for (let id = 0; id < n; id++) {
    const file = files[id];
    if (wanted && !wanted.has(file) && !wanted.has(cardPathKey(file))) continue;
    if (!hold.held(file)) continue;
    mask[id] = 1;
    count++;
  }
  return count > 0 ? { mask, count } : void 0;
}
export {
  heldIds
};
