// Reading the rank cache: open and bounds-check the file, materialise entries on demand (see load.ts).
import type { EntryInfo, RankIndex } from "../rank/postings.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { parseIndex, type UnparsedLine } from "../core/index-file.js";
import { utf8Bytes } from "../core/block.js";
import { openCacheFile, type CacheView, type ReadLimits } from "./format.js";
import { joinPath, STATE_DIR } from "../store/paths.js";
import { isEntryPath } from "./entry-path.js";
import type { IndexRecord, Stamp } from "./stamps.js";
import type { IndexTruncation } from "../store/index-read.js";
import { exists } from "../store/checked-fs.js";
import type { CardStamps } from "../store/full-check.js";
import type { JournalMark } from "../store/write-journal.js";

export const RANK_CACHE = "rank-cache.bin";

const NO_SINK_FIELDS = Object.freeze({});
/** Sink fields by priority character (Header.prio), without and with `status: stale`. */
const SHAPES: Readonly<Record<string, object>> = { l: Object.freeze({ priority: "low" }), a: Object.freeze({ priority: "always" }), n: NO_SINK_FIELDS };
const STALE_SHAPES: Readonly<Record<string, object>> = {
  l: Object.freeze({ priority: "low", status: "stale" }),
  a: Object.freeze({ priority: "always", status: "stale" }),
  n: Object.freeze({ status: "stale" }),
};

export interface Header {
  /** Names this build: a delta (delta.ts) applies only over the base it names. */
  id: string;
  /**
   * The seed of every entry's alignment key (rawKeys, lib/core/line-key.ts lineHashes), random per build: a line
   * pushed by someone else cannot be made to match a cached line it is not without reading this cache.
   */
  seed: [number, number];
  /** The field averages every posting was normalised against (postings.ts fieldAverages): a delta's entries use them too. */
  avg: number[];
  index: IndexRecord;
  dirs: [rel: string, mtimeMs: number][];
  n: number;
  cards: number;
  always: number[];
  /** Per entry, one character: a(lways), l(ow) or n(ormal) priority; sparse status and expiry by id. */
  prio: string;
  status: Record<string, string>;
  expires: Record<string, string>;
  unparsed: [line: number, raw: string, reason: string][];
  /** MEMORY.md was over the read cap: lines and bytes ranked, of its total bytes (index-read.ts). */
  truncated?: [lines: number, bytes: number, totalBytes: number];
  /** Every entry links its own card and no path holds a tab or line break (absent in older caches: false). */
  plainFiles?: boolean;
  /** Sparse, by id: the scopes of each scoped entry (lib/core/scope.ts), so a warm prompt filters without a card read. */
  scope?: Record<string, string[]>;
  /**
   * The printed lines of the `always` ids, in the same order: pinned lines are printed on every prompt, so they
   * come with the header instead of one read each.
   */
  pinned?: string[];
  /**
   * The card paths of the `always` ids, in the same order: ranking orders every pinned card by frecency, which is
   * kept by path, so a prompt needs all of theirs (at 100,000 cards the generated store's ~1,000 were a pass over
   * the 2.3 MB path blob).
   */
  pinnedFiles?: string[];
  /** Where the write journal ended when the build started (lib/store/write-journal.ts): refresh reads it from there. */
  journal?: [ino: number, size: number];
}

export interface RankableStore {
  index: RankIndex;
  unparsed: UnparsedLine[];
  /** Index entries (lines) and distinct card files they link to. */
  entryCount: number;
  cardCount: number;
  /**
   * "fresh" (cache used), "updated" (the cache with the changed lines and cards read over it: delta.ts; the delta written unless a source is too recent), "rebuilt"
   * (read from the files, cache written), "uncached" (read, not written).
   */
  cache: "fresh" | "updated" | "rebuilt" | "uncached";
  /**
   * Every entry links a card no other entry links, and no card path holds a tab or line break: entry ids then
   * stand for distinct, recordable cards, so hit recording needs no de-duplication or filtering.
   */
  plainFiles: boolean;
  /** MEMORY.md was over the read cap and only its first lines were ranked. */
  truncated?: IndexTruncation;
  /** The fingerprint of a card as ranked, to re-check cards about to be printed (see stillFresh). */
  stamp(file: string): Stamp | undefined;
  /** Every card's fingerprint was checked by this load (or read by its rebuild): nothing printed needs re-checking. */
  verified: boolean;
  /** When this load found every card as its cache (and delta) recorded them: which cache and delta those were. */
  checked?: string;
}

export interface LoadOptions {
  nowMs: number;
  /** Check every card's fingerprint whatever the store's size (people-facing commands). */
  checkAllCards?: boolean;
  /** Stores up to this many entries have every card checked on every load (default FULL_CHECK_MAX; tests lower it). */
  fullCheckMax?: number;
  writeCache?: boolean;
  /**
   * false: write nothing when .memctl/ is missing instead of making it (the keeper: a store being removed must not
   * have its state directory made again under the `rm`).
   */
  createStateDir?: boolean;
  /** Ignore the cache and rebuild. */
  force?: boolean;
  /** Cache heads up to this many bytes are read whole, larger ones a page at a time (format.ts; tests lower it). */
  wholeHeadMax?: number;
  /** Cards already stat'ed in this check, by name (the keeper's card-cache pass): not stat'ed again. */
  stats?: CardStamps;
  /**
   * The write journal's end to record instead of the one a refresh takes as it starts (the keeper: taken before its
   * watched stamps were settled, so a journaled write those stamps may not show yet is after it and re-checked).
   */
  journal?: JournalMark | undefined;
  /**
   * The keeper: `checked` of a load that found every card as recorded, and every card changed since (its watch
   * named them: lib/store/card-watch.ts). A load of that very cache and delta checks only those cards, and the
   * journaled ones: none when nothing changed; a save's card when it folds the save (patch.ts).
   */
  changedSince?: { checked: string; cards: ReadonlySet<string> } | undefined;
}

/** What materialising an entry needs; its card file and fingerprint are in the head. */
export type SlimEntry = [line: number, priority: string, status: string, expires: string, raw: string];

/** Kept so a rebuild reuses what did not change (a 10,000-card store re-reads only edited cards). */
export type ReuseLine = [topics: string[], titleTerms: string, topicTerms: string, hookTerms: string, recallTerms: string, bodyTerms: string, mark: string];

/** A slim entry of the right shape, else RangeError (the caller rebuilds). */
export function parseSlimEntry(text: string): SlimEntry {
  const e = JSON.parse(text) as unknown;
  const ok =
    Array.isArray(e) && e.length === 5 && typeof e[0] === "number" && typeof e[1] === "string" && typeof e[2] === "string" && typeof e[3] === "string" && typeof e[4] === "string";
  if (!ok) throw new RangeError("malformed rank cache entry");
  return e as SlimEntry;
}

/** Reuse data of the right shape, else RangeError (the rebuild then re-reads every card). */
export function parseReuseLine(text: string): ReuseLine {
  const r = JSON.parse(text) as unknown;
  if (!Array.isArray(r) || r.length !== 7 || !Array.isArray(r[0]) || !r[0].every((t) => typeof t === "string") || !r.slice(1).every((v) => typeof v === "string"))
    throw new RangeError("malformed rank cache reuse data");
  return r as ReuseLine;
}

export interface OpenCache {
  header: Header;
  view: CacheView<Header>;
  store: RankableStore;
}

export function openCache(memoryDir: string, limits: ReadLimits = {}): OpenCache | undefined {
  const file = joinPath(memoryDir, STATE_DIR, RANK_CACHE);
  if (!exists(file)) return undefined;
  try {
    const view = openCacheFile<Header>(file, TOKENIZER_VERSION, limits);
    if (!view || view.header.n !== view.n || typeof view.header.id !== "string" || !Array.isArray(view.header.avg) || !view.header.avg.every((a) => typeof a === "number" && a > 0))
      return undefined;
    if (!Array.isArray(view.header.seed) || view.header.seed.length !== 2 || !view.header.seed.every((w) => Number.isInteger(w))) return undefined;
    const header = view.header;
    const n = view.n;
    const stamps = new Map<string, Stamp>();
    const entries = new Map<number, CachedEntry>();
    const pinned = new Map<number, string>();
    if (header.pinned?.length === header.always.length)
      header.always.forEach((id, i) => {
        pinned.set(id, header.pinned![i]!);
      });
    // Pinned ids are served without the view's bounds check: checked here, a damaged one means rebuild.
    if (!header.always.every((id) => Number.isInteger(id) && id >= 0 && id < n)) return undefined;
    // The line an entry's path must be linked by when it is not a card path's shape (entry-path.ts).
    const rawOf = (id: number) => () => parseSlimEntry(view.entry(id))[4];
    // And their paths, served as the cards' files (printed, stat'ed by stillFresh, shown by `why`): one no build
    // writes for that entry means rebuild, as a bad id does.
    const pinnedPaths = header.pinnedFiles;
    if (
      pinnedPaths !== undefined &&
      !(Array.isArray(pinnedPaths) && pinnedPaths.length === header.always.length && pinnedPaths.every((f, i) => isEntryPath(f, rawOf(header.always[i]!))))
    )
      return undefined;
    const pinnedFiles = new Map<number, string>();
    pinnedPaths?.forEach((file, i) => {
      pinnedFiles.set(header.always[i]!, file);
    });
    // The other entries' paths the same way, checked as they are served (a prompt serves a few hundred): a damaged
    // one met while ranking or composing means rebuild (lib/hook/inject.ts).
    const served = (id: number, file: string) => {
      if (!isEntryPath(file, rawOf(id))) throw new RangeError("rank cache path is no build's");
      return file;
    };
    const fileOf = (id: number) => pinnedFiles.get(id) ?? served(id, view.file(id));
    // A card read from the cache may be printed, and is re-checked before the block goes out (stillFresh): its
    // fingerprint as built is kept with its path.
    const fileKept = (id: number) => {
      const file = fileOf(id);
      if (!stamps.has(file)) stamps.set(file, view.stamp(id));
      return file;
    };
    const entryAt = (id: number) => {
      let e = entries.get(id);
      if (!e) {
        const [line, priority, status, expires, raw] = parseSlimEntry(view.entry(id));
        e = new CachedEntry(line, raw, fileKept(id), priority, status, expires);
        entries.set(id, e);
      }
      return e;
    };
    const postings = (term: string) => view.postings(term);
    // The few scoped entries, decoded once per load from the header (already parsed): nothing per card.
    let scoped: [number, string[]][] | undefined;
    const scopedEntries = () =>
      (scoped ??= Object.entries(header.scope ?? {}).map(([id, list]) => {
        if (!Array.isArray(list) || !list.every((s) => typeof s === "string")) throw new RangeError("malformed rank cache scope"); // rebuild
        return [Number(id), list];
      }));
    const store: RankableStore = {
      index: {
        size: n,
        entry: entryAt,
        file: fileOf,
        // The pinned cards' paths come with the header; the others in one pass (format.ts files).
        files: (ids) => {
          const rest = pinnedFiles.size === 0 ? ids : ids.filter((id) => !pinnedFiles.has(id));
          const found = view.files(rest);
          for (let k = 0; k < rest.length; k++) served(rest[k]!, found[k]!);
          if (pinnedFiles.size === 0) return found;
          let k = 0;
          return ids.map((id) => pinnedFiles.get(id) ?? found[k++]!);
        },
        // A path found whole in the blob is the entry's as built: nothing to check it against but what was asked.
        idsLinking: (files) => [...view.findFiles(files).values()].flat(),
        // Ranking asks only for the ids maySink marks (below), so this need not be fast.
        sinkFields: (id) => {
          const p = header.prio[id];
          const status = header.status[id];
          const expires = header.expires[id];
          if (p === "n" && status === undefined && expires === undefined) return NO_SINK_FIELDS;
          // A broad prompt at 100,000 cards asks for ~5,000 low or stale hits: the usual shapes are shared, not
          // made per hit (~0.8 MB of garbage a prompt).
          const shared = expires === undefined ? (status === undefined ? SHAPES : status === "stale" ? STALE_SHAPES : undefined)?.[p!] : undefined;
          if (shared) return shared;
          return { ...(p === "l" ? { priority: "low" } : p === "a" ? { priority: "always" } : {}), ...(status ? { status } : {}), ...(expires ? { expires_at: expires } : {}) };
        },
        postings,
        alwaysIds: header.always,
        // A pinned line's size is its header text's: the build measures the same line (build.ts), and ~1,000 pinned
        // cards at 100,000 were a head page read each.
        lineBytes: (id) => {
          const line = pinned.get(id);
          return line === undefined ? view.lineBytes(id) : utf8Bytes(line);
        },
        lineKey: (id) => view.lineKey(id),
        lineText: (id) => {
          fileKept(id);
          return pinned.get(id) ?? view.printed(id);
        },
        // Most entries are normal, active and never expire: found with native scans of the priority string.
        maySink: () => {
          const mask = new Uint8Array(n);
          for (const id of Object.keys(header.status)) mask[Number(id)] = 2;
          for (const id of Object.keys(header.expires)) mask[Number(id)] = 2;
          for (let at = header.prio.indexOf("l"); at !== -1; at = header.prio.indexOf("l", at + 1)) mask[at] = 1;
          return mask;
        },
        scoped: scopedEntries,
      },
      unparsed: header.unparsed.map(([line, raw, reason]) => ({ line, raw, reason })),
      entryCount: n,
      cardCount: header.cards,
      cache: "fresh",
      verified: false,
      ...(header.truncated ? { truncated: { lines: header.truncated[0], bytes: header.truncated[1], totalBytes: header.truncated[2] } } : {}),
      plainFiles: header.plainFiles === true,
      // Fingerprints of the cards read (materialised or printed): only those can be printed.
      stamp: (file) => stamps.get(file),
    };
    return { header, view, store };
  } catch {
    return undefined;
  }
}

/** An entry read from the cache; title and hook are parsed from the raw line only if someone asks. */
export class CachedEntry implements EntryInfo {
  priority?: string;
  status?: string;
  expires_at?: string;
  private parsed?: { title: string; hook: string };
  constructor(
    readonly line: number,
    readonly raw: string,
    readonly file: string,
    priority: string,
    status: string,
    expires: string,
  ) {
    if (priority) this.priority = priority;
    if (status) this.status = status;
    if (expires) this.expires_at = expires;
  }
  get title(): string {
    return this.parse().title;
  }
  get hook(): string {
    return this.parse().hook;
  }
  private parse(): { title: string; hook: string } {
    this.parsed ??= parseIndex(this.raw).entries[0] ?? { title: "", hook: "" };
    return this.parsed;
  }
}
