// lib/hook/lazy-line.ts
import { keptOrRendered, toInjectLine } from "../core/block.js";
function lazyLine(index, r) {
  if (!index.lineBytes) return toInjectLine(r.entry);
  return new LazyLine(index, r.index, index.lineBytes(r.index), r);
}
var LazyLine = class {
  constructor(index, id, bytes, ranked) {
    this.index = index;
    this.id = id;
    this.bytes = bytes;
    this.ranked = ranked;
  }
  get file() {
    return this.path ??= this.index.file(this.id);
  }
  get text() {
    return this.printed ??= keptOrRendered(this.index.lineText?.(this.id), () => this.ranked.entry);
  }
  get key() {
    return this.index.lineKey?.(this.id);
  }
};
export {
  lazyLine
};
