// The keeper's lock, apart from the keeper itself: the prompt hook renews or starts a keeper by this lock alone, and
// importing lib/rank-cache/keeper.ts would load the card cache and its YAML parser into every prompt.
import { fullCheckMaxFrom } from "../store/full-check.js";

/** The keeper's lock under .memctl/. */
export const KEEPER_LOCK = "keeper";
/**
 * Its lock's staleness for another host (a store on a shared disk); the heartbeat is a third of it. On this host a
 * dead keeper's lock is broken at once.
 */
export const KEEPER_LOCK_STALE_MS = 6_000;

/**
 * Where a keeper of a build before h/warm10k answered prompts (a Unix socket under .memctl/). One still running
 * after an upgrade answers no question file (keeper-ask.ts): prompts leave it unrenewed to go idle, and the keeper
 * that takes the lock after it removes a socket left behind.
 */
export const OLD_KEEPER_SOCKET = "keeper.sock";

/**
 * Below this many entries a prompt's question to the keeper (a file made in its watched folder, an answer read back)
 * saves less than the stats it replaces (~8 µs a card on Node 20): per-round CPU asked / stat-every-card 0.98 at 200
 * cards (A/A 1.01), 0.92 at 500, 0.84 at 1,000 (bench/history/2026-12.md, h/warm10k; it was 2,000 while asking took node:net).
 */
export const KEEPER_MIN = 500;

/** KEEPER_MIN, MEMCTL_KEEPER_MIN when it is a whole number, and never above the full-check size (keepers there check). */
export function keeperMinFrom(env: Record<string, string | undefined>): number {
  const v = env.MEMCTL_KEEPER_MIN;
  return Math.min(v !== undefined && /^\d+$/.test(v) ? Number(v) : KEEPER_MIN, fullCheckMaxFrom(env));
}
