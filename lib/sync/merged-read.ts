import { systemCode } from "../core/errors.js";
import { DEFAULT_READ_CAP, readRegularBuffer, refusedRead } from "../store/checked-fs.js";

// The one way sync reads a path a merge names: a teammate pushes links, and git checks them out as links, so a
// plain read of a card pushed as a link to a FIFO (or /dev/zero) on this machine hung a sync here, or grew it
// without end. Through the checked reader: no link followed, no FIFO or device opened, at most `cap` bytes.

/** The file's bytes; null when it is absent; undefined when it is there but no file memctl reads (a link, FIFO, device, directory, over `cap`). */
export function readMerged(file: string, cap = DEFAULT_READ_CAP): Buffer | null | undefined {
  try {
    return readRegularBuffer(file, cap, { nofollow: true });
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    if (refusedRead(err) || code === "EISDIR") return undefined;
    throw err;
  }
}

/** readMerged as text: undefined for absent too (the caller treats both alike). */
export function readMergedText(file: string, cap = DEFAULT_READ_CAP): string | undefined {
  return readMerged(file, cap)?.toString("utf8");
}
