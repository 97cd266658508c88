// Each card's listed fields and search words, kept in <memory_dir>/.memctl/card-cache between commands so `list`,
// `search` and the MCP search read only the cards that changed (issue 32: at 100,000 cards, reading and
// tokenizing every card was seconds per command).
//
// Freshness, checked on every read, nothing trusted on time alone:
//   - every card is lstat'ed: a card whose mtime, size or ctime moved is read again (an editor writing in place
//     changes no directory; ctime also catches a tool that puts the mtime back);
//   - the card files are listed again unless every directory walked last time has the same mtime (creating,
//     deleting or renaming a card changes its directory's);
//   - MEMORY.md's links are parsed again unless its mtime, size, ctime and inode are the same;
//   - a stamp within RACY_MS of the cache file's own mtime is not trusted: a change in the same timestamp tick as
//     the read that made the cache would keep its stamp (git's "racy" entries), so such a card is read again.
// A cache that is missing, foreign, of another version or damaged in any way is ignored and rebuilt; the names in
// it are checked as listCardFiles would list them before one is stat'ed. It is derived state: written through
// the one atomic writer (replaceFile) when anything changed, and a store where it cannot be written still reads.
import { cardType, parseCard } from "../core/card.js";
import { parseIndex } from "../core/index-file.js";
import { cardHead, countTerms, encodeTermCounts, terms } from "../core/search-terms.js";
import { readHold } from "./arrivals.js";
import { decodeCardCache, encodeCardCache, type CacheHead, type CardRecord, type Stamp } from "./card-cache-format.js";
import { exists, lstatIfExists, readRegular, readRegularUtf8, type FileStat } from "./checked-fs.js";
import { listCardFiles, storeUnavailable } from "./read.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";
import { utf8Text } from "../core/bytes.js";

export type { CardRecord } from "./card-cache-format.js";

export const CARD_CACHE = "card-cache";
/** A stamp this close to the cache's own mtime may hide a change in the same tick; whole-second filesystems need 2 s. */
const RACY_MS_FINE = 100;
const RACY_MS_COARSE = 2000;
/** The cache holds every card's words: far past the default read cap at 100,000 cards. */
const CACHE_READ_CAP = 1 << 30;

/** The store's cards as list and search read them: fresh for this call, held cards (lib/store/arrivals.ts) left out. */
export interface CardCatalog {
  dir: string;
  /** Sorted by file name. */
  cards: CardRecord[];
  /** The card files MEMORY.md links to; empty when there is no MEMORY.md. */
  linked: Set<string>;
  /** For each card (same order), how often each of `wanted` occurs in its head and body; undefined: none of them. */
  wordCounts(wanted: readonly string[]): ({ head: Map<string, number>; body: Map<string, number> } | undefined)[];
}

/**
 * The catalog, reading only what changed since the cache was written. A store without MEMORY.md reads as one
 * without links; one that cannot be read throws E_UNAVAILABLE, as readStoreOrEmptyIndex does.
 */
export async function readCardCatalog(dir: string): Promise<CardCatalog> {
  try {
    return await readFresh(dir);
  } catch (err) {
    throw storeUnavailable(dir, err);
  }
}

async function readFresh(dir: string): Promise<CardCatalog> {
  const cacheFile = joinPath(dir, STATE_DIR, CARD_CACHE);
  const old = openCache(cacheFile);
  const trusted = (s: readonly number[], mtimeMs: number) => old !== undefined && s[0] === mtimeMs && !racy(s, old.mtimeMs, old.racyMs);
  // Unchanged but too recent to trust: rewriting the cache once the stamp is old enough settles it, else every
  // later read would read that card (or walk the store) again. The process clock only decides when to rewrite.
  const settles = (s: readonly number[]) => old !== undefined && !racy(s, Date.now(), old.racyMs);

  const { linked, index } = readLinks(dir, old);
  let dirty = old === undefined || index !== old.head.index;

  // The listing: the cached names while every directory holds still, else a walk.
  let files: string[] | undefined;
  let dirs: [string, number][] = [];
  if (old && old.head.dirs.length > 0 && old.head.dirs.every(([d, m]) => trusted([m, 0, m], dirMtime(dir, d)))) {
    files = old.records.map((r) => r.file);
    dirs = old.head.dirs;
  }
  if (!files) {
    const walked: string[] = [];
    files = (await listCardFiles(dir, "", walked)).sort(byName);
    dirs = walked.map((d) => [d, dirMtime(dir, d)]);
    const same = old !== undefined && sameList(dirs, old.head.dirs) && sameList(files, old.records.map((r) => r.file));
    if (!same || dirs.some(([, m]) => racy([m], old.mtimeMs, old.racyMs) && settles([m]))) dirty = true;
  }

  const previous = new Map(old?.records.map((r, i) => [r.file, i]));
  const records: CardRecord[] = [];
  // Each record's words: its index in the old cache (reused bytes) or its fresh bytes.
  const words: (number | Buffer)[] = [];
  for (const file of files) {
    const i = previous.get(file);
    const was = i === undefined ? undefined : old!.records[i]!;
    const st = lstatIfExists(joinPath(dir, file));
    if (st && !st.isFile()) {
      dirty = true; // a link or a directory where a card was: listCardFiles leaves it out
      continue;
    }
    if (was && !was.readError && st && sameStamp(was.stamp, st) && trusted(was.stamp, st.mtimeMs)) {
      records.push(was);
      words.push(i!);
      continue;
    }
    if (!st) {
      dirty = true;
      continue;
    }
    const fresh = readRecord(dir, file);
    if (!was || !sameRecord(was, fresh.record) || old!.wordsOf(i!).compare(fresh.words) !== 0 || (!fresh.record.readError && settles(fresh.record.stamp))) dirty = true;
    records.push(fresh.record);
    words.push(fresh.words);
  }
  if (records.length !== old?.records.length) dirty = true;
  if (!dirty) return catalogOf(dir, records, old!.words, old!.starts, linked);
  const all = joinWords(words, old);
  writeCache(dir, cacheFile, { index, linked: [...linked], dirs }, records, all.words);
  return catalogOf(dir, records, all.words, all.starts, linked);
}

interface OpenCache {
  head: CacheHead;
  records: CardRecord[];
  mtimeMs: number;
  racyMs: number;
  words: Buffer;
  starts: number[];
  wordsOf(i: number): Buffer;
}

function openCache(file: string): OpenCache | undefined {
  let read: { bytes: Uint8Array; stat: FileStat };
  try {
    read = readRegular(file, CACHE_READ_CAP, { nofollow: true });
  } catch {
    return undefined;
  }
  const decoded = decodeCardCache(Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength));
  if (!decoded) return undefined;
  const { words, starts, records } = decoded;
  const mtimeMs = read.stat.mtimeMs;
  return {
    head: decoded.head,
    records,
    mtimeMs,
    racyMs: mtimeMs % 1000 === 0 ? RACY_MS_COARSE : RACY_MS_FINE,
    words,
    starts,
    wordsOf: (i) => words.subarray(starts[i]!, starts[i]! + records[i]!.headBytes + records[i]!.bodyBytes + 2),
  };
}

/** MEMORY.md's links: from the cache while its stamp holds, else parsed. `index` is the stamp to keep (null: none). */
function readLinks(dir: string, old: OpenCache | undefined): { linked: Set<string>; index: readonly number[] | null } {
  const file = joinPath(dir, INDEX_FILE);
  if (!exists(file)) return { linked: new Set(), index: null };
  const st = lstatIfExists(file);
  const stamp = st?.isFile() ? [st.mtimeMs, st.size, st.ctimeMs, st.ino] : undefined;
  const cached = old?.head.index;
  if (stamp && cached && stamp.every((v, i) => v === cached[i]) && Math.max(stamp[0]!, stamp[2]!) < old!.mtimeMs - old!.racyMs) return { linked: new Set(old!.head.linked), index: cached };
  // Checked: a FIFO or device as MEMORY.md is an error (E_NOT_REGULAR), never a read that blocks.
  const entries = parseIndex(readRegularUtf8(file)).entries;
  return { linked: new Set(entries.map((e) => e.file.replace(/^\.\//, ""))), index: stamp ?? null };
}

function readRecord(dir: string, file: string): { record: CardRecord; words: Buffer } {
  let text: string;
  let st: FileStat;
  try {
    const read = readRegular(joinPath(dir, file));
    text = utf8Text(read.bytes);
    st = read.stat;
  } catch (err) {
    const record = { file, stamp: [-1, -1, -1] as const, readError: (err as Error).message, topics: [], type: cardType(file, { topics: [] }), firstLine: 1, headBytes: 0, bodyBytes: 0 };
    return { record, words: Buffer.from("\t\n") };
  }
  const card = parseCard(text);
  const m = card.meta;
  const head = Buffer.from(encodeTermCounts(countTerms(terms(cardHead(m)))), "utf8");
  const body = Buffer.from(encodeTermCounts(countTerms(terms(card.body))), "utf8");
  const record: CardRecord = {
    file,
    stamp: [st.mtimeMs, st.size, st.ctimeMs],
    name: m.name,
    description: m.description,
    topics: m.topics,
    priority: m.priority,
    status: m.status,
    updated_at: m.updated_at,
    type: cardType(file, m),
    firstLine: text.slice(0, text.length - card.body.length).split("\n").length,
    headBytes: head.length,
    bodyBytes: body.length,
  };
  return { record, words: Buffer.concat([head, Buffer.from("\t"), body, Buffer.from("\n")]) };
}

/** The words section for the records in order, old records' bytes copied in runs, and where each record's line starts. */
function joinWords(words: readonly (number | Buffer)[], old: OpenCache | undefined): { words: Buffer; starts: number[] } {
  const parts: Buffer[] = [];
  const starts: number[] = [];
  let at = 0;
  for (let k = 0; k < words.length; ) {
    const w = words[k]!;
    if (typeof w !== "number") {
      parts.push(w);
      starts.push(at);
      at += w.length;
      k++;
      continue;
    }
    // A run of old records that were next to each other in the old cache too: one slice.
    let end = k + 1;
    while (end < words.length && words[end] === (words[end - 1] as number) + 1) end++;
    for (let j = k; j < end; j++) starts.push(at + old!.starts[words[j] as number]! - old!.starts[w]!);
    const last = words[end - 1] as number;
    const slice = old!.words.subarray(old!.starts[w]!, old!.starts[last]! + old!.wordsOf(last).length);
    parts.push(slice);
    at += slice.length;
    k = end;
  }
  return { words: Buffer.concat(parts), starts };
}

function catalogOf(dir: string, records: CardRecord[], all: Buffer, starts: readonly number[], linked: Set<string>): CardCatalog {
  const hold = readHold(dir);
  const keep = records.map((r, i) => i).filter((i) => !hold?.held(records[i]!.file));
  return {
    dir,
    cards: keep.map((i) => records[i]!),
    linked,
    wordCounts(wanted) {
      const found: ({ head: Map<string, number>; body: Map<string, number> } | undefined)[] = new Array(records.length);
      for (const word of new Set(wanted)) {
        const needle = Buffer.from(` ${word}:`, "utf8");
        for (let at = all.indexOf(needle); at >= 0; at = all.indexOf(needle, at + needle.length)) {
          const i = lastAtOrBefore(starts, at);
          let n = 0;
          for (let p = at + needle.length; all[p]! >= 48 && all[p]! <= 57; p++) n = n * 10 + all[p]! - 48;
          const counts = (found[i] ??= { head: new Map(), body: new Map() });
          (at < starts[i]! + records[i]!.headBytes ? counts.head : counts.body).set(word, n);
        }
      }
      return keep.map((i) => found[i]);
    },
  };
}

function writeCache(dir: string, file: string, head: CacheHead, records: CardRecord[], words: Buffer): void {
  try {
    realDir(dir, STATE_DIR);
    replaceFile(file, encodeCardCache(head, records, words), `${file}.${process.pid}.tmp`);
  } catch {
    // Derived state: a read-only store, a full disk or a link in .memctl/ costs the next read its speed, not its answer.
  }
}

/** The greatest i with starts[i] <= at. */
function lastAtOrBefore(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Changed within `racyMs` before `at` (the cache's mtime, or now): the same timestamp tick could hide an edit. */
function racy(s: readonly number[], at: number, racyMs: number): boolean {
  return Math.max(s[0]!, s[2] ?? s[0]!) >= at - racyMs;
}

function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x) === JSON.stringify(b[i]));
}

function dirMtime(dir: string, rel: string): number {
  const st = lstatIfExists(rel === "" ? dir : joinPath(dir, rel));
  return st?.isDirectory() ? st.mtimeMs : -1;
}

function sameStamp(s: Stamp, st: FileStat): boolean {
  return s[0] === st.mtimeMs && s[1] === st.size && s[2] === st.ctimeMs;
}

function sameRecord(a: CardRecord, b: CardRecord): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
