// What the keeper's check of the card cache (card-cache-check.ts) settles by writing a delta (card-delta.ts) instead of
// leaving it to the next command's full read, when every card is as the cache records it:
//   - watched directories that moved (a save renames its card and MEMORY.md into the store): one listing proves the
//     same cards, and the delta takes the directories' new mtimes;
//   - MEMORY.md edited by hand (an editor, a `git pull` outside memctl): its lines are compared with the keys the
//     cache kept (index-links.ts readLinks, what a command's read does), and the delta takes those line edits and the
//     new stamp, when they move no card's `linked` flag (the records stay the cache's; a flip is the command's);
//   - a few cards edited (none gone; in place, or by a `save` whose line of MEMORY.md moves as above): each is read
//     as a command's read reads it (card-read.ts: its record and words), and the delta takes those records, their
//     `linked` flags unchanged (MEMORY.md's edits, when any, move none).
// The check is then recorded against the new delta, so the next session start, `list` and `search` read the cache
// trusted (card-cache-trusted.ts) instead of decoding the 64 MB file: at 100,000 cards, after a hand edit of one
// index line or of one card, a start decoded it whole (~0.6–2 s of CPU) and the keeper recorded no check until a
// command ran. "Every card as the cache records it" is the round's: each stat'ed, or vouched for by the keeper's watch.
import { FLAGS_AT, NUMBERS, type CacheHead, type CardRecord } from "./card-cache-format.js";
import { withCacheFile } from "./card-cache-file.js";
import { FLAG_LINKED } from "./card-record.js";
import { dirMtime, racy } from "./card-trust.js";
import { lstatIfExists } from "./checked-fs.js";
import { recordCheck, type CacheStamp, type Freshness } from "./full-check.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";
import type { JournalMark } from "./write-journal.js";
import { applyLineEdits, decodeLinks, linksBytes, linksHas, readLinks, sameNumbers } from "./index-links.js";
import { CARD_DELTA, DELTA_MAX_BYTES, DELTA_MAX_EDITS, DELTA_MAX_RECORDS, encodeCardDelta, type CardDelta, type ReadDelta } from "./card-delta.js";
import { readRecord } from "./card-read.js";
import { cacheIdentity } from "./card-cache-open.js";
import { listCardFiles } from "./read.js";
import { replaceFile } from "./safe-write.js";

/** What the check reads of a card-cache file: its head, names, per-record numbers and its own stamp. */
export interface CacheStamps {
  head: CacheHead;
  count: number;
  /** The very file the last round verified, its cards as it found them: no names or numbers read. */
  asBefore: boolean;
  names: string[];
  numbers: Float64Array;
  /** The cache's identity (a merged delta's stamp) and the mtime stamps are compared with. */
  stamp: CacheStamp;
  mtimeMs: number;
  racyMs: number;
  /** The card-cache file's stamp, the head as stored (the delta's when one is merged) and the delta itself. */
  base: CacheStamp;
  storedHead: CacheHead;
  delta?: ReadDelta;
  /** With a delta merged, where each record comes from (card-delta-order.ts mergeOrder); the base's own words section's length. */
  src?: Int32Array;
  baseExtra: number;
}

/** What a round found moved: the watched directories' mtimes now, MEMORY.md's stamp, the few cards whose stamp moved (none gone). */
export interface Moved {
  dirs?: readonly number[];
  index?: readonly number[];
  cards?: readonly string[];
}

/**
 * The new delta's stamp once it is written and the check recorded against it; "retry" when something is still
 * moving (a stamp too recent to trust, MEMORY.md changed while read): nothing written, the next round tries again;
 * undefined when it cannot be settled here (a card added or removed, a link flag moved, MEMORY.md rewritten or
 * holding a fence mark, a card that cannot be read, past the delta's bounds): nothing written, as before.
 */
export async function settleRound(dir: string, freshness: Freshness, cache: CacheStamps, mark: JournalMark | undefined, moved: Moved): Promise<CacheStamp | "retry" | undefined> {
  if (!mark || cache.count <= freshness.fullCheckMax || cache.asBefore) return undefined;
  const wait = moved.index || moved.cards ? "retry" : undefined;
  // Moved too recently to trust beside a file written now (or gone). "Now" is the round's clock, taken as it
  // started: no later than the delta's write, so never a looser window than that.
  const recent = (s: readonly number[]) => racy(s, freshness.nowMs, cache.racyMs);
  if (moved.dirs?.some((m) => m < 0 || recent([m, 0, m]))) return wait;
  if (moved.index && recent(moved.index)) return "retry";
  const dirs = moved.dirs ? cache.head.dirs.map(([rel], i): [string, number] => [rel, moved.dirs![i]!]) : cache.head.dirs;
  if (moved.dirs) {
    const listed = await sameListing(dir, cache, moved.dirs);
    if (listed !== true) return listed === "moving" ? wait : undefined;
  }
  const index = moved.index ? handEdit(dir, cache, mark, moved.index) : undefined;
  if (index === "retry") return "retry";
  if (moved.index && !index) return undefined;
  const cards = moved.cards ? readEdited(dir, cache, moved.cards, recent) : undefined;
  if (cards === "retry") return "retry";
  if (moved.cards && !cards) return undefined;
  // Another writer's cache since this round read it: left to the next round.
  const identity = cacheIdentity(dir);
  if (!identity || !sameNumbers(identity, cache.stamp)) return wait;
  const head = { ...cache.storedHead, dirs, ...(index ? index.head : {}) };
  const d = cache.delta;
  const edits = [...(d?.edits ?? []), ...(index ? index.edits : [])];
  const kept = d
    ? { base: d.base, head, edits, removed: d.removed, removedAt: d.removedAt, places: d.places, cards: d.cards, records: d.records, wordsAt: d.wordsAt, words: d.words }
    : { base: cache.base, head, edits, removed: [], removedAt: [], places: [], cards: cache.count, records: [], wordsAt: [], words: Buffer.alloc(0) };
  const next = cards ? withRecords(kept, cache, cards) : kept;
  if (!next) return undefined;
  const file = joinPath(dir, STATE_DIR, CARD_DELTA);
  try {
    replaceFile(file, encodeCardDelta(next), `${file}.${process.pid}.tmp`);
  } catch {
    return undefined;
  }
  recordCheck(dir, file, { at: freshness.nowMs, journal: mark });
  return cacheIdentity(dir);
}

/**
 * Whether one listing of the store gives exactly the cache's names and episode shards, walking the same
 * directories, none of which moved since the round's stat ("moving": one did). The listing, not the journal, is what proves no
 * card was made by hand (a save's rename into the directory would mask one from the journaled listing, card-trust.ts).
 * `now`: each directory's mtime as the round found it, which the delta records.
 */
async function sameListing(dir: string, cache: CacheStamps, now: readonly number[]): Promise<boolean | "moving"> {
  const walked: string[] = [];
  const shards: string[] = [];
  let files: string[];
  try {
    files = (await listCardFiles(dir, "", walked, shards)).sort(byName);
  } catch {
    return false;
  }
  shards.sort(byName);
  const same =
    sameList(
      walked,
      cache.head.dirs.map(([rel]) => rel),
    ) &&
    sameList(files, cache.names) &&
    sameList(shards, cache.head.shards);
  if (!same) return false;
  return cache.head.dirs.every(([rel], i) => dirMtime(dir, rel) === now[i]) ? true : "moving";
}

/**
 * MEMORY.md's hand edit as line edits of the cache's links (readLinks, as a command's read finds them), with the head
 * fields they move; undefined when they move a card's `linked` flag, cannot be found that way or pass the delta's
 * bound; "retry" when MEMORY.md is not at `stamp` when read, or moved while it was.
 */
function handEdit(
  dir: string,
  cache: CacheStamps,
  mark: JournalMark,
  stamp: readonly number[],
): { edits: NonNullable<ReturnType<typeof readLinks>["edits"]>; head: Pick<CacheHead, "index" | "journal" | "linkedOther"> } | "retry" | undefined {
  const sections = baseSections(dir, cache.base);
  if (!sections) return undefined;
  const pending = cache.delta?.edits ?? [];
  let links = sections.links;
  if (pending.length > 0) {
    const table = decodeLinks(links);
    const applied = table && applyLineEdits(table, pending);
    if (!applied) return undefined;
    links = linksBytes(applied.table);
  }
  const found = readLinks(dir, { head: cache.head, links, lines: sections.lines, edits: pending, mtimeMs: cache.mtimeMs, racyMs: cache.racyMs }, mark);
  if (!found.stamp || !sameNumbers(found.stamp, stamp)) return "retry";
  const after = lstatIfExists(joinPath(dir, INDEX_FILE));
  if (!after?.isFile() || !sameNumbers([after.mtimeMs, after.size, after.ctimeMs, after.ino], stamp)) return "retry";
  if (found.set || !found.edits || !found.table || !found.changed || pending.length + found.edits.length > DELTA_MAX_EDITS) return undefined;
  // Each key an edit moved: a card's `linked` flag must hold (else its record changes: the command's to write); a
  // link to no card is kept or dropped as MEMORY.md now has it, as the command's read does (card-cache.ts).
  const other = new Set(cache.head.linkedOther);
  for (const key of found.changed) {
    const i = indexOf(cache.names, key);
    const linked = linksHas(found.table, key);
    if (i >= 0 && ((cache.numbers[i * NUMBERS + FLAGS_AT]! & FLAG_LINKED) !== 0) !== linked) return undefined;
    if (i >= 0) continue;
    if (linked) other.add(key);
    else other.delete(key);
  }
  return { edits: found.edits, head: { index: found.index, journal: found.journal, linkedOther: [...other] } };
}

/** The links and line keys sections of the card-cache file stamped `base` (undefined: another file there now). */
function baseSections(dir: string, base: CacheStamp): { links: Buffer; lines: Buffer } | undefined {
  return withCacheFile(dir, undefined, ({ top: { at, sections }, stat, read }) =>
    sameNumbers([stat.mtimeMs, stat.size, stat.ctimeMs, stat.ino], base) ? { links: read(at[4], sections[4]), lines: read(at[5], sections[5]) } : undefined,
  );
}

/**
 * Each card of `files` read again (its record and words, as a command's read makes them, card-read.ts), its `linked`
 * flag the cache's (MEMORY.md as recorded, or moved by edits handEdit found moving no flag); "retry" when a stamp is
 * too recent to trust; undefined when one cannot be read (an unreadable card is read again by every reader: the
 * command's to record).
 */
function readEdited(
  dir: string,
  cache: CacheStamps,
  files: readonly string[],
  recent: (s: readonly number[]) => boolean,
): { at: number; record: CardRecord; words: Buffer }[] | "retry" | undefined {
  const out: { at: number; record: CardRecord; words: Buffer }[] = [];
  for (const file of files) {
    const at = indexOf(cache.names, file);
    if (at < 0) return undefined;
    const { record, words } = readRecord(dir, file, true);
    if (record.readError !== undefined || !words) return undefined;
    if (recent(record.stamp)) return "retry";
    record.linked = (cache.numbers[at * NUMBERS + FLAGS_AT]! & FLAG_LINKED) !== 0;
    out.push({ at, record, words });
  }
  return out;
}

/**
 * `delta` with each read record in place of the merged cache's record at `at`: a delta record replaced where it is, a
 * base record replaced by one placed over it (2p + 1); its words after the delta's own. Undefined past the delta's bounds.
 */
function withRecords(delta: CardDelta, cache: CacheStamps, read: readonly { at: number; record: CardRecord; words: Buffer }[]): CardDelta | undefined {
  const records = [...delta.records];
  const places = [...delta.places];
  const wordsAt = [...delta.wordsAt];
  const words: Buffer[] = [delta.words];
  let size = cache.baseExtra + delta.words.length;
  for (const { at, record, words: line } of read) {
    const s = cache.src ? cache.src[at]! : at;
    const w = -1 - size;
    words.push(line);
    size += line.length;
    if (s < 0) {
      records[-1 - s] = record;
      wordsAt[-1 - s] = w;
      continue;
    }
    // Among the delta's records by name, as its places go (sorted by name: mergeOrder's order).
    let k = 0;
    while (k < records.length && records[k]!.file < record.file) k++;
    records.splice(k, 0, record);
    places.splice(k, 0, s * 2 + 1);
    wordsAt.splice(k, 0, w);
  }
  if (records.length + delta.removed.length > DELTA_MAX_RECORDS || size - cache.baseExtra > DELTA_MAX_BYTES) return undefined;
  return { ...delta, records, places, wordsAt, words: Buffer.concat(words) };
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The index of `file` in `names` (sorted), or -1. */
function indexOf(names: readonly string[], file: string): number {
  let lo = 0;
  let hi = names.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const f = names[mid]!;
    if (f === file) return mid;
    if (f < file) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
