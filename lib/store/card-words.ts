// The cards' search words (.memctl/card-words, layout: card-cache-format.ts) and the one way a card is read into a
// record and its words: lib/store/card-cache.ts decides what is fresh, this reads and writes.
import { cardType, parseCard } from "../core/card.js";
import { utf8Text } from "../core/bytes.js";
import { sha256Hex } from "../core/sha256.js";
import { cardHead, countTerms, encodeTermCounts, terms } from "../core/search-terms.js";
import { decodeCardWords, encodeCardCache, encodeCardWords, type CacheHead, type CardRecord } from "./card-cache-format.js";
import { lstatIfExists, readRegular, type FileStat } from "./checked-fs.js";
import { joinPath, STATE_DIR } from "./paths.js";
import { realDir, replaceFile } from "./safe-write.js";

export const CARD_CACHE = "card-cache";
export const CARD_WORDS = "card-words";
/** Every card's words at 100,000 cards are ~100 MB: far past the default read cap. */
export const CACHE_READ_CAP = 1 << 30;

export function readRecord(dir: string, file: string): { record: CardRecord; words: Buffer } {
  let text: string;
  let st: FileStat;
  let sha256: string;
  try {
    const read = readRegular(joinPath(dir, file));
    text = utf8Text(read.bytes);
    st = read.stat;
    sha256 = sha256Hex(read.bytes);
  } catch (err) {
    const record = {
      file,
      stamp: [-1, -1, -1] as const,
      readError: (err as Error).message,
      topics: [],
      type: cardType(file, { topics: [] }),
      firstLine: 1,
      headBytes: 0,
      bodyBytes: 0,
      linked: false,
      problems: [],
    };
    return { record, words: Buffer.from("\t\n") };
  }
  const card = parseCard(text);
  const m = card.meta;
  const head = Buffer.from(encodeTermCounts(countTerms(terms(cardHead(m)))), "utf8");
  const body = Buffer.from(encodeTermCounts(countTerms(terms(card.body))), "utf8");
  const record: CardRecord = {
    file,
    stamp: [st.mtimeMs, st.size, st.ctimeMs],
    name: m.name,
    description: m.description,
    topics: m.topics,
    priority: m.priority,
    status: m.status,
    updated_at: m.updated_at,
    type: cardType(file, m),
    firstLine: text.slice(0, text.length - card.body.length).split("\n").length,
    headBytes: head.length,
    bodyBytes: body.length,
    linked: false,
    provenance: m.provenance,
    problems: [...card.errors, ...card.warnings].map((p) => p.message),
    scope: m.scope,
    sha256,
  };
  return { record, words: Buffer.concat([head, Buffer.from("\t"), body, Buffer.from("\n")]) };
}

/**
 * The records' words, read from card-words only when a search (or a rewrite) needs them: `list` never opens it.
 * A words file that does not belong to the records (damaged, or a writer racing another) is rebuilt from the cards.
 */
export class CardWords {
  private joined: { words: Buffer; starts: number[] } | undefined;
  private repaired = false;
  private writing = false;

  constructor(
    private readonly dir: string,
    private readonly old: { head: CacheHead; records: CardRecord[] } | undefined,
    private readonly records: CardRecord[],
    private readonly from: number[],
    private readonly fresh: Map<number, Buffer>,
  ) {}

  get(): { words: Buffer; starts: number[] } {
    if (this.joined) return this.joined;
    const old = this.from.some((i) => i >= 0) ? this.readOld() : undefined;
    const aligned = old && this.fresh.size === 0 && this.from.length === this.old!.records.length && this.from.every((i, k) => i === k);
    this.joined = aligned ? old : this.join(old);
    if (this.repaired && !this.writing) this.write(this.old!.head);
    return this.joined;
  }

  private readOld(): { words: Buffer; starts: number[] } | undefined {
    const token = this.old!.head.words;
    let found: { words: Buffer; starts: number[] } | undefined;
    try {
      const records = this.old!.records;
      if (token !== null) found = memoByStamp(joinPath(this.dir, STATE_DIR, CARD_WORDS), (bytes) => decodeCardWords(bytes, token, records));
    } catch {
      found = undefined;
    }
    if (!found) this.repaired = true;
    return found;
  }

  /** The words in record order: old ones copied in runs, the rest fresh (or read again when the old are lost). */
  private join(old: { words: Buffer; starts: number[] } | undefined): { words: Buffer; starts: number[] } {
    const parts: Buffer[] = [];
    const starts: number[] = [];
    let at = 0;
    const push = (b: Buffer) => {
      parts.push(b);
      at += b.length;
    };
    for (let k = 0; k < this.from.length; ) {
      const i = this.from[k]!;
      if (i < 0 || !old) {
        starts.push(at);
        push(this.fresh.get(k) ?? readRecord(this.dir, this.records[k]!.file).words);
        k++;
        continue;
      }
      let end = k + 1;
      while (end < this.from.length && this.from[end] === this.from[end - 1]! + 1) end++;
      for (let j = k; j < end; j++) starts.push(at + old.starts[this.from[j]!]! - old.starts[i]!);
      const last = this.from[end - 1]!;
      const r = this.old!.records[last]!;
      push(old.words.subarray(old.starts[i]!, old.starts[last]! + r.headBytes + r.bodyBytes + 2));
      k = end;
    }
    return { words: Buffer.concat(parts), starts };
  }

  /** Both files, words first: a reader between the two renames finds a token that does not match, never wrong words. */
  write(head: CacheHead): void {
    this.writing = true;
    const { words } = this.get();
    const token = `${Date.now().toString(36)}-${process.pid.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    try {
      const state = realDir(this.dir, STATE_DIR);
      replaceFile(joinPath(state, CARD_WORDS), encodeCardWords(token, words), joinPath(state, `${CARD_WORDS}.${process.pid}.tmp`));
      replaceFile(joinPath(state, CARD_CACHE), encodeCardCache({ ...head, words: token }, this.records), joinPath(state, `${CARD_CACHE}.${process.pid}.tmp`));
    } catch {
      // Derived state: a read-only store, a full disk or a link in .memctl/ costs the next read its speed, not its answer.
    }
  }
}

/** The last decoded form of each cache file this process read, keyed by the file's stamp. */
const decodedByFile = new Map<string, { stamp: string; value: unknown }>();

/**
 * `decode` of the regular file's bytes (never through a link), or its result for the same file with the same
 * mtime, size, ctime and inode from earlier in this process: a long-running reader (the MCP server, one call after
 * another) decodes a cache once, not once per call. Every cache write is a rename (a new inode), so a stamp that
 * holds is the same bytes. Undefined when the file cannot be read or does not decode.
 */
export function memoByStamp<T>(file: string, decode: (bytes: Buffer, stat: FileStat) => T | undefined): T | undefined {
  const key = (s: FileStat) => `${s.mtimeMs}:${s.size}:${s.ctimeMs}:${s.ino}`;
  try {
    const seen = decodedByFile.get(file);
    const now = lstatIfExists(file);
    if (seen && now?.isFile() && seen.stamp === key(now)) return seen.value as T;
    const { bytes, stat } = readRegular(file, CACHE_READ_CAP, { nofollow: true });
    const value = decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), stat);
    if (value === undefined) decodedByFile.delete(file);
    else decodedByFile.set(file, { stamp: key(stat), value });
    return value;
  } catch {
    return undefined;
  }
}
