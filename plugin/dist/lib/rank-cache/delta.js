// lib/rank-cache/delta.ts
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { utf8Bytes } from "../core/block.js";
import { lineKey } from "../core/line-key.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { close, openRegular, readAt } from "../store/checked-fs.js";
import { CachedEntry, MISSING } from "./read.js";
import { isEntryPath } from "./entry-path.js";
var RANK_DELTA = "rank-delta.json";
var DELTA_FORMAT = 1;
var DELTA_READ_CAP = 16 * 1024 * 1024;
var deltaPath = (memoryDir) => joinPath(memoryDir, STATE_DIR, RANK_DELTA);
var checkedText = (base, deltaText) => `${base.header.id}
${deltaText ?? ""}`;
function openDelta(memoryDir, base) {
  let fd;
  try {
    const opened = openRegular(deltaPath(memoryDir), { nofollow: true });
    fd = opened.fd;
    const size = opened.stat.size;
    if (size > DELTA_READ_CAP) return void 0;
    const buf = new Uint8Array(size);
    if (readAt(fd, buf, 0, size, 0) !== size) return void 0;
    const text = Buffer.from(buf.buffer, 0, size).toString("utf8");
    const delta = JSON.parse(text);
    if (!validDelta(delta, base)) return void 0;
    const mapped = mapRuns(delta, base.view.n);
    return mapped && { delta, ...mapped, mtimeMs: opened.stat.mtimeMs, text };
  } catch {
    return void 0;
  } finally {
    if (fd !== void 0) close(fd);
  }
}
var isNum = (v) => typeof v === "number" && Number.isFinite(v);
var isStr = (v) => typeof v === "string";
var isOptStr = (v) => v === void 0 || isStr(v);
function validDelta(d, base) {
  if (typeof d !== "object" || d === null || d.format !== DELTA_FORMAT || d.tokenizer !== TOKENIZER_VERSION || d.base !== base.header.id) return false;
  if (!Array.isArray(d.index) || d.index.length !== 3 || !d.index.every(isNum)) return false;
  if (!Array.isArray(d.dirs) || !d.dirs.every((x) => Array.isArray(x) && isStr(x[0]) && isNum(x[1]))) return false;
  if (!Array.isArray(d.runs) || d.runs.length % 3 !== 0 || !d.runs.every(Number.isInteger)) return false;
  if (!isNum(d.cards) || typeof d.plainFiles !== "boolean" || !Array.isArray(d.unparsed)) return false;
  if (!d.unparsed.every((u) => Array.isArray(u) && isNum(u[0]) && isStr(u[1]) && isStr(u[2]))) return false;
  if (d.truncated !== void 0 && !(Array.isArray(d.truncated) && d.truncated.length === 3 && d.truncated.every(isNum))) return false;
  if (d.journal !== void 0 && !(Array.isArray(d.journal) && d.journal.length === 2 && d.journal.every(isNum))) return false;
  return Array.isArray(d.entries) && d.entries.every(validEntry);
}
function validEntry(e) {
  return typeof e === "object" && e !== null && isNum(e.line) && isStr(e.raw) && isEntryPath(e.file, () => e.raw) && isStr(e.title) && isStr(e.hook) && isStr(e.printed) && isOptStr(e.priority) && isOptStr(e.status) && isOptStr(e.expires_at) && (e.scope === void 0 || Array.isArray(e.scope) && e.scope.every(isStr)) && Array.isArray(e.key) && e.key.length === 2 && e.key.every(isNum) && Array.isArray(e.stamp) && e.stamp.length === 3 && e.stamp.every(isNum) && Array.isArray(e.post) && e.post.every((p) => Array.isArray(p) && isStr(p[0]) && isNum(p[1]) && isNum(p[2]));
}
function mapRuns(delta, baseSize) {
  let size = 0;
  for (let r = 0; r < delta.runs.length; r += 3) {
    const [from, count] = [delta.runs[r], delta.runs[r + 1]];
    if (count < 0 || (from >= 0 ? from + count > baseSize : -from - 1 + count > delta.entries.length)) return void 0;
    size += count;
  }
  const toBase = new Int32Array(size);
  const lineShift = new Int32Array(size);
  let j = 0;
  for (let r = 0; r < delta.runs.length; r += 3) {
    const from = delta.runs[r];
    const count = delta.runs[r + 1];
    lineShift.fill(delta.runs[r + 2], j, j + count);
    const step = from >= 0 ? 1 : -1;
    for (let i = 0, b = from; i < count; i++, b += step) toBase[j + i] = b;
    j += count;
  }
  return { toBase, lineShift };
}
function mergedStore(base, open) {
  const { delta, toBase, lineShift } = open;
  const bi = base.store.index;
  const n = toBase.length;
  const fromBase = new Int32Array(base.view.n).fill(-1);
  const fromDelta = [];
  for (let j = 0; j < n; j++) {
    const b = toBase[j];
    if (b >= 0) fromBase[b] = j;
    else fromDelta.push(j);
  }
  const entries = delta.entries;
  const deltaOf = (j) => {
    const b = toBase[j];
    if (b === void 0) throw new RangeError(`no entry ${j}`);
    return b < 0 ? entries[-b - 1] : void 0;
  };
  let deltaPostings;
  const postingsOfDelta = (term) => {
    if (!deltaPostings) {
      deltaPostings = /* @__PURE__ */ new Map();
      for (const j of fromDelta)
        for (const [t, tf, mask] of deltaOf(j).post) {
          let list = deltaPostings.get(t);
          if (!list) deltaPostings.set(t, list = []);
          list.push([j, tf, mask]);
        }
    }
    return deltaPostings.get(term);
  };
  const stamps = /* @__PURE__ */ new Map();
  for (const e of entries) stamps.set(e.file, e.stamp);
  const index = {
    size: n,
    entry: (j) => {
      const d = deltaOf(j);
      if (d) return d;
      const e = bi.entry(toBase[j]);
      return lineShift[j] === 0 ? e : new CachedEntry(e.line + lineShift[j], e.raw, e.file, e.priority ?? "", e.status ?? "", e.expires_at ?? "");
    },
    file: (j) => deltaOf(j)?.file ?? bi.file(toBase[j]),
    sinkFields: (j) => deltaOf(j) ?? bi.sinkFields(toBase[j]),
    postings: (term) => {
      const fromBaseList = bi.postings(term);
      const extra = postingsOfDelta(term);
      if (!fromBaseList && !extra) return void 0;
      const length = (fromBaseList?.length ?? 0) + (extra?.length ?? 0);
      const id = new Uint32Array(length);
      const tf = new Float32Array(length);
      const mask = new Uint8Array(length);
      let k = 0;
      for (let i = 0; fromBaseList && i < fromBaseList.length; i++) {
        const b = fromBaseList.id[i];
        if (b >= fromBase.length) throw new RangeError(`a posting of "${term}" points past the entries`);
        const j = fromBase[b];
        if (j < 0) continue;
        id[k] = j;
        tf[k] = fromBaseList.tf[i];
        mask[k++] = fromBaseList.mask[i];
      }
      for (const [j, t, m] of extra ?? []) {
        id[k] = j;
        tf[k] = t;
        mask[k++] = m;
      }
      if (k === 0) return void 0;
      return { length: k, id: id.subarray(0, k), tf: tf.subarray(0, k), mask: mask.subarray(0, k) };
    },
    alwaysIds: [...bi.alwaysIds.map((b) => fromBase[b]).filter((j) => j >= 0), ...fromDelta.filter((j) => deltaOf(j).priority === "always")].sort((a, b) => a - b),
    lineBytes: (j) => {
      const d = deltaOf(j);
      return d ? utf8Bytes(d.printed) : bi.lineBytes(toBase[j]);
    },
    lineKey: (j) => {
      const d = deltaOf(j);
      return d ? lineKey(d.printed) : bi.lineKey(toBase[j]);
    },
    lineText: (j) => deltaOf(j)?.printed ?? bi.lineText(toBase[j]),
    maySink: () => {
      const baseMask = bi.maySink();
      const mask = new Uint8Array(n);
      for (let j = 0; j < n; j++) {
        const b = toBase[j];
        if (b >= 0) mask[j] = baseMask[b];
        else {
          const e = entries[-b - 1];
          mask[j] = e.priority === "low" ? 1 : e.status || e.expires_at ? 2 : 0;
        }
      }
      return mask;
    },
    scoped: () => [
      ...(bi.scoped?.() ?? []).flatMap(([b, list]) => fromBase[b] >= 0 ? [[fromBase[b], list]] : []),
      ...fromDelta.flatMap((j) => {
        const scope = deltaOf(j).scope;
        return scope && scope.length > 0 ? [[j, scope]] : [];
      })
    ]
  };
  return {
    index,
    unparsed: delta.unparsed.map(([line, raw, reason]) => ({ line, raw, reason })),
    entryCount: n,
    cardCount: delta.cards,
    cache: "fresh",
    verified: false,
    plainFiles: delta.plainFiles,
    ...delta.truncated ? { truncated: { lines: delta.truncated[0], bytes: delta.truncated[1], totalBytes: delta.truncated[2] } } : {},
    stamp: (file) => stamps.get(file) ?? base.store.stamp(file)
  };
}
function mergedStamp(base, open, j) {
  const b = open.toBase[j];
  if (b < 0) return open.delta.entries[-b - 1]?.stamp ?? MISSING;
  const s = base.view.stamps;
  return [s[3 * b], s[3 * b + 1], s[3 * b + 2]];
}
export {
  RANK_DELTA,
  checkedText,
  deltaPath,
  mapRuns,
  mergedStamp,
  mergedStore,
  openDelta
};
