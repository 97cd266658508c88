// The card paths section of a rank cache's head (format.ts: a u32 offset table and the paths end to end): a path read
// by id one at a time, in batches or from one decode of the whole blob once many are asked for, and the ids linking
// given paths found by one search of the blob.
import { isAscii } from "node:buffer";
import { encodeUtf8, latin1Text, utf8Text } from "../core/bytes.js";
import { fnv1a } from "../store/hold-index.js";
import type { Head } from "./head.js";
import type { CacheView } from "./view.js";

/** Card paths decoded one at a time before the whole path blob is decoded once instead. */
const FILE_DECODES_BEFORE_WHOLE = 1024;
/**
 * The same from a paged head (head.ts), where the whole blob is 2.3 MB at 100,000 cards and a prompt that ranks
 * ~1,000 of its cards reads ~25 bytes for each; a full check asks for every path at once (allFiles).
 */
const FILE_READS_BEFORE_WHOLE_PAGED = 16 * 1024;
/** From this many paths a batch (files) is read in one pass over the blob rather than a read per path. */
const FILES_BATCH_MIN = 64;

/** The path reads of a head of `n` entries whose offset table is at `fileTable` and blob of `fileBytes` at `fileBlob`, checked by parseHead's checks. */
export function cardPaths(
  head: Head,
  n: number,
  fileTable: number,
  fileBlob: number,
  fileBytes: number,
  checkId: (id: number) => void,
  checkRange: (a: number, b: number, limit: number) => void,
): Pick<CacheView<unknown>, "file" | "files" | "allFiles" | "findFiles"> {
  let asciiFiles: string | null | undefined;
  let fileOffsets: Uint32Array | undefined;
  let fileReads = 0;
  const decodeAllFiles = () => {
    const blob = head.bytes(fileBlob, fileBlob + fileBytes);
    asciiFiles = isAscii(blob) ? latin1Text(blob) : null;
    if (asciiFiles !== null) fileOffsets = head.u32s(fileTable, n + 1);
  };
  // Paths decoded by files() from a paged head, by id.
  let batched: Map<number, string> | undefined;
  const paths: Pick<CacheView<unknown>, "file" | "files" | "allFiles" | "findFiles"> = {
    file: (id) => {
      checkId(id);
      const known = batched?.get(id);
      if (known !== undefined) return known;
      // A prompt usually needs a few hundred paths (ranked cards, the freshness window): decoded one by one, a
      // 10,000-card blob (~250 KB) is never copied onto the heap. A caller that asks for thousands (a full check,
      // hits recorded by path) gets one decode of the whole blob and a slice per card: card paths are nearly
      // always ASCII, where byte offsets equal character offsets.
      if (asciiFiles === undefined && ++fileReads > (head.paged ? FILE_READS_BEFORE_WHOLE_PAGED : FILE_DECODES_BEFORE_WHOLE)) decodeAllFiles();
      if (fileOffsets === undefined) {
        const a = head.u32(fileTable + 4 * id);
        const b = head.u32(fileTable + 4 * id + 4);
        checkRange(a, b, fileBytes);
        return utf8Text(head.once(fileBlob + a, fileBlob + b));
      }
      // range() inlined: the hook asks once per hit, thousands of times a prompt in a large store.
      const a = fileOffsets[id]!;
      const b = fileOffsets[id + 1]!;
      if (a > b || b > fileBytes) throw new RangeError("bad rank cache offset");
      return asciiFiles!.slice(a, b);
    },
    files: (ids) => {
      if (!head.paged || fileOffsets !== undefined || ids.length < FILES_BATCH_MIN) return ids.map((id) => paths.file(id));
      const from: number[] = [];
      const to: number[] = [];
      for (const id of ids) {
        checkId(id);
        const a = head.u32(fileTable + 4 * id);
        const b = head.u32(fileTable + 4 * id + 4);
        checkRange(a, b, fileBytes);
        from.push(fileBlob + a);
        to.push(fileBlob + b);
      }
      const read = head.spans(from, to).map((bytes) => utf8Text(bytes));
      // Kept for file(): the block asks again for the paths of the lines it prints or cuts (at 100,000 cards a
      // thousand pinned cards cut by the ceiling were a read each).
      batched ??= new Map();
      for (let i = 0; i < ids.length; i++) batched.set(ids[i]!, read[i]!);
      return read;
    },
    allFiles: () => {
      if (asciiFiles === undefined) decodeAllFiles();
    },
    findFiles: (wanted) => {
      const found = new Map<string, number[]>();
      if (wanted.length === 0) return found;
      if (wanted.length > FIND_BY_SEARCH_MAX) {
        // Many paths: every entry's path compared once, sliced from the blob decoded once (nearly always ASCII).
        if (asciiFiles === undefined) decodeAllFiles();
        if (asciiFiles && fileOffsets) {
          for (const file of wanted) found.set(file, []);
          for (let id = 0; id < n; id++) found.get(asciiFiles.slice(fileOffsets[id]!, fileOffsets[id + 1]!))?.push(id);
          return found;
        }
      }
      // The blob is the paths end to end, unseparated: a match counts only where an entry's path starts and ends.
      const blob = head.bytes(fileBlob, fileBlob + fileBytes);
      const bytes = Buffer.from(blob.buffer, blob.byteOffset, blob.length);
      const offsets = fileOffsets ?? head.u32s(fileTable, n + 1);
      if (wanted.length > FIND_BY_SEARCH_MAX) return findByHash(bytes, offsets, n, wanted);
      for (const file of wanted) {
        const ids: number[] = [];
        const needle = encodeUtf8(file);
        for (let at = needle.length === 0 ? -1 : bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) {
          const id = firstAtLeast(offsets, n, at);
          if (id < n && offsets[id] === at && offsets[id + 1]! - at === needle.length) ids.push(id);
        }
        found.set(file, ids);
      }
      return found;
    },
  };
  return paths;
}

/**
 * Up to this many paths are each found by a native search of the blob; more (a hold listing hundreds of held cards)
 * by one pass over every entry's path: sliced from the blob decoded once, or (a blob not ASCII) its bytes hashed, a
 * path compared only on a hash match.
 */
const FIND_BY_SEARCH_MAX = 16;

function findByHash(bytes: Buffer, offsets: Uint32Array, n: number, wanted: readonly string[]): Map<string, number[]> {
  const found = new Map<string, number[]>(wanted.map((f) => [f, []]));
  const byHash = new Map<number, [Buffer, number[]][]>();
  for (const [file, ids] of found) {
    const needle = encodeUtf8(file);
    const at = Buffer.from(needle.buffer, needle.byteOffset, needle.length);
    const h = fnv1a(at);
    byHash.set(h, [...(byHash.get(h) ?? []), [at, ids]]);
  }
  for (let id = 0; id < n; id++) {
    const a = offsets[id]!;
    const b = offsets[id + 1]!;
    if (a > b || b > bytes.length) throw new RangeError("bad rank cache offset");
    const same = byHash.get(fnv1a(bytes, a, b));
    if (same === undefined) continue;
    for (const [needle, ids] of same) if (needle.length === b - a && needle.compare(bytes, a, b) === 0) ids.push(id);
  }
  return found;
}

/** The first i in [0, n) with table[i] >= value (n when none): the table ascends. */
function firstAtLeast(table: Uint32Array, n: number, value: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (table[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
