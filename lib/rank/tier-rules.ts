// The rules that place a card in a tier: when a match is too weak to count, how far frecency may lift a relevant
// card, and what sinks a card to the tail. Shared by the scorer (score.ts) and its pass over the hits (hit-candidates.ts).
import type { EntryInfo } from "./postings.js";

/**
 * A card scoring below this share of the best card's relevance is a weak match and counted irrelevant. 0.3 cut
 * the answering card for 1 LoCoMo question in 25 (bench/history/2026-12.md); the block's own budget already bounds the cost.
 */
export const RELATIVE_CUTOFF = 0.1;
/** The most frecency can multiply relevance by (1 + this), reached asymptotically. */
export const FRECENCY_BOOST = 0.25;
const SINK_STATUSES = new Set(["stale", "superseded"]);

/** Why a card sinks to the tail, or undefined. */
export function sinkReason(entry: Pick<EntryInfo, "priority" | "status" | "expires_at">, today: string): string | undefined {
  if (entry.priority === "low") return "priority: low";
  if (entry.status && SINK_STATUSES.has(entry.status)) return `status: ${entry.status}`;
  if (entry.expires_at && /^\d{4}-\d{2}-\d{2}/.test(entry.expires_at) && entry.expires_at.slice(0, 10) < today) return `expired ${entry.expires_at.slice(0, 10)}`;
  return undefined;
}
