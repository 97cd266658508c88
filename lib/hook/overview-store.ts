// What session start's overview needs of a store (issue 32: it read and parsed every card, seconds at 100,000):
// MEMORY.md's lines, and of each card only what picks the pinned lines (priority, scope) and what a compact's
// watermark compares (name, type, the SHA-256 of its bytes). Those come from the card cache, which reads only
// the cards that changed since it was written; no card is opened for a store whose cards held still.
import { readCardCatalog } from "../store/card-cache.js";
import type { Freshness } from "../store/full-check.js";
import { isReadable, LITTLE_ENDIAN } from "../store/card-cache-format.js";
import { withTrustedCardCache } from "../store/card-cache-trusted.js";
import { pinnedEntries, pinsOf, readPins, writePins } from "./overview-pins.js";
import { readHold } from "../store/arrivals.js";
import { access, R_OK, readRegularUtf8, statIfExists } from "../store/checked-fs.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { readIndexOnly } from "../store/read.js";
import { indexLines, parseIndexLine } from "../core/index-file.js";
import { renderEntryLine } from "../core/block.js";
import { isEpisodesArtifact, isShardFile, normaliseTarget, viewStore, type CardEntry } from "../records/store-view.js";
import type { StoreLike } from "../compact/assemble.js";
import { escapeJsonBytes, safeJsonLines, unescapeJsonBytes, type JsonRuns } from "../core/pieced-text.js";

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
  for (const r of catalog.cards) {
    if (r.readError !== undefined || r.sha256 === undefined || isShardFile(r.file) || isEpisodesArtifact(r.file)) continue;
    pins.set(r.file, { priority: r.priority, scope: r.scope });
    // record.type is cardType(file, meta): the file's prefix, else metadata.type, which is what the watermark takes.
    cards.set(r.file, { card: { meta: { name: r.name, metadata: { type: r.type } } } });
    digests.set(r.file, r.sha256);
  }
  return { dir: memoryDir, entries, pins, cards, digests };
}

/**
 * The overview's index view, kept in the card cache while MEMORY.md's stamp holds (issue 32: parsing and
 * rendering 100,000 index lines was most of a warm session start): a JSON line naming each entry's card (a
 * string when the link is the card's path and the line renders as written, else [link, card] or [link, card,
 * line as written]); then per entry three little-endian uint32, where its line ends in the escaped lines and in
 * the text, and its line in MEMORY.md (what a journaled line edit names: editOverviewView); then each entry's
 * rendered line and newline, escaped as JSON string content (pieced-text.ts), the
 * form Claude Code's and Codex's JSON print, so a start copies them. Shard links are left out, as viewStore
 * leaves them; held lines are left out when read, as a hold can change while MEMORY.md does not. With `previous`
 * (the view of an earlier MEMORY.md), a line written as before takes its entry from there: a line's entry is a
 * function of the line alone, so after a save only the lines it changed are parsed and rendered.
 */
export function buildOverviewView(indexText: string, previous?: Buffer): Buffer {
  const known = previous && knownLines(previous);
  const names: unknown[] = [];
  const lines: Uint8Array[] = [];
  const escapedLengths: number[] = [];
  const rawLengths: number[] = [];
  const lineNumbers: number[] = [];
  indexLines(indexText, (raw, n) => {
    const entry = known?.get(raw) ?? entryOf(raw, n);
    if (!entry) return;
    names.push(nameOf(raw, entry));
    lines.push(entry.escaped);
    escapedLengths.push(entry.escaped.length);
    rawLengths.push(entry.rawBytes);
    lineNumbers.push(n);
  });
  return encodeView(names, lines, escapedLengths, rawLengths, lineNumbers);
}

/** An index line's entry in the view, or undefined for a line the view leaves out (not an entry, a shard link). */
function entryOf(raw: string, n: number): KnownLine | undefined {
  const parsed = parseIndexLine(raw, n);
  if (parsed === undefined || "reason" in parsed) return undefined;
  const card = normaliseTarget(parsed.file);
  if (card !== null && isShardFile(card)) return undefined;
  const line = renderEntryLine(parsed);
  const utf8 = Buffer.from(`${line}\n`, "utf8");
  return { file: parsed.file, card, line, escaped: escapeJsonBytes(utf8), rawBytes: utf8.length };
}

const nameOf = (raw: string, e: KnownLine): unknown => (raw !== e.line ? [e.file, e.card, raw] : e.card === e.file ? e.card : [e.file, e.card]);

function encodeView(names: unknown[], lines: Uint8Array[], escapedLengths: readonly number[], rawLengths: readonly number[], lineNumbers: ArrayLike<number>): Buffer {
  const table = new Uint32Array(names.length * 3);
  for (let i = 0, escapedEnd = 0, rawEnd = 0; i < names.length; i++) {
    escapedEnd += escapedLengths[i]!;
    rawEnd += rawLengths[i]!;
    table[3 * i] = escapedEnd;
    table[3 * i + 1] = rawEnd;
    table[3 * i + 2] = lineNumbers[i]!;
  }
  const bytes = Buffer.from(table.buffer);
  if (!LITTLE_ENDIAN) bytes.swap32();
  return Buffer.concat([Buffer.from(`${JSON.stringify(names)}\n`, "utf8"), bytes, ...lines]);
}

/**
 * The view after journaled edits of MEMORY.md's lines (lib/store/index-links.ts: each [line, removed, inserted],
 * 1-based, in order), made from the view before them: the entries of removed lines go, later ones move, inserted
 * lines are parsed and rendered; the other lines are copied as bytes. Equal to buildOverviewView of the edited text
 * (the journal records no edit of an index holding a fence mark, so no line's place in a fence moves). Undefined
 * when `previous` does not decode.
 */
export function editOverviewView(previous: Buffer, edits: readonly (readonly [number, number, readonly string[]])[]): Buffer | undefined {
  let bytes = previous;
  for (const [at, removed, inserted] of edits) {
    const view = decodeView(bytes);
    if (!view) return undefined;
    const first = firstAtOrAfter(view, at);
    const end = firstAtOrAfter(view, at + removed);
    const added = inserted.flatMap((raw, k) => {
      const entry = entryOf(raw, at + k);
      return entry ? [{ raw, entry, n: at + k }] : [];
    });
    const names: unknown[] = [];
    const escapedLengths: number[] = [];
    const rawLengths: number[] = [];
    const lineNumbers: number[] = [];
    const keep = (i: number, shift: number) => {
      names.push(view.name(i));
      escapedLengths.push(view.end(i) - view.end(i - 1));
      rawLengths.push(view.rawEnd(i) - view.rawEnd(i - 1));
      lineNumbers.push(view.line(i) + shift);
    };
    for (let i = 0; i < first; i++) keep(i, 0);
    for (const { raw, entry, n } of added) {
      names.push(nameOf(raw, entry));
      escapedLengths.push(entry.escaped.length);
      rawLengths.push(entry.rawBytes);
      lineNumbers.push(n);
    }
    for (let i = end; i < view.count; i++) keep(i, inserted.length - removed);
    const pieces = [view.lines.subarray(0, view.end(first - 1)), ...added.map((a) => a.entry.escaped), view.lines.subarray(view.end(end - 1))];
    bytes = encodeView(names, pieces, escapedLengths, rawLengths, lineNumbers);
  }
  return bytes;
}

/** The first entry whose line is `line` or later (entries are in line order). */
function firstAtOrAfter(view: DecodedView, line: number): number {
  let lo = 0;
  let hi = view.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (view.line(mid) < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface KnownLine {
  file: string;
  card: string | null;
  /** The rendered line, its escaped bytes with their newline and its UTF-8 length with it. */
  line: string;
  escaped: Uint8Array;
  rawBytes: number;
}

/** Each line of an earlier view as written, with its link, card and rendered line. */
function knownLines(bytes: Buffer): Map<string, KnownLine> | undefined {
  const view = decodeView(bytes);
  if (!view) return undefined;
  const rendered = unescapeJsonBytes([view.lines]).toString("utf8").split("\n");
  if (rendered.length !== view.count + 1) return undefined;
  const known = new Map<string, KnownLine>();
  for (let i = 0; i < view.count; i++) {
    const line = rendered[i]!;
    const escaped = view.lines.subarray(view.end(i - 1), view.end(i));
    known.set(view.raw(i) ?? line, { file: view.file(i), card: view.card(i), line, escaped, rawBytes: view.rawEnd(i) - view.rawEnd(i - 1) });
  }
  return known;
}

/** The overview's lines: the pinned ones (in index order) first, then the rest in index order, each with its newline. */
export interface OverviewLines extends JsonRuns {
  /** Index entries shown (held lines left out). */
  count: number;
}

/**
 * The overview's lines through the card cache's view, as runs of the view's escaped bytes. `pinnedHere(scope)`
 * decides a `priority: always` card's place. Only the pinned cards' strings are parsed; an unchanged MEMORY.md
 * is neither parsed nor rendered, and its lines are neither decoded nor encoded. A store whose MEMORY.md is
 * missing or not a readable file throws what a read of the index throws (ENOENT: no store).
 */
export async function readOverviewLines(memoryDir: string, pinnedHere: (scope: readonly string[] | undefined) => boolean, freshness?: Freshness): Promise<OverviewLines> {
  const index = joinPath(memoryDir, INDEX_FILE);
  if (!statIfExists(index)?.isFile() || !readable(index)) overviewEntries(memoryDir);
  const hold = readHold(memoryDir);
  // A cache the trust rule proves fresh is read for its view and the pins kept for it, else its pinned rows
  // (card-cache-trusted.ts, overview-pins.ts); a cache it cannot prove fresh is read through the catalog.
  const trusted =
    freshness &&
    withTrustedCardCache(memoryDir, freshness, (c) => {
      const view = c.view();
      const pins = view && !hold ? readPins(memoryDir, c.stamp) : undefined;
      if (view && pins) return { view, pins };
      const always = view && c.always();
      return always && { view: view!, always: always.map((r) => ({ ...r.row, file: r.file })), stamp: c.stamp };
    });
  if (trusted?.pins) {
    const lines = decodeLines(trusted.view, trusted.view.indexOf(10), trusted.pins.entries);
    if (lines) return pinnedFirst(lines, pinnedEntries(trusted.pins, pinnedHere));
  }
  const read = trusted?.always ? { view: trusted.view, always: trusted.always.filter((c) => !hold?.held(c.file)) } : await fromCatalog(memoryDir, freshness);
  // No view (MEMORY.md went away since), or one that does not decode: made from the file now, not kept.
  const cached = read.view && decodeView(read.view);
  const view = cached ?? decodeView(buildOverviewView(readRegularUtf8(index)))!;
  const pins = pinsOf(view.count, view.card, read.always);
  if (trusted?.stamp && cached && !hold) writePins(memoryDir, trusted.stamp, pins);
  if (!hold) return pinnedFirst(view, pinnedEntries(pins, pinnedHere));
  // Each entry's line is [end(i - 1), end(i)) in view.lines. Runs of kept lines are copied whole.
  const pinned = new Set(pins.cards.filter((c) => pinnedHere(c.scope)).map((c) => c.file));
  const first: Buffer[] = [];
  const rest: Buffer[] = [];
  let count = 0;
  let bytes = view.rawEnd(view.count - 1);
  let runStart = 0;
  for (let i = 0; i < view.count; i++) {
    const at = view.end(i - 1);
    const held = hold.held(view.file(i));
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
  return { count, json: [...first, ...rest], bytes };
}

/** Every entry's line (nothing held): those at `first` (ascending) first, then runs of the rest in index order. */
function pinnedFirst(view: ViewLines, first: readonly number[]): OverviewLines {
  const head: Buffer[] = [];
  const rest: Buffer[] = [];
  let runStart = 0;
  for (const i of first) {
    const at = view.end(i - 1);
    if (at > runStart) rest.push(view.lines.subarray(runStart, at));
    head.push(view.lines.subarray(at, view.end(i)));
    runStart = view.end(i);
  }
  if (view.lines.length > runStart) rest.push(view.lines.subarray(runStart));
  // The pinned lines as one piece (a thousand lines at 100,000 cards are otherwise as many writes).
  return { count: view.count, json: head.length > 1 ? [Buffer.concat(head), ...rest] : [...head, ...rest], bytes: view.rawEnd(view.count - 1) };
}

/** The view and the readable `priority: always` cards through the catalog, which checks every card it must and rewrites the cache. */
async function fromCatalog(memoryDir: string, freshness: Freshness | undefined): Promise<{ view?: Buffer; always: { file: string; priority?: string; scope?: string[] }[] }> {
  const catalog = await readCardCatalog(memoryDir, { view: buildOverviewView, viewEdit: editOverviewView, ...(freshness ? { freshness } : {}) });
  return { ...(catalog.view ? { view: catalog.view } : {}), always: catalog.always().filter(isReadable) };
}

function readable(file: string): boolean {
  try {
    access(file, R_OK);
    return true;
  } catch {
    return false;
  }
}

/** The view's lines and where each entry's line ends. */
interface ViewLines {
  count: number;
  /** The escaped lines. */
  lines: Buffer;
  /** Where entry i's line ends in `lines`, and in the text (0 for i = -1). */
  end(i: number): number;
  rawEnd(i: number): number;
  /** Entry i's line in MEMORY.md. */
  line(i: number): number;
}

interface DecodedView extends ViewLines {
  /** Entries: each one's link, card, and the line as written when it is not its rendered line. */
  file(i: number): string;
  card(i: number): string | null;
  raw(i: number): string | undefined;
  /** Entry i's name as the names line has it. */
  name(i: number): unknown;
}

/**
 * The view, or undefined when the bytes are not what buildOverviewView writes. The lines are printed inside the
 * host's JSON string as they are, so they are checked to keep it one string (safeJsonLines); what they say is
 * the cache's, as every field it keeps. The entries are read where they were parsed: no object made per entry.
 */
function decodeView(bytes: Buffer): DecodedView | undefined {
  const nl = bytes.indexOf(10);
  if (nl < 0) return undefined;
  let names: unknown;
  try {
    names = JSON.parse(bytes.toString("utf8", 0, nl));
  } catch {
    return undefined;
  }
  if (!Array.isArray(names)) return undefined;
  for (const n of names as unknown[]) {
    if (typeof n === "string") continue;
    if (!Array.isArray(n) || !(n.length === 2 || (n.length === 3 && typeof n[2] === "string")) || typeof n[0] !== "string" || !(n[1] === null || typeof n[1] === "string"))
      return undefined;
  }
  const lines = decodeLines(bytes, nl, names.length);
  if (!lines) return undefined;
  const entry = (i: number) => names[i] as string | [string, string | null, string?];
  return {
    ...lines,
    file: (i) => (typeof entry(i) === "string" ? (entry(i) as string) : entry(i)[0]),
    card: (i) => (typeof entry(i) === "string" ? (entry(i) as string) : entry(i)[1]),
    raw: (i) => (typeof entry(i) === "string" ? undefined : entry(i)[2]),
    name: entry,
  };
}

/**
 * The view's lines of `count` entries, whose names end at `nl`, or undefined when the table and lines are not
 * what buildOverviewView writes, or would not keep the host's JSON string one string.
 */
function decodeLines(bytes: Buffer, nl: number, count: number): ViewLines | undefined {
  const tableAt = nl + 1;
  const linesAt = tableAt + count * 12;
  if (nl < 0 || linesAt > bytes.length) return undefined;
  const lines = bytes.subarray(linesAt);
  // The table copied once into aligned memory and read as 32-bit words (300,000 readUInt32LE calls cost more).
  const table = new Uint32Array(count * 3);
  bytes.copy(Buffer.from(table.buffer), 0, tableAt, linesAt);
  if (!LITTLE_ENDIAN) Buffer.from(table.buffer).swap32();
  const ends = new Uint32Array(count);
  const rawEnds = new Uint32Array(count);
  const lineNumbers = new Uint32Array(count);
  for (let i = 0, raw = 0; i < count; i++) {
    ends[i] = table[3 * i]!;
    rawEnds[i] = table[3 * i + 1]!;
    lineNumbers[i] = table[3 * i + 2]!;
    // A line's text is shorter than its escaped form by at least the escaped newline's one byte; lines go up.
    if (rawEnds[i]! <= raw || rawEnds[i]! - raw > ends[i]! - (i === 0 ? 0 : ends[i - 1]!) - 1) return undefined;
    if (lineNumbers[i]! <= (i === 0 ? 0 : lineNumbers[i - 1]!)) return undefined;
    raw = rawEnds[i]!;
  }
  // The lines are exactly the entries' (a count that is not the view's leaves bytes over or runs short).
  if ((count === 0 ? 0 : ends[count - 1]!) !== lines.length) return undefined;
  if (!safeJsonLines(lines, ends)) return undefined;
  return { count, lines, end: (i) => (i < 0 ? 0 : ends[i]!), rawEnd: (i) => (i < 0 ? 0 : rawEnds[i]!), line: (i) => lineNumbers[i]! };
}
