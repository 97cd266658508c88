// What session start's overview needs of a store (issue 32: it read and parsed every card, seconds at 100,000):
// MEMORY.md's lines, and of each card only what picks the pinned lines (priority, scope) and what a compact's
// watermark compares (name, type, the SHA-256 of its bytes). Those come from the card cache, which reads only
// the cards that changed since it was written; no card is opened for a store whose cards held still.
import { readCardCatalog } from "../store/card-cache.js";
import { readIndexOnly } from "../store/read.js";
import { isEpisodesArtifact, isShardFile, viewStore, type CardEntry } from "../records/store-view.js";
import type { StoreLike } from "../compact/assemble.js";

/** A card as the overview reads it. */
export interface OverviewCard {
  priority?: string;
  scope?: readonly string[];
}

export interface OverviewStore extends StoreLike {
  /** MEMORY.md lines linking to cards (shard links and held lines left out), in file order. */
  entries: CardEntry[];
  /** Readable cards (shards, episode artifacts and held cards left out), by store-relative path. */
  pins: ReadonlyMap<string, OverviewCard>;
  cards: ReadonlyMap<string, { card: { meta: { name?: string; metadata: { type?: string } } } }>;
  digests: ReadonlyMap<string, string>;
}

/** MEMORY.md's entries only: what a host that loads the index itself has seen. Throws as readStore does. */
export function overviewEntries(memoryDir: string): CardEntry[] {
  return viewStore(readIndexOnly(memoryDir)).entries;
}

/**
 * The overview's store: MEMORY.md read first (a store without one throws ENOENT, as readStore does), then the
 * card cache. A card the cache could not read is left out of all three maps, so the compact's watermark reads
 * it itself and finds it "missing", as without the cache.
 */
export async function readOverviewStore(memoryDir: string): Promise<OverviewStore> {
  const entries = overviewEntries(memoryDir);
  const catalog = await readCardCatalog(memoryDir);
  const pins = new Map<string, OverviewCard>();
  const cards = new Map<string, { card: { meta: { name?: string; metadata: { type?: string } } } }>();
  const digests = new Map<string, string>();
  for (const r of catalog.cards) {
    if (r.readError !== undefined || r.sha256 === undefined || isShardFile(r.file) || isEpisodesArtifact(r.file)) continue;
    pins.set(r.file, { priority: r.priority, scope: r.scope });
    // record.type is cardType(file, meta): the file's prefix, else metadata.type, which is what the watermark takes.
    cards.set(r.file, { card: { meta: { name: r.name, metadata: { type: r.type } } } });
    digests.set(r.file, r.sha256);
  }
  return { dir: memoryDir, entries, pins, cards, digests };
}
