// The bytes of the card cache (lib/store/card-cache.ts says when it is used), two files written together:
//   .memctl/card-cache: a version line, a JSON line with MEMORY.md's stamp, the links that name no card file, the
//     directories listed and the words file's token, a JSON line with each card's strings, then each card's numbers
//     (stamp, body line, words' lengths, linked) as doubles: what `list` reads;
//   .memctl/card-words: a version line with that token, then each card's search words as one line,
//     `<head terms>\t<body terms>\n`, in record order. They stay bytes: a query finds ` word:` in them with
//     Buffer#indexOf instead of decoding and splitting every card's words, and `list` never reads them.
// Everything read back is checked; anything unexpected makes the whole cache "none", never a path or an error.
import type { CardMeta } from "../core/card.js";
import { EPISODES_SUMMARY_FILE, INDEX_FILE } from "./paths.js";

/** Bump when a record, the words' tokenizer (lib/core/search-terms.ts) or what a card's fields mean changes. */
export const CARD_CACHE_VERSION = "memctl-card-cache 4";

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
  /** MEMORY.md links to it. */
  linked: boolean;
  /** meta.provenance, as parseCard reads it. */
  provenance?: CardMeta["provenance"];
  /** parseCard's errors and warnings, as messages (what `memctl ui` shows on the card). */
  problems: string[];
  /** meta.scope (where a `priority: always` card is pinned: session start's overview). */
  scope?: string[];
  /** SHA-256 of the card's bytes, hex: its revision against the write history (a compact's watermark). */
  sha256?: string;
}

export interface CacheHead {
  /** MEMORY.md's [mtime, size, ctime, ino] when the records' `linked` and `linkedOther` were read from it; null: none. */
  index: readonly number[] | null;
  /** Files MEMORY.md links to that are not among the records (a card created later may be one). */
  linkedOther: string[];
  /** Every directory walked for cards (relative, "" = the store) and its mtime. */
  dirs: [string, number][];
  /** The card-words file written with these records, or null when there is none. */
  words: string | null;
}

/** Numbers per record, little-endian doubles after the JSON: mtime, size, ctime, firstLine, headBytes, bodyBytes, linked. */
const NUMBERS = 7;

/**
 * The records file: the strings as JSON with every non-ASCII character escaped (a one-byte string parses about
 * twice as fast as decoded UTF-8), then the numbers as doubles (no text to parse at all). At 100,000 cards
 * decoding the JSON is most of what `list` costs.
 */
export function encodeCardCache(head: CacheHead, records: readonly CardRecord[]): Buffer {
  const rows = records.map((r) => [
    r.file,
    r.readError ?? null,
    r.name ?? null,
    r.description ?? null,
    r.topics,
    r.priority ?? null,
    r.status ?? null,
    r.updated_at ?? null,
    r.type ?? null,
    r.provenance ? [r.provenance.kind ?? null, r.provenance.confidence ?? null, r.provenance.source ?? null] : null,
    r.problems,
    r.scope ?? null,
    r.sha256 ?? null,
  ]);
  const json = `${CARD_CACHE_VERSION}\n${asciiJson(head)}\n${asciiJson(rows)}\n`;
  const numbers = Buffer.alloc(records.length * NUMBERS * 8);
  records.forEach((r, i) => {
    const at = i * NUMBERS * 8;
    const values = [r.stamp[0], r.stamp[1], r.stamp[2], r.firstLine, r.headBytes, r.bodyBytes, r.linked ? 1 : 0];
    for (let k = 0; k < NUMBERS; k++) numbers.writeDoubleLE(values[k]!, at + k * 8);
  });
  return Buffer.concat([Buffer.from(json, "latin1"), numbers]);
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The records, or undefined for anything that is not exactly what encodeCardCache writes. */
export function decodeCardCache(bytes: Buffer): { head: CacheHead; records: CardRecord[] } | undefined {
  try {
    const first = bytes.indexOf(10);
    if (first < 0 || bytes.toString("latin1", 0, first) !== CARD_CACHE_VERSION) return undefined;
    const second = bytes.indexOf(10, first + 1);
    const third = second < 0 ? -1 : bytes.indexOf(10, second + 1);
    if (third < 0) return undefined;
    const head = checkHead(JSON.parse(bytes.toString("latin1", first + 1, second)));
    const rows: unknown = JSON.parse(bytes.toString("latin1", second + 1, third));
    if (!head || !Array.isArray(rows) || bytes.length - third - 1 !== rows.length * NUMBERS * 8) return undefined;
    const records: CardRecord[] = new Array(rows.length);
    for (let i = 0, at = third + 1; i < rows.length; i++, at += NUMBERS * 8) {
      const r = checkRecord(rows[i], bytes, at);
      if (!r) return undefined;
      records[i] = r;
    }
    return { head, records };
  } catch {
    return undefined;
  }
}

export function encodeCardWords(token: string, words: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${CARD_CACHE_VERSION} ${token}\n`, "utf8"), words]);
}

/** The words section and where each record's line starts, when `bytes` is the words file written with `records`. */
export function decodeCardWords(bytes: Buffer, token: string, records: readonly CardRecord[]): { words: Buffer; starts: number[] } | undefined {
  const first = bytes.indexOf(10);
  if (first < 0 || bytes.toString("latin1", 0, first) !== `${CARD_CACHE_VERSION} ${token}`) return undefined;
  const words = bytes.subarray(first + 1);
  const starts: number[] = new Array(records.length);
  let at = 0;
  for (let i = 0; i < records.length; i++) {
    starts[i] = at;
    const tab = at + records[i]!.headBytes;
    at = tab + 1 + records[i]!.bodyBytes;
    if (at >= words.length || words[tab] !== 9 || words[at] !== 10) return undefined;
    at++;
  }
  return at === words.length ? { words, starts } : undefined;
}

/** One path segment a listing keeps: not empty, not starting with a dot, no slash, backslash or control character. */
const SEGMENT = String.raw`[^./\\\u0000-\u001f\u007f][^/\\\u0000-\u001f\u007f]*`;
const CARD_NAME = new RegExp(String.raw`^(?:${SEGMENT}/)*${SEGMENT}\.md$`);
const DIR_NAME = new RegExp(`^(?:${SEGMENT}/)*${SEGMENT}$`);

/**
 * A card file name as listCardFiles (lib/store/read.ts) would list it: relative, no `..` or other dot segment, no
 * control character, a `.md` other than MEMORY.md. A cache names files to stat, so a planted name never escapes.
 */
export function isCardFileName(file: unknown): file is string {
  return typeof file === "string" && CARD_NAME.test(file) && file !== INDEX_FILE && file !== EPISODES_SUMMARY_FILE;
}

function isDirName(dir: unknown): dir is string {
  return dir === "" || (typeof dir === "string" && DIR_NAME.test(dir));
}

const num = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const optStr = (v: unknown): v is string | null => v === null || typeof v === "string";
const count = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function checkHead(v: unknown): CacheHead | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const { index, linkedOther, dirs, words } = v as Record<string, unknown>;
  if (index !== null && !(Array.isArray(index) && index.length === 4 && index.every(num))) return undefined;
  if (!Array.isArray(linkedOther) || !linkedOther.every((f) => typeof f === "string")) return undefined;
  if (!Array.isArray(dirs) || !dirs.every((d) => Array.isArray(d) && d.length === 2 && isDirName(d[0]) && num(d[1]))) return undefined;
  if (words !== null && !(typeof words === "string" && /^[0-9a-z-]{1,64}$/.test(words))) return undefined;
  return { index: index as number[] | null, linkedOther: linkedOther as string[], dirs: dirs as [string, number][], words: words as string | null };
}

function checkRecord(v: unknown, bytes: Buffer, at: number): CardRecord | undefined {
  if (!Array.isArray(v) || v.length !== 13) return undefined;
  const [file, readError, name, description, topics, priority, status, updated, type, prov, problems, scope, sha256] = v;
  if (!isCardFileName(file) || !optStr(readError) || !optStr(name) || !optStr(description) || !optStr(priority) || !optStr(status) || !optStr(updated) || !optStr(type))
    return undefined;
  if (!Array.isArray(topics) || !topics.every((t) => typeof t === "string")) return undefined;
  if (!Array.isArray(problems) || !problems.every((t) => typeof t === "string")) return undefined;
  if (scope !== null && !(Array.isArray(scope) && scope.every((t) => typeof t === "string"))) return undefined;
  if (sha256 !== null && !(typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256))) return undefined;
  const provenance = checkProvenance(prov);
  if (provenance === false) return undefined;
  const mtime = bytes.readDoubleLE(at);
  const size = bytes.readDoubleLE(at + 8);
  const ctime = bytes.readDoubleLE(at + 16);
  const firstLine = bytes.readDoubleLE(at + 24);
  const headBytes = bytes.readDoubleLE(at + 32);
  const bodyBytes = bytes.readDoubleLE(at + 40);
  const linked = bytes.readDoubleLE(at + 48);
  if (!num(mtime) || !num(size) || !num(ctime) || !count(firstLine) || !count(headBytes) || !count(bodyBytes) || (linked !== 0 && linked !== 1)) return undefined;
  return {
    file,
    stamp: [mtime, size, ctime],
    readError: readError ?? undefined,
    name: name ?? undefined,
    description: description ?? undefined,
    topics,
    priority: priority ?? undefined,
    status: status ?? undefined,
    updated_at: updated ?? undefined,
    type: type ?? undefined,
    firstLine,
    headBytes,
    bodyBytes,
    linked: linked === 1,
    provenance,
    problems,
    scope: scope ?? undefined,
    sha256: sha256 ?? undefined,
  };
}

function checkProvenance(v: unknown): CardMeta["provenance"] | false {
  if (v === null) return undefined;
  if (!Array.isArray(v) || v.length !== 3) return false;
  const [kind, confidence, source] = v;
  if (kind !== null && kind !== "fact" && kind !== "inference" && kind !== "unverified") return false;
  if (confidence !== null && !num(confidence)) return false;
  if (!optStr(source)) return false;
  return { kind: kind ?? undefined, confidence: confidence ?? undefined, source: source ?? undefined };
}
