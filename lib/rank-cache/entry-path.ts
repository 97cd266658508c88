// The card path the rank cache holds for an entry is served as that card's file: printed with its line, stat'ed by
// stillFresh, recorded as a hit and listed by `memctl why`. A build writes one of two things there (build.ts,
// refresh.ts: cardPathKey of the line's link): a card path as a listing gives one (lib/core/card-types.ts), or,
// when the owner's MEMORY.md links something else (a link out of the store, a hidden folder, a name with a control
// character), exactly what the entry's own line links. Anything else was not written by a build.
import { isCardFileName } from "../core/card-types.js";
import { parseIndexLine } from "../core/index-file.js";
import { cardPathKey } from "../core/link-key.js";

/**
 * Whether `file` is a path a build writes for the entry whose MEMORY.md line is `raw` (read only when `file` is
 * not a card path's shape: nearly every store's paths are, so the hook parses no line for them).
 */
export function isEntryPath(file: unknown, raw: () => string): file is string {
  if (isCardFileName(file)) return true;
  if (typeof file !== "string") return false;
  const linked = parseIndexLine(raw(), 0);
  return linked !== undefined && "file" in linked && cardPathKey(linked.file) === file;
}
