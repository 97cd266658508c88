// The MEMORY.md line a removed card had (`- [Feature flags](project_feature_flags.md)`): the index line goes with
// `rm` (and the expiry sweep, and a memory-tool delete), but a restore or a save that revives the card should bring
// back the title the owner chose, not fall back to the file's name, and put the line back where it stood (its
// neighbours: lib/core/index-place.ts), not at the end. Kept per machine in .memctl/removed-titles.json (like the
// trash, never synced); read as untrusted (a title is one line of text, capped; a neighbour is only looked for in
// MEMORY.md, never opened) and never required: a missing or damaged file only means the card's name is used and
// the line is appended, as before.
import path from "node:path";
import { findIndexLine } from "../core/index-find.js";
import { indexPlaceOf, type IndexPlace } from "../core/index-place.js";
import { readRegularBytes } from "../store/checked-fs.js";
import { STATE_DIR } from "../store/paths.js";
import { realDir } from "../store/safe-write.js";
import { commitFile } from "../store/write.js";

export const REMOVED_TITLES_FILE = "removed-titles.json";
/** Lines kept; the oldest go first past this. */
const MAX_TITLES = 2000;
const TITLE_MAX = 300;
const READ_CAP = 1024 * 1024;

/** What is kept of a removed card's line. On disk: the title alone as a string (as before places were kept), else an object. */
export interface RemovedLine {
  title?: string;
  place?: IndexPlace;
}

type Stored = string | { title?: string; after?: string; before?: string };

function read(memoryDir: string): Record<string, Stored> {
  try {
    const raw: unknown = JSON.parse(Buffer.from(readRegularBytes(path.join(memoryDir, STATE_DIR, REMOVED_TITLES_FILE), READ_CAP, { nofollow: true })).toString("utf8"));
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
    const out: Record<string, Stored> = {};
    for (const [file, value] of Object.entries(raw as Record<string, unknown>)) {
      const line = parse(value);
      if (line) out[file] = stored(line);
    }
    return out;
  } catch {
    return {};
  }
}

function parse(value: unknown): RemovedLine | undefined {
  if (isTitle(value)) return { title: value };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const place: IndexPlace = { ...(isCardName(v.after) ? { after: v.after } : {}), ...(isCardName(v.before) ? { before: v.before } : {}) };
  const line: RemovedLine = { ...(isTitle(v.title) ? { title: v.title } : {}), ...(place.after || place.before ? { place } : {}) };
  return line.title || line.place ? line : undefined;
}

function stored(line: RemovedLine): Stored {
  return line.place ? { ...(line.title ? { title: line.title } : {}), ...line.place } : line.title!;
}

function isTitle(title: unknown): title is string {
  return typeof title === "string" && title.trim() !== "" && title.length <= TITLE_MAX && !/[\u0000-\u001f\u007f]/.test(title);
}

function isCardName(file: unknown): file is string {
  return isTitle(file) && /\.md$/i.test(file);
}

/** The title and place `file`'s index line had when it was removed, as far as they were kept. */
export function removedLine(memoryDir: string, file: string): RemovedLine {
  const lines = read(memoryDir);
  return Object.hasOwn(lines, file) ? parse(lines[file])! : {};
}

/**
 * What to keep of `file`'s line in `index` (MEMORY.md's bytes, read before the line is removed). A title the revival
 * would get anyway (`fallback`: the card's name) is not kept.
 */
export function removedLineOf(index: Buffer | undefined, file: string, fallback: string | undefined): RemovedLine {
  const title = index ? findIndexLine(index, file)?.entry.title : undefined;
  const place = index ? indexPlaceOf(index, file) : undefined;
  return { ...(isTitle(title) && title !== fallback ? { title } : {}), ...(place ? { place } : {}) };
}

/**
 * Keeps `line` for `file` once its removal is committed (the caller holds the store lock): after, so an rm's
 * footprint before its commit point is what it was; with neither title nor place, nothing is kept and an older
 * entry goes (a sweep of many cards named as their titles, with no neighbours, writes nothing). Best effort: the
 * card is removed by then, and a line that could not be kept (a full disk) only means a revival appends it under
 * the card's name, as before titles and places were kept.
 */
export async function keepRemovedLine(memoryDir: string, file: string, keep: RemovedLine): Promise<void> {
  try {
    const lines = read(memoryDir);
    if (!keep.title && !keep.place && !Object.hasOwn(lines, file)) return;
    delete lines[file]; // re-added last: the newest are kept
    if (keep.title || keep.place) lines[file] = stored(keep);
    const entries = Object.entries(lines).slice(-MAX_TITLES);
    // Not fsynced (durable: false): an expire sweep writes it once a card, and a crash may lose only a nicety.
    await commitFile(path.join(realDir(memoryDir, STATE_DIR), REMOVED_TITLES_FILE), JSON.stringify(Object.fromEntries(entries)) + "\n", { durable: false });
  } catch {
    // see above: never required
  }
}
