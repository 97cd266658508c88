// The usage sidecar read for a few cards at a time: what the hook and prepare rank with. Same numbers as
// readUsage (usage.ts) for every card asked about, without reading the whole sidecar: the snapshot's rows come
// from the fold's index (usage-index.ts) or a search of the text, pending hits from tallyPending. Never throws.
import { exists, readRegularBytes, readRegularUtf8, statIfExists } from "../store/checked-fs.js";
import { joinPath } from "../store/paths.js";
import type { UsageRead } from "./format.js";
import { openSnapshotIndex, IN_TEXT, NO_ROW, USAGE_INDEX, type SnapshotIndex } from "./row-index.js";
import { bucketOfAge, frecency } from "../core/frecency.js";
import { utcDay } from "../core/utc.js";
import {
  dayNumber,
  decayed,
  halvings,
  isCanonicalDay,
  parseSnapshotHeader,
  snapshotRowUsage,
  stateDir,
  USAGE_LOG,
  USAGE_SNAPSHOT,
  type CardUsage,
  type Snapshot,
} from "./format.js";
import { addPending, foldingFiles, lazyRegistry, unconsumed, type RegistrySource } from "./pending.js";
import { addPendingFor, findSnapshotRow, NO_CARD, tallyPending, type NumberedCards, type PositionNumbers } from "./lookup.js";

/** Per-card usage looked up on demand: what `memctl prepare`'s and the tests' lookups answer. */
export interface UsageLookup {
  store: UsageRead["store"];
  get(card: string): CardUsage | undefined;
}

/** What a lookup reads once: the snapshot's header, its index or text, and the pending lines not yet folded. */
interface Sidecar {
  header: Pick<Snapshot, "epoch" | "folded">;
  index?: SnapshotIndex;
  /** The snapshot row of a card, searched in the text (read on first need when the index answers the rest). */
  row(card: string): string | undefined;
  /** Complete unconsumed lines of every folding file, then usage.log. */
  pending: string;
  registry: RegistrySource;
}

/** undefined when there is no sidecar at all (no state directory, no snapshot, no pending file). */
function openSidecar(memoryDir: string, registryId: string | undefined): Sidecar | undefined {
  const dir = stateDir(memoryDir);
  if (!exists(dir)) return undefined;
  const snapshotFile = joinPath(dir, USAGE_SNAPSHOT);
  const snapshot = statIfExists(snapshotFile);
  let index: SnapshotIndex | undefined;
  if (snapshot && registryId !== undefined) {
    try {
      index = openSnapshotIndex(readRegularBytes(joinPath(dir, USAGE_INDEX)), registryId, snapshot);
    } catch {
      index = undefined; // no index yet: the text answers
    }
  }
  let text: string | undefined;
  let rowsFrom = 0;
  // The text, once; "" when there is none. Read after the index only if some card needs it, and then used
  // only if it is still the snapshot the index describes (a fold in between replaced it: no rows, never mixed).
  const readText = (): string => {
    if (text !== undefined) return text;
    text = snapshot ? readRegularUtf8(snapshotFile) : "";
    const newline = text.indexOf("\n");
    if (index && (newline === -1 ? text : text.slice(0, newline)) !== index.header) text = "";
    rowsFrom = newline === -1 ? text.length : newline + 1;
    return text;
  };
  let header: Pick<Snapshot, "epoch" | "folded"> = { folded: new Map() };
  if (index) header = parseSnapshotHeader(index.header);
  else if (snapshot) {
    const t = readText();
    const newline = t.indexOf("\n");
    header = parseSnapshotHeader(newline === -1 ? t : t.slice(0, newline));
  }
  let pending = "";
  let found = snapshot !== undefined;
  for (const name of [...foldingFiles(dir), USAGE_LOG]) {
    const file = joinPath(dir, name);
    if (!exists(file)) continue;
    pending += unconsumed(file, header.folded.get(name) ?? 0, false).text;
    found = true;
  }
  if (!found) return undefined;
  return {
    header,
    ...(index ? { index } : {}),
    row: (card) => {
      const t = readText();
      return t === "" ? undefined : findSnapshotRow(t, rowsFrom, card);
    },
    pending,
    registry: lazyRegistry(memoryDir),
  };
}

/** A card's snapshot usage before decay: from the index when it answers for the number, else from the text. */
function snapshotUsage(side: Sidecar, card: string, no: number | undefined): CardUsage | undefined {
  const index = side.index;
  if (index && no !== undefined && no >= 0 && no < index.count) {
    const day = index.table[2 * no + 1]!;
    if (day === NO_ROW) return undefined;
    if (day !== IN_TEXT) return { access_count: index.table[2 * no]!, last_access_day: utcDay(day * 86_400_000) };
  }
  const row = side.row(card);
  return row === undefined ? undefined : snapshotRowUsage(row, card.length);
}

/** Snapshot usage decayed to today plus pending hits: exactly what readUsage gives the card. */
function combine(base: CardUsage | undefined, extra: CardUsage | undefined, periods: number): CardUsage | undefined {
  if (!base) return extra;
  const count = decayed(base.access_count, periods) + (extra?.access_count ?? 0);
  const day = extra && extra.last_access_day > base.last_access_day ? extra.last_access_day : base.last_access_day;
  return { access_count: count, last_access_day: day };
}

/**
 * Like readUsage, but lazy: only the snapshot rows asked for are read, and pending logs count only the cards in
 * `only` when given. Same numbers as readUsage for every card it is asked about (and in `only`); never throws.
 */
export function openUsage(memoryDir: string, today: string, only?: ReadonlySet<string>, numbered?: NumberedCards): UsageLookup {
  try {
    const side = openSidecar(memoryDir, numbered?.registry);
    if (!side) return { store: "none", get: () => undefined };
    const pending = new Map<string, CardUsage>();
    if (side.pending !== "") {
      if (only) addPendingFor(pending, side.pending, only, numbered, side.registry);
      else addPending(pending, side.pending, side.registry);
    }
    const periods = halvings(side.header.epoch, today);
    return { store: "tsv", get: (card) => combine(snapshotUsage(side, card, numbered?.numbers.get(card)), pending.get(card), periods) };
  } catch {
    return { store: "error", get: () => undefined };
  }
}

/** The frecency of each card the hook ranks, by position, and where it came from. */
export interface RankedUsage {
  store: UsageLookup["store"];
  /** frecency(openUsage(memoryDir, today, new Set(files), …).get(files[i]), today). */
  frecencyAt(position: number): number;
}

/**
 * The hook's lookup: frecency for the cards it ranks, by position (`numbers` gives their card numbers), worked
 * out up front in typed arrays. A numbered card whose row the index holds costs two typed reads and its pending
 * bits; anything unusual (no number, a row left to the text, a day Date reads differently) takes openUsage's path.
 */
export function rankedUsage(memoryDir: string, today: string, files: readonly string[], numbers?: PositionNumbers): RankedUsage {
  const n = files.length;
  try {
    const side = openSidecar(memoryDir, numbers?.registry);
    if (!side) return { store: "none", frecencyAt: () => 0 };
    const { counts, days } = tallyPending(side.pending, files, numbers, side.registry);
    const periods = halvings(side.header.epoch, today);
    const todayNo = dayNumber(today);
    const index = side.index;
    const out = new Float64Array(n);
    // Pending days are one or two distinct strings: each is checked and converted once, not per card.
    let dayText = "";
    let dayNo = NaN;
    for (let i = 0; i < n; i++) {
      const no = numbers ? numbers.byPosition[i]! : NO_CARD;
      const day = index && no < index.count ? index.table[2 * no + 1]! : IN_TEXT;
      if (counts[i] !== 0 && days[i] !== dayText) {
        dayText = days[i]!;
        dayNo = isCanonicalDay(dayText) ? dayNumber(dayText) : NaN;
      }
      const pendingDay = counts[i] === 0 ? -Infinity : dayNo;
      if (day === IN_TEXT || Number.isNaN(pendingDay) || !(todayNo >= 0)) {
        const extra = counts[i] === 0 ? undefined : { access_count: counts[i]!, last_access_day: days[i]! };
        out[i] = frecency(combine(snapshotUsage(side, files[i]!, no === NO_CARD ? undefined : no), extra, periods), today);
        continue;
      }
      if (day === NO_ROW && counts[i] === 0) continue;
      const count = (day === NO_ROW ? 0 : periods > 0 ? decayed(index!.table[2 * no]!, periods) : index!.table[2 * no]!) + counts[i]!;
      const last = day === NO_ROW || pendingDay > day ? pendingDay : day;
      out[i] = count * bucketOfAge(todayNo - last).weight;
    }
    return { store: "tsv", frecencyAt: (i) => out[i] ?? 0 };
  } catch {
    return { store: "error", frecencyAt: () => 0 };
  }
}
