// A derived cache of what ranking needs, so the per-prompt hook never reads every card file.
// <memory_dir>/.memctl/rank-cache.bin holds the parsed index lines with the few frontmatter fields ranking
// uses (priority, status, expires_at) and a postings list per term (layout: rank-cache-format.ts); the hook
// decodes only the entries and terms a prompt touches.
//
// Staleness rule. The cache is used only while ALL of these still hold:
//   - MEMORY.md has the same size, mtime and inode;
//   - the memory directory and every directory holding a linked card have the same mtime (creating,
//     deleting or renaming a card — and every atomic write, memctl's included — changes it);
//   - a rolling window of ROLLING_CHECK cards (a different slice each second) and every card about to be
//     printed have the same mtime and size (catches in-place edits that keep the directory mtime);
//   - it was written by this cache and tokenizer version and ends with its end marker.
// Anything else rebuilds it from the files. A cache whose sources were modified within 100 ms of the build
// (2 s on filesystems with whole-second timestamps) is not written: an edit in the same timestamp tick could
// otherwise go unnoticed; the next call rebuilds.
// Writes are temp file + rename; a corrupt or foreign cache is ignored, never trusted.
import { rebuild } from "./cache-build.js";
import { cardStamp, openCache, sameStamp, stampOf, type LoadOptions, type OpenCache, type RankableStore } from "./cache-read.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { stat, type FileStat } from "../store/checked-fs.js";

export { normalizeCardPath } from "./cache-build.js";
export { RANK_CACHE, type LoadOptions, type RankableStore } from "./cache-read.js";

/**
 * Cards whose fingerprint each prompt re-checks, a different slice each second: a best-effort sweep for in-place
 * edits of cards not about to be printed (those are always checked). Each check is a stat, ~17 us in the cold
 * hook; 16 a prompt sweep 1,000 cards in 63 prompts, where 64 cost 0.8 ms more on every prompt.
 */
export const ROLLING_CHECK = 16;

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
  const n = h.n;
  if (n === 0) return true;
  const count = options.checkAllCards ? n : Math.min(n, ROLLING_CHECK);
  const start = options.checkAllCards ? 0 : (Math.floor(options.nowMs / 1000) * ROLLING_CHECK) % n;
  for (let k = 0; k < count; k++) {
    // File and fingerprint both come from the head: the check reads no entry.
    const id = (start + k) % n;
    if (!sameStamp(cardStamp(memoryDir, c.view.file(id)), c.view.stamp(id))) return false;
  }
  return true;
}
