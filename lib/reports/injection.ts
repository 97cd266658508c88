// Doctor's injected-size diagnosis (seed 000, Compaction rule 4): the size against the advisory warn_bytes
// threshold and the hook budget, and a remedy chosen by cause. Size is a warning, never an error.

export const DEFAULT_WARN_BYTES = 4096;
export const COMPACT_RELPATH = ".memctl/compact.json";

/**
 * What doctor knows about the compact slot. No compaction exists yet, so `current` is null ("unknown");
 * a compact implementation fills in `current` and `records_since` and the remedy below follows them.
 */
export interface CompactSlot {
  file: string;
  present: boolean;
  /** True when the compact covers every current record; false when records changed since; null when unknown. */
  current: boolean | null;
  /** Records written or removed since the compact's watermark, when known. */
  records_since: number | null;
  /** "absent" | "ok" | "invalid" (lib/compact/artifact.ts); absent when not examined. */
  status?: "absent" | "ok" | "invalid";
  /** Why an existing slot is unusable (treated as no compact). */
  problem?: string;
  generator?: string | null;
  generated_at?: string | null;
  records_covered?: number | null;
  /** The assembled body (compact + newer lines + removed note) in a whole-index block; null without a valid compact. */
  inject_bytes_with?: number | null;
  /** The same block with the full index instead: equals index_inject_bytes. */
  inject_bytes_without?: number | null;
  /** With no compact: the assembled body a first mechanical compact would inject (null when not measured). */
  inject_bytes_first_compact?: number | null;
}

export interface InjectionFacts {
  host: string;
  /** Bytes of the block the hook would print if every index line were selected (lib/core/block.ts). */
  indexInjectBytes: number;
  /** Bytes of the block holding only the `priority: always` lines, which bypass the budget. */
  pinnedInjectBytes: number;
  /** Bytes the pinned lines add to a block (they sit outside the budget, so a prompt can get budget + this). */
  pinnedLineBytes: number;
  pinnedCards: number;
  budgetBytes: number;
  budgetEntries: number;
  /** The host's absolute cap on one block, pinned lines included (hosts/<host>.ts hardCeilingBytes). */
  ceilingBytes: number;
  warnBytes: number;
  warnBytesSource: "default" | "config";
  compact: CompactSlot;
}

export type InjectionCause = "none" | "compact-behind" | "no-compact" | "pinned-over-budget" | "index-over-warn";

export interface InjectionReport {
  host: string;
  index_inject_bytes: number;
  inject_budget_bytes: number;
  inject_budget_entries: number;
  /** The most one prompt can receive: the budget plus the pinned lines (which bypass it), up to the host's ceiling. */
  per_prompt_max_bytes: number;
  pinned_cards: number;
  pinned_inject_bytes: number;
  warn_bytes: number;
  warn_bytes_source: "default" | "config";
  over_warn: boolean;
  pinned_over_budget: boolean;
  compact: CompactSlot;
  /** What the whole-index view injects now: the assembled body with a valid compact, else index_inject_bytes. */
  injected_bytes: number;
  cause: InjectionCause;
  /** One line saying what helps; null when nothing is over. */
  remedy: string | null;
}

/** Pure: diagnoses the injected size and picks the remedy by cause (never "recompact" a current compact). */
export function diagnoseInjection(f: InjectionFacts): InjectionReport {
  const injected = f.compact.inject_bytes_with ?? f.indexInjectBytes;
  const overWarn = injected > f.warnBytes;
  const pinnedOver = f.pinnedInjectBytes > f.budgetBytes;
  let cause: InjectionCause = "none";
  let remedy: string | null = null;
  if (overWarn && f.compact.present && f.compact.current === false) {
    cause = "compact-behind";
    const since = f.compact.records_since === null ? "" : ` (${f.compact.records_since} record(s) changed since it was made)`;
    remedy = `the compact at ${f.compact.file} is behind the records${since}: run "memctl compact"`;
  } else if (overWarn && !f.compact.present && f.compact.inject_bytes_first_compact != null && f.compact.inject_bytes_first_compact < f.indexInjectBytes) {
    // Session start injects the whole index, never cut; a compact would shrink that (seed 000's purpose).
    cause = "no-compact";
    remedy = `there is no compact yet, and a first one would shrink what session start injects from ${f.indexInjectBytes} to ${f.compact.inject_bytes_first_compact} bytes (warn_bytes ${f.warnBytes}): run "memctl compact"`;
  } else if (pinnedOver) {
    cause = "pinned-over-budget";
    remedy = `${f.pinnedCards} priority: always card(s) take ${f.pinnedInjectBytes} bytes on every prompt, over the ${f.budgetBytes}-byte budget: set priority: normal on the ones that need not be pinned`;
  } else if (overWarn) {
    cause = "index-over-warn";
    const what =
      f.compact.inject_bytes_with != null
        ? `the compact is current and the index with it would still inject ${injected} bytes (${f.indexInjectBytes} without it; warn_bytes ${f.warnBytes})`
        : `the index would inject ${f.indexInjectBytes} bytes unranked (warn_bytes ${f.warnBytes})`;
    remedy = `${what}: curate it — merge overlapping cards, shorten long hooks, remove stale ones — or raise [doctor] warn_bytes in the user config`;
  }
  return {
    host: f.host,
    index_inject_bytes: f.indexInjectBytes,
    inject_budget_bytes: f.budgetBytes,
    inject_budget_entries: f.budgetEntries,
    per_prompt_max_bytes: Math.min(f.budgetBytes + f.pinnedLineBytes, Math.max(f.ceilingBytes, f.budgetBytes)),
    pinned_cards: f.pinnedCards,
    pinned_inject_bytes: f.pinnedInjectBytes,
    warn_bytes: f.warnBytes,
    warn_bytes_source: f.warnBytesSource,
    over_warn: overWarn,
    pinned_over_budget: pinnedOver,
    compact: f.compact,
    injected_bytes: injected,
    cause,
    remedy,
  };
}

/** Reads `[doctor] warn_bytes` from the raw user config; a bad value is reported, never silently used. */
export function warnBytesFromConfig(raw: Record<string, unknown>): { value: number; source: "default" | "config"; problem?: string } {
  const table = raw.doctor;
  if (table === undefined) return { value: DEFAULT_WARN_BYTES, source: "default" };
  if (table === null || typeof table !== "object" || Array.isArray(table)) return { value: DEFAULT_WARN_BYTES, source: "default", problem: "[doctor] must be a table" };
  const v = (table as Record<string, unknown>).warn_bytes;
  if (v === undefined) return { value: DEFAULT_WARN_BYTES, source: "default" };
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
    return { value: DEFAULT_WARN_BYTES, source: "default", problem: `[doctor] warn_bytes must be a non-negative integer, got ${JSON.stringify(v)}` };
  }
  return { value: v, source: "config" };
}
