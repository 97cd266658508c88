// Bringing the rank cache up to date with a delta (delta.ts) instead of a rebuild: only the index lines that
// changed and the cards whose fingerprint changed are read, tokenised and written, however large the store.
//   - MEMORY.md changed: it is read and each line matched to the entry it was by its hash (the base's rawKeys, a
//     delta entry's key), so a moved, added or removed line costs only itself; nothing else is re-ranked.
//   - A card changed: found by one stat per card when the load checks every card (load.ts), or, inside the
//     trusted window of a large store, among the lines that changed; any watched directory's mtime moving (a card
//     created, deleted or renamed, every atomic write) makes it check every card.
//   - memctl's own writes (journal.ts): when the write journal accounts for every change of MEMORY.md and of the
//     watched directories, its line edits are applied without reading MEMORY.md and only its cards are re-checked;
//     when it accounts for the directories but not for MEMORY.md, MEMORY.md is read and still only its cards are.
// Past DELTA_MAX entries the caller folds everything into a new base (build.ts) instead.
import { entryPostings } from "../rank/postings.js";
import { parseIndex, parseIndexLine, type IndexEntry, type UnparsedLine } from "../core/index-file.js";
import { lineKeyLanes } from "../core/line-key.js";
import { isMeasurable } from "../usage/format.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "../store/paths.js";
import { INDEX_READ_CAP, readIndexText } from "../store/index-read.js";
import { journalMark } from "../store/write-journal.js";
import { applyLineEdits, journaled, type Item } from "./journal.js";
import { realDir } from "../store/safe-write.js";
import { statIfExists, type FileStat } from "../store/checked-fs.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { normalizeCardPath, printedLine, rankEntryOf, readCardFields, type CardFields } from "./card-fields.js";
import { racy, writeCacheFile } from "./build.js";
import { mapRuns, mergedStamp, mergedStore, RANK_DELTA, type Delta, type DeltaEntry, type OpenDelta } from "./delta.js";
import { cardStamp, escapesStore, sameStamp, stampOf, type LoadOptions, type OpenCache, type RankableStore, type Stamp } from "./read.js";

/** A delta holds at most this many entries (about 1 KB each, parsed by every prompt) before it is folded into the base. */
export function deltaMax(entries: number): number {
  return Math.min(1024, Math.max(32, Math.ceil(entries / 4)));
}

/** 53 bits of a line hash's two lanes, as a Map key without a string. */
const key53 = (a: number, b: number) => a * 2 ** 21 + (b >>> 11);

/**
 * The store with a delta over `base` (and over `prev`, the delta in force) brought up to date, written unless a
 * source is too recent to trust; undefined when the change is too large for a delta (the caller rebuilds).
 * `checkAll`: stat every card (else only the changed lines' cards, unless a directory moved).
 */
export async function refresh(
  memoryDir: string,
  base: OpenCache,
  prev: OpenDelta | undefined,
  indexStat: FileStat,
  options: LoadOptions,
  checkAll: boolean,
  verifiedMs: number,
): Promise<RankableStore | undefined> {
  const { view, header } = base;
  const cur = prev ?? identity(base);
  const n = cur.toBase.length;
  // The journal's end and the directories first: a change made while this runs is then after the mark, and moves
  // an mtime later than the one recorded.
  const journal = "journal" in options ? options.journal : journalMark(memoryDir);
  const dirs = new Map(cur.delta.dirs.map(([rel]) => [rel, stampOf(joinPath(memoryDir, rel))[0]]));
  const dirsMoved = cur.delta.dirs.some(([rel, mtime]) => dirs.get(rel) !== mtime);
  const idx = cur.delta.index;
  const sameIndex = idx[0] === indexStat.size && idx[1] === indexStat.mtimeMs && idx[2] === indexStat.ino;
  // memctl's own writes since, when the write journal accounts for every change (journal.ts): their line edits
  // and their cards, instead of the whole index and every card.
  const told =
    (dirsMoved || !sameIndex) && !cur.delta.truncated && indexStat.size <= INDEX_READ_CAP
      ? journaled(memoryDir, cur.delta.journal, idx, indexStat, cur.delta.dirs, dirs)
      : undefined;
  const full = checkAll || (dirsMoved && !told);
  let items: Item[];
  let meta: Pick<Delta, "cards" | "unparsed" | "truncated" | "plainFiles">;
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
    const { text, truncated } = readIndexText(joinPath(memoryDir, INDEX_FILE));
    const parsed = parseIndex(text);
    items = matchLines(base, cur, parsed.entries);
    const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
    meta = {
      cards: files.length,
      unparsed: parsed.unparsed.map((u: UnparsedLine) => [u.line, u.raw, u.reason]),
      plainFiles: files.length === parsed.entries.length && files.every(isMeasurable),
      ...(truncated ? { truncated: [truncated.lines, truncated.bytes, truncated.totalBytes] } : {}),
    };
  }
  // Which carried entries must be read again: those whose card's fingerprint moved.
  const reread = new Map<number, IndexEntry>();
  if (full || told)
    items.forEach((item, i) => {
      if (item.j === undefined) return;
      const file = mergedFile(base, cur, item.j);
      if (!full && !told!.cards.has(file)) return;
      if (!sameStamp(cardStamp(memoryDir, file, options.stats), mergedStamp(base, cur, item.j))) reread.set(i, indexEntryOf(base, cur, item.j, item.line));
    });
  const fresh = items.filter((item, i) => item.e !== undefined || reread.has(i)).length;
  const carried = items.filter((item) => item.j !== undefined && cur.toBase[item.j]! < 0).length;
  if (fresh + carried > deltaMax(items.length)) return undefined;
  const read = new Map<string, { stamp: Stamp; fields: CardFields | undefined }>();
  const entries: DeltaEntry[] = [];
  const runs: number[] = [];
  const sources: number[] = [indexStat.mtimeMs, ...dirs.values()];
  const pushRun = (from: number, shift: number) => {
    const r = runs.length - 3;
    const extends_ = r >= 0 && (from >= 0 ? runs[r]! >= 0 && runs[r]! + runs[r + 1]! === from && runs[r + 2] === shift : runs[r]! < 0 && runs[r]! - runs[r + 1]! === from);
    if (extends_) runs[r + 1]!++;
    else runs.push(from, 1, shift);
  };
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const e = item.e ?? reread.get(i);
    if (e === undefined) {
      const b = cur.toBase[item.j!]!;
      if (b >= 0) pushRun(b, item.line - view.lines[b]!);
      else {
        entries.push({ ...cur.delta.entries[-b - 1]!, line: item.line });
        pushRun(-entries.length, 0);
      }
      continue;
    }
    const file = normalizeCardPath(e.file);
    let card = read.get(file);
    if (!card) {
      const stamp = cardStamp(memoryDir, file); // before the read: a write during it shows on the next check
      card = { stamp, fields: escapesStore(file) ? undefined : await readCardFields(memoryDir, file) };
      read.set(file, card);
      sources.push(stamp[0]);
      const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";
      if (!dirs.has(dir) && !escapesStore(file)) dirs.set(dir, stampOf(joinPath(memoryDir, dir))[0]);
    }
    const entry = rankEntryOf({ ...e, line: item.line }, file, card.fields ?? { topics: [] });
    entries.push({
      line: item.line,
      raw: e.raw,
      file,
      title: e.title,
      hook: e.hook,
      ...(entry.priority ? { priority: entry.priority } : {}),
      ...(entry.status ? { status: entry.status } : {}),
      ...(entry.expires_at ? { expires_at: entry.expires_at } : {}),
      ...(entry.scope ? { scope: [...entry.scope] } : {}),
      key: lineKeyLanes(e.raw),
      printed: printedLine(entry),
      stamp: card.stamp,
      post: [...entryPostings(entry, header.avg)].map(([t, p]) => [t, p.tf, p.mask]),
    });
    pushRun(-entries.length, 0);
  }
  const delta: Delta = {
    format: 1,
    tokenizer: TOKENIZER_VERSION,
    base: header.id,
    index: [indexStat.size, indexStat.mtimeMs, indexStat.ino],
    dirs: [...dirs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    runs,
    entries,
    ...meta,
    ...(journal ? { journal } : {}),
  };
  const mapped = mapRuns(delta, view.n)!;
  const store = mergedStore(base, { delta, ...mapped });
  store.verified = full;
  store.cache = "updated";
  if (options.writeCache === false || racy(sources, options.nowMs)) return store;
  if (options.createStateDir === false && statIfExists(joinPath(memoryDir, STATE_DIR)) === undefined) return store;
  try {
    const stateDir = realDir(memoryDir, STATE_DIR); // never a link: the delta is not written outside the store
    // Its mtime says when every card was last checked (load.ts): now, or still the check it carried over.
    writeCacheFile(stateDir, JSON.stringify(delta), full ? options.nowMs : verifiedMs, RANK_DELTA);
  } catch {
    // not writable: ranked from memory this time
  }
  return store;
}

/** The base alone, as a delta with no entries. */
function identity(base: OpenCache): OpenDelta {
  const h = base.header;
  const n = base.view.n;
  return {
    delta: {
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
    },
    toBase: Int32Array.from({ length: n }, (_, i) => i),
    lineShift: new Int32Array(n),
    mtimeMs: base.view.mtimeMs,
    text: "", // no file
  };
}

function lineOf(base: OpenCache, cur: OpenDelta, j: number): number {
  const b = cur.toBase[j]!;
  return b >= 0 ? base.view.lines[b]! + cur.lineShift[j]! : cur.delta.entries[-b - 1]!.line;
}

function mergedFile(base: OpenCache, cur: OpenDelta, j: number): string {
  const b = cur.toBase[j]!;
  return b >= 0 ? base.view.file(b) : cur.delta.entries[-b - 1]!.file;
}

/** A carried entry's index line, parsed again from its raw text (the cache keeps the raw line, not the parse). */
function indexEntryOf(base: OpenCache, cur: OpenDelta, j: number, line: number): IndexEntry {
  const b = cur.toBase[j]!;
  const raw = b >= 0 ? base.store.index.entry(b).raw : cur.delta.entries[-b - 1]!.raw;
  const e = parseIndexLine(raw, line);
  if (e === undefined || "reason" in e) throw new RangeError("a cached entry's line no longer parses"); // damaged: rebuild
  return e;
}

/** Each line of the new index matched, in order, to a merged entry with the same line hash, or left to read. */
function matchLines(base: OpenCache, cur: OpenDelta, parsed: readonly IndexEntry[]): Item[] {
  const byKey = new Map<number, number | number[]>();
  const raw = base.view.rawKeys;
  for (let j = 0; j < cur.toBase.length; j++) {
    const b = cur.toBase[j]!;
    const k = b >= 0 ? key53(raw[2 * b]!, raw[2 * b + 1]!) : key53(...cur.delta.entries[-b - 1]!.key);
    const had = byKey.get(k);
    if (had === undefined) byKey.set(k, j);
    else if (typeof had === "number") byKey.set(k, [had, j]);
    else had.push(j);
  }
  return parsed.map((e): Item => {
    const k = key53(...lineKeyLanes(e.raw));
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
