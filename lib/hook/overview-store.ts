// What session start's overview needs of a store (issue 32: it read and parsed every card, seconds at 100,000):
// MEMORY.md's lines, and of each card only what picks the pinned lines (priority, scope) and what a compact's
// watermark compares (name, type, the SHA-256 of its bytes). Those come from the card cache, which reads only
// the cards that changed since it was written; no card is opened for a store whose cards held still.
import { readCardCatalog } from "../store/card-cache.js";
import type { CacheStamp, Freshness } from "../store/full-check.js";
import { isReadable } from "../store/card-cache-format.js";
import { withTrustedCardCache } from "../store/card-cache-trusted.js";
import type { CheckedRecords } from "../store/card-cache-carried.js";
import { sameNumbers } from "../store/index-links.js";
import { pinnedEntries, pinsOf, readPins, retiredEntries, writePins, type Pins } from "./overview-pins.js";
import { keepLines, type KeptLines, type KeptPatch, readSealedKept, type SealedKept } from "./overview-kept.js";
import { readKeptOrLogged } from "./overview-log.js";
import { patchedLines, pinsKey, restTable } from "./overview-patch.js";
import { readHold } from "../store/hold.js";
import { access, R_OK, readRegularUtf8, statIfExists } from "../store/checked-fs.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { readIndexOnly } from "../store/read.js";
import { isEpisodesArtifact, isShardFile, viewStore, type CardEntry } from "../records/store-view.js";
import type { StoreLike } from "../compact/assemble.js";
import type { JsonRuns } from "../core/pieced-text.js";
import { splicedView } from "./overview-spliced.js";
import type { LineEdit } from "../store/index-links.js";
import { buildOverviewView, decodeLines, decodeView, editOverviewView, type ViewLines } from "./overview-view.js";

export { buildOverviewView, editOverviewView } from "./overview-view.js";

/** A card as the overview reads it. */
export interface OverviewCard {
  priority?: string;
  scope?: readonly string[];
}

export interface OverviewStore extends StoreLike {
  /** MEMORY.md lines linking to cards (shard links and held lines left out), in file order. */
  entries: CardEntry[];
  /** Readable cards (shards, episode artifacts and held cards left out), by store-relative path. */
  pins: ReadonlyMap<string, OverviewCard>;
  cards: ReadonlyMap<string, { card: { meta: { name?: string; metadata: { type?: string } } } }>;
  digests: ReadonlyMap<string, string>;
  /** Readable cards superseded or with a dated expires_at: whether each is no longer true is decided against today. */
  mayRetire: readonly { file: string; status?: string; expires_at?: string }[];
}

/** MEMORY.md's entries only: what a host that loads the index itself has seen. Throws as readStore does. */
export function overviewEntries(memoryDir: string): CardEntry[] {
  return viewStore(readIndexOnly(memoryDir)).entries;
}

/**
 * The overview's store: MEMORY.md read first (a store without one throws ENOENT, as readStore does), then the
 * card cache. A card the cache could not read is left out of all three maps, so the compact's watermark reads
 * it itself and finds it "missing", as without the cache.
 */
export async function readOverviewStore(memoryDir: string, freshness?: Freshness): Promise<OverviewStore> {
  const entries = overviewEntries(memoryDir);
  const catalog = await readCardCatalog(memoryDir, freshness ? { freshness } : {});
  const pins = new Map<string, OverviewCard>();
  const cards = new Map<string, { card: { meta: { name?: string; metadata: { type?: string } } } }>();
  const digests = new Map<string, string>();
  const mayRetire = catalog
    .mayRetire()
    .filter((r) => isReadable(r) && !isShardFile(r.file) && !isEpisodesArtifact(r.file))
    .map((r) => ({ file: r.file, status: r.status, expires_at: r.expires_at }));
  for (const r of catalog.cards) {
    if (r.readError !== undefined || r.sha256 === undefined || isShardFile(r.file) || isEpisodesArtifact(r.file)) continue;
    pins.set(r.file, { priority: r.priority, scope: r.scope });
    // record.type is cardType(file, meta): the file's prefix, else metadata.type, which is what the watermark takes.
    cards.set(r.file, { card: { meta: { name: r.name, metadata: { type: r.type } } } });
    digests.set(r.file, r.sha256);
  }
  return { dir: memoryDir, entries, pins, cards, digests, mayRetire };
}

/** The overview's lines: the pinned ones (in index order) first, then the rest in index order, each with its newline. */
export interface OverviewLines extends JsonRuns {
  /** Index entries shown (held lines left out). */
  count: number;
  /** Index entries left out as no longer true (not held ones): session start says how many. */
  left: number;
  /** Keeps these lines for the next start (overview-kept.ts); called once they are printed, so no start waits for it. */
  keep?: () => void;
}

/**
 * The overview's lines through the card cache's view, as runs of the view's escaped bytes. `pinnedHere(scope)`
 * decides a `priority: always` card's place; the lines of cards no longer true on `today` (superseded, or past
 * expires_at) are left out, pinned or not, as the per-prompt hook leaves them out (docs/ranking.md). Only the pinned cards' strings are parsed; an unchanged MEMORY.md
 * is neither parsed nor rendered, and its lines are neither decoded nor encoded. A store whose MEMORY.md is
 * missing or not a readable file throws what a read of the index throws (ENOENT: no store).
 */
export async function readOverviewLines(
  memoryDir: string,
  pinnedHere: (scope: readonly string[] | undefined) => boolean,
  today: string,
  freshness?: Freshness,
  /** Names the choice `pinnedHere` makes (equal for equal choices): with it, the lines are kept and read back for a start on the same day (overview-kept.ts). */
  scope?: string,
  /** This user's secret: the lines kept are sealed with it, and kept lines it sealed are printed unchecked (overview-kept.ts). */
  secret?: string,
): Promise<OverviewLines> {
  const index = joinPath(memoryDir, INDEX_FILE);
  if (!statIfExists(index)?.isFile() || !readable(index)) overviewEntries(memoryDir);
  const hold = readHold(memoryDir);
  const key = scope !== undefined && !hold && freshness ? { today, scope, fullCheckMax: freshness.fullCheckMax, ...(secret === undefined ? {} : { secret }) } : undefined;
  // A cache the trust rule proves fresh gives the lines a start kept from it today in this scope, else is read
  // for its view and the pins kept for it, else its pinned rows (card-cache-trusted.ts, overview-pins.ts); a
  // cache it cannot prove fresh is read through the catalog. The sealed kept lines are read once, for both the
  // carried read (their claim: card-cache-carried.ts) and the full one.
  let sealed: { kept: SealedKept | undefined } | undefined;
  const sealedKept = (stamp: CacheStamp) => (sealed ??= { kept: key && readSealedKept(memoryDir, stamp, key) }).kept;
  const trusted =
    freshness &&
    withTrustedCardCache<Trusted>(
      memoryDir,
      freshness,
      (c) => {
        // The lines kept for an earlier cache carried forward over the edits since (overview-patch.ts), else made here.
        const carried = key && patchedLines(memoryDir, c, key, pinnedHere, c.view() && sealedKept(c.stamp));
        if (carried) return carried;
        const source = c.view();
        const view = source && splicedView(memoryDir, source);
        const made = source && { stamp: c.stamp, records: c.count, source: { base: source.base, edits: source.edits, checked: c.checked } };
        const pins = view && !hold ? readPins(memoryDir, c.stamp) : undefined;
        if (view && pins) return { view, pins, ...made! };
        const always = view && c.always();
        const mayRetire = always && c.mayRetire();
        const rows = mayRetire && { always: always.map((r) => ({ ...r.row, file: r.file })), mayRetire: mayRetire.map((r) => ({ ...r.row, file: r.file })) };
        return rows && { view: view!, ...rows, ...made! };
      },
      key && ((stamp) => readKeptOrLogged(memoryDir, stamp, key)),
      key && {
        // What the read the kept lines were made from proved of the same card-cache file's records.
        claim: (stamp, base) => {
          const prior = sealedKept(stamp);
          const checked = prior && sameNumbers(prior.patch.base, base) ? prior.patch.checked : undefined;
          return checked && { base, ...checked };
        },
        use: (c) => patchedLines(memoryDir, c, key, pinnedHere, sealedKept(c.stamp)),
      },
    );
  if (trusted && "json" in trusted) return trusted;
  // Kept with what carries them forward to a later cache: the view's edits, the pins and each entry's place.
  const kept = (lines: OverviewLines, made: { view: ViewLines; first: number[]; gone: number[]; pins: Pins }): OverviewLines =>
    key && trusted ? { ...lines, keep: () => keepLines(memoryDir, trusted.stamp, trusted.records, key, lines, carry(lines, made, trusted.source)) } : lines;
  if (trusted?.pins) {
    const lines = decodeLines(trusted.view, trusted.view.indexOf(10), trusted.pins.entries);
    const made = lines && { view: lines, first: pinnedEntries(trusted.pins, pinnedHere), gone: retiredEntries(trusted.pins, today), pins: trusted.pins };
    if (made) return kept(pinnedFirst(made.view, made.first, made.gone), made);
  }
  const read = trusted?.always
    ? { view: trusted.view, always: trusted.always.filter((c) => !hold?.held(c.file)), mayRetire: trusted.mayRetire.filter((c) => !hold?.held(c.file)) }
    : await fromCatalog(memoryDir, freshness);
  // No view (MEMORY.md went away since), or one that does not decode: made from the file now, not kept.
  const cached = read.view && decodeView(read.view);
  const view = cached ?? decodeView(buildOverviewView(readRegularUtf8(index)))!;
  const pins = pinsOf(view.count, view.card, read.always, read.mayRetire);
  if (trusted?.stamp && cached && !hold) writePins(memoryDir, trusted.stamp, pins);
  const retired = retiredEntries(pins, today);
  if (!hold) {
    const first = pinnedEntries(pins, pinnedHere);
    const lines = pinnedFirst(view, first, retired);
    // Kept only when made from the trusted file's own view: lines made from MEMORY.md now describe no cache file.
    return cached && trusted?.always ? kept(lines, { view, first, gone: retired, pins }) : lines;
  }
  // Each entry's line is [end(i - 1), end(i)) in view.lines. Runs of kept lines are copied whole.
  const pinned = new Set(pins.cards.filter((c) => pinnedHere(c.scope)).map((c) => c.file));
  const gone = new Set(retired);
  const first: Buffer[] = [];
  const rest: Buffer[] = [];
  let count = 0;
  let left = 0;
  let bytes = view.rawEnd(view.count - 1);
  let runStart = 0;
  for (let i = 0; i < view.count; i++) {
    const at = view.end(i - 1);
    const isHeld = hold.held(view.file(i));
    if (!isHeld && gone.has(i)) left++;
    const held = isHeld || gone.has(i);
    const card = pinned.size > 0 ? view.card(i) : null;
    const isPinned = !held && card !== null && pinned.has(card);
    if (held || isPinned) {
      if (at > runStart) rest.push(view.lines.subarray(runStart, at));
      if (isPinned) first.push(view.lines.subarray(at, view.end(i)));
      else bytes -= view.rawEnd(i) - view.rawEnd(i - 1);
      runStart = view.end(i);
    }
    if (!held) count++;
  }
  if (view.lines.length > runStart) rest.push(view.lines.subarray(runStart));
  return { count, left, json: [...first, ...rest], bytes };
}

/** What the trusted card cache gave: lines kept from it, or its view with the pins kept for it, or with its flagged cards' rows. */
type Trusted =
  | KeptLines
  | { view: Buffer; pins: Pins; stamp: CacheStamp; records: number; source: ViewSource; always?: undefined }
  | {
      view: Buffer;
      pins?: undefined;
      always: { file: string; priority?: string; scope?: string[] }[];
      mayRetire: { file: string; status?: string; expires_at?: string }[];
      stamp: CacheStamp;
      records: number;
      source: ViewSource;
    };

/** The card-cache file a view came from, the journaled edits it took and what the read proved of its records. */
type ViewSource = { base: CacheStamp; edits: readonly LineEdit[]; checked: CheckedRecords };

/** What carries kept lines forward (overview-patch.ts): the pinned lines' length and each entry's place after them. */
function carry(lines: OverviewLines, made: { view: ViewLines; first: number[]; gone: number[]; pins: Pins }, source: ViewSource): KeptPatch {
  const table = restTable(made.view, made.first, made.gone);
  const total = lines.json.reduce((s, b) => s + b.length, 0);
  // The last entry's escaped end: the second column's last word.
  const rest = table.length === 0 ? 0 : table[(table.length / 3) * 2 - 1]!;
  return {
    base: source.base,
    edits: source.edits,
    pins: pinsKey(made.pins),
    head: total - rest,
    table,
    checked: { racyFrom: source.checked.racyFrom, changed: source.checked.changed },
  };
}

/**
 * Every entry's line (nothing held) but those at `gone` (no longer true): those at `first` first, then runs of
 * the rest in index order. Both lists ascending; an entry in both is gone.
 */
function pinnedFirst(view: ViewLines, first: readonly number[], gone: readonly number[]): OverviewLines {
  const head: Buffer[] = [];
  const rest: Buffer[] = [];
  let runStart = 0;
  let count = view.count;
  let bytes = view.rawEnd(view.count - 1);
  // The two lists walked together: each entry in either cuts the run of lines copied whole.
  for (let p = 0, g = 0; p < first.length || g < gone.length; ) {
    const i = g < gone.length && (p >= first.length || gone[g]! <= first[p]!) ? gone[g]! : first[p]!;
    const isGone = g < gone.length && gone[g] === i;
    while (p < first.length && first[p] === i) p++;
    while (g < gone.length && gone[g] === i) g++;
    const at = view.end(i - 1);
    if (at > runStart) rest.push(view.lines.subarray(runStart, at));
    if (isGone) {
      count--;
      bytes -= view.rawEnd(i) - view.rawEnd(i - 1);
    } else head.push(view.lines.subarray(at, view.end(i)));
    runStart = view.end(i);
  }
  if (view.lines.length > runStart) rest.push(view.lines.subarray(runStart));
  // The pinned lines as one piece (a thousand lines at 100,000 cards are otherwise as many writes).
  return { count, left: view.count - count, json: head.length > 1 ? [Buffer.concat(head), ...rest] : [...head, ...rest], bytes };
}

/** The view and the readable `priority: always` cards through the catalog, which checks every card it must and rewrites the cache. */
async function fromCatalog(
  memoryDir: string,
  freshness: Freshness | undefined,
): Promise<{ view?: Buffer; always: { file: string; priority?: string; scope?: string[] }[]; mayRetire: { file: string; status?: string; expires_at?: string }[] }> {
  // A merged cache's view spliced through the kept one (overview-spliced.ts), as a trusted start does.
  const viewEdit = (previous: Buffer, edits: readonly LineEdit[], base?: CacheStamp) =>
    base ? splicedView(memoryDir, { bytes: () => previous, edits, base }) : editOverviewView(previous, edits);
  const catalog = await readCardCatalog(memoryDir, { view: buildOverviewView, viewEdit, ...(freshness ? { freshness } : {}) });
  return { ...(catalog.view ? { view: catalog.view } : {}), always: catalog.always().filter(isReadable), mayRetire: catalog.mayRetire().filter(isReadable) };
}

function readable(file: string): boolean {
  try {
    access(file, R_OK);
    return true;
  } catch {
    return false;
  }
}
