// The keeper's lock, apart from the keeper itself: the prompt hook renews or starts a keeper by this lock alone, and
// importing lib/rank-cache/keeper.ts would load the card cache and its YAML parser into every prompt.

/** The keeper's lock under .memctl/. */
export const KEEPER_LOCK = "keeper";
/**
 * Its lock's staleness for another host (a store on a shared disk); the heartbeat is a third of it. On this host a
 * dead keeper's lock is broken at once.
 */
export const KEEPER_LOCK_STALE_MS = 6_000;
