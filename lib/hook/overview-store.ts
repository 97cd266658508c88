// What session start's overview needs of a store (issue 32: it read and parsed every card, seconds at 100,000):
// MEMORY.md's lines, and of each card only what picks the pinned lines (priority, scope) and what a compact's
// watermark compares (name, type, the SHA-256 of its bytes). Those come from the card cache, which reads only
// the cards that changed since it was written; no card is opened for a store whose cards held still.
import { readCardCatalog } from "../store/card-cache.js";
import type { Freshness } from "../store/full-check.js";
import { isReadable } from "../store/card-cache-format.js";
import { readHold } from "../store/arrivals.js";
import { access, R_OK, readRegularUtf8, statIfExists } from "../store/checked-fs.js";
import { INDEX_FILE, joinPath } from "../store/paths.js";
import { readIndexOnly } from "../store/read.js";
import { indexLines, parseIndexLine } from "../core/index-file.js";
import { renderEntryLine } from "../core/block.js";
import { isEpisodesArtifact, isShardFile, normaliseTarget, viewStore, type CardEntry } from "../records/store-view.js";
import type { StoreLike } from "../compact/assemble.js";

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
 * line as written]), then each entry's rendered line. Shard links are left out, as viewStore leaves them; held
 * lines are left out when read, as a hold can change while MEMORY.md does not. With `previous` (the view of an
 * earlier MEMORY.md), a line written as before takes its entry from there: a line's entry is a function of the
 * line alone, so after a save only the lines it changed are parsed and rendered.
 */
export function buildOverviewView(indexText: string, previous?: Buffer): Buffer {
  const known = previous && knownLines(previous);
  const names: unknown[] = [];
  const lines: string[] = [];
  const add = (file: string, card: string | null, raw: string, line: string) => {
    names.push(raw !== line ? [file, card, raw] : card === file ? card : [file, card]);
    lines.push(line);
  };
  indexLines(indexText, (raw, n) => {
    const seen = known?.get(raw);
    if (seen) {
      add(seen[0], seen[1], raw, seen[2]);
      return;
    }
    const parsed = parseIndexLine(raw, n);
    if (parsed === undefined || "reason" in parsed) return;
    const card = normaliseTarget(parsed.file);
    if (card !== null && isShardFile(card)) return;
    add(parsed.file, card, raw, renderEntryLine(parsed));
  });
  return Buffer.from(`${JSON.stringify(names)}\n${lines.map((l) => `${l}\n`).join("")}`, "utf8");
}

/** Each line of an earlier view as written, with its link, card and rendered line. */
function knownLines(bytes: Buffer): Map<string, [string, string | null, string]> | undefined {
  const view = decodeView(bytes);
  if (!view) return undefined;
  const rendered = view.lines.toString("utf8").split("\n");
  const known = new Map<string, [string, string | null, string]>();
  view.names.forEach(([file, card, raw], i) => {
    known.set(raw ?? rendered[i]!, [file, card, rendered[i]!]);
  });
  return known;
}

/** The overview's lines: the pinned ones (in index order) first, then the rest in index order, each ending "\n". */
export interface OverviewLines {
  /** Index entries shown (held lines left out). */
  count: number;
  /** The lines, each with its newline. */
  text: string;
  /** utf8Bytes(text). */
  bytes: number;
}

/**
 * The overview's lines through the card cache's view. `pinnedHere(scope)` decides a `priority: always` card's
 * place. Only the pinned cards' strings are parsed; an unchanged MEMORY.md is neither parsed nor rendered. A store
 * whose MEMORY.md is missing or not a readable file throws what a read of the index throws (ENOENT: no store).
 */
export async function readOverviewLines(memoryDir: string, pinnedHere: (scope: readonly string[] | undefined) => boolean, freshness?: Freshness): Promise<OverviewLines> {
  const index = joinPath(memoryDir, INDEX_FILE);
  if (!statIfExists(index)?.isFile() || !readable(index)) overviewEntries(memoryDir);
  const catalog = await readCardCatalog(memoryDir, { view: buildOverviewView, ...(freshness ? { freshness } : {}) });
  // No view (MEMORY.md went away since), or one that does not decode: made from the file now, not kept.
  const view = (catalog.view && decodeView(catalog.view)) ?? decodeView(buildOverviewView(readRegularUtf8(index)))!;
  const pinned = new Set<string>();
  for (const r of catalog.always()) if (isReadable(r) && !isShardFile(r.file) && !isEpisodesArtifact(r.file) && r.priority === "always" && pinnedHere(r.scope)) pinned.add(r.file);
  const hold = readHold(memoryDir);
  // Each entry's line: [start, end) in view.lines, its newline included. Runs of kept lines are copied whole.
  const first: Buffer[] = [];
  const rest: Buffer[] = [];
  let count = 0;
  let runStart = 0;
  let at = 0;
  for (const [file, card] of view.names) {
    const end = view.lines.indexOf(10, at) + 1;
    const held = hold?.held(file) ?? false;
    const isPinned = !held && card !== null && pinned.has(card);
    if (held || isPinned) {
      if (at > runStart) rest.push(view.lines.subarray(runStart, at));
      if (isPinned) first.push(view.lines.subarray(at, end));
      runStart = end;
    }
    if (!held) count++;
    at = end;
  }
  if (at > runStart) rest.push(view.lines.subarray(runStart, at));
  const bytes = Buffer.concat([...first, ...rest]);
  return { count, text: bytes.toString("utf8"), bytes: bytes.length };
}

function readable(file: string): boolean {
  try {
    access(file, R_OK);
    return true;
  } catch {
    return false;
  }
}

/** The view's entries (link, card, the line as written when it is not its rendered line) and lines; undefined when the bytes are not what buildOverviewView writes. */
function decodeView(bytes: Buffer): { names: [string, string | null, string?][]; lines: Buffer } | undefined {
  const nl = bytes.indexOf(10);
  if (nl < 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8", 0, nl));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const names: [string, string | null, string?][] = new Array(parsed.length);
  for (let i = 0; i < parsed.length; i++) {
    const n: unknown = parsed[i];
    if (typeof n === "string") names[i] = [n, n];
    else if (Array.isArray(n) && (n.length === 2 || (n.length === 3 && typeof n[2] === "string")) && typeof n[0] === "string" && (n[1] === null || typeof n[1] === "string"))
      names[i] = n.length === 3 ? [n[0], n[1], n[2]] : [n[0], n[1]];
    else return undefined;
  }
  const lines = bytes.subarray(nl + 1);
  let newlines = 0;
  for (let at = lines.indexOf(10); at >= 0; at = lines.indexOf(10, at + 1)) newlines++;
  return newlines === names.length && (lines.length === 0 || lines[lines.length - 1] === 10) ? { names, lines } : undefined;
}
