// What the keeper's check of the card cache (card-cache-check.ts) settles by writing a delta (card-delta.ts) instead of
// leaving it to the next command's full read, when every other card is as the cache records it:
//   - watched directories that moved (a save renames its card and MEMORY.md into the store): one listing proves the
//     same cards, and the delta takes the directories' new mtimes;
//   - MEMORY.md edited by hand (an editor, a `git pull` outside memctl): its lines are compared with the keys the
//     cache kept (index-links.ts readLinks, what a command's read does), and the delta takes those line edits and the
//     new stamp, when they flip no base record's `linked` flag (that record changes: the command's to write; a
//     record the delta holds is relinked there);
//   - a few cards edited (in place, or by a `save` whose line of MEMORY.md moves as above): each is read as a
//     command's read reads it (card-read.ts: its record and words), and the delta takes those records, each linked
//     as MEMORY.md links it now;
//   - a few cards added or gone (a `save` of a new card, an `rm`, by hand): one listing proves which, each added card
//     is read as above, and an added or gone card's `linked` flag is MEMORY.md's now (card-delta-edit.ts places them).
// The check is then recorded against the new delta, so the next session start, `list` and `search` read the cache
// trusted (card-cache-trusted.ts) instead of decoding the 64 MB file: at 100,000 cards, after a hand edit of one
// index line or of one card, a start decoded it whole (~0.6–2 s of CPU) and the keeper recorded no check until a
// command ran. "Every card as the cache records it" is the round's: each stat'ed, or vouched for by the keeper's watch.
import { FLAGS_AT, NUMBERS, type CacheHead } from "./card-cache-format.js";
import { withCacheFile } from "./card-cache-file.js";
import { FLAG_LINKED } from "./card-record.js";
import { dirMtime, racy } from "./card-trust.js";
import { lstatIfExists } from "./checked-fs.js";
import { recordCheck, type CacheStamp, type Freshness } from "./full-check.js";
import { INDEX_FILE, joinPath, STATE_DIR } from "./paths.js";
import type { JournalMark } from "./write-journal.js";
import { applyLineEdits, decodeLinks, linksBytes, linksHas, readLinks, sameNumbers, type LinksTable } from "./index-links.js";
import { CARD_DELTA, DELTA_MAX_EDITS, encodeCardDelta, type ReadDelta } from "./card-delta.js";
import { editDelta, type ReadCard } from "./card-delta-edit.js";
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

/** At most this many cards edited, added or gone in one round are read into a delta by the keeper; more are the next command's. */
export const MOVED_MAX = 16;

/** What a round found moved: the watched directories' mtimes now, MEMORY.md's stamp, the few cards whose stamp moved and those gone (sorted). */
export interface Moved {
  dirs?: readonly number[];
  index?: readonly number[];
  cards?: readonly string[];
  gone?: readonly string[];
}

/**
 * The new delta's stamp once it is written and the check recorded against it; "retry" when something is still
 * moving (a stamp too recent to trust, MEMORY.md changed while read): nothing written, the next round tries again;
 * undefined when it cannot be settled here (a directory added or gone, a link flag moved, MEMORY.md rewritten or
 * holding a fence mark, a card that cannot be read, more cards than the round reads, past the delta's bounds):
 * nothing written, as before.
 */
export async function settleRound(dir: string, freshness: Freshness, cache: CacheStamps, mark: JournalMark | undefined, moved: Moved): Promise<CacheStamp | "retry" | undefined> {
  if (!mark || cache.count <= freshness.fullCheckMax || cache.asBefore) return undefined;
  const wait = moved.index || moved.cards || moved.gone ? "retry" : undefined;
  // Moved too recently to trust beside a file written now (or gone). "Now" is the round's clock, taken as it
  // started: no later than the delta's write, so never a looser window than that.
  const recent = (s: readonly number[]) => racy(s, freshness.nowMs, cache.racyMs);
  if (moved.dirs?.some((m) => m < 0 || recent([m, 0, m]))) return wait;
  if (moved.index && recent(moved.index)) return "retry";
  // A card gone moved its directory: the listing proves which went, and which came.
  if (moved.gone?.length && !moved.dirs) return undefined;
  const dirs = moved.dirs ? cache.head.dirs.map(([rel], i): [string, number] => [rel, moved.dirs![i]!]) : cache.head.dirs;
  let listed: { added: string[] } | undefined;
  if (moved.dirs) {
    const found = await listing(dir, cache, moved.dirs, moved.gone ?? [], MOVED_MAX - (moved.cards?.length ?? 0));
    if (typeof found !== "object") return found === "moving" ? wait : undefined;
    listed = found;
  }
  // The cards read again here take their `linked` flag from MEMORY.md as it is now, whatever it was.
  const read = new Set([...(listed?.added ?? []), ...(moved.gone ?? []), ...(moved.cards ?? [])]);
  const index = moved.index ? handEdit(dir, cache, mark, moved.index, read) : undefined;
  if (index === "retry") return "retry";
  if (moved.index && !index) return undefined;
  const cards = moved.cards?.length ? readCards(dir, moved.cards, recent) : [];
  if (cards === "retry") return "retry";
  if (!cards) return undefined;
  const added = listed?.added.length ? readCards(dir, listed.added, recent) : [];
  if (added === "retry") return "retry";
  if (!added) return undefined;
  // Linked as MEMORY.md links it now: the edit's table, or (unchanged) the card's flag, or for a card added a link to
  // no card; a gone card's link waits among the links to no card while no card has its name (as card-cache.ts keeps them).
  const other = new Set(index ? index.head.linkedOther : cache.head.linkedOther);
  const linkedNow = (file: string, was: boolean) => (index ? linksHas(index.table, file) : was);
  const flag = (file: string) => (cache.numbers[indexOf(cache.names, file) * NUMBERS + FLAGS_AT]! & FLAG_LINKED) !== 0;
  for (const { record } of cards) record.linked = linkedNow(record.file, flag(record.file));
  for (const { record } of added) {
    record.linked = linkedNow(record.file, other.has(record.file));
    other.delete(record.file);
  }
  for (const file of moved.gone ?? []) {
    if (linkedNow(file, flag(file))) other.add(file);
    else other.delete(file);
  }
  // Another writer's cache since this round read it: left to the next round.
  const identity = cacheIdentity(dir);
  if (!identity || !sameNumbers(identity, cache.stamp)) return wait;
  const head = { ...cache.storedHead, dirs, ...(index ? index.head : {}), linkedOther: [...other] };
  const d = cache.delta;
  const edits = [...(d?.edits ?? []), ...(index ? index.edits : [])];
  const kept = d
    ? { base: d.base, head, edits, removed: d.removed, removedAt: d.removedAt, places: d.places, cards: d.cards, records: d.records, wordsAt: d.wordsAt, words: d.words }
    : { base: cache.base, head, edits, removed: [], removedAt: [], places: [], cards: cache.count, records: [], wordsAt: [], words: Buffer.alloc(0) };
  const relinked = index?.relinked ?? [];
  const next =
    cards.length + added.length + relinked.length + (moved.gone?.length ?? 0) > 0 ? editDelta(kept, cache, { replaced: cards, added, gone: moved.gone ?? [], relinked }) : kept;
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
 * The cards one listing of the store adds to the cache's names, when it walks the same directories (none of which
 * moved since the round's stat: else "moving") and finds the same episode shards, and the only names it lacks are
 * `gone`; false past `max` cards added and gone, or otherwise. The listing, not the journal, is what proves which
 * cards were made (a save's rename into the directory would mask one made by hand from the journaled listing,
 * card-trust.ts). `now`: each directory's mtime as the round found it, which the delta records.
 */
async function listing(dir: string, cache: CacheStamps, now: readonly number[], gone: readonly string[], max: number): Promise<{ added: string[] } | false | "moving"> {
  const walked: string[] = [];
  const shards: string[] = [];
  let files: string[];
  try {
    files = (await listCardFiles(dir, "", walked, shards)).sort(byName);
  } catch {
    return false;
  }
  shards.sort(byName);
  const sameWalk =
    sameList(
      walked,
      cache.head.dirs.map(([rel]) => rel),
    ) && sameList(shards, cache.head.shards);
  if (!sameWalk) return false;
  // Both sorted: one merge finds the names added and those missing.
  const added: string[] = [];
  const missing: string[] = [];
  for (let i = 0, j = 0; i < files.length || j < cache.names.length; ) {
    const f = files[i];
    const c = cache.names[j];
    if (c === undefined || (f !== undefined && f < c)) added.push(files[i++]!);
    else if (f === undefined || c < f) missing.push(cache.names[j++]!);
    else [i, j] = [i + 1, j + 1];
    if (added.length + missing.length > max) return false;
  }
  if (!sameList(missing, gone)) return false;
  return cache.head.dirs.every(([rel], i) => dirMtime(dir, rel) === now[i]) ? { added } : "moving";
}

/**
 * MEMORY.md's hand edit as line edits of the cache's links (readLinks, as a command's read finds them), with the head
 * fields they move and the delta's records whose `linked` flag they flip (but for `cards`, read again by the caller);
 * undefined when they flip a base record's, cannot be found that way or pass the delta's bound; "retry" when
 * MEMORY.md is not at `stamp` when read, or moved while it was.
 */
function handEdit(
  dir: string,
  cache: CacheStamps,
  mark: JournalMark,
  stamp: readonly number[],
  cards: ReadonlySet<string>,
):
  | { edits: NonNullable<ReturnType<typeof readLinks>["edits"]>; table: LinksTable; relinked: string[]; head: Pick<CacheHead, "index" | "journal" | "linkedOther"> }
  | "retry"
  | undefined {
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
  // Each key an edit moved: a card's `linked` flag must hold, or be on a record the delta holds (relinked there: a
  // card settled by an earlier round before its save's line landed); a base record's is the command's to write. A
  // link to no card is kept or dropped as MEMORY.md now has it, as the command's read does (card-cache.ts).
  const other = new Set(cache.head.linkedOther);
  const relinked: string[] = [];
  for (const key of found.changed) {
    if (cards.has(key)) continue; // a card added, gone or read again: linked as the table says (settleRound)
    const i = indexOf(cache.names, key);
    const linked = linksHas(found.table, key);
    if (i >= 0 && ((cache.numbers[i * NUMBERS + FLAGS_AT]! & FLAG_LINKED) !== 0) !== linked) {
      if (!cache.src || cache.src[i]! >= 0) return undefined;
      relinked.push(key);
    }
    if (i >= 0) continue;
    if (linked) other.add(key);
    else other.delete(key);
  }
  return { edits: found.edits, table: found.table, relinked, head: { index: found.index, journal: found.journal, linkedOther: [...other] } };
}

/** The links and line keys sections of the card-cache file stamped `base` (undefined: another file there now). */
function baseSections(dir: string, base: CacheStamp): { links: Buffer; lines: Buffer } | undefined {
  return withCacheFile(dir, undefined, ({ top: { at, sections }, stat, read }) =>
    sameNumbers([stat.mtimeMs, stat.size, stat.ctimeMs, stat.ino], base) ? { links: read(at[4], sections[4]), lines: read(at[5], sections[5]) } : undefined,
  );
}

/**
 * Each card of `files` read again (its record and words, as a command's read makes them, card-read.ts); "retry" when
 * a stamp is too recent to trust; undefined when one cannot be read (an unreadable card is read again by every
 * reader: the command's to record). Their `linked` flags are the caller's to set.
 */
function readCards(dir: string, files: readonly string[], recent: (s: readonly number[]) => boolean): ReadCard[] | "retry" | undefined {
  const out: ReadCard[] = [];
  for (const file of files) {
    const { record, words } = readRecord(dir, file, true);
    if (record.readError !== undefined || !words) return undefined;
    if (recent(record.stamp)) return "retry";
    out.push({ record, words });
  }
  return out;
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
