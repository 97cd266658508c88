// The rank cache's delta: what changed since the base cache (rank-cache.bin) was built, merged over it at read
// time, so a write costs the next prompt work in proportion to the change, not to the store (issue 32 item 1).
// <memory_dir>/.memctl/rank-delta.json names its base by id and holds:
//   - the sources as of the delta: MEMORY.md's size, mtime and inode, and the mtime of every watched directory;
//   - `runs`: the index, in MEMORY.md order, as runs of [from, count, lineShift]: from ≥ 0 is count consecutive
//     base entries (their line numbers moved by lineShift), from < 0 is count consecutive delta entries from
//     -from-1. Base entries no run names are gone (their line was removed, or their card changed);
//   - `entries`: each changed or added line, complete: its card fields, printed line, fingerprint and postings
//     (built against the base's field averages, so its scores compare with the base's).
// A delta is small by construction (refresh.ts folds it into a new base past DELTA_MAX entries), so it is JSON.
// Anything malformed, of another format or tokenizer, or naming another base is ignored, never trusted.
import type { EntryInfo, PostingList, RankIndex } from "../rank/postings.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { utf8Bytes } from "../core/block.js";
import { lineKey } from "../core/line-key.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { close, exists, openRegular, readAt } from "../store/checked-fs.js";
import { CachedEntry, type OpenCache, type RankableStore } from "./read.js";
import { MISSING, type IndexRecord, type Stamp } from "./stamps.js";
import { isEntryPath } from "./entry-path.js";
import { RunMap } from "./run-map.js";

export const RANK_DELTA = "rank-delta.json";
const DELTA_FORMAT = 1;
/** Larger deltas are not read: refresh.ts folds long before (DELTA_MAX entries of ~1 KB). */
const DELTA_READ_CAP = 16 * 1024 * 1024;

/** A changed or added index line, complete: nothing of it is read from the base. */
export interface DeltaEntry extends EntryInfo {
  /** The raw line's key under the base's header.seed (lib/core/line-key.ts lineHashLanes), as the base's rawKeys. */
  key: [number, number];
  printed: string;
  stamp: Stamp;
  /** term, saturated tf, field mask (postings.ts entryPostings). */
  post: [string, number, number][];
}

export interface Delta {
  format: number;
  tokenizer: number;
  base: string;
  index: IndexRecord;
  dirs: [rel: string, mtimeMs: number][];
  runs: number[];
  entries: DeltaEntry[];
  cards: number;
  unparsed: [line: number, raw: string, reason: string][];
  truncated?: [lines: number, bytes: number, totalBytes: number];
  plainFiles: boolean;
  /** Where the write journal ended when this delta's refresh started (lib/rank-cache/journal.ts). */
  journal?: [ino: number, size: number];
}

/** A delta in force: the delta, the merged id ↔ source map of its runs (run-map.ts), and its file's mtime. */
export interface OpenDelta {
  delta: Delta;
  map: RunMap;
  mtimeMs: number;
  /** The file's text: what a check of every card against it found true stays true while the text and the cards do. */
  text: string;
}

export const deltaPath = (memoryDir: string) => joinPath(memoryDir, STATE_DIR, RANK_DELTA);

/**
 * Names a base and the delta over it (its file's text; none: ""): what a check of every card found true stays so
 * while they and the cards do. Short, so a keeper can send it to a prompt (keeper-ask.ts): the base's random id
 * and a 64-bit key and length of the delta's text.
 */
export const checkedText = (base: OpenCache, deltaText: string | undefined) =>
  deltaText === undefined ? base.header.id : `${base.header.id}/${lineKey(deltaText)}/${deltaText.length}`;

/** The delta over `base`, or undefined (none, damaged, foreign, or over another base). Never throws. */
export function openDelta(memoryDir: string, base: OpenCache): OpenDelta | undefined {
  let fd: number | undefined;
  // Most prompts find none: looked for without a throw (an ENOENT error costs a prompt more than the access).
  if (!exists(deltaPath(memoryDir))) return undefined;
  try {
    const opened = openRegular(deltaPath(memoryDir), { nofollow: true }); // a link in its place is no delta
    fd = opened.fd;
    const size = opened.stat.size;
    if (size > DELTA_READ_CAP) return undefined;
    const buf = new Uint8Array(size);
    if (readAt(fd, buf, 0, size, 0) !== size) return undefined;
    const text = Buffer.from(buf.buffer, 0, size).toString("utf8");
    const delta = JSON.parse(text) as Delta;
    if (!validDelta(delta, base)) return undefined;
    const map = RunMap.of(delta.runs, base.view.n, delta.entries.length);
    return map && { delta, map, mtimeMs: opened.stat.mtimeMs, text };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) close(fd);
  }
}

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === "string";
const isOptStr = (v: unknown) => v === undefined || isStr(v);

function validDelta(d: Delta, base: OpenCache): boolean {
  if (typeof d !== "object" || d === null || d.format !== DELTA_FORMAT || d.tokenizer !== TOKENIZER_VERSION || d.base !== base.header.id) return false;
  if (!Array.isArray(d.index) || d.index.length !== 4 || !d.index.every(isNum)) return false;
  if (!Array.isArray(d.dirs) || !d.dirs.every((x) => Array.isArray(x) && isStr(x[0]) && isNum(x[1]))) return false;
  if (!Array.isArray(d.runs) || d.runs.length % 3 !== 0 || !d.runs.every(Number.isInteger)) return false;
  if (!isNum(d.cards) || typeof d.plainFiles !== "boolean" || !Array.isArray(d.unparsed)) return false;
  if (!d.unparsed.every((u) => Array.isArray(u) && isNum(u[0]) && isStr(u[1]) && isStr(u[2]))) return false;
  if (d.truncated !== undefined && !(Array.isArray(d.truncated) && d.truncated.length === 3 && d.truncated.every(isNum))) return false;
  if (d.journal !== undefined && !(Array.isArray(d.journal) && d.journal.length === 2 && d.journal.every(isNum))) return false;
  return Array.isArray(d.entries) && d.entries.every(validEntry);
}

function validEntry(e: DeltaEntry): boolean {
  return (
    typeof e === "object" &&
    e !== null &&
    isNum(e.line) &&
    isStr(e.raw) &&
    isEntryPath(e.file, () => e.raw) &&
    isStr(e.title) &&
    isStr(e.hook) &&
    isStr(e.printed) &&
    isOptStr(e.priority) &&
    isOptStr(e.status) &&
    isOptStr(e.expires_at) &&
    (e.scope === undefined || (Array.isArray(e.scope) && e.scope.every(isStr))) &&
    Array.isArray(e.key) &&
    e.key.length === 2 &&
    e.key.every(isNum) &&
    Array.isArray(e.stamp) &&
    e.stamp.length === 3 &&
    e.stamp.every(isNum) &&
    Array.isArray(e.post) &&
    e.post.every((p) => Array.isArray(p) && isStr(p[0]) && isNum(p[1]) && isNum(p[2]))
  );
}

/** The base and the delta as one RankableStore: ids are positions in the merged index, in MEMORY.md order. */
export function mergedStore(base: OpenCache, open: Pick<OpenDelta, "delta" | "map">): RankableStore {
  const { delta, map } = open;
  const bi = base.store.index;
  const n = map.size;
  const baseSize = base.view.n;
  // The merged ids the delta's entries hold, kept for every use below (the delta's postings, pinned and scoped ids).
  const fromDelta = map.deltaIds();
  const entries = delta.entries;
  /** Merged id j's delta entry, or its base id (a number). */
  const sourceOf = (j: number): DeltaEntry | number => {
    const b = map.source(j);
    return b < 0 ? entries[-b - 1]! : b;
  };
  // The delta's postings by term, with merged ids: a few hundred entries' worth, indexed once per load.
  let deltaPostings: Map<string, [number, number, number][]> | undefined;
  const postingsOfDelta = (term: string) => {
    if (!deltaPostings) {
      deltaPostings = new Map();
      for (const j of fromDelta)
        for (const [t, tf, mask] of (sourceOf(j) as DeltaEntry).post) {
          let list = deltaPostings.get(t);
          if (!list) deltaPostings.set(t, (list = []));
          list.push([j, tf, mask]);
        }
    }
    return deltaPostings.get(term);
  };
  const stamps = new Map<string, Stamp>();
  for (const e of entries) stamps.set(e.file, e.stamp);
  const index: RankIndex = {
    size: n,
    entry: (j) => {
      const s = sourceOf(j);
      if (typeof s !== "number") return s;
      const e = bi.entry(s) as CachedEntry;
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
      const baseIds = sources.filter((s): s is number => typeof s === "number");
      const found = bi.files ? bi.files(baseIds) : baseIds.map((b) => bi.file(b));
      let k = 0;
      return sources.map((s) => (typeof s === "number" ? found[k++]! : s.file));
    },
    idsLinking: (files) => {
      const out: number[] = [];
      for (const ids of base.view.findFiles(files).values()) for (const b of ids) if (map.merged(b) >= 0) out.push(map.merged(b));
      const wanted = new Set(files);
      for (const j of fromDelta) if (wanted.has((sourceOf(j) as DeltaEntry).file)) out.push(j);
      return out;
    },
    sinkFields: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.sinkFields(s) : s;
    },
    postings: (term) => {
      const fromBaseList = bi.postings(term);
      const extra = postingsOfDelta(term);
      if (!fromBaseList && !extra) return undefined;
      const added = extra?.length ?? 0;
      const mapped = fromBaseList ? map.mapPostings(fromBaseList, baseSize, added) : undefined;
      if (added === 0) return mapped && mapped.length > 0 ? mapped : undefined; // every base posting gone: the term is gone, as after a rebuild
      const out = mapped ?? { length: 0, id: new Uint32Array(added), tf: new Float32Array(added), mask: new Uint8Array(added) };
      const [id, tf, mask] = [out.id as Uint32Array, out.tf as Float32Array, out.mask as Uint8Array];
      let k = out.length;
      for (const [j, t, m] of extra!) {
        id[k] = j;
        tf[k] = t;
        mask[k++] = m;
      }
      return { length: k, id: id.subarray(0, k), tf: tf.subarray(0, k), mask: mask.subarray(0, k) } satisfies PostingList;
    },
    alwaysIds: [...bi.alwaysIds.map((b) => map.merged(b)).filter((j) => j >= 0), ...fromDelta.filter((j) => (sourceOf(j) as DeltaEntry).priority === "always")].sort(
      (a, b) => a - b,
    ),
    lineBytes: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.lineBytes!(s) : utf8Bytes(s.printed);
    },
    lineKey: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.lineKey!(s) : lineKey(s.printed);
    },
    lineText: (j) => {
      const s = sourceOf(j);
      return typeof s === "number" ? bi.lineText!(s) : s.printed;
    },
    // The base's mask copied a run at a time; a delta entry's from its fields.
    maySink: () => {
      const baseMask = bi.maySink!();
      const mask = new Uint8Array(n);
      map.forEachRun((start, from, count) => {
        if (from >= 0) mask.set(baseMask.subarray(from, from + count), start);
        else
          for (let i = 0; i < count; i++) {
            const e = entries[-from - 1 + i]!;
            mask[start + i] = e.priority === "low" ? 1 : e.status || e.expires_at ? 2 : 0;
          }
      });
      return mask;
    },
    scoped: () => [
      ...(bi.scoped?.() ?? []).flatMap(([b, list]) => (map.merged(b) >= 0 ? [[map.merged(b), list] as const] : [])),
      ...fromDelta.flatMap((j) => {
        const scope = (sourceOf(j) as DeltaEntry).scope;
        return scope && scope.length > 0 ? [[j, scope] as const] : [];
      }),
    ],
  };
  return {
    index,
    unparsed: delta.unparsed.map(([line, raw, reason]) => ({ line, raw, reason })),
    entryCount: n,
    cardCount: delta.cards,
    cache: "fresh",
    verified: false,
    plainFiles: delta.plainFiles,
    ...(delta.truncated ? { truncated: { lines: delta.truncated[0], bytes: delta.truncated[1], totalBytes: delta.truncated[2] } } : {}),
    stamp: (file) => stamps.get(file) ?? base.store.stamp(file),
  };
}

/** The fingerprint the merged index holds for an entry whose source (RunMap.source) is `b` (no card is read). */
export function mergedStamp(base: OpenCache, delta: Delta, b: number): Stamp {
  if (b < 0) return delta.entries[-b - 1]?.stamp ?? MISSING;
  const s = base.view.stamps;
  return [s[3 * b]!, s[3 * b + 1]!, s[3 * b + 2]!];
}
