// lib/rank-cache/keeper-lock.ts
var KEEPER_LOCK = "keeper";
var KEEPER_LOCK_STALE_MS = 6e3;
export {
  KEEPER_LOCK,
  KEEPER_LOCK_STALE_MS
};
