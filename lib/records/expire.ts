// The expiry sweep (seed 002: expiry is background work that runs off the job ledger). A card past its
// `expires_at` is already never injected (the ranker sinks it) and doctor names it; the sweep is the owner's
// decision to let it go: each expired card is tombstoned by removeCard (its last text kept under .memctl/trash/,
// a `delete` revision attributed to the caller, after any unrecorded hand edit is adopted), so `memctl restore FILE REV` brings it back as a new revision.
// Cards a sync holds for review are not the owner's yet and are never swept (readStore leaves them out).
import { assertMayWrite } from "./actor.js";
import { isExpired } from "../core/card.js";
import { readStore } from "../store/read.js";
import { removeCard } from "./admin.js";
import type { WriteContext } from "./save.js";

export interface ExpiredCard {
  file: string;
  name: string;
  expires_at: string;
}

export interface SweptCard extends ExpiredCard {
  /** The `delete` revision the sweep wrote. */
  rev: number;
  /** The revision that restores it (the last one with text): `memctl restore <file> <restore_rev>`. */
  restore_rev: number;
  trash: string;
}

/** Every readable card whose `expires_at` is before `today` (YYYY-MM-DD, UTC), by file name. */
export async function expiredCards(memoryDir: string, today: string): Promise<ExpiredCard[]> {
  const store = await readStore(memoryDir);
  const out: ExpiredCard[] = [];
  for (const [file, cf] of store.cards) {
    const card = cf.card;
    if (!card || card.errors.length > 0 || !isExpired(card.meta, today)) continue;
    out.push({ file, name: card.meta.name ?? file, expires_at: card.meta.expires_at! });
  }
  return out;
}

/**
 * Tombstones every card expired at `today`, one removal (and one history revision) per card. Safe to run again:
 * a sweep killed part way left the removed cards removed, and the next one finds only the rest.
 */
export async function sweepExpired(ctx: WriteContext, today: string, onCard?: (swept: SweptCard) => void): Promise<SweptCard[]> {
  assertMayWrite(ctx.actor, "expire memory cards");
  const swept: SweptCard[] = [];
  for (const card of await expiredCards(ctx.memoryDir, today)) {
    // removeCard adopts a hand edit not yet in history first, so the revision before its delete is the card's last text.
    const removed = await removeCard(ctx, card.file);
    const done = { ...card, rev: removed.entry.rev, restore_rev: removed.entry.rev - 1, trash: removed.trash };
    swept.push(done);
    onCard?.(done);
  }
  return swept;
}
