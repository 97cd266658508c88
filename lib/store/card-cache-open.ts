// The card cache as a reader opens it (card-cache.ts readFresh): the card-cache file decoded once per stamp, with
// its delta (card-delta.ts) merged when one applies to it.
import { decodeCardCache, type CardCacheFile, type CardRecord } from "./card-cache-format.js";
import { plainRecord } from "./card-record.js";
import type { Row } from "./card-row.js";
import { memoByStamp, readRecord } from "./card-read.js";
import { racyWindow } from "./card-trust.js";
import { mergeCardCache, readCardDelta } from "./card-delta.js";
import { cacheStamp, type CacheStamp } from "./full-check.js";
import { lstatIfExists } from "./checked-fs.js";
import type { LineEdit } from "./index-links.js";
import { CARD_CACHE } from "./card-words.js";
import { joinPath, STATE_DIR } from "./paths.js";

export interface OpenCache extends CardCacheFile {
  mtimeMs: number;
  racyMs: number;
  /** The cache's identity: the delta's stamp when one is merged, else the file's. */
  stamp: CacheStamp;
  /** When a delta is merged: the card-cache file, where each record comes from (card-delta-order.ts mergeOrder), the delta's edits and those its view is still to take. */
  base?: { file: CardCacheFile; stamp: CacheStamp };
  src?: Int32Array;
  edits: LineEdit[];
  viewEdits: LineEdit[];
}

/** The card cache at `dir`, its delta merged; undefined when there is none that decodes. */
export function openCache(dir: string): OpenCache | undefined {
  const reread = (file: string) => rowOf(readRecord(dir, file, false).record);
  const base = memoByStamp(joinPath(dir, STATE_DIR, CARD_CACHE), (bytes, stat): OpenCache | undefined => {
    const decoded = decodeCardCache(bytes, reread);
    if (!decoded) return undefined;
    return { ...decoded, mtimeMs: stat.mtimeMs, racyMs: racyWindow(stat.mtimeMs), stamp: cacheStamp(stat), edits: [], viewEdits: [] };
  });
  const delta = base && readCardDelta(dir, base.stamp, reread);
  if (!base || !delta) return base;
  // Merged once per delta file in a long-lived reader (the MCP server), as the base is decoded once per stamp.
  const key = delta.stamp.join(":");
  const seen = mergedOf.get(base);
  if (seen?.key === key) return seen.value;
  const merged = mergeCardCache(base, delta);
  if (!merged) return base;
  // A merged record's stamp is compared with the delta's mtime: each record carried from the base was checked
  // against the base's by the reader that wrote the delta (or read again and put in it).
  const value: OpenCache = {
    ...merged.file,
    mtimeMs: delta.mtimeMs,
    racyMs: racyWindow(delta.mtimeMs),
    stamp: delta.stamp,
    base: { file: base, stamp: base.stamp },
    src: merged.src,
    edits: delta.edits,
    viewEdits: merged.viewEdits,
  };
  mergedOf.set(base, { key, value });
  return value;
}

const mergedOf = new WeakMap<OpenCache, { key: string; value: OpenCache }>();

function rowOf(r: CardRecord): Row {
  const { file: _f, stamp: _s, firstLine: _l, headBytes: _h, bodyBytes: _b, linked: _k, ...row } = plainRecord(r);
  return row;
}

/**
 * The identity of the cache at `memoryDir` now: the delta's stamp when one applies to the card-cache file, else that
 * file's; undefined when there is no card-cache file.
 */
export function cacheIdentity(memoryDir: string): CacheStamp | undefined {
  const st = lstatIfExists(joinPath(memoryDir, STATE_DIR, CARD_CACHE));
  if (!st?.isFile()) return undefined;
  const base = cacheStamp(st);
  return readCardDelta(memoryDir, base)?.stamp ?? base;
}
