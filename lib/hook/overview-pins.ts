// Where session start's pinned lines are, kept beside the card-cache file they were read from
// (.memctl/overview-pins, lib/store/card-derived.ts): each readable `priority: always` card with its scope and the
// indexes of the view's entries that link it. A trusted start (card-cache-trusted.ts) with this file reads neither
// the view's entry names (a 100,000-element JSON array at 100,000 cards) nor the pinned cards' rows; the view's
// lines are still checked before they are printed. Made by the first trusted start after the cache was written,
// from that same open file, so it names exactly the cache it describes. Which pins apply still depends on where
// the session starts (the scope), so it keeps every `priority: always` card and the caller picks.
import { isEpisodesArtifact, isShardFile } from "../records/store-view.js";
import { isCardFileName } from "../store/card-cache-format.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
import type { CacheStamp } from "../store/full-check.js";

export const OVERVIEW_PINS = "overview-pins";

export interface PinnedCard {
  file: string;
  scope?: string[];
  /** The view's entries whose card it is, ascending. */
  at: number[];
}

export interface Pins {
  /** The view's entry count (its table's length). */
  entries: number;
  cards: PinnedCard[];
}

/** The pins kept for the card-cache file stamped `cache`, or undefined (none, another file's, or not what writePins writes). */
export function readPins(memoryDir: string, cache: CacheStamp): Pins | undefined {
  const kept = readDerived(memoryDir, OVERVIEW_PINS, cache);
  if (!kept) return undefined;
  const { entries, cards } = kept.facts;
  if (!Number.isSafeInteger(entries) || (entries as number) < 0 || !Array.isArray(cards)) return undefined;
  const out: PinnedCard[] = [];
  for (const c of cards as unknown[]) {
    if (!Array.isArray(c) || c.length !== 3) return undefined;
    const [file, scope, at] = c as unknown[];
    if (!isCardFileName(file) || !(scope === null || (Array.isArray(scope) && scope.every((s) => typeof s === "string")))) return undefined;
    if (!Array.isArray(at) || !at.every((i, k) => Number.isSafeInteger(i) && i >= 0 && i < (entries as number) && (k === 0 || i > at[k - 1]))) return undefined;
    out.push({ file, ...(scope ? { scope: scope as string[] } : {}), at: at as number[] });
  }
  return { entries: entries as number, cards: out };
}

export function writePins(memoryDir: string, cache: CacheStamp, pins: Pins): void {
  writeDerived(memoryDir, OVERVIEW_PINS, cache, { entries: pins.entries, cards: pins.cards.map((c) => [c.file, c.scope ?? null, c.at]) }, []);
}

/** The pins of a view of `entries` entries (`cardAt(i)`: entry i's card) given the readable `priority: always` cards. */
export function pinsOf(entries: number, cardAt: (i: number) => string | null, always: readonly { file: string; priority?: string; scope?: string[] }[]): Pins {
  const byFile = new Map<string, PinnedCard>();
  for (const r of always)
    if (!isShardFile(r.file) && !isEpisodesArtifact(r.file) && r.priority === "always") byFile.set(r.file, { file: r.file, ...(r.scope ? { scope: r.scope } : {}), at: [] });
  if (byFile.size > 0)
    for (let i = 0; i < entries; i++) {
      const card = cardAt(i);
      if (card !== null) byFile.get(card)?.at.push(i);
    }
  return { entries, cards: [...byFile.values()] };
}

/** The entries to print first where the session starts: those of every pinned card in scope there, ascending. */
export function pinnedEntries(pins: Pins, pinnedHere: (scope: readonly string[] | undefined) => boolean): number[] {
  const at: number[] = [];
  for (const c of pins.cards) if (pinnedHere(c.scope)) at.push(...c.at);
  return at.sort((a, b) => a - b);
}
