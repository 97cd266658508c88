// lib/rank-cache/keeper-lock.ts
import { fullCheckMaxFrom } from "../store/full-check.js";
var KEEPER_LOCK = "keeper";
var KEEPER_LOCK_STALE_MS = 6e3;
var OLD_KEEPER_SOCKET = "keeper.sock";
var KEEPER_MIN = 500;
function keeperMinFrom(env) {
  const v = env.MEMCTL_KEEPER_MIN;
  return Math.min(v !== void 0 && /^\d+$/.test(v) ? Number(v) : KEEPER_MIN, fullCheckMaxFrom(env));
}
export {
  KEEPER_LOCK,
  KEEPER_LOCK_STALE_MS,
  KEEPER_MIN,
  OLD_KEEPER_SOCKET,
  keeperMinFrom
};
