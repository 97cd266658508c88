// memctl's own writes, told to the rank cache's refresh through the write journal (lib/store/write-journal.ts):
// when every change of MEMORY.md and of each watched directory since the cache (or its delta) recorded them is a
// journaled write of memctl's, the refresh applies the journaled edits of MEMORY.md's lines to the index it has
// and re-checks only the journaled cards, instead of reading the whole index and stat-ing every card. Anything
// the journal does not account for exactly (a hand edit of MEMORY.md, a directory that moved otherwise, a record
// that says "read the files", a torn, rotated or foreign journal) returns undefined, and the refresh reads the files.
import type { IndexEntry } from "../core/index-file.js";
import { editSpan, insertedLines, spliceRows } from "../core/line-edits.js";
import { journalCoversIndex, journalSince, sameIndexStamp as sameIndex, type IndexStamp, type JournalMark, type JournalRecord } from "../store/write-journal.js";
import type { FileStat } from "../store/checked-fs.js";
import { normalizeCardPath } from "./card-fields.js";

export type LineEdit = NonNullable<JournalRecord["e"]>;

export interface Journaled {
  /**
   * MEMORY.md's line edits, in order; undefined when the records do not chain from what the cache recorded to what
   * is on disk (one says "re-read MEMORY.md", or a load read the store while a sync was merging): MEMORY.md is then
   * read, and the cards are still only those the records name.
   */
  edits: LineEdit[] | undefined;
  /** The cards memctl wrote (normalised): the only ones whose fingerprint may have moved through these writes. */
  cards: Set<string>;
}

/**
 * What the journal says changed since `mark`, when it accounts for MEMORY.md moving from `recordedIndex` to
 * `indexStat` and for every watched directory whose mtime moved from `recordedDirs` to `currentDirs`.
 */
export function journaled(
  memoryDir: string,
  mark: JournalMark | undefined,
  recordedIndex: readonly number[],
  indexStat: FileStat,
  recordedDirs: readonly [string, number][],
  currentDirs: ReadonlyMap<string, number>,
): Journaled | undefined {
  const records = journalSince(memoryDir, mark);
  if (!records || records.length === 0) return undefined;
  let index: IndexStamp = [recordedIndex[0]!, recordedIndex[1]!, recordedIndex[2]!, recordedIndex[3]!];
  let edits: LineEdit[] | undefined = [];
  const cards = new Set<string>();
  const lastDir = new Map<string, number>();
  for (const r of records) {
    if (r.x && r.c.length === 0) return undefined; // a change whose files its writer could not name
    // A record whose "after" is the MEMORY.md the load recorded: the load read the store once that write had
    // landed and before its record did (a keeper's check during a long sync). Its edit is in; its cards are re-checked.
    const landed = sameIndex(r.o, index) && !sameIndex(r.i, index);
    if (!landed && (r.x || !sameIndex(r.i, index) || (!r.e && !sameIndex(r.i, r.o)))) edits = undefined;
    else if (!landed && r.e) edits?.push(r.e);
    index = r.o;
    for (const c of r.c) cards.add(normalizeCardPath(c));
    for (const [rel, mtime] of r.d) lastDir.set(rel, mtime);
  }
  // The chain ends at MEMORY.md as it is, and nothing changed it in place after the last record (its ctime).
  if (!sameIndex(index, [indexStat.size, indexStat.mtimeMs, indexStat.ino, indexStat.ctimeMs]) || !journalCoversIndex(memoryDir, indexStat.ctimeMs)) edits = undefined;
  // Every watched directory that moved ends at a record's mtime: no card was created, removed or replaced otherwise.
  for (const [rel, mtime] of recordedDirs) {
    const now = currentDirs.get(rel);
    if (now !== mtime && lastDir.get(rel) !== now) return undefined;
  }
  return { edits, cards };
}

/** A line of the index: an entry carried from the cache (merged id `j`) or one to read (`e`). */
export type Item = { line: number; j: number; e?: undefined } | { line: number; j?: undefined; e: IndexEntry };
export type Unparsed = [line: number, raw: string, reason: string];

/**
 * The index's entries and unparsed lines after `edits`, as parseIndex would number them: lines in an edit's range
 * go, lines after it move by its change in length, and its inserted lines are parsed. `files` says which card an
 * entry links. Also whether the edits only replaced lines linking the same cards (the card count and plainness
 * then stand). Items and unparsed lines are in line order, as the index has them (the splice: lib/core/line-edits.ts).
 */
export function applyLineEdits(
  items: Item[],
  unparsed: Unparsed[],
  edits: readonly LineEdit[],
  fileOf: (item: Item) => string,
): { items: Item[]; unparsed: Unparsed[]; sameCards: boolean } {
  let sameCards = true;
  for (const edit of edits) {
    const span = editSpan(items.length, (i) => items[i]!.line, edit);
    const gone = items.slice(span.first, span.end).map(fileOf);
    const added: Item[] = [];
    const addedUnparsed: Unparsed[] = [];
    for (const parsed of insertedLines(edit)) {
      if (parsed === undefined) continue;
      if ("reason" in parsed) addedUnparsed.push([parsed.line, parsed.raw, parsed.reason]);
      else added.push({ line: parsed.line, e: parsed });
    }
    const addedFiles = added.map(fileOf);
    if (gone.length !== addedFiles.length || gone.some((f, i) => f !== addedFiles[i])) sameCards = false;
    items = spliceRows(items, span, added, (item, shift) => ({ ...item, line: item.line + shift }) as Item);
    unparsed = spliceRows(
      unparsed,
      editSpan(unparsed.length, (i) => unparsed[i]![0], edit),
      addedUnparsed,
      (u, shift): Unparsed => [u[0] + shift, u[1], u[2]],
    );
  }
  return { items, unparsed, sameCards };
}
