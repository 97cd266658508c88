// The bytes of .memctl/card-cache (lib/store/card-cache.ts says when it is used): a version line, a JSON line with
// MEMORY.md's stamp, the files it links to and the directories listed, a JSON line with one record per card, then
// each card's search words as one line, `<head terms>\t<body terms>\n`, in record order. The words stay bytes: a
// query finds ` word:` in them with Buffer#indexOf instead of decoding and splitting every card's words.
// Everything read back is checked; anything unexpected makes the whole file "no cache", never a path or an error.
import { lexicalProblem } from "./safe-path.js";
import { EPISODES_SUMMARY_FILE, INDEX_FILE } from "./paths.js";

/** Bump when a record, the words' tokenizer (lib/core/search-terms.ts) or what a card's fields mean changes. */
export const CARD_CACHE_VERSION = "memctl-card-cache 1";

/** mtime, size and ctime: an editor writing in place changes at least one; ctime also moves on chmod and rename. */
export type Stamp = readonly [mtimeMs: number, size: number, ctimeMs: number];

/** What list and search read of a card, kept so neither reads the file again while its stamp holds. */
export interface CardRecord {
  file: string;
  stamp: Stamp;
  /** Why the file could not be read; its fields are then empty (such a record is never trusted). */
  readError?: string;
  name?: string;
  description?: string;
  topics: string[];
  priority?: string;
  status?: string;
  updated_at?: string;
  /** cardType(file, meta), or undefined. */
  type?: string;
  /** 1-based line where the body starts (after the frontmatter). */
  firstLine: number;
  /** Byte lengths of the encoded head and body words (lib/core/search-terms.ts encodeTermCounts). */
  headBytes: number;
  bodyBytes: number;
}

export interface CacheHead {
  /** MEMORY.md's [mtime, size, ctime, ino] when `linked` was read from it; null when not kept. */
  index: readonly number[] | null;
  /** The card files MEMORY.md links to (`./` dropped). */
  linked: string[];
  /** Every directory walked for cards (relative, "" = the store) and its mtime. */
  dirs: [string, number][];
}

export interface DecodedCache {
  head: CacheHead;
  records: CardRecord[];
  /** The words, one line per record; starts[i] is where record i's line begins. */
  words: Buffer;
  starts: number[];
}

/** The whole file for these records; `words` must hold their lines in the same order. */
export function encodeCardCache(head: CacheHead, records: readonly CardRecord[], words: Uint8Array): Buffer {
  const rows = records.map((r) => [
    r.file,
    r.stamp[0],
    r.stamp[1],
    r.stamp[2],
    r.readError ?? null,
    r.name ?? null,
    r.description ?? null,
    r.topics,
    r.priority ?? null,
    r.status ?? null,
    r.updated_at ?? null,
    r.type ?? null,
    r.firstLine,
    r.headBytes,
    r.bodyBytes,
  ]);
  const text = `${CARD_CACHE_VERSION}\n${JSON.stringify(head)}\n${JSON.stringify(rows)}\n`;
  return Buffer.concat([Buffer.from(text, "utf8"), words]);
}

/** The cache's content, or undefined for anything that is not exactly what encodeCardCache writes. */
export function decodeCardCache(bytes: Buffer): DecodedCache | undefined {
  try {
    const first = bytes.indexOf(10);
    if (first < 0 || bytes.toString("utf8", 0, first) !== CARD_CACHE_VERSION) return undefined;
    const second = bytes.indexOf(10, first + 1);
    const third = second < 0 ? -1 : bytes.indexOf(10, second + 1);
    if (third < 0) return undefined;
    const head = checkHead(JSON.parse(bytes.toString("utf8", first + 1, second)));
    const rows: unknown = JSON.parse(bytes.toString("utf8", second + 1, third));
    if (!head || !Array.isArray(rows)) return undefined;
    const records: CardRecord[] = [];
    const starts: number[] = [];
    let at = third + 1;
    for (const row of rows) {
      const r = checkRecord(row);
      if (!r) return undefined;
      starts.push(at - third - 1);
      const tab = at + r.headBytes;
      const end = tab + 1 + r.bodyBytes;
      if (end >= bytes.length || bytes[tab] !== 9 || bytes[end] !== 10) return undefined;
      records.push(r);
      at = end + 1;
    }
    if (at !== bytes.length) return undefined;
    return { head, records, words: bytes.subarray(third + 1), starts };
  } catch {
    return undefined;
  }
}

/**
 * A card file name as listCardFiles (lib/store/read.ts) would list it: relative, no `..`, no dot segment, no
 * control character, a `.md` other than MEMORY.md. A cache names files to stat, so a planted name never escapes.
 */
export function isCardFileName(file: unknown): file is string {
  if (typeof file !== "string" || lexicalProblem(file) !== undefined || !file.endsWith(".md")) return false;
  if (file === INDEX_FILE || file === EPISODES_SUMMARY_FILE || file.startsWith("/")) return false;
  return file.split("/").every((s) => s !== "" && !s.startsWith("."));
}

function isDirName(dir: unknown): dir is string {
  return dir === "" || (typeof dir === "string" && lexicalProblem(dir) === undefined && !dir.startsWith("/") && dir.split("/").every((s) => s !== "" && !s.startsWith(".")));
}

const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const optStr = (v: unknown): v is string | null => v === null || typeof v === "string";
const count = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function checkHead(v: unknown): CacheHead | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const { index, linked, dirs } = v as Record<string, unknown>;
  if (index !== null && !(Array.isArray(index) && index.length === 4 && index.every(num))) return undefined;
  if (!Array.isArray(linked) || !linked.every((f) => typeof f === "string")) return undefined;
  if (!Array.isArray(dirs) || !dirs.every((d) => Array.isArray(d) && d.length === 2 && isDirName(d[0]) && num(d[1]))) return undefined;
  return { index: index as number[] | null, linked: linked as string[], dirs: dirs as [string, number][] };
}

function checkRecord(v: unknown): CardRecord | undefined {
  if (!Array.isArray(v) || v.length !== 15) return undefined;
  const [file, mtime, size, ctime, readError, name, description, topics, priority, status, updated, type, firstLine, headBytes, bodyBytes] = v;
  if (!isCardFileName(file) || !num(mtime) || !num(size) || !num(ctime)) return undefined;
  if (![readError, name, description, priority, status, updated, type].every(optStr)) return undefined;
  if (!Array.isArray(topics) || !topics.every((t) => typeof t === "string")) return undefined;
  if (!count(firstLine) || !count(headBytes) || !count(bodyBytes)) return undefined;
  const opt = (s: string | null) => s ?? undefined;
  return {
    file,
    stamp: [mtime, size, ctime],
    readError: opt(readError),
    name: opt(name),
    description: opt(description),
    topics,
    priority: opt(priority),
    status: opt(status),
    updated_at: opt(updated),
    type: opt(type),
    firstLine,
    headBytes,
    bodyBytes,
  };
}
