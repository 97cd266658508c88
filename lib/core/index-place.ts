import { contentEnd, lineStart } from "./index-bytes.js";
import { findIndexLine, findIndexLines } from "./index-find.js";
import { parseIndexLine } from "./index-file.js";
import { linkKey } from "./link-key.js";

// Where a card's MEMORY.md line sat, told by its neighbours rather than by a line number (which any edit above it
// shifts): the card linked on the entry line just above it and the one just below, each only when nothing but
// blank lines lies between (a heading between means the line opened or closed its section). A removed card's
// line goes back there when it is revived (lib/records/removed-titles.ts): after the card above, else before the
// card below, else (neither is linked any more) at the end, as any new line.

export interface IndexPlace {
  /** The card whose line it followed. */
  after?: string;
  /** The card whose line followed it. */
  before?: string;
}

/** The place of `file`'s first line in `index`; undefined when the index does not link it or it has no neighbour. */
export function indexPlaceOf(index: Buffer, file: string): IndexPlace | undefined {
  const hit = findIndexLine(index, file);
  if (!hit) return undefined;
  const after = neighbour(index, file, hit.start === 0 ? undefined : lineStart(index, hit.start - 1), -1);
  const before = neighbour(index, file, nextLine(index, hit.end), 1);
  return after === undefined && before === undefined ? undefined : { ...(after ? { after } : {}), ...(before ? { before } : {}) };
}

/**
 * `index` with `line` (linking `file`) inserted at `place`: after the line of `place.after`, else before the line of
 * `place.before`. Undefined when the index already links `file` or neither neighbour is linked (the caller appends).
 */
export function placeIndexLineBytes(index: Buffer, file: string, line: string, place: IndexPlace): Buffer | undefined {
  if (findIndexLine(index, file)) return undefined;
  const eol = Buffer.from(index.includes("\r\n") ? "\r\n" : "\n");
  const above = place.after === undefined ? undefined : findIndexLine(index, place.after);
  const at = above ? nextLine(index, above.end) : place.before === undefined ? undefined : findIndexLine(index, place.before)?.start;
  if (at === undefined) return undefined; // the line above was the last, with no line break: an append is the same place
  return Buffer.concat([index.subarray(0, at), Buffer.from(line, "utf8"), eol, index.subarray(at)]);
}

/** The start of the line after the one ending at `end` (its content end), undefined at the end of the index. */
function nextLine(index: Buffer, end: number): number | undefined {
  const nl = index.indexOf(0x0a, end);
  return nl === -1 || nl + 1 >= index.length ? (nl === -1 ? undefined : index.length) : nl + 1;
}

/** The card linked on the first non-blank line from `start` walking `step` lines at a time, when that line is an entry. */
function neighbour(index: Buffer, self: string, start: number | undefined, step: -1 | 1): string | undefined {
  while (start !== undefined && start < index.length) {
    const end = contentEnd(index, start);
    const raw = index.toString("utf8", start, end);
    if (raw.trim() !== "") {
      const parsed = parseIndexLine(raw, 0);
      const file = parsed === undefined || "reason" in parsed ? undefined : linkKey(parsed.file);
      if (file === undefined || file === self) return undefined;
      // Only an entry parseIndex counts (not a line inside a fenced block) names a place.
      const at = start;
      return findIndexLines(index, file).some((h) => h.start === at) ? file : undefined;
    }
    start = step < 0 ? (start === 0 ? undefined : lineStart(index, start - 1)) : nextLine(index, end);
  }
  return undefined;
}
