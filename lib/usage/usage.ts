// The usage sidecar: per-card keyword-hit counts that feed frecency. Layout under <memory_dir>/.memctl/:
//   usage.log            pending hits; each hook call appends ALL its hits as one line in ONE O_APPEND write,
//                        so concurrent hooks never interleave or lose a hit: "<day>\t<card>\t<card>…\n", or
//                        with card numbers "<day>@<registry>\t<bitmap or list>[\t<card>…]\n" (usage-cards.ts)
//   usage.cards          the append-only card registry that gives those numbers
//   usage.idx            each numbered card's count and day in usage.tsv (written by the fold; usage-index.ts)
//   usage.<ms>-<pid>.folding  a log renamed aside by a fold (writers that opened it just before keep appending there)
//   usage.tsv            the aggregated snapshot, replaced atomically (temp + rename)
//   usage.rejected       pending lines a fold could not count (torn, or of a deleted registry), kept as they were
//   (lock)               a fold takes the store lock (lib/store/lock.ts) with tryStoreLock: skipped, never waited for
// Double counting is impossible because the snapshot header records, per folding file, the byte offset it has
// consumed ("folded=<name>:<offset>,…"): readers and later folds count only the bytes past that offset. A crash
// before the snapshot rename leaves the folding file unconsumed (still pending); a crash after it leaves a
// consumed file that the next fold deletes. Folding files are deleted only once fully consumed and older than
// FOLD_GRACE_MS, so a writer that opened usage.log just before the rename cannot lose its line.
import fs from "node:fs";
import { isDayShape } from "../core/ascii.js";
import { foldUsage } from "./fold.js";
import { encodeHits } from "./cards.js";
import { applyDecay, parseSnapshot, stateDir, USAGE_LOG, USAGE_SNAPSHOT, type Snapshot, type UsageRead } from "./format.js";
import { addPending, lazyRegistry, foldingFiles, unconsumed } from "./pending.js";
import { readRegularUtf8 } from "../store/checked-fs.js";
import { encodeUtf8 } from "../core/bytes.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { appendBytes, realDir } from "../store/safe-write.js";

export { FOLD_GRACE_MS, foldUsage, USAGE_REJECTED } from "./fold.js";
export { applyDecay, daysBetween, HALVING_PERIOD_DAYS, parseSnapshot, renderSnapshot, USAGE_LOG, USAGE_SNAPSHOT, type CardUsage } from "./format.js";
export { AGE_BUCKETS, ageBucket, frecency, type AgeBucket } from "../core/frecency.js";
export { openUsage, rankedUsage, type RankedUsage, type UsageLookup } from "./open.js";

export type { UsageRead };

/**
 * A hook folds the pending log once it grows past this (by-path lines run to kilobytes each at 1,000 cards)...
 */
export const FOLD_AT_BYTES = 32 * 1024;
/**
 * ...or once it holds about this many lines of the size just appended: the hook's lookup tests each ranked card
 * against every pending line, so what it pays grows with the line count (a fold is ~6 ms at 1,000 cards).
 */
export const FOLD_AT_LINES = 32;

/** A card path the tab-delimited sidecar can hold. */
export function isMeasurable(card: string): boolean {
  return card !== "" && !/[\t\n\r]/.test(card);
}

/**
 * Reads snapshot + pending logs into per-card usage, as of `today` (decay applied exactly as a fold would).
 * Never throws: no sidecar → store "none"; unreadable or corrupt → store "error" with no cards.
 */
export function readUsage(memoryDir: string, today: string): UsageRead {
  const dir = stateDir(memoryDir);
  // existsSync first: the hook runs this on every prompt and a thrown ENOENT costs more than the check.
  if (!fs.existsSync(dir)) return { store: "none", cards: new Map() };
  try {
    let snap: Snapshot = { folded: new Map(), cards: new Map() };
    let found = false;
    if (fs.existsSync(joinPath(dir, USAGE_SNAPSHOT)))
      try {
        snap = parseSnapshot(readRegularUtf8(joinPath(dir, USAGE_SNAPSHOT)));
        found = true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
      }
    let names: string[] = [];
    try {
      names = foldingFiles(dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    applyDecay(snap, today);
    const registry = lazyRegistry(memoryDir);
    let malformed = 0;
    for (const name of [...names, USAGE_LOG]) {
      if (!fs.existsSync(joinPath(dir, name))) continue;
      let pending: { text: string };
      try {
        pending = unconsumed(joinPath(dir, name), snap.folded.get(name) ?? 0, false);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw err;
      }
      found = true;
      malformed += addPending(snap.cards, pending.text, registry);
    }
    return { store: found ? "tsv" : "none", cards: snap.cards, ...(malformed ? { malformed } : {}) };
  } catch (err) {
    return { store: "error", error: (err as Error).message, cards: new Map() };
  }
}

export interface RecordResult {
  recorded: number;
  /** Card paths refused because the tab-delimited sidecar cannot hold them (tab or newline). */
  refused: string[];
  folded: boolean;
}

export interface RecordOptions {
  foldAtBytes?: number;
  now?: () => number;
  /** The caller guarantees the paths are distinct and each passes isMeasurable (skips both checks). */
  distinct?: boolean;
  /**
   * Hits already numbered in the card registry (usage-cards.ts), recorded as one compact field; the paths
   * passed beside them are the hits it did not number. Distinct from those paths, and never empty when given.
   */
  numbered?: { registry: string; numbers: ArrayLike<number> };
}

/**
 * Appends one line holding every hit of this call in a single O_APPEND write, then folds when the log has
 * grown past `foldAtBytes` and nobody else is folding. Throws only if the append itself fails.
 */
export async function recordHits(memoryDir: string, cardRelpaths: readonly string[], today: string, options: RecordOptions = {}): Promise<RecordResult> {
  return recordHitsSync(memoryDir, cardRelpaths, today, options);
}

export function recordHitsSync(memoryDir: string, cardRelpaths: readonly string[], today: string, options: RecordOptions = {}): RecordResult {
  // The hook vouches for thousands of hits at once when its cache says they are distinct and recordable.
  const refused = options.distinct ? [] : cardRelpaths.filter((c) => !isMeasurable(c));
  const cards = options.distinct ? cardRelpaths : [...new Set(cardRelpaths.filter(isMeasurable))];
  const numbered = options.numbered && options.numbered.numbers.length > 0 ? options.numbered : undefined;
  if ((cards.length === 0 && !numbered) || !isDayShape(today)) return { recorded: 0, refused, folded: false };
  const fields = numbered ? [`${today}@${numbered.registry}`, encodeHits(numbered.numbers), ...cards] : [today, ...cards];
  const line = encodeUtf8(`${fields.join("\t")}\n`);
  // A link at .memctl/ or at usage.log is refused (thrown, and the caller skips recording), never written through.
  // One write() call: on a local filesystem an O_APPEND write of a regular file is not interleaved with others.
  const size = appendBytes(joinPath(realDir(memoryDir, STATE_DIR), USAGE_LOG), line);
  let folded = false;
  if (size >= (options.foldAtBytes ?? Math.min(FOLD_AT_BYTES, FOLD_AT_LINES * line.length))) {
    try {
      folded = foldUsage(memoryDir, today, options.now);
    } catch {
      // A failed fold loses nothing: the pending files stay and the next fold retries.
    }
  }
  return { recorded: cards.length + (numbered?.numbers.length ?? 0), refused, folded };
}
