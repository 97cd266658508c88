// lib/rank-cache/delta.ts
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { utf8Bytes } from "../core/block.js";
import { lineKey } from "../core/line-key.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { close, exists, openRegular, readAt } from "../store/checked-fs.js";
import { CachedEntry } from "./read.js";
import { MISSING } from "./stamps.js";
import { isEntryPath } from "./entry-path.js";
import { RunMap } from "./run-map.js";
var RANK_DELTA = "rank-delta.json";
var DELTA_FORMAT = 1;
var DELTA_READ_CAP = 16 * 1024 * 1024;
var deltaPath = (memoryDir) => joinPath(memoryDir, STATE_DIR, RANK_DELTA);
var checkedText = (base, deltaText) => deltaText === void 0 ? base.header.id : `${base.header.id}/${lineKey(deltaText)}/${deltaText.length}`;
function openDelta(memoryDir, base) {
  let fd;
  if (!exists(deltaPath(memoryDir))) return void 0;
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
    const map = RunMap.of(delta.runs, base.view.n, delta.entries.length);
    return map && { delta, map, mtimeMs: opened.stat.mtimeMs, text };
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
  if (!Array.isArray(d.index) || d.index.length !== 4 || !d.index.every(isNum)) return false;
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
function mergedStore(base, open) {
  const { delta, map } = open;
  const bi = base.store.index;
  const n = map.size;
  const baseSize = base.view.n;
  const fromDelta = map.deltaIds();
  const entries = delta.entries;
  const sourceOf = (j) => {
    const b = map.source(j);
    return b < 0 ? entries[-b - 1] : b;
  };
  let deltaPostings;
  const postingsOfDelta = (term) => {
    if (!deltaPostings) {
      deltaPostings = /* @__PURE__ */ new Map();
      for (const j of fromDelta)
        for (const [t, tf, mask] of sourceOf(j).post) {
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
      const s = sourceOf(j);
      if (typeof s !== "number") return s;
      const e = bi.entry(s);
      const shift = map.lineShiftOf(j);
      return shift === 0 ? e : new CachedEntry(e.line + shift, e.raw, e.file, e.priority ?? "", e.status ?? "", e.expires_at ?? "");
    },
    file: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.file(s) : s.file;
    },
    // The base's paths in one batch, as without a delta: one by one they were a positioned read each (~600 a prompt
    // at 100,000 cards), and the base keeps the batch for the block's file() calls.
    files: (js) => {
      const sources = js.map(sourceOf);
      const baseIds = sources.filter((s) => typeof s === "number");
      const found = bi.files ? bi.files(baseIds) : baseIds.map((b) => bi.file(b));
      let k = 0;
      return sources.map((s) => typeof s === "number" ? found[k++] : s.file);
    },
    idsLinking: (files) => {
      const out = [];
      for (const ids of base.view.findFiles(files).values()) for (const b of ids) if (map.merged(b) >= 0) out.push(map.merged(b));
      const wanted = new Set(files);
      for (const j of fromDelta) if (wanted.has(sourceOf(j).file)) out.push(j);
      return out;
    },
    sinkFields: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.sinkFields(s) : s;
    },
    postings: (term) => {
      const fromBaseList = bi.postings(term);
      const extra = postingsOfDelta(term);
      if (!fromBaseList && !extra) return void 0;
      const added = extra?.length ?? 0;
      const mapped = fromBaseList ? map.mapPostings(fromBaseList, baseSize, added) : void 0;
      if (added === 0) return mapped && mapped.length > 0 ? mapped : void 0;
      const out = mapped ?? { length: 0, id: new Uint32Array(added), tf: new Float32Array(added), mask: new Uint8Array(added) };
      const [id, tf, mask] = [out.id, out.tf, out.mask];
      let k = out.length;
      for (const [j, t, m] of extra) {
        id[k] = j;
        tf[k] = t;
        mask[k++] = m;
      }
      return { length: k, id: id.subarray(0, k), tf: tf.subarray(0, k), mask: mask.subarray(0, k) };
    },
    alwaysIds: [...bi.alwaysIds.map((b) => map.merged(b)).filter((j) => j >= 0), ...fromDelta.filter((j) => sourceOf(j).priority === "always")].sort(
      (a, b) => a - b
    ),
    lineBytes: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.lineBytes(s) : utf8Bytes(s.printed);
    },
    lineKey: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.lineKey(s) : lineKey(s.printed);
    },
    lineText: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.lineText(s) : s.printed;
    },
    // The base's mask copied a run at a time; a delta entry's from its fields.
    maySink: () => {
      const baseMask = bi.maySink();
      const mask = new Uint8Array(n);
      map.forEachRun((start, from, count) => {
        if (from >= 0) mask.set(baseMask.subarray(from, from + count), start);
        else
          for (let i = 0; i < count; i++) {
            const e = entries[-from - 1 + i];
            mask[start + i] = e.priority === "low" ? 1 : e.status || e.expires_at ? 2 : 0;
          }
      });
      return mask;
    },
    scoped: () => [
      ...(bi.scoped?.() ?? []).flatMap(([b, list]) => map.merged(b) >= 0 ? [[map.merged(b), list]] : []),
      ...fromDelta.flatMap((j) => {
        const scope = sourceOf(j).scope;
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
function mergedStamp(base, delta, b) {
  if (b < 0) return delta.entries[-b - 1]?.stamp ?? MISSING;
  const s = base.view.stamps;
  return [s[3 * b], s[3 * b + 1], s[3 * b + 2]];
}
export {
  RANK_DELTA,
  checkedText,
  deltaPath,
  mergedStamp,
  mergedStore,
  openDelta
};
