// Which of a rank index's entries are held (a teammate's push awaiting the owner's review), for ranking to leave out
// of its result and its statistics (lib/rank/score.ts RankOptions.held). Asked per prompt from the hold, so an accept
// or a reject counts on the next prompt with no rank cache, delta or keeper change.
import type { RankIndex } from "../rank/postings.js";
import type { HeldIds } from "../rank/score.js";
import type { PromptHold } from "../store/prompt-hold.js";

/**
 * The held entries of `index`: those linking a path the list holds whose file is still as it arrived (held() says:
 * an owner's later edit makes it theirs). A list that cannot be read names no path: every entry is asked (fail
 * closed: what held() holds is out of the statistics too). A file reached by another spelling of a held one (a case
 * fold, a hard link) is not named here; the block still leaves it out (inject.ts asks held() of every line).
 */
export function heldIds(hold: PromptHold, index: Pick<RankIndex, "size" | "file" | "idsLinking">): HeldIds | undefined {
  const listing = hold.listed();
  if (listing !== undefined && listing.size === 0) return undefined;
  const n = index.size;
  // Fewer listed paths than entries (the usual case): their entries found in the index's path table (a path read
  // per entry cost ~25 ms at 10,000 cards). More (20,000 held files, few of them linked): each entry's path looked
  // up in the list. A list that cannot be read (or a row not as written) has every entry asked.
  const byTable = listing !== undefined && index.idsLinking !== undefined && listing.size <= n;
  const paths = byTable ? listing.paths() : undefined;
  const filter = byTable ? undefined : listing;
  const ids = paths && index.idsLinking ? index.idsLinking(paths) : Array.from({ length: n }, (_, i) => i);
  const mask = new Uint8Array(n);
  let count = 0;
  for (const id of ids) {
    const file = index.file(id);
    // Both sides are cardPathKey's: the index keys its paths so (normalizeCardPath), the hold its list.
    if ((filter && !filter.has(file)) || mask[id] === 1 || !hold.held(file)) continue;
    mask[id] = 1;
    count++;
  }
  return count > 0 ? { mask, count } : undefined;
}
