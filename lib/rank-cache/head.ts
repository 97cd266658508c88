// The rank cache's head (format.ts): its tables and fingerprints, read whole while small, else a page at a time.
// Above the full-check size (load.ts FULL_CHECK_MAX) a prompt within the keeper's trust window reads only the
// entries, terms and fingerprints it touches: at 100,000 cards that is a few hundred KB of a 10.4 MB head, and a
// whole read of it was most of the hook's peak RSS above `node -e 0` (bench/history/2026-12.md, h/rss). A full check still
// reads the fingerprints and paths whole (stamps, file table), once, as one read each.
import { readAt } from "../store/checked-fs.js";

/** Bytes per page of a paged head: a multiple of 8, so no u32 or f64 (4- and 8-aligned) spans two pages. */
export const HEAD_PAGE = 4096;
/** Bytes per read of a paged head's spans (see Head.spans). */
const SPAN_CHUNK = 64 * 1024;

export interface Head {
  /** The head's length in bytes (a multiple of 8). */
  size: number;
  /** The little-endian u32 at a 4-aligned position. */
  u32(pos: number): number;
  /** The f64 at an 8-aligned position. */
  f64(pos: number): number;
  /** Read a page at a time (pagedHead), not whole. */
  paged: boolean;
  /** Bytes [from, to): a view when they lie in memory already, else a copy read from the file. */
  bytes(from: number, to: number): Uint8Array;
  /** Bytes [from, to) for one use: a view of a whole head, else a read of just them (no page is kept). */
  once(from: number, to: number): Uint8Array;
  /**
   * Bytes [from[i], to[i]) of each range, in the order given, each a copy of its own. A paged head reads them in
   * position order through one reused SPAN_CHUNK buffer: ~1,000 card paths scattered over a 2.3 MB blob cost ~40
   * reads instead of ~1,000, and keep no page.
   */
  spans(from: readonly number[], to: readonly number[]): Uint8Array[];
  /** `length` u32 from a 4-aligned position, as one array (a view of a whole head, else one read). */
  u32s(pos: number, length: number): Uint32Array;
  /** `length` f64 from an 8-aligned position, as one array. */
  f64s(pos: number, length: number): Float64Array;
}

const check = (pos: number, bytes: number, size: number) => {
  if (!(bytes >= 0 && pos >= 0 && pos + bytes <= size)) throw new RangeError("truncated rank cache");
};

/** Reads `bytes` bytes of the rank cache at `position` into `target`; a short read (a truncated file) throws. */
export function readExactly(fd: number, target: ArrayBufferView, bytes: number, position: number): void {
  if (readAt(fd, new Uint8Array(target.buffer, target.byteOffset, bytes), 0, bytes, position) !== bytes) throw new RangeError("short read of the rank cache");
}

/** The whole head in one array of its own (offset 0, so the typed views inside are aligned). */
export function wholeHead(fd: number, size: number): Head {
  const buf = new Uint8Array(size);
  readExactly(fd, buf, size, 0);
  const w32 = new Uint32Array(buf.buffer, 0, size >>> 2);
  const w64 = new Float64Array(buf.buffer, 0, size >>> 3);
  const bytes = (from: number, to: number) => {
    check(from, to - from, size);
    return buf.subarray(from, to);
  };
  return {
    size,
    paged: false,
    u32: (pos) => {
      check(pos, 4, size);
      return w32[pos >>> 2]!;
    },
    f64: (pos) => {
      check(pos, 8, size);
      return w64[pos >>> 3]!;
    },
    bytes,
    once: bytes,
    spans: (from, to) => from.map((a, i) => bytes(a, to[i]!).slice()),
    u32s: (pos, length) => {
      check(pos, 4 * length, size);
      return new Uint32Array(buf.buffer, pos, length);
    },
    f64s: (pos, length) => {
      check(pos, 8 * length, size);
      return new Float64Array(buf.buffer, pos, length);
    },
  };
}

interface Page {
  u8: Uint8Array;
  u32: Uint32Array;
  f64: Float64Array;
}

/** A head read a page at a time on first use; pages are kept for the life of the view. */
export function pagedHead(fd: number, size: number): Head {
  const pages = new Map<number, Page>();
  const page = (index: number): Page => {
    let p = pages.get(index);
    if (!p) {
      const bytes = Math.min(HEAD_PAGE, size - index * HEAD_PAGE);
      const u8 = new Uint8Array(bytes);
      readExactly(fd, u8, bytes, index * HEAD_PAGE);
      p = { u8, u32: new Uint32Array(u8.buffer, 0, bytes >>> 2), f64: new Float64Array(u8.buffer, 0, bytes >>> 3) };
      pages.set(index, p);
    }
    return p;
  };
  const run = <T extends ArrayBufferView>(target: T, pos: number, bytes: number): T => {
    check(pos, bytes, size);
    readExactly(fd, target, bytes, pos);
    return target;
  };
  return {
    size,
    paged: true,
    u32: (pos) => {
      check(pos, 4, size);
      return page(Math.floor(pos / HEAD_PAGE)).u32[(pos % HEAD_PAGE) >>> 2]!;
    },
    f64: (pos) => {
      check(pos, 8, size);
      return page(Math.floor(pos / HEAD_PAGE)).f64[(pos % HEAD_PAGE) >>> 3]!;
    },
    bytes: (from, to) => {
      check(from, to - from, size);
      const first = Math.floor(from / HEAD_PAGE);
      // Card paths and terms are short: nearly always inside one page, served from it.
      if (to <= (first + 1) * HEAD_PAGE) return page(first).u8.subarray(from % HEAD_PAGE, (from % HEAD_PAGE) + to - from);
      return run(new Uint8Array(to - from), from, to - from);
    },
    // A card path: the hook asks for ~1,000 scattered ones at 100,000 cards, which would keep ~500 pages.
    once: (from, to) => run(new Uint8Array(to - from), from, to - from),
    spans: (from, to) => {
      const order = Array.from(from, (_, i) => i).sort((x, y) => from[x]! - from[y]!);
      const out: Uint8Array[] = new Array(from.length);
      const chunk = new Uint8Array(SPAN_CHUNK);
      let start = 0;
      let end = 0; // the chunk holds [start, end) of the head
      for (const i of order) {
        const a = from[i]!;
        const b = to[i]!;
        check(a, b - a, size);
        if (b - a > SPAN_CHUNK) out[i] = run(new Uint8Array(b - a), a, b - a);
        else {
          if (a < start || b > end) {
            start = a;
            end = Math.min(size, a + SPAN_CHUNK);
            readExactly(fd, chunk, end - start, start);
          }
          out[i] = chunk.slice(a - start, b - start);
        }
      }
      return out;
    },
    u32s: (pos, length) => run(new Uint32Array(length), pos, 4 * length),
    f64s: (pos, length) => run(new Float64Array(length), pos, 8 * length),
  };
}
