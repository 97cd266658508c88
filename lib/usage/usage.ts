// The usage sidecar: which cards the hook's blocks printed, how often and how lately. `memctl stats` reports it
// and ranking orders ties by it (frecency). Layout under <memory_dir>/.memctl/:
//   usage.log                 one line per printed block, "<day>\t<card>\t<card>…\n", appended in ONE O_APPEND
//                             write (no fsync), so concurrent hooks never interleave or lose a line
//   usage.<ms>-<pid>.folding  a log a fold renamed aside (a writer that opened it just before keeps appending there)
//   usage.tsv                 the folded snapshot: a header, then "<card>\t<count>\t<last day>" rows sorted by card,
//                             replaced by temp + rename
//   usage.rejected            log lines a fold could not count (torn), kept as they were
// No double count: the snapshot's header records, per folding file, the bytes it has counted
// ("folded=<name>:<offset>,…"), and the reader and later folds count only what lies past that offset. A crash
// before the snapshot's rename leaves the folding file uncounted (still pending); after it, counted. A folding
// file is deleted only once fully counted and older than FOLD_GRACE_MS. A fold takes the store lock with
// tryStoreLock (lib/store/lock.ts): skipped when busy, never waited for.
import { appendBytes, realDir } from "../store/safe-write.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { foldUsage } from "./fold.js";
import { isMeasurable, renderLogLine, USAGE_LOG } from "./format.js";

export { FOLD_GRACE_MS, foldUsage, USAGE_REJECTED } from "./fold.js";
export { HALVING_PERIOD_DAYS, isMeasurable, parseSnapshot, renderSnapshot, USAGE_LOG, USAGE_SNAPSHOT, type CardUsage } from "./format.js";
export { readUsage, type UsageRead } from "./read.js";
export { AGE_BUCKETS, ageBucket, frecency, type AgeBucket } from "../core/frecency.js";

/** The hook that grows the log past this folds it (~30 blocks of a dozen lines): the reader's work stays small. */
export const FOLD_AT_BYTES = 16 * 1024;

export interface RecordResult {
  recorded: number;
  /** Card paths refused because the tab-delimited sidecar cannot hold them (tab or newline). */
  refused: string[];
  folded: boolean;
}

export interface RecordOptions {
  foldAtBytes?: number;
  now?: () => number;
}

/**
 * Appends one line naming each card once, then folds when the log has grown past `foldAtBytes` and nobody else is
 * folding. Throws only if the append itself fails (a link at .memctl/ or usage.log is refused, never written through).
 */
export function recordHitsSync(memoryDir: string, cardRelpaths: readonly string[], today: string, options: RecordOptions = {}): RecordResult {
  const refused = cardRelpaths.filter((c) => !isMeasurable(c));
  const cards = [...new Set(cardRelpaths.filter(isMeasurable))];
  const line = renderLogLine(today, cards);
  if (line === undefined) return { recorded: 0, refused, folded: false };
  const size = appendBytes(joinPath(realDir(memoryDir, STATE_DIR), USAGE_LOG), Buffer.from(line, "utf8"));
  let folded = false;
  if (size >= (options.foldAtBytes ?? FOLD_AT_BYTES)) {
    try {
      folded = foldUsage(memoryDir, today, options.now);
    } catch {
      // A failed fold loses nothing: the pending files stay and the next fold retries.
    }
  }
  return { recorded: cards.length, refused, folded };
}

/** recordHitsSync for callers that await. */
export async function recordHits(memoryDir: string, cardRelpaths: readonly string[], today: string, options: RecordOptions = {}): Promise<RecordResult> {
  return recordHitsSync(memoryDir, cardRelpaths, today, options);
}
