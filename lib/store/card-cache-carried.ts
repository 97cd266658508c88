// The trusted read of a card cache merged with its delta for a caller that kept, sealed, what an earlier trusted
// read of the same card-cache file proved (issue 32: at 100,000 cards the first session start after a save read the
// 7.2 MB numbers section, checked 100,000 records and read every flagged row for one changed card). The base file's
// bytes are named by its stamp, so what a read proved of its records stays true while the stamp holds: every record
// but those its delta replaced or removed (`changed`) had a stamp older than `racyFrom`, flags in range and no read
// error. A later delta of that file takes the base's records except the ones it replaces or removes; when those
// cover `changed` and the claim's bound is no looser than the one now, checking the delta's own records (at most
// DELTA_MAX_RECORDS) against the delta's mtime checks what withTrustedCardCache's loop over every record checks.
// The caller is trusted for the claim only as far as its seal goes (overview-kept.ts); anything else answers
// undefined and the reader goes on to check every record.
import { FLAGS_AT, RECORD_NUMBERS, type CacheHead } from "./card-cache-format.js";
import { FLAG_READ_ERROR, FLAGS_END, type StoredCard } from "./card-record.js";
import { checkRow, type Row } from "./card-row.js";
import type { ReadDelta } from "./card-delta.js";
import { lstatIfExists } from "./checked-fs.js";
import type { CacheStamp } from "./full-check.js";
import { sameNumbers, type LineEdit } from "./index-links.js";
import { joinPath } from "./paths.js";
import { sameStamp } from "./card-trust.js";

/**
 * What a trusted read proved of a cache's records: every record of the card-cache file stamped `base` but those
 * named in `changed` (its delta's records and removed names) has a stamp before `racyFrom`, flags in range and no
 * read error.
 */
export interface CheckedRecords {
  base: CacheStamp;
  racyFrom: number;
  changed: readonly string[];
}

/** The view section's bytes and the journaled edits they are still to take (card-cache-trusted.ts's TrustedCardCache). */
export type CacheView = { bytes: () => Buffer; edits: readonly LineEdit[]; base: CacheStamp } | undefined;

/** A merged cache proven fresh from a claim and its delta's records alone: what changed since the base, not the base. */
export interface CarriedCardCache {
  stamp: CacheStamp;
  head: CacheHead;
  count: number;
  view(): CacheView;
  /** What this read proves in turn, for the caller to keep. */
  checked: CheckedRecords;
  /** The delta's records in name order: each card changed or added since the base, with its flags and row (undefined: it does not check). */
  records: readonly { file: string; flags: number; row(): Row | undefined }[];
  /** The base's cards removed since. */
  removed: readonly string[];
}

/** The claim a read of the cache now makes for a later one: the base's records but the delta's were checked against `racyFrom`. */
export function checkedBy(base: CacheStamp, racyFrom: number, delta: ReadDelta | undefined): CheckedRecords {
  return { base, racyFrom, changed: delta ? [...delta.records.map((r) => r.file), ...delta.removed] : [] };
}

/**
 * The cache merged from the base stamped `base` of `baseCount` records and `delta`, when `claim` and a check of
 * the delta's records prove it as the loop over every record would, with `written` (the cards journaled since the
 * recorded full check) each a delta record at its recorded stamp; else undefined.
 */
export function carriedCache(
  memoryDir: string,
  base: CacheStamp,
  baseCount: number,
  delta: ReadDelta,
  claim: CheckedRecords,
  racyFrom: number,
  written: ReadonlySet<string>,
): Omit<CarriedCardCache, "view" | "head"> | undefined {
  if (!sameNumbers(claim.base, base) || !(claim.racyFrom <= racyFrom)) return undefined;
  const { records, removed, places, numbers } = delta;
  // The count as mergeOrder makes it (the places themselves were proven by the recorded full check of this delta).
  const replaced = places.reduce((n, p) => n + (p & 1), 0);
  const count = baseCount - replaced - removed.length + records.length;
  if (count !== delta.cards) return undefined;
  const names = new Map(records.map((r, i) => [r.file, i]));
  const gone = new Set(removed);
  // A base record the claim did not cover must be one the delta replaces or removes: it is not read from the base.
  if (!claim.changed.every((f) => names.has(f) || gone.has(f))) return undefined;
  for (let i = 0; i < records.length; i++) {
    const k = i * RECORD_NUMBERS;
    const flags = numbers[k + FLAGS_AT]!;
    if (!(flags >= 0 && flags < FLAGS_END) || (flags & FLAG_READ_ERROR) !== 0 || numbers[k]! >= racyFrom || numbers[k + 2]! >= racyFrom) return undefined;
  }
  // memctl's own writes since the check: each a delta record whose card still has its stamp (else the full read decides).
  for (const file of written) {
    const i = names.get(file);
    const st = i === undefined ? undefined : lstatIfExists(joinPath(memoryDir, file));
    const k = (i ?? 0) * RECORD_NUMBERS;
    if (!st?.isFile() || !sameStamp([numbers[k]!, numbers[k + 1]!, numbers[k + 2]!], st)) return undefined;
  }
  return {
    stamp: delta.stamp,
    count,
    checked: checkedBy(base, racyFrom, delta),
    records: records.map((r, i) => ({
      file: r.file,
      flags: numbers[i * RECORD_NUMBERS + FLAGS_AT]!,
      row: () => {
        const stored = (r as StoredCard).storedRow;
        return stored && checkRow(stored.toString("latin1"));
      },
    })),
    removed,
  };
}
