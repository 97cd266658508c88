// Files made from one card-cache file and valid only beside it (.memctl/<name>): `list --json`'s rendered rows,
// session start's pins (lib/hook/overview-pins.ts) and printed lines (lib/hook/overview-kept.ts).
// Each starts with a JSON line naming the card-cache file it was made from by its stamp (mtime, size, ctime,
// inode; every write of the cache is a rename, so a new inode) and the caller's facts about it; the rest is the
// payload. A reader that has proven that very cache fresh (card-cache-trusted.ts) may print the payload instead of
// decoding the cache; any other stamp, a link, a damaged head line or a missing file reads as none. Derived
// state: written through the one atomic writer, best effort, never creating .memctl/.
import { close, lstatIfExists, openRegular, readFullyAt } from "./checked-fs.js";
import { cacheStamp, type CacheStamp } from "./full-check.js";
import { CARD_CACHE } from "./card-words.js";
import { sameNumbers } from "./index-links.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { replaceFile } from "./safe-write.js";

/**
 * The most a file derived from a card-cache file of `size` bytes may hold: its payloads (list rows, printed lines,
 * the view after a delta's edits) are renderings of that file's contents (at 100,000 cards: 38 MB of list rows,
 * 19 MB of lines, from a 64 MB cache), so eight times its size and a MiB is past anything a real store writes.
 */
export function derivedCap(size: number): number {
  return 8 * size + (1 << 20);
}

/**
 * The bytes the cache stamped `cache` renders from: that file's, and when it is a delta's stamp (card-delta.ts: with
 * a delta in force the merged cache's identity is the small delta file) the card-cache file's beneath it too.
 */
function sourceSize(memoryDir: string, cache: CacheStamp): number {
  const base = lstatIfExists(joinPath(memoryDir, STATE_DIR, CARD_CACHE));
  return base?.isFile() && !sameNumbers(cacheStamp(base), cache) ? cache[1] + base.size : cache[1];
}

/** The payload and the facts written with it, when `name` was made from the card-cache file stamped `cache`. */
export function readDerived(memoryDir: string, name: string, cache: CacheStamp): { facts: Record<string, unknown>; payload: Buffer } | undefined {
  return readStamped(memoryDir, name, cache, true);
}

/**
 * `name` whichever card-cache file it was made from, with that file's stamp, capped as one made from `current`
 * (the cache in force): what a caller patches forward to the cache in force (session start's kept lines).
 */
export function readDerivedAny(memoryDir: string, name: string, current: CacheStamp): { cache: CacheStamp; facts: Record<string, unknown>; payload: Buffer } | undefined {
  return readStamped(memoryDir, name, current, false);
}

function readStamped(memoryDir: string, name: string, cache: CacheStamp, exact: boolean): { cache: CacheStamp; facts: Record<string, unknown>; payload: Buffer } | undefined {
  let fd: number | undefined;
  try {
    const opened = openRegular(joinPath(memoryDir, STATE_DIR, name), { nofollow: true });
    fd = opened.fd;
    const size = opened.stat.size;
    // A planted file is refused before it is read whole (a sparse 1.5 GB one took 3 s to read, 17 s to check):
    // by its size first, then by the stamp, which writeDerived always writes first, byte for byte as here.
    if (size > derivedCap(sourceSize(memoryDir, cache))) return undefined;
    const stamp = Buffer.from(`${JSON.stringify({ cache }).slice(0, -1)},`, "utf8");
    if (exact && (size <= stamp.length || !readFullyAt(fd, 0, stamp.length).equals(stamp))) return undefined;
    // A fresh buffer (offset 0), so the padded head leaves the payload on a word (writeDerived).
    const bytes = new Uint8Array(size);
    const buf = readFullyAt(fd, 0, size, Buffer.from(bytes.buffer, 0, size));
    const nl = buf.indexOf(10);
    if (nl < 0) return undefined;
    const head = JSON.parse(buf.toString("utf8", 0, nl)) as { cache?: unknown; facts?: unknown };
    if (!Array.isArray(head.cache) || head.cache.length !== 4 || !head.cache.every((v, i) => (exact ? v === cache[i] : typeof v === "number"))) return undefined;
    if (typeof head.facts !== "object" || head.facts === null || Array.isArray(head.facts)) return undefined;
    return { cache: head.cache as CacheStamp, facts: head.facts as Record<string, unknown>, payload: buf.subarray(nl + 1) };
  } catch {
    return undefined; // missing, a link, not a regular file, cut short while read, or not ours
  } finally {
    if (fd !== undefined) close(fd);
  }
}

/** Writes `name` for the card-cache file stamped `cache` (best effort: a reader without it takes the long way). */
export function writeDerived(memoryDir: string, name: string, cache: CacheStamp, facts: Record<string, unknown>, payload: readonly Uint8Array[]): void {
  try {
    const state = joinPath(memoryDir, STATE_DIR);
    if (!lstatIfExists(state)?.isDirectory()) return; // never through a link, never made here
    const file = joinPath(state, name);
    // The head line padded to a multiple of 8 bytes: the payload then starts on a word of the buffer a reader
    // reads the file into, so it can be checked a word at a time in place (sanitize.ts terminalSafeJsonBytes).
    const head = JSON.stringify({ cache, facts });
    const line = `${head}${" ".repeat((8 - ((Buffer.byteLength(head) + 1) % 8)) % 8)}\n`;
    // The pieces written one after another: session start's kept lines are 19 MB at 100,000 cards, never joined.
    replaceFile(file, [Buffer.from(line, "utf8"), ...payload], `${file}.${process.pid}.tmp`);
  } catch {
    // not writable, or the store is going away
  }
}
