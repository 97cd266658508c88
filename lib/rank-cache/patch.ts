// A change of a few index lines and cards applied to the merged index as runs (delta.ts), so the refresh after a
// `save`, an `rm` or a card edited in place costs what changed, not a pass over 100,000 entries (issue 32: the
// prompt after a write at 100,000 cards). The merged index is a list of segments in MEMORY.md order: runs of base
// entries whose lines moved by the same amount, carried delta entries and lines to read. A journaled line edit
// splits the runs where it lands (a binary search of the base's line numbers), drops what it removed and shifts
// what follows; a card to re-check is found by its path (CacheView.findFiles), not by decoding every path. It
// needs every entry to link its own card (plainFiles): the card count then follows from the entries changed.
// refresh.ts falls back to its pass over every entry otherwise; both give the same delta (test/lib/rank-cache).
// The inserted lines are parsed once and the unparsed lines spliced as every reader of the journal does
// (lib/core/line-edits.ts); only the split of a run of base entries is this file's.
import { parseIndexLine, type IndexEntry } from "../core/index-file.js";
import { editSpan, insertedLines, lowerBound, spliceRows } from "../core/line-edits.js";
import { isMeasurable } from "../usage/format.js";
import { normalizeCardPath } from "./card-fields.js";
import type { DeltaEntry } from "./delta.js";
import type { LineEdit, Unparsed } from "./journal.js";
import { type OpenCache } from "./read.js";
import { sameStamp, type Stamp } from "./stamps.js";

/**
 * A piece of the merged index: base entries [from, from + count) at their built lines + shift, a delta entry
 * carried at `line`, or an index line to read (`added`: inserted by an edit, not a carried entry read again).
 */
export type Seg =
  | { from: number; count: number; shift: number; d?: undefined; e?: undefined }
  | { from?: undefined; line: number; d: DeltaEntry; e?: undefined }
  | { from?: undefined; line: number; e: IndexEntry; d?: undefined; added?: boolean };

type BaseSeg = Extract<Seg, { from: number }>;

/** The segments of a delta's runs (base entries by run, delta entries one by one). */
export function segmentsOf(runs: readonly number[], entries: readonly DeltaEntry[]): Seg[] {
  const segs: Seg[] = [];
  for (let r = 0; r < runs.length; r += 3) {
    const [from, count, shift] = [runs[r]!, runs[r + 1]!, runs[r + 2]!];
    if (count === 0) continue;
    if (from >= 0) segs.push({ from, count, shift });
    else for (let i = 0; i < count; i++) segs.push({ line: entries[-from - 1 + i]!.line, d: entries[-from - 1 + i]! });
  }
  return segs;
}

/** The file a segment's entry links (a base run's first). */
const fileOf = (base: OpenCache, s: Seg): string => (s.from !== undefined ? base.view.file(s.from) : s.d ? s.d.file : normalizeCardPath(s.e.file));

/** The first k in [0, count) whose line is at least `line` (count when none): a run's lines ascend. */
const splitAt = (lines: Uint32Array, s: BaseSeg, line: number) => lowerBound(s.count, (k) => lines[s.from + k]! + s.shift, line);

export interface Patched {
  segs: Seg[];
  unparsed: Unparsed[];
  /** Entries the edits removed that were there before them (each its own card: plainFiles). */
  goneOld: number;
  /** Whether the edits only replaced lines linking the same cards (the card count and plainness then stand). */
  sameCards: boolean;
}

/** `edits` applied as parseIndex would number the lines after them (journal.ts applyLineEdits, over runs). */
export function patchLines(base: OpenCache, segs: Seg[], unparsed: Unparsed[], edits: readonly LineEdit[]): Patched {
  const lines = base.view.lines;
  let sameCards = true;
  let goneOld = 0;
  for (const edit of edits) {
    const [at, removed, inserted] = edit;
    const end = at + removed;
    const move = inserted.length - removed;
    const before: Seg[] = [];
    const after: Seg[] = [];
    const gone: string[] = [];
    for (const s of segs) {
      if (s.from === undefined) {
        if (s.line < at) before.push(s);
        else if (s.line >= end) after.push(s.d ? { line: s.line + move, d: s.d } : { line: s.line + move, e: s.e, added: s.added });
        else {
          gone.push(fileOf(base, s));
          if (s.d || !s.added) goneOld++;
        }
        continue;
      }
      const k1 = splitAt(lines, s, at);
      const k2 = splitAt(lines, s, end);
      if (k1 > 0) before.push({ from: s.from, count: k1, shift: s.shift });
      for (let k = k1; k < k2; k++) gone.push(base.view.file(s.from + k));
      goneOld += k2 - k1;
      if (k2 < s.count) after.push({ from: s.from + k2, count: s.count - k2, shift: s.shift + move });
    }
    const added: Seg[] = [];
    const addedUnparsed: Unparsed[] = [];
    for (const parsed of insertedLines(edit)) {
      if (parsed === undefined) continue;
      if ("reason" in parsed) addedUnparsed.push([parsed.line, parsed.raw, parsed.reason]);
      else added.push({ line: parsed.line, e: parsed, added: true });
    }
    const addedFiles = added.map((s) => fileOf(base, s));
    if (gone.length !== addedFiles.length || gone.some((f, i) => f !== addedFiles[i])) sameCards = false;
    segs = [...before, ...added, ...after];
    unparsed = spliceRows(
      unparsed,
      editSpan(unparsed.length, (i) => unparsed[i]![0], edit),
      addedUnparsed,
      (u, shift): Unparsed => [u[0] + shift, u[1], u[2]],
    );
  }
  return { segs, unparsed, goneOld, sameCards };
}

/** Where each of `files` is linked among the segments: base ids (with their segment) and carried delta entries. */
function linksOf(base: OpenCache, segs: readonly Seg[], files: readonly string[]): Map<string, { seg: number; id?: number }[]> {
  const found = new Map<string, { seg: number; id?: number }[]>(files.map((f) => [f, []]));
  const ids = base.view.findFiles(files);
  segs.forEach((s, i) => {
    if (s.from === undefined) {
      if (s.d) found.get(s.d.file)?.push({ seg: i });
      return;
    }
    for (const [file, list] of ids) for (const id of list) if (id >= s.from && id < s.from + s.count) found.get(file)!.push({ seg: i, id });
  });
  return found;
}

/**
 * The card count and plainness after edits that did not keep the same cards, from a plain index before them: every
 * old entry still there links its own card, so only the added lines' cards need looking up.
 */
export function countCards(base: OpenCache, segs: readonly Seg[], goneOld: number, oldEntries: number): { cards: number; plainFiles: boolean } {
  const addedFiles = segs.flatMap((s) => (s.e && s.added ? [normalizeCardPath(s.e.file)] : []));
  const distinct = [...new Set(addedFiles)];
  const links = linksOf(base, segs, distinct);
  const linkedOld = distinct.filter((f) => links.get(f)!.length > 0).length;
  const old = oldEntries - goneOld;
  return {
    cards: old + distinct.length - linkedOld,
    plainFiles: linkedOld === 0 && distinct.length === addedFiles.length && distinct.every(isMeasurable),
  };
}

/**
 * The segments with every entry linking one of `files` whose card no longer has the fingerprint the index holds
 * turned into a line to read, as the pass over every entry does for the cards it checks. `stampNow` gives a card's
 * fingerprint now; `raw` parses a base entry's line again.
 */
export function recheck(base: OpenCache, segs: Seg[], files: ReadonlySet<string>, stampNow: (file: string) => Stamp, reparse: (raw: string, line: number) => IndexEntry): Seg[] {
  if (files.size === 0) return segs;
  // Each named card's entries' fingerprints read one at a time: the whole table is 2.4 MB at 100,000 cards.
  const split = new Map<number, Set<number>>(); // segment → base ids to read
  const out = [...segs];
  for (const [file, where] of linksOf(base, segs, [...files])) {
    if (where.length === 0) continue;
    const now = stampNow(file);
    for (const { seg, id } of where) {
      const s = segs[seg]!;
      if (id === undefined) {
        const st = s.d!.stamp;
        const line = (s as Extract<Seg, { d: DeltaEntry }>).line;
        if (st[0] !== now[0] || st[1] !== now[1] || st[2] !== now[2]) out[seg] = { line, e: reparse(s.d!.raw, line) };
      } else if (!sameStamp(base.view.stamp(id), now)) {
        let ids = split.get(seg);
        if (!ids) split.set(seg, (ids = new Set()));
        ids.add(id);
      }
    }
  }
  if (split.size === 0) return out;
  const lines = base.view.lines;
  return out.flatMap((s, i): Seg[] => {
    const ids = split.get(i);
    if (!ids || s.from === undefined) return [s];
    const pieces: Seg[] = [];
    let start = s.from;
    for (const id of [...ids].sort((a, b) => a - b)) {
      if (id > start) pieces.push({ from: start, count: id - start, shift: s.shift });
      pieces.push({ line: lines[id]! + s.shift, e: reparse(base.store.index.entry(id).raw, lines[id]! + s.shift) });
      start = id + 1;
    }
    if (start < s.from + s.count) pieces.push({ from: start, count: s.from + s.count - start, shift: s.shift });
    return pieces;
  });
}

/** A base line parsed again (a carried entry whose card moved); one that no longer parses means a damaged cache. */
export function reparse(raw: string, line: number): IndexEntry {
  const e = parseIndexLine(raw, line);
  if (e === undefined || "reason" in e) throw new RangeError("a cached entry's line no longer parses"); // damaged: rebuild
  return e;
}

/** Whether every entry linking one of `files` holds the card's fingerprint now (nothing to refresh). */
export function unchangedCards(base: OpenCache, segs: readonly Seg[], files: ReadonlySet<string>, stampNow: (file: string) => Stamp): boolean {
  for (const [file, where] of linksOf(base, segs, [...files])) {
    if (where.length === 0) continue;
    const now = stampNow(file);
    for (const { seg, id } of where) {
      const st = id === undefined ? segs[seg]!.d!.stamp : base.view.stamp(id);
      if (st[0] !== now[0] || st[1] !== now[1] || st[2] !== now[2]) return false;
    }
  }
  return true;
}
