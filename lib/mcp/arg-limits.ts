import { z } from "zod";
import { MAX_QUERY_CHARS } from "../rank/tokenize.js";

// Bounds on what an agent passes an MCP tool. Every string is read whole (tokenised, scanned for secrets, echoed
// in an error): an 8.7 MB memory_search query cost the server ~3 s of CPU and 454 MB. A bound is in the tool's
// schema (maxLength / maxItems, so a client sees it), and past it the call is refused naming it, before any work.

export const ARG_LIMITS = Object.freeze({
  /** Ranking reads no more of a query than this (lib/rank/tokenize.ts); longer is refused, not cut silently. */
  query: MAX_QUERY_CHARS,
  /** A card name, a host, a session id, a description, a topic, a recall key, a scope. */
  name: 1024,
  /** A path (Linux's PATH_MAX) and a proposal's source. */
  path: 4096,
  /** File text, a card body, an episode summary: ten times the default per-file limit (100 KiB), in characters. */
  text: 1024 * 1024,
  /** Topics, recall keys, scopes. */
  items: 256,
});

/** A string argument of at most `max` characters; the refusal names the limit. */
export function bounded(max: number) {
  return z.string().max(max, `too long: at most ${max.toLocaleString("en-US")} characters (memctl's limit for this argument), nothing was done; shorten it and call again`);
}

/** A list argument of at most ARG_LIMITS.items strings of at most `max` characters each. */
export function boundedList(max: number) {
  return z.array(bounded(max)).max(ARG_LIMITS.items, `too many: at most ${ARG_LIMITS.items} items (memctl's limit for this argument), nothing was done`);
}
