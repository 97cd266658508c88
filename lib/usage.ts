// The usage sidecar: per-card keyword-hit counts that feed frecency. Layout under <memory_dir>/.memctl/:
//   usage.log            pending hits; each hook call appends ALL its hits as one line in ONE O_APPEND write,
//                        so concurrent hooks never interleave or lose a hit: "<day>\t<card>\t<card>…\n", or
//                        with card numbers "<day>@<registry>\t<bitmap or list>[\t<card>…]\n" (usage-cards.ts)
//   usage.cards          the append-only card registry that gives those numbers
//   usage.idx            where each numbered card's row starts in usage.tsv (written by the fold; usage-lookup.ts)
//   usage.<ms>-<pid>.folding  a log renamed aside by a fold (writers that opened it just before keep appending there)
//   usage.tsv            the aggregated snapshot, replaced atomically (temp + rename)
//   usage.rejected       pending lines a fold could not count (torn, or of a deleted registry), kept as they were
//   usage.lock           non-blocking fold lock (O_EXCL create; taken over when older than LOCK_STALE_MS)
// Double counting is impossible because the snapshot header records, per folding file, the byte offset it has
// consumed ("folded=<name>:<offset>,…"): readers and later folds count only the bytes past that offset. A crash
// before the snapshot rename leaves the folding file unconsumed (still pending); a crash after it leaves a
// consumed file that the next fold deletes. Folding files are deleted only once fully consumed and older than
// FOLD_GRACE_MS, so a writer that opened usage.log just before the rename cannot lose its line.
import fs from "node:fs";
import { foldUsage } from "./usage-fold.js";
import { encodeHits } from "./usage-cards.js";
import { addPendingFor, findSnapshotRow, NO_ROW, openSnapshotIndex, rowAt, USAGE_INDEX, type NumberedCards } from "./usage-lookup.js";
import { addPending, lazyRegistry, applyDecay, daysBetween, DAY, decayed, foldingFiles, halvings, parseSnapshot, parseSnapshotHeader, snapshotRowUsage, stateDir, unconsumed, USAGE_LOG, USAGE_SNAPSHOT, type CardUsage, type Snapshot } from "./usage-format.js";
import { close, exists, fstat, openForAppend as openAppending, readBytes, readUtf8, writeBytes } from "./fs-fast.js";
import { encodeUtf8 } from "./bytes.js";
import { joinPath } from "./store/paths.js";

export { FOLD_GRACE_MS, foldUsage, LOCK_STALE_MS, USAGE_REJECTED } from "./usage-fold.js";
export { applyDecay, daysBetween, HALVING_PERIOD_DAYS, parseSnapshot, renderSnapshot, USAGE_LOG, USAGE_SNAPSHOT, type CardUsage } from "./usage-format.js";

export interface UsageRead {
  store: "none" | "tsv" | "error";
  error?: string;
  cards: Map<string, CardUsage>;
  /** Pending log lines that did not parse (a torn write); reported, never trusted. */
  malformed?: number;
}

/** Frecency age buckets: memctl stats' last_hit_buckets uses these same boundaries. */
export const AGE_BUCKETS = [
  { maxDays: 1, label: "<=1d", weight: 1 },
  { maxDays: 7, label: "<=7d", weight: 0.7 },
  { maxDays: 30, label: "<=30d", weight: 0.4 },
  { maxDays: 90, label: "<=90d", weight: 0.2 },
  { maxDays: Infinity, label: ">90d", weight: 0.1 },
] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];

/**
 * A hook folds the pending log once it grows past this (by-path lines run to kilobytes each at 1,000 cards)...
 */
export const FOLD_AT_BYTES = 32 * 1024;
/**
 * ...or once it holds about this many lines of the size just appended: the hook's lookup tests each ranked card
 * against every pending line, so what it pays grows with the line count (a fold is ~6 ms at 1,000 cards).
 */
export const FOLD_AT_LINES = 32;


export function ageBucket(lastDay: string, today: string): AgeBucket {
  const age = Math.max(0, daysBetween(lastDay, today));
  // A loop, not find(): frecency asks for every ranked card, and the callback is a call per bucket in cold code.
  for (let i = 0; i < AGE_BUCKETS.length; i++) if (age <= AGE_BUCKETS[i]!.maxDays) return AGE_BUCKETS[i]!;
  return AGE_BUCKETS[AGE_BUCKETS.length - 1]!;
}

/** access_count × age-bucket weight: the frecency ranking uses within a relevance tier. */
export function frecency(usage: CardUsage | undefined, today: string): number {
  return usage ? usage.access_count * ageBucket(usage.last_access_day, today).weight : 0;
}

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
    if (fs.existsSync(joinPath(dir, USAGE_SNAPSHOT))) try {
      snap = parseSnapshot(fs.readFileSync(joinPath(dir, USAGE_SNAPSHOT), "utf8"));
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

/** Per-card usage looked up on demand: what the hook needs for the few cards it ranks. */
export interface UsageLookup {
  store: UsageRead["store"];
  get(card: string): CardUsage | undefined;
}

/**
 * Like readUsage, but lazy: only the snapshot rows asked for are found (binary search over the sorted text),
 * parsed and decayed; pending logs count only the cards in `only` when given. Same numbers as readUsage for
 * every card it is asked about (and in `only`); never throws.
 */
export function openUsage(memoryDir: string, today: string, only?: ReadonlySet<string>, numbered?: NumberedCards): UsageLookup {
  const none: UsageLookup = { store: "none", get: () => undefined };
  const dir = stateDir(memoryDir);
  if (!exists(dir)) return none;
  try {
    let snapshot = "";
    let rowsFrom = 0;
    let header: Pick<Snapshot, "epoch" | "folded"> = { folded: new Map() };
    let found = false;
    const snapshotFile = joinPath(dir, USAGE_SNAPSHOT);
    if (exists(snapshotFile)) {
      snapshot = readUtf8(snapshotFile);
      const newline = snapshot.indexOf("\n");
      header = parseSnapshotHeader(newline === -1 ? snapshot : snapshot.slice(0, newline));
      rowsFrom = newline === -1 ? snapshot.length : newline + 1;
      found = true;
    }
    const pending = new Map<string, CardUsage>();
    const registry = lazyRegistry(memoryDir);
    // Complete lines only from each file, so their concatenation is a log too: one pass sets the lookup up once.
    let texts = "";
    for (const name of [...foldingFiles(dir), USAGE_LOG]) {
      const file = joinPath(dir, name);
      if (!exists(file)) continue;
      texts += unconsumed(file, header.folded.get(name) ?? 0, false).text;
      found = true;
    }
    if (texts !== "") {
      if (only) addPendingFor(pending, texts, only, numbered, registry);
      else addPending(pending, texts, registry);
    }
    if (!found) return none;
    const periods = halvings(header.epoch, today);
    const rowStart = numbered && snapshot !== "" ? readSnapshotIndex(dir, snapshot, numbered.registry) : undefined;
    // The fold's row index answers for a numbered card; anything it cannot vouch for is searched for.
    const findRow = (card: string): string | undefined => {
      const no = rowStart && numbered!.numbers.get(card);
      const start = no === undefined ? undefined : rowStart!(no);
      if (start === NO_ROW) return undefined;
      return (start === undefined ? undefined : rowAt(snapshot, rowsFrom, start, card)) ?? findSnapshotRow(snapshot, rowsFrom, card);
    };
    return {
      store: "tsv",
      get: (card) => {
        const row = findRow(card);
        const base = row === undefined ? undefined : snapshotRowUsage(row, card.length);
        const extra = pending.get(card);
        if (!base) return extra;
        const count = decayed(base.access_count, periods) + (extra?.access_count ?? 0);
        const day = extra && extra.last_access_day > base.last_access_day ? extra.last_access_day : base.last_access_day;
        return { access_count: count, last_access_day: day };
      },
    };
  } catch {
    return { store: "error", get: () => undefined };
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
  if ((cards.length === 0 && !numbered) || !DAY.test(today)) return { recorded: 0, refused, folded: false };
  const dir = stateDir(memoryDir);
  const fields = numbered ? [`${today}@${numbered.registry}`, encodeHits(numbered.numbers), ...cards] : [today, ...cards];
  const line = encodeUtf8(`${fields.join("\t")}\n`);
  const fd = openForAppend(dir, USAGE_LOG);
  let size: number;
  try {
    // One write() call: on a local filesystem an O_APPEND write of a regular file is not interleaved with others.
    const written = writeBytes(fd, line, 0, line.length);
    if (written !== line.length) throw new Error(`short append to ${USAGE_LOG} (${written} of ${line.length} bytes)`);
    size = fstat(fd).size;
  } finally {
    close(fd);
  }
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


/** The log opened for appending; its directory is made only when missing (not a mkdir call every prompt). */
function openForAppend(dir: string, name: string): number {
  try {
    return openAppending(joinPath(dir, name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    fs.mkdirSync(dir, { recursive: true });
    return openAppending(joinPath(dir, name));
  }
}

function readSnapshotIndex(dir: string, snapshot: string, registryId: string): ((no: number) => number | undefined) | undefined {
  try {
    return openSnapshotIndex(readBytes(joinPath(dir, USAGE_INDEX)), snapshot, registryId);
  } catch {
    return undefined;
  }
}
