// The rank cache's on-disk layout: binary, so the hook reads the "head" (tables and fingerprints) — into one
// byte array while it is small, else a page at a time as it is used (head.ts, WHOLE_HEAD_MAX) — and fetches the postings of its query terms and the entries it prints with positional reads — what
// lies behind the head is read whole only while it is small (see WHOLE_POSTINGS_MAX, WHOLE_PRINTED_MAX, WHOLE_ENTRIES_MAX).
//   "MEMCTLRC" u32 formatVersion u32 tokenizerVersion u32 headBytes
//   u32 headerLength, header JSON (space-padded so what follows is 4-byte aligned)
//   u32 n, u32 entryOffset[n + 1], u32 reuseOffset[n + 1], u32 fileOffset[n + 1], u32 printedOffset[n + 1],
//   u32 lineBytes[n] (UTF-8 bytes of the entry's printed line, so a budget is filled without rendering every candidate), u32 lineKey[2n] (the printed line's
//   session key, lib/core/line-key.ts, so deduplication hashes nothing), u32 rawKey[2n] (the same hash of the entry's
//   MEMORY.md line, so a delta matches a changed index's lines to entries without decoding one), u32 line[n] (its line
//   number in MEMORY.md), file blob, padding to 4 bytes
//   u32 T, u32 termOffset[T + 1], term blob (terms sorted by JS string order), padding to 4, u32 postingStart[T + 1],
//   padding to 8 bytes, f64 stamp[3n] (each entry's card mtimeMs, size, ctimeMs)
//   --- headBytes end here ---
//   u32 id[P], f32 tf[P], u8 mask[P] (postings.ts FIELD_BIT, PART_BIT, KEYED_BIT; ids ascending within each
//   term's range): read whole when small, else
//   only the query terms' ranges (at 10,000 cards they are ~2.4 MB, and a prompt needs a few hundred KB),
//   entry blob (one slim JSON array per entry: what materialising it needs),
//   printed blob (each entry's line as the block prints it: what the hook reads of the ~20 lines it prints),
//   reuse blob (one JSON array per entry: what only a rebuild reuses), "MEMCTLEND"
// The stamps are 8-byte and every u32 table and the id and tf arrays 4-byte aligned, so the reader maps them as
// typed-array views, copying nothing (a cold Buffer#readUInt32LE per lookup was ~12,000 calls a prompt at 10,000
// cards), and no value spans two of a paged head's pages; a freshness check reads no entry. Every offset is bounds-checked on read; anything
// inconsistent makes the whole cache untrusted.
import type { PostingList } from "../rank/postings.js";
import { bytesAt, encodeUtf8, u32At, utf8Text } from "../core/bytes.js";
import { close, futimes, openRegular } from "../store/checked-fs.js";
import { formatLineKey } from "../core/line-key.js";
import { findTerm } from "./terms.js";
import type { CacheView, ReadLimits } from "./view.js";

export type { CacheView, ReadLimits } from "./view.js";
import { pagedHead, readExactly, wholeHead, type Head } from "./head.js";
import { cardPaths } from "./card-paths.js";

export const MAGIC = encodeUtf8("MEMCTLRC");
export const END = encodeUtf8("MEMCTLEND");
export const PREFIX = MAGIC.length + 12;
/** Slim entries up to this size are read in one go on first use (see entryAt in parseHead). */
const WHOLE_ENTRIES_MAX = 512 * 1024;
/**
 * Printed lines up to this size are read in one go on first use; larger ones one positional read per line. The
 * hook prints ~20 lines: a whole read of more than this faults in more fresh pages than those reads cost.
 */
const WHOLE_PRINTED_MAX = 64 * 1024;
/**
 * Postings up to this size are read in one go with the head; larger ones per query term. A prompt's ~10 found
 * terms need a few KB of them: a whole read of 200 KB (1,000 cards) faults in ~50 fresh pages (~2.5 us each on
 * the benchmark VM) to save ~30 positional reads that cost ~80K instructions in all.
 */
const WHOLE_POSTINGS_MAX = 32 * 1024;
/**
 * Heads up to this size are read in one read on open; larger ones a page at a time (head.ts). Up to 10,000
 * entries (~1 MB) every load checks every card and reads most of the head anyway; above it a trusted prompt
 * needs a few hundred KB of it.
 */
const WHOLE_HEAD_MAX = 1024 * 1024;
/** Bytes of padding that bring an offset to a multiple of 4. */
export const pad4 = (offset: number) => (4 - (offset % 4)) % 4;
// 27: the pinned cards' paths in the header (h/warm); 28: postings.ts KEYED_BIT in every posting mask of a card
// with recall keys (issue 28, the lone-word line); 29: entries' alignment keys seeded per cache (header.seed, h/seedkeys);
// 30: index lines with a marker, task box or bold before the link are entries (h/realstores): a cache made before lacks them.
// 31: numbered index lines (`1. [T](f.md)`) are entries (h/indexforms): likewise.
export const FORMAT_VERSION = 31;
/** Numbers in an entry's fingerprint: mtimeMs, size, ctimeMs. */
export const STAMP_FIELDS = 3;

// Entries are read from the open file on demand; the descriptor closes when the view is garbage-collected
// (the hook exits first; long-lived callers such as the MCP server do not leak descriptors).
const closeOnCollect = new FinalizationRegistry<number>((fd) => {
  try {
    close(fd);
  } catch {
    // already closed
  }
});

/** Opens a cache file; undefined when it is not a complete cache of this format and tokenizer. Never throws. */
export function openCacheFile<H>(path: string, tokenizerVersion: number, limits: ReadLimits = {}): CacheView<H> | undefined {
  let fd: number | undefined;
  try {
    const opened = openRegular(path); // a FIFO or device in its place is no cache: never read
    fd = opened.fd;
    const size = opened.stat.size;
    if (size < PREFIX + END.length) return undefined;
    const prefix = new Uint8Array(PREFIX);
    readExactly(fd, prefix, PREFIX, 0);
    if (!bytesAt(prefix, 0, MAGIC) || u32At(prefix, 8) !== FORMAT_VERSION || u32At(prefix, 12) !== tokenizerVersion) return undefined;
    const headBytes = u32At(prefix, 16);
    // The head ends with the 8-byte stamps, 8-aligned: any other length is no cache.
    if (headBytes < PREFIX || headBytes % 8 !== 0 || headBytes + END.length > size) return undefined;
    const end = new Uint8Array(END.length);
    readExactly(fd, end, END.length, size - END.length);
    if (!bytesAt(end, 0, END)) return undefined;
    const head = headBytes <= (limits.wholeHead ?? WHOLE_HEAD_MAX) ? wholeHead(fd, headBytes) : pagedHead(fd, headBytes);
    const view = parseHead<H>(head, fd, size - END.length, limits, opened.stat.mtimeMs);
    if (!view) close(fd);
    else closeOnCollect.register(view, fd);
    return view;
  } catch {
    if (fd !== undefined) close(fd);
    return undefined;
  }
}

function parseHead<H>(head: Head, fd: number, blobsEnd: number, limits: ReadLimits, mtimeMs: number): CacheView<H> | undefined {
  let at = PREFIX;
  const u32 = () => {
    const v = head.u32(at);
    at += 4;
    return v;
  };
  const headerLength = u32();
  const header = JSON.parse(utf8Text(head.bytes(at, at + headerLength))) as H;
  at += headerLength;
  if (at % 4 !== 0) return undefined;
  const n = u32();
  if (at + 16 * (n + 1) + 24 * n > head.size) throw new RangeError("truncated rank cache");
  // Where each table starts: its items are read where they are asked for (a whole head holds them all already).
  const table = (length: number) => {
    const pos = at;
    at += 4 * length;
    return pos;
  };
  const entryTable = table(n + 1);
  const reuseTable = table(n + 1);
  const fileTable = table(n + 1);
  const printedTable = table(n + 1);
  const lineBytesTable = table(n);
  const lineKeyTable = table(2 * n);
  const rawKeyTable = table(2 * n);
  const lineTable = table(n);
  const fileBlob = at;
  const fileBytes = head.u32(fileTable + 4 * n);
  at += fileBytes + pad4(fileBytes);
  const t = u32();
  const termTable = table(t + 1);
  const termBlob = at;
  const termBytes = head.u32(termTable + 4 * t);
  at += termBytes + pad4(at + termBytes);
  const startTable = table(t + 1);
  const count = head.u32(startTable + 4 * t);
  at += (8 - (at % 8)) % 8;
  if (at + 8 * STAMP_FIELDS * n !== head.size) return undefined;
  const stampsAt = at;
  const postingsAt = head.size;
  const entryBlob = postingsAt + 9 * count;
  const entryBytes = head.u32(entryTable + 4 * n);
  const printedBlob = entryBlob + entryBytes;
  const printedBytes = head.u32(printedTable + 4 * n);
  const reuseBlob = printedBlob + printedBytes;
  const reuseBytes = head.u32(reuseTable + 4 * n);
  if (reuseBlob + reuseBytes !== blobsEnd) return undefined;
  if (new Uint8Array(new Uint32Array([1]).buffer)[0] !== 1) return undefined; // the layout is little-endian
  let whole: { id: Uint32Array; tf: Float32Array; mask: Uint8Array } | undefined;
  if (9 * count <= (limits.wholePostings ?? WHOLE_POSTINGS_MAX)) {
    const all = new Uint8Array(9 * count);
    readExactly(fd, all, 9 * count, postingsAt);
    whole = { id: new Uint32Array(all.buffer, 0, count), tf: new Float32Array(all.buffer, 4 * count, count), mask: new Uint8Array(all.buffer, 8 * count, count) };
  }
  const postingRange = (a: number, b: number): PostingList => {
    if (whole) return { length: b - a, id: whole.id.subarray(a, b), tf: whole.tf.subarray(a, b), mask: whole.mask.subarray(a, b) };
    const id = new Uint32Array(b - a);
    const tf = new Float32Array(b - a);
    const mask = new Uint8Array(b - a);
    readExactly(fd, id, 4 * (b - a), postingsAt + 4 * a);
    readExactly(fd, tf, 4 * (b - a), postingsAt + 4 * count + 4 * a);
    readExactly(fd, mask, b - a, postingsAt + 8 * count + a);
    return { length: b - a, id, tf, mask };
  };

  // Offsets are checked where they are read (no [start, end] pairs: destructuring one in cold code allocates an
  // iterator result per element, and the hook reads hundreds of items a prompt).
  const checkRange = (a: number, b: number, limit: number) => {
    if (a > b || b > limit) throw new RangeError("bad rank cache offset");
  };
  const checkId = (id: number) => {
    if (!(Number.isInteger(id) && id >= 0 && id < n)) throw new RangeError(`no entry ${id}`);
  };
  const readItem = (table: number, blob: number, limit: number, id: number) => {
    checkId(id);
    const a = head.u32(table + 4 * id);
    const b = head.u32(table + 4 * id + 4);
    checkRange(a, b, limit);
    const out = new Uint8Array(b - a);
    readExactly(fd, out, b - a, blob + a);
    return utf8Text(out);
  };
  // Items of a section behind the head: while the section is small, one read of all of it on first use is
  // cheaper than a positional read per item; a large one keeps reading only the items asked for.
  const sectionItems = (table: number, blob: number, bytes: number, wholeMax: number) => {
    if (bytes > wholeMax) return (id: number) => readItem(table, blob, bytes, id);
    let whole: Uint8Array | undefined;
    return (id: number) => {
      checkId(id);
      if (!whole) {
        whole = new Uint8Array(bytes);
        readExactly(fd, whole, bytes, blob);
      }
      const a = head.u32(table + 4 * id);
      const b = head.u32(table + 4 * id + 4);
      checkRange(a, b, bytes);
      return utf8Text(whole, a, b);
    };
  };
  // A prompt materialises up to ~60 entries and prints ~20 lines (see WHOLE_ENTRIES_MAX, WHOLE_PRINTED_MAX).
  const entryAt = sectionItems(entryTable, entryBlob, entryBytes, limits.wholeEntries ?? WHOLE_ENTRIES_MAX);
  const printedAt = sectionItems(printedTable, printedBlob, printedBytes, limits.wholePrinted ?? WHOLE_PRINTED_MAX);
  // Read whole on first use: only a full check, a delta or a refresh walks every entry's.
  let rawKeys: Uint32Array | undefined;
  let lines: Uint32Array | undefined;
  let stamps: Float64Array | undefined;
  const paths = cardPaths(head, n, fileTable, fileBlob, fileBytes, checkId, checkRange);
  const view: CacheView<H> = {
    header,
    n,
    entry: entryAt,
    printed: printedAt,
    reuse: (id) => readItem(reuseTable, reuseBlob, reuseBytes, id),
    file: paths.file,
    files: paths.files,
    allFiles: paths.allFiles,
    findFiles: paths.findFiles,
    lineBytes: (id) => {
      checkId(id);
      return head.u32(lineBytesTable + 4 * id);
    },
    lineKey: (id) => {
      checkId(id);
      return formatLineKey(head.u32(lineKeyTable + 8 * id), head.u32(lineKeyTable + 8 * id + 4));
    },
    stamp: (id) => {
      checkId(id);
      const pos = stampsAt + 8 * STAMP_FIELDS * id;
      return [head.f64(pos), head.f64(pos + 8), head.f64(pos + 16)];
    },
    get rawKeys() {
      return (rawKeys ??= head.u32s(rawKeyTable, 2 * n));
    },
    get lines() {
      return (lines ??= head.u32s(lineTable, n));
    },
    get stamps() {
      return (stamps ??= head.f64s(stampsAt, STAMP_FIELDS * n));
    },
    mtimeMs,
    markVerified: (ms) => {
      try {
        futimes(fd, ms);
        return true;
      } catch {
        return false; // not the owner, or a read-only filesystem: every prompt then checks every card
      }
    },
    postings: (term) => {
      const found = findTerm(head, termTable, termBlob, termBytes, t, term);
      if (found < 0) return undefined;
      const a = head.u32(startTable + 4 * found);
      const b = head.u32(startTable + 4 * found + 4);
      checkRange(a, b, count);
      // Ids are not checked here (a pass over every posting): rank() refuses one past the entries as it scores.
      return postingRange(a, b);
    },
  };
  return view;
}
