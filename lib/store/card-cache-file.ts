// The card-cache file as its positional readers open it (the keeper's check, card-cache-check.ts; its settle,
// card-cache-settle.ts; the trusted reader, card-cache-trusted.ts): never through a link, a regular file only, its
// top (head line and section offsets) decoded from its first bytes, closed after use. Nothing here reaches the full
// decoder, so session start's bundle gains nothing by it.
import { decodeCacheTop, type CacheTop } from "./card-cache-format.js";
import { close, openRegular, readFullyAt, type FileStat } from "./checked-fs.js";
import { CARD_CACHE } from "./card-words.js";
import { joinPath, STATE_DIR } from "./paths.js";

/** The head line is read in pieces of this size, doubled until it ends (its links to no card can be long). */
const FIRST_READ = 64 * 1024;

export interface CacheFile {
  top: CacheTop;
  stat: FileStat;
  /** `length` bytes at `position` (into `buf` when given); throws when the file ends first. */
  read(position: number, length: number, buf?: Buffer): Buffer;
}

/**
 * `use(file)` with the card-cache file at `dir` open and its top decoded, its head line read up to `topMax` bytes
 * (undefined: to its end); undefined when there is no such file, it does not decode, or `use` throws (a short read
 * included).
 */
export function withCacheFile<T>(dir: string, topMax: number | undefined, use: (file: CacheFile) => T | undefined): T | undefined {
  let opened: ReturnType<typeof openRegular>;
  try {
    opened = openRegular(joinPath(dir, STATE_DIR, CARD_CACHE), { nofollow: true });
  } catch {
    return undefined;
  }
  const { fd, stat } = opened;
  const read = (position: number, length: number, buf?: Buffer): Buffer => readFullyAt(fd, position, length, buf);
  try {
    const most = Math.min(stat.size, topMax ?? stat.size);
    let bytes = read(0, Math.min(most, FIRST_READ));
    while (!headEnds(bytes) && bytes.length < most) bytes = read(0, Math.min(most, bytes.length * 2));
    const top = decodeCacheTop(bytes, stat.size);
    return top && use({ top, stat, read });
  } catch {
    return undefined;
  } finally {
    close(fd);
  }
}

/** Whether `bytes` holds the version line and the head line, both ended. */
function headEnds(bytes: Buffer): boolean {
  const first = bytes.indexOf(10);
  return first >= 0 && bytes.indexOf(10, first + 1) >= 0;
}
