// Which of a rank index's entries are held (a teammate's push awaiting the owner's review), for ranking to leave out
// of its result and its statistics (lib/rank/score.ts RankOptions.held). Asked per prompt from the hold, so an accept
// or a reject counts on the next prompt with no rank cache, delta or keeper change.
import { cardPathKey } from "../core/link-key.js";
import type { RankIndex } from "../rank/postings.js";
import type { HeldIds } from "../rank/score.js";
import type { PromptHold } from "../store/prompt-hold.js";

/**
 * The held entries of `index`: those linking a path the list holds whose file is still as it arrived (held() says:
 * an owner's later edit makes it theirs). A list that cannot be read names no path: every entry is asked (fail
 * closed: what held() holds is out of the statistics too). A file reached by another spelling of a held one (a case
 * fold, a hard link) is not named here; the block still leaves it out (inject.ts asks held() of every line).
 */
export function heldIds(hold: PromptHold, index: Pick<RankIndex, "size" | "file" | "files">): HeldIds | undefined {
  const listed = hold.paths();
  if (listed !== undefined && listed.length === 0) return undefined;
  const wanted = listed && new Set(listed);
  const n = index.size;
  const all = Array.from({ length: n }, (_, i) => i);
  const files = index.files ? index.files(all) : all.map((id) => index.file(id));
  const mask = new Uint8Array(n);
  let count = 0;
  for (let id = 0; id < n; id++) {
    const file = files[id]!;
    if (wanted && !wanted.has(file) && !wanted.has(cardPathKey(file))) continue;
    if (!hold.held(file)) continue;
    mask[id] = 1;
    count++;
  }
  return count > 0 ? { mask, count } : undefined;
}
