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
//     Where every entry links its own card, that costs what changed (patch.ts: the edits applied to the runs, the
//     cards found by path), not a pass over every entry (every-entry.ts, which anything else takes). So does the
//     keeper's full check when its watch names the cards changed since its last one (changedSince).
// Past DELTA_MAX entries the caller folds everything into a new base (build.ts) instead.
import { entryPostings } from "../rank/postings.js";
import { lineHashLanes } from "../core/line-key.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { INDEX_READ_CAP } from "../store/index-read.js";
import { journalMark } from "../store/write-journal.js";
import { journaled } from "./journal.js";
import { realDir } from "../store/safe-write.js";
import { statIfExists, type FileStat } from "../store/checked-fs.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { normalizeCardPath, printedLine, rankEntryOf, readCardFields, type CardFields } from "./card-fields.js";
import { racy, writeCacheFile } from "./build.js";
import { checkedText, mergedStore, RANK_DELTA, type Delta, type DeltaEntry, type OpenDelta } from "./delta.js";
import { everyEntry, identity } from "./every-entry.js";
import { RunMap } from "./run-map.js";
import { countCards, patchLines, recheck, reparse, segmentsOf, type Seg } from "./patch.js";
import { type LoadOptions, type OpenCache, type RankableStore } from "./read.js";
import { cardStamp, escapesStore, indexRecord, sameIndexRecord, stampOf, type Stamp } from "./stamps.js";

/** A delta holds at most this many entries (about 1 KB each, parsed by every prompt) before it is folded into the base. */
export function deltaMax(entries: number): number {
  return Math.min(1024, Math.max(32, Math.ceil(entries / 4)));
}

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
  const n = prev ? prev.map.size : view.n;
  // The journal's end and the directories first: a change made while this runs is then after the mark, and moves
  // an mtime later than the one recorded.
  const journal = "journal" in options ? options.journal : journalMark(memoryDir);
  const dirs = new Map(cur.delta.dirs.map(([rel]) => [rel, stampOf(joinPath(memoryDir, rel))[0]]));
  const dirsMoved = cur.delta.dirs.some(([rel, mtime]) => dirs.get(rel) !== mtime);
  const idx = cur.delta.index;
  const sameIndex = sameIndexRecord(idx, indexStat);
  // memctl's own writes since, when the write journal accounts for every change (journal.ts): their line edits
  // and their cards, instead of the whole index and every card.
  const told =
    (dirsMoved || !sameIndex) && !cur.delta.truncated && indexStat.size <= INDEX_READ_CAP
      ? journaled(memoryDir, cur.delta.journal, idx, indexStat, cur.delta.dirs, dirs)
      : undefined;
  const full = checkAll || (dirsMoved && !told);
  // A full check the caller can narrow (the keeper, whose watch names every card changed since its last check of
  // this very cache and delta): only those cards and the journaled ones are looked at.
  // A directory moved by something other than memctl's journaled writes is read in full: a card made there by hand.
  const since = full && (!dirsMoved || told) && options.changedSince && options.changedSince.checked === checkedText(base, prev?.text) ? options.changedSince.cards : undefined;
  const stampNow = (file: string) => cardStamp(memoryDir, file, options.stats);
  let segs: Seg[];
  let meta: Pick<Delta, "cards" | "unparsed" | "truncated" | "plainFiles">;
  if ((sameIndex || told?.edits) && cur.delta.plainFiles && !cur.delta.truncated && (told || since) && (!full || since)) {
    // Proportional to the change (patch.ts): the journaled edits over the runs, only the named cards re-checked.
    const patched = patchLines(base, segmentsOf(cur.delta.runs, cur.delta.entries), cur.delta.unparsed, told?.edits ?? []);
    meta = { unparsed: patched.unparsed, ...(patched.sameCards ? { cards: cur.delta.cards, plainFiles: true } : countCards(base, patched.segs, patched.goneOld, n)) };
    segs = recheck(base, patched.segs, new Set([...(told?.cards ?? []), ...(since ?? [])]), stampNow, reparse);
  } else ({ segs, meta } = everyEntry(memoryDir, base, cur, indexStat, told, full, stampNow, since));
  const fresh = segs.filter((s) => s.e !== undefined).length;
  const carried = segs.filter((s) => s.d !== undefined).length;
  const total = segs.reduce((sum, s) => sum + (s.from === undefined ? 1 : s.count), 0);
  if (fresh + carried > deltaMax(total)) return undefined;
  const read = new Map<string, { stamp: Stamp; fields: CardFields | undefined }>();
  const entries: DeltaEntry[] = [];
  const runs: number[] = [];
  const sources: number[] = [indexStat.mtimeMs, ...dirs.values()];
  const pushRun = (from: number, count: number, shift: number) => {
    const r = runs.length - 3;
    const extends_ = r >= 0 && (from >= 0 ? runs[r]! >= 0 && runs[r]! + runs[r + 1]! === from && runs[r + 2] === shift : runs[r]! < 0 && runs[r]! - runs[r + 1]! === from);
    if (extends_) runs[r + 1]! += count;
    else runs.push(from, count, shift);
  };
  for (const s of segs) {
    if (s.from !== undefined) {
      pushRun(s.from, s.count, s.shift);
      continue;
    }
    if (s.d) {
      entries.push({ ...s.d, line: s.line });
      pushRun(-entries.length, 1, 0);
      continue;
    }
    const e = s.e;
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
    const entry = rankEntryOf({ ...e, line: s.line }, file, card.fields ?? { topics: [] });
    entries.push({
      line: s.line,
      raw: e.raw,
      file,
      title: e.title,
      hook: e.hook,
      ...(entry.priority ? { priority: entry.priority } : {}),
      ...(entry.status ? { status: entry.status } : {}),
      ...(entry.expires_at ? { expires_at: entry.expires_at } : {}),
      ...(entry.scope ? { scope: [...entry.scope] } : {}),
      key: lineHashLanes(e.raw, header.seed),
      printed: printedLine(entry),
      stamp: card.stamp,
      post: [...entryPostings(entry, header.avg)].map(([t, p]) => [t, p.tf, p.mask]),
    });
    pushRun(-entries.length, 1, 0);
  }
  const delta: Delta = {
    format: 1,
    tokenizer: TOKENIZER_VERSION,
    base: header.id,
    index: indexRecord(indexStat),
    dirs: [...dirs].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    runs,
    entries,
    ...meta,
    ...(journal ? { journal } : {}),
  };
  const map = RunMap.of(delta.runs, view.n, delta.entries.length);
  if (!map) throw new RangeError("a refreshed delta's runs do not fit its base"); // never written so: rebuild
  const store = mergedStore(base, { delta, map });
  store.verified = full;
  store.cache = "updated";
  if (options.writeCache === false || racy(sources, options.nowMs)) return store;
  if (options.createStateDir === false && statIfExists(joinPath(memoryDir, STATE_DIR)) === undefined) return store;
  try {
    const stateDir = realDir(memoryDir, STATE_DIR); // never a link: the delta is not written outside the store
    const text = JSON.stringify(delta);
    // Its mtime says when every card was last checked (load.ts): now, or still the check it carried over.
    if (writeCacheFile(stateDir, text, full ? options.nowMs : verifiedMs, RANK_DELTA) && full) store.checked = checkedText(base, text);
  } catch {
    // not writable: ranked from memory this time
  }
  return store;
}
