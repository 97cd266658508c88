// Where session start's pinned lines are, kept beside the card-cache file they were read from
// (.memctl/overview-pins, lib/store/card-derived.ts): each readable `priority: always` card with its scope and the
// indexes of the view's entries that link it. A trusted start (card-cache-trusted.ts) with this file reads neither
// the view's entry names (a 100,000-element JSON array at 100,000 cards) nor the pinned cards' rows; the view's
// lines are still checked before they are printed. Made by the first trusted start after the cache was written,
// from that same open file, so it names exactly the cache it describes. Which pins apply still depends on where
// the session starts (the scope), so it keeps every `priority: always` card and the caller picks. Likewise the
// cards that may be no longer true (superseded, or with a dated expires_at) are kept with their status and date,
// and compared with today when read: a card that expires tomorrow drops out tomorrow without any write.
import { isRetired } from "../core/card.js";
import { isEpisodesArtifact, isShardFile } from "../records/store-view.js";
import { isCardFileName } from "../core/card-types.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
import type { CacheStamp } from "../store/full-check.js";

export const OVERVIEW_PINS = "overview-pins";

export interface PinnedCard {
  file: string;
  scope?: string[];
  /** The view's entries whose card it is, ascending. */
  at: number[];
}

/** A card that is, or will be, no longer true (docs/ranking.md): its lines are left out of session start. */
export interface RetiringCard {
  file: string;
  status?: string;
  expires_at?: string;
  /** The view's entries whose card it is, ascending. */
  at: number[];
}

export interface Pins {
  /** The view's entry count (its table's length). */
  entries: number;
  cards: PinnedCard[];
  retiring: RetiringCard[];
}

/** The pins kept for the card-cache file stamped `cache`, or undefined (none, another file's, or not what writePins writes). */
export function readPins(memoryDir: string, cache: CacheStamp): Pins | undefined {
  const kept = readDerived(memoryDir, OVERVIEW_PINS, cache);
  if (!kept) return undefined;
  const { entries, cards, retiring } = kept.facts;
  if (!Number.isSafeInteger(entries) || (entries as number) < 0 || !Array.isArray(cards) || !Array.isArray(retiring)) return undefined;
  const ascending = (at: unknown): at is number[] =>
    Array.isArray(at) && at.every((i, k) => Number.isSafeInteger(i) && i >= 0 && i < (entries as number) && (k === 0 || i > at[k - 1]));
  const out: PinnedCard[] = [];
  for (const c of cards as unknown[]) {
    if (!Array.isArray(c) || c.length !== 3) return undefined;
    const [file, scope, at] = c as unknown[];
    if (!isCardFileName(file) || !(scope === null || (Array.isArray(scope) && scope.every((s) => typeof s === "string")))) return undefined;
    if (!ascending(at)) return undefined;
    out.push({ file, ...(scope ? { scope: scope as string[] } : {}), at });
  }
  const gone: RetiringCard[] = [];
  for (const c of retiring as unknown[]) {
    if (!Array.isArray(c) || c.length !== 4) return undefined;
    const [file, status, expires, at] = c as unknown[];
    if (!isCardFileName(file) || !(status === null || typeof status === "string") || !(expires === null || typeof expires === "string") || !ascending(at)) return undefined;
    gone.push({ file, ...(status !== null ? { status } : {}), ...(expires !== null ? { expires_at: expires } : {}), at });
  }
  return { entries: entries as number, cards: out, retiring: gone };
}

export function writePins(memoryDir: string, cache: CacheStamp, pins: Pins): void {
  writeDerived(
    memoryDir,
    OVERVIEW_PINS,
    cache,
    {
      entries: pins.entries,
      cards: pins.cards.map((c) => [c.file, c.scope ?? null, c.at]),
      retiring: pins.retiring.map((c) => [c.file, c.status ?? null, c.expires_at ?? null, c.at]),
    },
    [],
  );
}

/**
 * The pins of a view of `entries` entries (`cardAt(i)`: entry i's card) given the readable `priority: always`
 * cards and the readable cards that may be no longer true.
 */
export function pinsOf(
  entries: number,
  cardAt: (i: number) => string | null,
  always: readonly { file: string; priority?: string; scope?: string[] }[],
  mayRetire: readonly { file: string; status?: string; expires_at?: string }[],
): Pins {
  const card = (file: string) => !isShardFile(file) && !isEpisodesArtifact(file);
  const byFile = new Map<string, PinnedCard>();
  for (const r of always) if (card(r.file) && r.priority === "always") byFile.set(r.file, { file: r.file, ...(r.scope ? { scope: r.scope } : {}), at: [] });
  const retiring = new Map<string, RetiringCard>();
  for (const r of mayRetire)
    if (card(r.file) && (r.status !== undefined || r.expires_at !== undefined))
      retiring.set(r.file, { file: r.file, ...(r.status !== undefined ? { status: r.status } : {}), ...(r.expires_at !== undefined ? { expires_at: r.expires_at } : {}), at: [] });
  if (byFile.size > 0 || retiring.size > 0)
    for (let i = 0; i < entries; i++) {
      const c = cardAt(i);
      if (c === null) continue;
      byFile.get(c)?.at.push(i);
      retiring.get(c)?.at.push(i);
    }
  return { entries, cards: [...byFile.values()], retiring: [...retiring.values()] };
}

/** The entries no longer true on `today` (superseded, or past expires_at), ascending: left out of session start. */
export function retiredEntries(pins: Pins, today: string): number[] {
  const at: number[] = [];
  for (const c of pins.retiring) if (isRetired(c, today)) at.push(...c.at);
  return at.sort((a, b) => a - b);
}

/** The entries to print first where the session starts: those of every pinned card in scope there, ascending. */
export function pinnedEntries(pins: Pins, pinnedHere: (scope: readonly string[] | undefined) => boolean): number[] {
  const at: number[] = [];
  for (const c of pins.cards) if (pinnedHere(c.scope)) at.push(...c.at);
  return at.sort((a, b) => a - b);
}
