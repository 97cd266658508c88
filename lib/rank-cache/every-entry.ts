// The refresh's pass over every entry of the merged index (refresh.ts), for what patch.ts cannot do in proportion
// to the change: MEMORY.md changed other than by journaled edits (read, each line matched to the entry it was by
// its hash), every card to check (a prompt past the keeper's window, a keeper that cannot say what changed), an
// index whose entries do not each link their own card (the card count is then counted again).
import { parseIndex, parseIndexLine, type IndexEntry, type UnparsedLine } from "../core/index-file.js";
import { lineHashLanes } from "../core/line-key.js";
import { isMeasurable } from "../usage/format.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { readIndexBytes } from "../store/index-read.js";
import { utf8Text } from "../core/bytes.js";
import type { FileStat } from "../store/checked-fs.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { applyLineEdits, type Item, type Journaled } from "./journal.js";
import { normalizeCardPath } from "./card-fields.js";
import { mergedStamp, type Delta, type OpenDelta } from "./delta.js";
import { RunMap } from "./run-map.js";
import { recheck, reparse, type Seg } from "./patch.js";
import { alignIndex, key53 } from "./align.js";
import { type OpenCache } from "./read.js";
import { sameIndexRecord, sameStamp, type Stamp } from "./stamps.js";

export type Meta = Pick<Delta, "cards" | "unparsed" | "truncated" | "plainFiles">;

/**
 * The merged index after the change, one segment per entry: the journaled edits applied (or MEMORY.md read and
 * matched), and every carried entry whose card's fingerprint moved turned into a line to read — every card's when
 * `full`, else the journaled ones'. `since`: with `full`, the only cards that can have changed besides the journaled
 * ones (the keeper's watch named them); MEMORY.md edited by hand is then aligned line by line (align.ts) and only
 * those cards re-checked, as it is for a load that checks only the journaled cards.
 */
export function everyEntry(
  memoryDir: string,
  base: OpenCache,
  cur: OpenDelta,
  indexStat: FileStat,
  told: Journaled | undefined,
  full: boolean,
  stampNow: (file: string) => Stamp,
  since?: ReadonlySet<string>,
): { segs: Seg[]; meta: Meta } {
  const n = cur.map.size;
  const sameIndex = sameIndexRecord(cur.delta.index, indexStat);
  let items: Item[];
  let meta: Meta;
  if (sameIndex || told?.edits) {
    items = Array.from({ length: n }, (_, j) => ({ j, line: lineOf(base, cur, j) }));
    meta = { cards: cur.delta.cards, unparsed: cur.delta.unparsed, plainFiles: cur.delta.plainFiles, ...(cur.delta.truncated ? { truncated: cur.delta.truncated } : {}) };
    if (told?.edits && told.edits.length > 0) {
      const fileOf = (item: Item) => (item.j !== undefined ? mergedFile(base, cur, item.j) : normalizeCardPath(item.e.file));
      const applied = applyLineEdits(items, meta.unparsed, told.edits, fileOf);
      items = applied.items;
      const files = applied.sameCards ? undefined : [...new Set(items.map(fileOf))];
      meta = {
        unparsed: applied.unparsed,
        cards: files ? files.length : meta.cards,
        plainFiles: files ? files.length === items.length && files.every(isMeasurable) : meta.plainFiles,
      };
    }
  } else {
    const { bytes, truncated } = readIndexBytes(joinPath(memoryDir, INDEX_FILE));
    const cut = truncated ? { truncated: [truncated.lines, truncated.bytes, truncated.totalBytes] as [number, number, number] } : {};
    const narrow = full ? since : (told?.cards ?? new Set<string>());
    const aligned = narrow && alignIndex(base, cur, bytes);
    if (aligned) {
      const check = new Set([...narrow!, ...(told?.cards ?? [])]);
      const segs = recheck(base, aligned.segs, check, stampNow, reparse);
      return { segs, meta: { cards: aligned.cards, unparsed: aligned.unparsed, plainFiles: aligned.plainFiles, ...cut } };
    }
    const parsed = parseIndex(utf8Text(bytes));
    items = matchLines(base, cur, parsed.entries);
    const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
    meta = {
      cards: files.length,
      unparsed: parsed.unparsed.map((u: UnparsedLine) => [u.line, u.raw, u.reason]),
      plainFiles: files.length === parsed.entries.length && files.every(isMeasurable),
      ...cut,
    };
  }
  // Which carried entries must be read again: those whose card's fingerprint moved.
  const toBase = cur.map.toBase;
  const segs = items.map((item): Seg => {
    if (item.j === undefined) return { line: item.line, e: item.e };
    const b = toBase[item.j]!;
    if (full || told?.cards.has(mergedFile(base, cur, item.j))) {
      if (!sameStamp(stampNow(mergedFile(base, cur, item.j)), mergedStamp(base, cur.delta, b))) return { line: item.line, e: indexEntryOf(base, cur, item.j, item.line) };
    }
    return b >= 0 ? { from: b, count: 1, shift: item.line - base.view.lines[b]! } : { line: item.line, d: cur.delta.entries[-b - 1]! };
  });
  return { segs, meta };
}

/** The base alone, as a delta with no entries (its whole maps made only when a pass over every entry needs them). */
export function identity(base: OpenCache): OpenDelta {
  const h = base.header;
  const n = base.view.n;
  const delta: Delta = {
    format: 1,
    tokenizer: TOKENIZER_VERSION,
    base: h.id,
    index: h.index,
    dirs: h.dirs,
    runs: n > 0 ? [0, n, 0] : [],
    entries: [],
    cards: h.cards,
    unparsed: h.unparsed,
    plainFiles: h.plainFiles === true,
    ...(h.truncated ? { truncated: h.truncated } : {}),
    ...(h.journal ? { journal: h.journal } : {}),
  };
  return {
    delta,
    map: RunMap.of(delta.runs, n, 0)!,
    mtimeMs: base.view.mtimeMs,
    text: "", // no file
  };
}

function lineOf(base: OpenCache, cur: OpenDelta, j: number): number {
  const b = cur.map.toBase[j]!;
  return b >= 0 ? base.view.lines[b]! + cur.map.lineShift[j]! : cur.delta.entries[-b - 1]!.line;
}

function mergedFile(base: OpenCache, cur: OpenDelta, j: number): string {
  const b = cur.map.toBase[j]!;
  return b >= 0 ? base.view.file(b) : cur.delta.entries[-b - 1]!.file;
}

/** A carried entry's index line, parsed again from its raw text (the cache keeps the raw line, not the parse). */
function indexEntryOf(base: OpenCache, cur: OpenDelta, j: number, line: number): IndexEntry {
  const b = cur.map.toBase[j]!;
  const raw = b >= 0 ? base.store.index.entry(b).raw : cur.delta.entries[-b - 1]!.raw;
  const e = parseIndexLine(raw, line);
  if (e === undefined || "reason" in e) throw new RangeError("a cached entry's line no longer parses"); // damaged: rebuild
  return e;
}

/** Each line of the new index matched, in order, to a merged entry with the same line hash, or left to read. */
function matchLines(base: OpenCache, cur: OpenDelta, parsed: readonly IndexEntry[]): Item[] {
  const byKey = new Map<number, number | number[]>();
  const raw = base.view.rawKeys;
  const toBase = cur.map.toBase;
  for (let j = 0; j < toBase.length; j++) {
    const b = toBase[j]!;
    const k = b >= 0 ? key53(raw[2 * b]!, raw[2 * b + 1]!) : key53(...cur.delta.entries[-b - 1]!.key);
    const had = byKey.get(k);
    if (had === undefined) byKey.set(k, j);
    else if (typeof had === "number") byKey.set(k, [had, j]);
    else had.push(j);
  }
  return parsed.map((e): Item => {
    const k = key53(...lineHashLanes(e.raw, base.header.seed));
    const had = byKey.get(k);
    if (had === undefined) return { line: e.line, e };
    if (typeof had === "number") {
      byKey.delete(k);
      return { line: e.line, j: had };
    }
    const j = had.shift()!;
    if (had.length === 0) byKey.delete(k);
    return { line: e.line, j };
  });
}
