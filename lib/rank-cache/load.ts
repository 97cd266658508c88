// A derived cache of what ranking needs, so the per-prompt hook never reads every card file.
// <memory_dir>/.memctl/rank-cache.bin holds the parsed index lines with the few frontmatter fields ranking
// uses (priority, status, expires_at) and a postings list per term (layout: format.ts); the hook
// decodes only the entries and terms a prompt touches.
//
// Staleness rule (docs/internals.md, "Freshness"). The cache is used only while ALL of these still hold:
//   - MEMORY.md has the same size, mtime and inode;
//   - the memory directory and every directory holding a linked card have the same mtime (creating,
//     deleting or renaming a card — and every atomic write, memctl's included — changes it);
//   - every card has the same mtime, size and ctime: an editor that writes in place changes no directory, and
//     any card can change the block (pinned, a new topic, a status). Up to FULL_CHECK_MAX entries this holds
//     on every load; above it a load within VERIFIED_FOR_MS of the last full check trusts that check, so a
//     change is seen by every prompt that starts VERIFIED_FOR_MS after it (printed cards are always re-checked);
//   - it was written by this cache and tokenizer version and ends with its end marker.
// Anything else rebuilds it from the files. A cache whose sources were modified within 100 ms of the build
// (2 s on filesystems with whole-second timestamps) is not written: an edit in the same timestamp tick could
// otherwise go unnoticed; the next call rebuilds.
// Writes are temp file + rename; a corrupt or foreign cache is ignored, never trusted.
import { rebuild } from "./build.js";
import { cardStamp, escapesStore, openCache, sameStamp, stampOf, type LoadOptions, type OpenCache, type RankableStore } from "./read.js";
import { STAMP_FIELDS } from "./format.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { stat, statIfExists, type FileStat } from "../store/checked-fs.js";

export { normalizeCardPath } from "./build.js";
export { RANK_CACHE, type LoadOptions, type RankableStore } from "./read.js";

/** Stores up to this many index entries have every card's fingerprint checked on every load (~5 us a card in the cold hook). */
export const FULL_CHECK_MAX = 10_000;
/** Above FULL_CHECK_MAX, a full check is trusted for this long (recorded as the cache file's mtime). */
export const VERIFIED_FOR_MS = 2_000;

/** The store's index for ranking: from the cache when fresh, else from the files. Throws when MEMORY.md cannot be read (ENOENT included: callers decide). */
export async function loadRankable(memoryDir: string, options: LoadOptions): Promise<RankableStore> {
  const indexStat = stat(joinPath(memoryDir, INDEX_FILE));
  if (!indexStat.isFile()) throw Object.assign(new Error(`${joinPath(memoryDir, INDEX_FILE)} is not a file`), { code: "EISDIR" });
  if (!options.force) {
    const cached = openCache(memoryDir);
    if (cached && isFreshSafe(memoryDir, cached, indexStat, options)) return cached.store;
  }
  return rebuild(memoryDir, indexStat, options);
}

/** True when every given card still has the fingerprint it was ranked with. */
export function stillFresh(memoryDir: string, store: RankableStore, files: Iterable<string>): boolean {
  for (const file of files) {
    const stamp = store.stamp(file);
    if (!stamp || !sameStamp(cardStamp(memoryDir, file), stamp)) return false;
  }
  return true;
}

/** A damaged entry met while checking freshness means "rebuild", never an error. */
function isFreshSafe(memoryDir: string, c: OpenCache, indexStat: FileStat, options: LoadOptions): boolean {
  try {
    return isFresh(memoryDir, c, indexStat, options);
  } catch {
    return false;
  }
}

function isFresh(memoryDir: string, c: OpenCache, indexStat: FileStat, options: LoadOptions): boolean {
  const h = c.header;
  if (h.index[0] !== indexStat.size || h.index[1] !== indexStat.mtimeMs || h.index[2] !== indexStat.ino) return false;
  for (const [rel, mtime] of h.dirs) {
    if (stampOf(joinPath(memoryDir, rel))[0] !== mtime) return false;
  }
  const large = h.n > (options.fullCheckMax ?? FULL_CHECK_MAX);
  if (large && !options.checkAllCards && verifiedRecently(c.view.mtimeMs, options.nowMs)) return true;
  if (!everyCardUnchanged(memoryDir, c.view)) return false;
  c.store.verified = true;
  if (large) c.view.markVerified(options.nowMs);
  return true;
}

/** A full check within VERIFIED_FOR_MS before now; a cache time in the future (clock skew) never counts. */
function verifiedRecently(checkedMs: number, nowMs: number): boolean {
  return nowMs >= checkedMs && nowMs - checkedMs < VERIFIED_FOR_MS;
}

/** One stat per entry against the head's fingerprints, in place: no entry, tuple or path join per card. */
function everyCardUnchanged(memoryDir: string, view: OpenCache["view"]): boolean {
  const prefix = memoryDir.endsWith("/") ? memoryDir : `${memoryDir}/`;
  const stamps = view.stamps;
  for (let id = 0, at = 0; id < view.n; id++, at += STAMP_FIELDS) {
    const file = view.file(id);
    const s = escapesStore(file) ? undefined : statQuiet(prefix + file);
    if (s === undefined ? stamps[at] !== -1 : s.mtimeMs !== stamps[at] || s.size !== stamps[at + 1] || s.ctimeMs !== stamps[at + 2]) return false;
  }
  return true;
}

/** Like stampOf: a card that cannot be stat'ed reads as missing (the rebuild stamps it so), never as an error. */
function statQuiet(file: string): FileStat | undefined {
  try {
    return statIfExists(file);
  } catch {
    return undefined;
  }
}
