import path from "node:path";
import { readRegular } from "./checked-fs.js";
import { STATE_DIR } from "./paths.js";
import { realDir } from "./safe-write.js";
import { commitFileSync } from "./write.js";
import { bufferView } from "../core/bytes.js";

// The history index's file (.memctl/history-latest.idx, lib/store/history-latest.ts): memctl's own, per machine,
// written whole by rename; what it covers of history.jsonl is checked by its reader against the file itself.

export const HISTORY_LATEST_RELPATH = `${STATE_DIR}/history-latest.idx`;
const MAGIC = "memctl-history-latest 1";
/** The bytes at each end of the covered history kept to tell it is still the same file. */
export const WINDOW = 4096;

/** The index in memory: what it covers, and [hash, offset] pairs sorted by hash. */
export interface LatestIndex {
  dev: string;
  ino: string;
  covered: number;
  head: Buffer;
  tail: Buffer;
  pairs: Uint32Array;
  /** Whether the file on disk says the same (false once folded forward or rebuilt here). */
  onDisk: boolean;
}

/** Where the index file of `memoryDir` is. */
export function indexPath(memoryDir: string): string {
  return path.join(memoryDir, ...HISTORY_LATEST_RELPATH.split("/"));
}

// Layout: one JSON header line (magic, device, inode, covered bytes, the two windows in base64, pair count), padded
// with spaces to a multiple of 4 bytes, then the pairs as u32 in the machine's byte order (the file never leaves it).
export function loadIndex(memoryDir: string): LatestIndex | undefined {
  try {
    const { bytes } = readRegular(indexPath(memoryDir));
    const buffer = bufferView(bytes);
    const nl = buffer.indexOf(0x0a);
    const header = JSON.parse(buffer.toString("utf8", 0, nl)) as Record<string, unknown>;
    const body = nl + 1;
    const { dev, ino, covered, head, tail, n } = header;
    if (header.magic !== MAGIC || typeof dev !== "string" || typeof ino !== "string" || typeof head !== "string" || typeof tail !== "string") return undefined;
    if (!Number.isSafeInteger(covered) || !Number.isSafeInteger(n) || body % 4 !== 0 || buffer.length !== body + (n as number) * 8) return undefined;
    const pairs = new Uint32Array(buffer.buffer.slice(buffer.byteOffset + body, buffer.byteOffset + buffer.length));
    const headBytes = Buffer.from(head, "base64");
    const tailBytes = Buffer.from(tail, "base64");
    const windows = Math.min(WINDOW, covered as number);
    if (headBytes.length !== windows || tailBytes.length !== windows) return undefined;
    return { dev, ino, covered: covered as number, head: headBytes, tail: tailBytes, pairs, onDisk: true };
  } catch {
    return undefined;
  }
}

/** Written whole to a temp and renamed (never torn); not fsynced: a lost or stale index is only read again. */
export function saveIndex(memoryDir: string, index: LatestIndex): void {
  try {
    let header = JSON.stringify({
      magic: MAGIC,
      dev: index.dev,
      ino: index.ino,
      covered: index.covered,
      head: index.head.toString("base64"),
      tail: index.tail.toString("base64"),
      n: index.pairs.length / 2,
    });
    header += " ".repeat((4 - ((Buffer.byteLength(header) + 1) % 4)) % 4) + "\n";
    const pairs = Buffer.from(index.pairs.buffer, index.pairs.byteOffset, index.pairs.byteLength);
    realDir(memoryDir, STATE_DIR);
    commitFileSync(indexPath(memoryDir), Buffer.concat([Buffer.from(header, "utf8"), pairs]), { durable: false });
    index.onDisk = true;
  } catch {
    // best effort: the next write reads the whole history and tries again
  }
}
