// A derived cache of what ranking needs, so the per-prompt hook never reads every card file.
// <memory_dir>/.memctl/rank-cache.bin holds the parsed index lines with the few frontmatter fields ranking
// uses (priority, status, expires_at) and a postings list per term (layout: format.ts); the hook
// decodes only the entries and terms a prompt touches.
//
// Staleness rule (docs/internals.md, "Freshness"). The cache is used only while ALL of these still hold:
//   - MEMORY.md has the same size, mtime, inode and ctime (but inside the trusted window below, a hand edit made
//     after the check: editedSinceCheck);
//   - the memory directory and every directory holding a linked card have the same mtime (creating,
//     deleting or renaming a card — and every atomic write, memctl's included — changes it);
//   - every card has the same mtime, size and ctime: an editor that writes in place changes no directory, and
//     any card can change the block (pinned, a new topic, a status). Up to FULL_CHECK_MAX entries this holds
//     on every load; above it a load within VERIFIED_FOR_MS of the last full check trusts that check, so a
//     change is seen by every prompt that starts VERIFIED_FOR_MS after it (printed cards are always re-checked);
//   - it was written by this cache and tokenizer version and ends with its end marker.
// (With a delta in force, "the same" means as the delta recorded them.) A change is merged over the cache as a
// delta (delta.ts, refresh.ts): only the changed index lines and the cards whose fingerprint moved are read, and
// the delta is folded into a new cache (build.ts) once it passes deltaMax entries. Why a delta and not an updated
// cache file: the cache's tables are positional over every entry, so any edit in place rewrites all of it (92 MB
// at 100,000 cards); a delta costs what changed, and ranking merges it per query term at the price of a few
// typed arrays the size of the index. A missing, corrupt or foreign cache is rebuilt from the files. Neither is written when a source
// was modified within 100 ms (2 s on filesystems with whole-second timestamps): an edit in the same timestamp tick
// could otherwise go unnoticed; the next call reads it again.
// Writes are temp file + rename, so a killed writer leaves the old file or the new one; either is checked as above.
import { rebuild } from "./build.js";
import { openCache, type LoadOptions, type OpenCache, type RankableStore } from "./read.js";
import { cardStamp, escapesStore, noteAbsent, sameIndexRecord, sameStamp, stampOf } from "./stamps.js";
import { STAMP_FIELDS } from "./format.js";
import { checkedText, deltaPath, mergedStamp, mergedStore, openDelta, type OpenDelta } from "./delta.js";
import { segmentsOf, unchangedCards } from "./patch.js";
import { refresh } from "./refresh.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { stat, statIfExists, utimes, type FileStat } from "../store/checked-fs.js";
import { FULL_CHECK_MAX, verifiedRecently } from "../store/full-check.js";
import { journalSince } from "../store/write-journal.js";

export { normalizeCardPath } from "./build.js";
export { RANK_CACHE, type LoadOptions, type RankableStore } from "./read.js";
export { RANK_DELTA } from "./delta.js";

// FULL_CHECK_MAX entries or fewer: every card's fingerprint checked on every load (~5 us a card in the cold hook);
// above, a full check is trusted for VERIFIED_FOR_MS (recorded as the delta's or the cache file's mtime). The card
// cache trusts its checks by the same rule (lib/store/full-check.ts).
export { FULL_CHECK_MAX, VERIFIED_FOR_MS } from "../store/full-check.js";

/** The store's index for ranking: from the cache when fresh, else from the files. Throws when MEMORY.md cannot be read (ENOENT included: callers decide). */
export async function loadRankable(memoryDir: string, options: LoadOptions): Promise<RankableStore> {
  const indexStat = stat(joinPath(memoryDir, INDEX_FILE));
  if (!indexStat.isFile()) throw Object.assign(new Error(`${joinPath(memoryDir, INDEX_FILE)} is not a file`), { code: "EISDIR" });
  if (!options.force) {
    const base = openCache(memoryDir, options.wholeHeadMax === undefined ? {} : { wholeHead: options.wholeHeadMax });
    if (base) {
      try {
        const delta = openDelta(memoryDir, base);
        // The last full check: the delta's mtime when there is one, else the cache's.
        const verifiedMs = delta ? delta.mtimeMs : base.view.mtimeMs;
        const large = (delta ? delta.map.size : base.view.n) > (options.fullCheckMax ?? FULL_CHECK_MAX);
        // The build's id names the cache file's contents; the delta's text its own. Named only for a caller that
        // narrows a check by it or keeps it (the keeper, a prompt it answered): hashing a delta costs the others.
        const checked = options.changedSince || options.checkAllCards ? checkedText(base, delta?.text) : undefined;
        const since = checked !== undefined && options.changedSince?.checked === checked ? options.changedSince.cards : undefined;
        // A keeper's answer for this very cache replaces the trusted window: it names every card changed up to the
        // prompt, where the window can be up to VERIFIED_FOR_MS behind it.
        const trusted = large && !options.checkAllCards && since === undefined && verifiedRecently(verifiedMs, options.nowMs);
        if (sourcesUnchanged(memoryDir, delta ? delta.delta : base.header, indexStat)) {
          const store = delta ? mergedStore(base, delta) : base.store;
          if (trusted) return store;
          if (
            since
              ? unchangedCards(base, delta ? segmentsOf(delta.delta.runs, delta.delta.entries) : [{ from: 0, count: base.view.n, shift: 0 }], since, (f) =>
                  cardStamp(memoryDir, f, options.stats),
                )
              : delta
                ? everyMergedCardUnchanged(memoryDir, base, delta, options.stats)
                : everyCardUnchanged(memoryDir, base.view, options.stats)
          ) {
            store.verified = true;
            if (checked !== undefined) store.checked = checked;
            if (large) markVerified(memoryDir, base, delta, options.nowMs);
            return store;
          }
        }
        // MEMORY.md edited by hand since the check this load trusts: younger than the window, so ranked as checked;
        // the keeper folds it, and a load past the window reads it. Reading 19 MB to align it cost ~0.5 s of CPU.
        if (trusted && editedSinceCheck(memoryDir, delta ? delta.delta : base.header, indexStat, verifiedMs)) return delta ? mergedStore(base, delta) : base.store;
        const refreshed = await refresh(memoryDir, base, delta, indexStat, options, !trusted, verifiedMs);
        if (refreshed) return refreshed;
      } catch {
        // a damaged entry met on the way: rebuild
      }
    }
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

/** MEMORY.md and every watched directory as the cache (or its delta) recorded them. */
function sourcesUnchanged(memoryDir: string, recorded: Pick<OpenCache["header"], "index" | "dirs">, indexStat: FileStat): boolean {
  if (!sameIndexRecord(recorded.index, indexStat)) return false;
  for (const [rel, mtime] of recorded.dirs) if (stampOf(joinPath(memoryDir, rel))[0] !== mtime) return false;
  return true;
}

/**
 * Whether only MEMORY.md moved, after the check made at `verifiedMs` (its ctime, which no tool sets, not before
 * it: that check saw MEMORY.md as recorded) and by no memctl write (none journaled since the cache's mark: those
 * are seen by the very next load). Such an edit is younger than the check's window, which bounds every change.
 */
function editedSinceCheck(memoryDir: string, recorded: Pick<OpenCache["header"], "index" | "dirs" | "journal">, indexStat: FileStat, verifiedMs: number): boolean {
  if (sameIndexRecord(recorded.index, indexStat) || indexStat.ctimeMs < verifiedMs) return false;
  for (const [rel, mtime] of recorded.dirs) if (stampOf(joinPath(memoryDir, rel))[0] !== mtime) return false;
  return journalSince(memoryDir, recorded.journal)?.length === 0;
}

/** Records a full check: the delta's mtime when one is in force, else the cache's (false when not ours to set). */
function markVerified(memoryDir: string, base: OpenCache, delta: OpenDelta | undefined, ms: number): boolean {
  if (!delta) return base.view.markVerified(ms);
  try {
    utimes(deltaPath(memoryDir), ms);
    return true;
  } catch {
    return false; // every prompt then checks every card
  }
}

/** One stat per entry against the head's fingerprints, in place: no entry, tuple or path join per card. */
function everyCardUnchanged(memoryDir: string, view: OpenCache["view"], stats: LoadOptions["stats"]): boolean {
  const prefix = memoryDir.endsWith("/") ? memoryDir : `${memoryDir}/`;
  const stamps = view.stamps;
  view.allFiles();
  for (let id = 0, at = 0; id < view.n; id++, at += STAMP_FIELDS) {
    const file = view.file(id);
    const known = stats?.get(file);
    if (known) {
      if (known[0] !== stamps[at] || known[1] !== stamps[at + 1] || known[2] !== stamps[at + 2]) return false;
      continue;
    }
    const s = escapesStore(file) ? undefined : statQuiet(prefix + file);
    if (s === undefined && stats && !escapesStore(file)) noteAbsent(stats, file, prefix + file);
    if (s === undefined ? stamps[at] !== -1 : s.mtimeMs !== stamps[at] || s.size !== stamps[at + 1] || s.ctimeMs !== stamps[at + 2]) return false;
  }
  return true;
}

/** The same check over the merged index: each entry against the fingerprint its base entry or delta entry holds. */
function everyMergedCardUnchanged(memoryDir: string, base: OpenCache, delta: OpenDelta, stats: LoadOptions["stats"]): boolean {
  base.view.allFiles();
  const toBase = delta.map.toBase;
  for (let j = 0; j < toBase.length; j++) {
    const b = toBase[j]!;
    const file = b >= 0 ? base.view.file(b) : delta.delta.entries[-b - 1]!.file;
    if (!sameStamp(cardStamp(memoryDir, file, stats), mergedStamp(base, delta.delta, b))) return false;
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
