// lib/mcp/arg-limits.ts
import { z } from "../../vendor/zod.js";
import { MAX_QUERY_CHARS } from "../rank/tokenize.js";
var ARG_LIMITS = Object.freeze({
  /** Ranking reads no more of a query than this (lib/rank/tokenize.ts); longer is refused, not cut silently. */
  query: MAX_QUERY_CHARS,
  /** A card name, a host, a session id, a description, a topic, a recall key, a scope. */
  name: 1024,
  /** A path (Linux's PATH_MAX) and a proposal's source. */
  path: 4096,
  /** File text, a card body, an episode summary: ten times the default per-file limit (100 KiB), in characters. */
  text: 1024 * 1024,
  /** Topics, recall keys, scopes. */
  items: 256
});
function bounded(max) {
  return z.string().max(max, `too long: at most ${max.toLocaleString("en-US")} characters (memctl's limit for this argument), nothing was done; shorten it and call again`);
}
function boundedList(max) {
  return z.array(bounded(max)).max(ARG_LIMITS.items, `too many: at most ${ARG_LIMITS.items} items (memctl's limit for this argument), nothing was done`);
}
export {
  ARG_LIMITS,
  bounded,
  boundedList
};
