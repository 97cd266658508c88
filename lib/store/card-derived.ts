// Files made from one card-cache file and valid only beside it (.memctl/<name>): `list --json`'s rendered rows,
// session start's pins (lib/hook/overview-pins.ts) and printed lines (lib/hook/overview-kept.ts).
// Each starts with a JSON line naming the card-cache file it was made from by its stamp (mtime, size, ctime,
// inode; every write of the cache is a rename, so a new inode) and the caller's facts about it; the rest is the
// payload. A reader that has proven that very cache fresh (card-cache-trusted.ts) may print the payload instead of
// decoding the cache; any other stamp, a link, a damaged head line or a missing file reads as none. Derived
// state: written through the one atomic writer, best effort, never creating .memctl/.
import { lstatIfExists, readRegular } from "./checked-fs.js";
import type { CacheStamp } from "./full-check.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { replaceFile } from "./safe-write.js";

/** The payload and the facts written with it, when `name` was made from the card-cache file stamped `cache`. */
export function readDerived(memoryDir: string, name: string, cache: CacheStamp): { facts: Record<string, unknown>; payload: Buffer } | undefined {
  try {
    const { bytes } = readRegular(joinPath(memoryDir, STATE_DIR, name), Number.MAX_SAFE_INTEGER, { nofollow: true });
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const nl = buf.indexOf(10);
    if (nl < 0) return undefined;
    const head = JSON.parse(buf.toString("utf8", 0, nl)) as { cache?: unknown; facts?: unknown };
    if (!Array.isArray(head.cache) || head.cache.length !== 4 || !head.cache.every((v, i) => v === cache[i])) return undefined;
    if (typeof head.facts !== "object" || head.facts === null || Array.isArray(head.facts)) return undefined;
    return { facts: head.facts as Record<string, unknown>, payload: buf.subarray(nl + 1) };
  } catch {
    return undefined; // missing, a link, not a regular file, or not ours
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
