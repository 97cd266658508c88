// lib/reports/injection.ts
var DEFAULT_WARN_BYTES = 4096;
var COMPACT_RELPATH = ".memctl/compact.json";
function diagnoseInjection(f) {
  const injected = f.compact.inject_bytes_with ?? f.indexInjectBytes;
  const overWarn = injected > f.warnBytes;
  const pinnedOver = f.pinnedInjectBytes > f.budgetBytes;
  let cause = "none";
  let remedy = null;
  if (overWarn && f.compact.present && f.compact.current === false) {
    cause = "compact-behind";
    const since = f.compact.records_since === null ? "" : ` (${f.compact.records_since} record(s) changed since it was made)`;
    remedy = `the compact at ${f.compact.file} is behind the records${since}: run "memctl compact"`;
  } else if (overWarn && !f.compact.present && f.compact.inject_bytes_first_compact != null && f.compact.inject_bytes_first_compact < f.indexInjectBytes) {
    cause = "no-compact";
    remedy = `there is no compact yet, and a first one would shrink what session start injects from ${f.indexInjectBytes} to ${f.compact.inject_bytes_first_compact} bytes (warn_bytes ${f.warnBytes}): run "memctl compact"`;
  } else if (pinnedOver) {
    cause = "pinned-over-budget";
    remedy = `${f.pinnedCards} priority: always card(s) take ${f.pinnedInjectBytes} bytes on every prompt, over the ${f.budgetBytes}-byte budget: set priority: normal on the ones that need not be pinned`;
  } else if (overWarn) {
    cause = "index-over-warn";
    const what = f.compact.inject_bytes_with != null ? `the compact is current and the index with it would still inject ${injected} bytes (${f.indexInjectBytes} without it; warn_bytes ${f.warnBytes})` : `the index would inject ${f.indexInjectBytes} bytes unranked (warn_bytes ${f.warnBytes})`;
    remedy = `${what}: curate it \u2014 merge overlapping cards, shorten long hooks, remove stale ones \u2014 or raise [doctor] warn_bytes in the user config`;
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
    remedy
  };
}
function warnBytesFromConfig(raw) {
  const table = raw.doctor;
  if (table === void 0) return { value: DEFAULT_WARN_BYTES, source: "default" };
  if (table === null || typeof table !== "object" || Array.isArray(table)) return { value: DEFAULT_WARN_BYTES, source: "default", problem: "[doctor] must be a table" };
  const v = table.warn_bytes;
  if (v === void 0) return { value: DEFAULT_WARN_BYTES, source: "default" };
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
    return { value: DEFAULT_WARN_BYTES, source: "default", problem: `[doctor] warn_bytes must be a non-negative integer, got ${JSON.stringify(v)}` };
  }
  return { value: v, source: "config" };
}
export {
  COMPACT_RELPATH,
  DEFAULT_WARN_BYTES,
  diagnoseInjection,
  warnBytesFromConfig
};
