// Usage for the few cards the hook ranks, without the full readers' work: no per-line Sets for pending hits, no
// split of usage.tsv into rows. The hook runs cold in the interpreter, and every object it allocates costs it GC.
// Pure text in, numbers out; the formats (and the reference readers) are usage-format.ts's.
import { DAY, type CardUsage } from "./usage-format.js";

/** A pending line's day, or undefined when addPending calls it malformed (bad day, no hit, an empty hit). */
export function pendingLineDay(line: string): string | undefined {
  const tab = line.indexOf("\t");
  // The day is the first field, so an empty hit is two tabs in a row or a trailing tab.
  if (tab === -1 || line.includes("\t\t") || line.endsWith("\t")) return undefined;
  const day = line.slice(0, tab);
  return DAY.test(day) ? day : undefined;
}

/**
 * Adds the pending hits of the cards in `only` to `cards`: the same numbers addPending gives those cards (each
 * at most once per line, malformed lines skipped), from one split per line and no per-line Sets, filters or copies.
 */
export function addPendingFor(cards: Map<string, CardUsage>, text: string, only: ReadonlySet<string>): void {
  if (only.size === 0) return;
  // One tally per card asked about: looking a field up is its membership test and finds its counter at once.
  const tallies = new Map<string, { count: number; day: string; line: number }>();
  for (const card of only) tallies.set(card, { count: 0, day: "", line: -1 });
  let lineNo = 0;
  for (const line of text.split("\n")) {
    lineNo++;
    const day = pendingLineDay(line);
    if (day === undefined) continue;
    const fields = line.split("\t");
    for (let i = 1; i < fields.length; i++) {
      const tally = tallies.get(fields[i]!);
      // addPending counts a card once per line however often the line repeats it.
      if (tally === undefined || tally.line === lineNo) continue;
      tally.line = lineNo;
      tally.count++;
      if (day > tally.day) tally.day = day;
    }
  }
  for (const [card, tally] of tallies) {
    if (tally.count === 0) continue;
    const u = cards.get(card);
    if (!u) cards.set(card, { access_count: tally.count, last_access_day: tally.day });
    else {
      u.access_count += tally.count;
      if (tally.day > u.last_access_day) u.last_access_day = tally.day;
    }
  }
}

/**
 * The row for `card` in usage.tsv `text`, whose rows start at offset `from` sorted by card (renderSnapshot's
 * order): a binary search over character offsets, so the file is never split into rows.
 */
export function findSnapshotRow(text: string, from: number, card: string): string | undefined {
  let lo = from; // always a row start
  let hi = text.length; // always a row start or the end
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    // The start of the row holding mid: within [lo, mid], so every step shrinks [lo, hi).
    const start = mid === lo ? lo : Math.max(lo, text.lastIndexOf("\n", mid - 1) + 1);
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    const tab = text.indexOf("\t", start);
    const key = text.slice(start, tab === -1 || tab > end ? end : tab);
    if (key === card) return text.slice(start, end);
    if (key < card) lo = end + 1;
    else hi = start;
  }
  return undefined;
}
