// Rebuilding the rank cache from MEMORY.md and the card files (see load.ts for when): cards and index
// lines whose fingerprints match the previous cache are reused, so an edit re-reads only what changed.
import path from "node:path";
import { buildPostings, fieldAverages, toPostingList, type RankEntry } from "../rank/postings.js";
import { TOKENIZER_VERSION } from "../rank/tokenize.js";
import { parseIndex } from "../core/index-file.js";
import { encodeCache } from "./encode.js";
import { utf8Bytes } from "../core/block.js";
import { normalizeCardPath, printedLine, rankEntryOf, readCardFields, type CardFields } from "./card-fields.js";
import { openCache, parseReuseLine, parseSlimEntry, RANK_CACHE, type Header, type LoadOptions, type RankableStore, type ReuseLine, type SlimEntry } from "./read.js";
import { cardStamp, escapesStore, indexRecord, sameStamp, stampOf, type Stamp } from "./stamps.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "../store/paths.js";
import { isMeasurable } from "../usage/format.js";
import { lstatIfExists, utimes, type FileStat } from "../store/checked-fs.js";
import { readIndexText } from "../store/index-read.js";
import { parentMtimeAfterMade, realDir, replaceFile } from "../store/safe-write.js";
import { journalMark } from "../store/write-journal.js";
import { lineHashLanes, lineKeyLanes } from "../core/line-key.js";

export { normalizeCardPath } from "./card-fields.js";

/**
 * Sources modified this recently are not trusted to a cache: an edit in the same timestamp tick as the
 * build could hide. Sub-second timestamps (ext4, APFS, tmpfs…) tick in milliseconds; whole-second ones
 * (FAT, HFS+, some network filesystems) need the wide window.
 */
const RACY_MS_FINE = 100;
const RACY_MS_COARSE = 2000;

/** True when a source modified at `newest` is too recent to trust to a cache written now (see RACY_MS_FINE). */
export function racy(sources: readonly number[], nowMs: number): boolean {
  // A loop, not Math.max(...sources): spreading 130,000 values overflows the call stack.
  let newest = -Infinity;
  let coarse = true;
  for (const m of sources) {
    if (m > newest) newest = m;
    if (m > 0 && m % 1000 !== 0) coarse = false;
  }
  return nowMs - newest <= (coarse ? RACY_MS_COARSE : RACY_MS_FINE);
}

/** What a rebuild can reuse from the previous cache: card fields by file (with their fingerprint), terms by line. */
interface Reusable {
  cards: Map<string, { stamp: Stamp } & CardFields>;
  lines: Map<string, { title: string[]; hook: string[] }>;
}

function reusable(memoryDir: string): Reusable {
  const out: Reusable = { cards: new Map(), lines: new Map() };
  const previous = openCache(memoryDir);
  if (!previous) return out;
  const { view, header } = previous;
  const split = (s: string) => (s === "" ? [] : s.split(" "));
  try {
    view.allFiles();
    for (let id = 0; id < view.n; id++) {
      const [, priority, status, expires, raw] = parseSlimEntry(view.entry(id));
      const [topics, tTitle, tTopics, tHook, tRecall, tBody, mark] = parseReuseLine(view.reuse(id));
      const file = view.file(id);
      out.cards.set(file, {
        stamp: view.stamp(id),
        ...(priority ? { priority } : {}),
        ...(status ? { status } : {}),
        ...(expires ? { expires_at: expires } : {}),
        topics,
        topicTerms: split(tTopics),
        recallTerms: split(tRecall),
        bodyTerms: split(tBody),
        ...(mark ? { mark } : {}),
        ...(header.scope?.[id] ? { scope: header.scope[id] } : {}),
      });
      out.lines.set(`${file}\n${raw}`, { title: split(tTitle), hook: split(tHook) });
    }
  } catch {
    return { cards: new Map(), lines: new Map() };
  }
  return out;
}

export async function rebuild(memoryDir: string, indexStat: FileStat, options: LoadOptions): Promise<RankableStore> {
  const journal = journalMark(memoryDir); // before the sources: a write from here on is in the journal after it
  const { text, truncated } = readIndexText(path.join(memoryDir, INDEX_FILE));
  const parsed = parseIndex(text);
  const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
  const old = reusable(memoryDir); // card fingerprints guard every reuse, forced rebuilds included
  const fields = new Map<string, CardFields>();
  const stamps = new Map<string, Stamp>();
  for (const file of files) {
    // A link out of the store (absolute, or through "..") is ranked on its index line only: never read.
    const stamp = cardStamp(memoryDir, file);
    stamps.set(file, stamp);
    if (escapesStore(file)) continue;
    const prior = old.cards.get(file);
    if (prior && sameStamp(prior.stamp, stamp) && stamp[0] !== -1) {
      fields.set(file, prior);
      continue;
    }
    const read = await readCardFields(memoryDir, file);
    if (read) fields.set(file, read);
  }
  const entries: RankEntry[] = parsed.entries.map((e) => {
    const file = normalizeCardPath(e.file);
    return rankEntryOf(e, file, fields.get(file) ?? { topics: [] }, old.lines.get(`${file}\n${e.raw}`));
  });
  const avg = fieldAverages(entries);
  const postings = buildPostings(entries, avg);
  const always = entries.flatMap((e, i) => (e.priority === "always" ? [i] : []));
  // The printed line is rendered here, once per build, rather than by every prompt that prints it, and kept apart
  // from the slim entry so printing a line parses nothing. A card that may not be true says so at its end.
  const printed = entries.map(printedLine);
  const byId = (id: number) => entries[id]!;
  const scoped = entries.flatMap((e, id) => (e.scope ? [[id, e.scope] as [number, string[]]] : []));
  const store: RankableStore = {
    index: {
      size: entries.length,
      entry: byId,
      file: (id) => entries[id]!.file,
      idsLinking: (files) => {
        const wanted = new Set(files);
        return entries.flatMap((e, id) => (wanted.has(e.file) ? [id] : []));
      },
      sinkFields: byId,
      postings: (t) => (postings.has(t) ? toPostingList(postings.get(t)!) : undefined),
      alwaysIds: always,
      lineBytes: (id) => utf8Bytes(printed[id]!),
      lineText: (id) => printed[id]!,
      scoped: () => scoped,
    },
    unparsed: parsed.unparsed,
    entryCount: entries.length,
    cardCount: files.length,
    cache: "uncached",
    plainFiles: files.length === entries.length && files.every(isMeasurable),
    stamp: (file) => stamps.get(file),
    verified: false, // read from the files just now: inject.ts re-checks only cached stores
    ...(truncated ? { truncated } : {}),
  };
  if (options.writeCache === false) return store;
  const stateDir = joinPath(memoryDir, STATE_DIR);
  try {
    // Before the directory stamps: creating it changes the store's mtime (a change we made, so not racy).
    if (options.createStateDir === false && lstatIfExists(stateDir) === undefined) return store;
    realDir(memoryDir, STATE_DIR); // never a link: the cache is not written outside the store
  } catch {
    return store;
  }
  const dirSet = new Set<string>([""]);
  for (const f of files) {
    const d = path.posix.dirname(f);
    if (d !== "." && !d.startsWith("..") && !path.isAbsolute(d)) dirSet.add(d);
  }
  const dirs: [string, number][] = [...dirSet].sort().map((rel) => [rel, stampOf(path.join(memoryDir, rel))[0]]);
  // The store's own mtime is not a source to distrust when its last change was creating .memctl/: by this build,
  // or by the same hook just before it ranked (session state, on a store's first prompt), which is memctl's own
  // change, not an edit. Told by the store still having the mtime read just after this process's mkdir (safe-write.ts;
  // a change since, anyone's, is counted). Counting it would leave every first prompt's build unsaved: 37 s again on
  // the second prompt at 100,000 cards.
  const ownMtime = parentMtimeAfterMade(stateDir);
  const ownChange = (rel: string, mtime: number) => rel === "" && ownMtime === mtime;
  const sources = [indexStat.mtimeMs, ...dirs.filter(([rel, m]) => !ownChange(rel, m)).map(([, m]) => m), ...[...stamps.values()].map(([m]) => m)];
  if (racy(sources, options.nowMs)) return store;
  const prio = entries.map((e) => (e.priority === "always" ? "a" : e.priority === "low" ? "l" : "n")).join("");
  const status: Record<string, string> = {};
  const expires: Record<string, string> = {};
  const scope: Record<string, string[]> = {};
  for (const [id, list] of scoped) scope[id] = list;
  entries.forEach((e, id) => {
    if (e.status && e.status !== "active") status[id] = e.status;
    if (e.expires_at) expires[id] = e.expires_at;
  });
  const seed = globalThis.crypto.getRandomValues(new Uint32Array(2));
  const header: Header = {
    id: Math.random().toString(36).slice(2) + options.nowMs.toString(36),
    seed: [seed[0]!, seed[1]!],
    avg,
    index: indexRecord(indexStat),
    dirs,
    n: entries.length,
    cards: files.length,
    always,
    prio,
    status,
    expires,
    ...(scoped.length > 0 ? { scope } : {}),
    unparsed: parsed.unparsed.map((u) => [u.line, u.raw, u.reason]),
    ...(truncated ? { truncated: [truncated.lines, truncated.bytes, truncated.totalBytes] as [number, number, number] } : {}),
    plainFiles: store.plainFiles,
    ...(journal ? { journal } : {}),
  };
  const slim = entries.map((e) => JSON.stringify([e.line, e.priority ?? "", e.status ?? "", e.expires_at ?? "", e.raw] satisfies SlimEntry));
  header.pinned = always.map((id) => printed[id]!);
  header.pinnedFiles = always.map((id) => entries[id]!.file);
  const encoded = encodeCache(TOKENIZER_VERSION, {
    header,
    entries: slim,
    printed,
    reuse: entries.map((e) =>
      JSON.stringify([
        e.topics,
        e.terms.title.join(" "),
        e.terms.topics.join(" "),
        e.terms.hook.join(" "),
        (e.terms.recall ?? []).join(" "),
        (e.terms.body ?? []).join(" "),
        e.mark ?? "",
      ] satisfies ReuseLine),
    ),
    files: entries.map((e) => e.file),
    stamps: entries.map((e) => stamps.get(e.file)!),
    lineBytes: printed.map((line) => utf8Bytes(line)),
    lineKeys: printed.map(lineKeyLanes),
    rawKeys: entries.map((e) => lineHashLanes(e.raw, header.seed)),
    lines: entries.map((e) => e.line),
    terms: [...postings.keys()].sort().map((t) => [t, postings.get(t)!]),
  });
  if (writeCacheFile(stateDir, encoded, options.nowMs)) store.cache = "rebuilt";
  return store;
}

/**
 * The file's mtime is then set to when this load started: it stands for the last time every card was checked
 * (cache.ts, above FULL_CHECK_MAX), and the cards were stamped after that, not when the write ended.
 */
export function writeCacheFile(stateDir: string, text: string | Uint8Array, checkedMs: number, name = RANK_CACHE): boolean {
  const file = path.join(stateDir, name);
  const tmp = path.join(stateDir, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    replaceFile(file, text, tmp);
  } catch {
    return false;
  }
  try {
    utimes(file, checkedMs);
  } catch {
    // not ours to set: the write time stands in (later by the rebuild's length)
  }
  return true;
}
