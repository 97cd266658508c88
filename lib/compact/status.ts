import type { HistoryEntry } from "../store/history.js";
import type { BlockContext } from "../core/block.js";
import { readCompact, type CompactRead } from "./artifact.js";
import { assembleFromRecords, indexRecords, plainRecords, viewBytes, watermarkOf, type IndexRecord, type IndexView, type StoreLike } from "./assemble.js";
import { mechanicalSummary } from "./generate.js";
import { typeFromFileName } from "../core/card-types.js";

// Where the compact stands against the records: what `compact --show` prints and doctor diagnoses.

export interface CompactStatus {
  read: CompactRead;
  /** The assembled view with the compact (equals the full index when there is no valid compact). */
  view: IndexView;
  bytes_without: number;
  /** Null when there is no valid compact. */
  bytes_with: number | null;
  /** True when nothing was written, updated or removed since the watermark; null without a valid compact. */
  current: boolean | null;
  /** Records written/updated plus removed since the watermark; null without a valid compact. */
  records_since: number | null;
}

/** `retired`: cards no longer true, whose lines session start leaves out (assembleFromRecords). */
export function compactStatus(memoryDir: string, store: StoreLike, history: readonly HistoryEntry[], context: BlockContext, retired?: ReadonlySet<string>): CompactStatus {
  const read = readCompact(memoryDir);
  // Revisions need every card read and hashed; without a valid compact nothing compares them, so skip it.
  const records = read.status === "ok" ? indexRecords(store, history) : plainRecords(store);
  const plain = assembleFromRecords(records, null, retired);
  const bytesWithout = viewBytes(plain, context);
  if (read.status !== "ok") return { read, view: plain, bytes_without: bytesWithout, bytes_with: null, current: null, records_since: null };
  const view = assembleFromRecords(records, read.compact, retired);
  const since = new Set(view.newer.map((r) => r.card)).size + view.removed.length;
  return { read, view, bytes_without: bytesWithout, bytes_with: viewBytes(view, context), current: since === 0, records_since: since };
}

/**
 * The assembled body a first mechanical compact would inject (doctor's "make one" remedy), measured without
 * hashing any card: every record is covered, so revisions play no part.
 */
export function firstCompactBytes(store: StoreLike, context: BlockContext): number {
  const records: IndexRecord[] = store.entries.map((entry) => {
    const card = entry.card ?? entry.file;
    const metaType = store.cards?.get(card)?.card?.meta.metadata?.type;
    return { card, name: entry.title, type: typeFromFileName(card) ?? (typeof metaType === "string" ? metaType : "other"), entry, rev: "unread" };
  });
  const compact = {
    version: 1 as const,
    summary: mechanicalSummary(records),
    generator: "mechanical" as const,
    model: null,
    generated_at: "",
    generated_by: "",
    watermark: watermarkOf(records),
    repaired: [],
  };
  return viewBytes(assembleFromRecords(records, compact), context);
}
