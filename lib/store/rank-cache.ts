// A derived cache of what ranking needs, so the per-prompt hook never reads every card file.
// <memory_dir>/.memctl/rank-cache.bin holds the parsed index lines with the few frontmatter fields ranking
// uses (priority, status, expires_at) and a postings list per term (layout: rank-cache-format.ts); the hook
// decodes only the entries and terms a prompt touches.
//
// Staleness rule. The cache is used only while ALL of these still hold:
//   - MEMORY.md has the same size, mtime and inode;
//   - the memory directory and every directory holding a linked card have the same mtime (creating,
//     deleting or renaming a card — and every atomic write, memctl's included — changes it);
//   - a rolling window of ROLLING_CHECK cards (a different slice each second) and every card about to be
//     printed have the same mtime and size (catches in-place edits that keep the directory mtime);
//   - it was written by this cache and tokenizer version and ends with its end marker.
// Anything else rebuilds it from the files. A cache whose sources were modified within RACY_MS of the
// build is not written (an edit in the same clock tick could otherwise go unnoticed); the next call rebuilds.
// Writes are temp file + rename; a corrupt or foreign cache is ignored, never trusted.
import fs from "node:fs";
import path from "node:path";
import { buildPostings, toPostingList, type EntryInfo, type RankEntry, type RankIndex } from "../rank/score.js";
import { tokenize, TOKENIZER_VERSION } from "../rank/tokenize.js";
import { parseIndex, type UnparsedLine } from "./index-file.js";
import { encodeCache, openCacheView, type CacheView } from "./rank-cache-format.js";
import { INDEX_FILE, STATE_DIR } from "./paths.js";

export const RANK_CACHE = "rank-cache.bin";
export const ROLLING_CHECK = 64;
const RACY_MS = 2000;
const HEAD_BYTES = 16 * 1024;

const NO_SINK_FIELDS = Object.freeze({});

/** A card's fingerprint: mtime and size, or -1/-1 when the linked file is missing. */
type Stamp = [mtimeMs: number, size: number];

interface Header {
  index: [size: number, mtimeMs: number, ino: number];
  dirs: [rel: string, mtimeMs: number][];
  n: number;
  cards: number;
  always: number[];
  /** Per entry, one character: a(lways), l(ow) or n(ormal) priority; sparse status and expiry by id. */
  prio: string;
  status: Record<string, string>;
  expires: Record<string, string>;
  unparsed: [line: number, raw: string, reason: string][];
}

export interface RankableStore {
  index: RankIndex;
  unparsed: UnparsedLine[];
  /** Index entries (lines) and distinct card files they link to. */
  entryCount: number;
  cardCount: number;
  /** "fresh" (cache used), "rebuilt" (read from the files, cache written), "uncached" (read, not written). */
  cache: "fresh" | "rebuilt" | "uncached";
  /** The fingerprint of a card as ranked, to re-check cards about to be printed (see stillFresh). */
  stamp(file: string): Stamp | undefined;
}

export interface LoadOptions {
  nowMs: number;
  /** Check every card's fingerprint, not just a rolling window (people-facing commands). */
  checkAllCards?: boolean;
  writeCache?: boolean;
  /** Ignore the cache and rebuild. */
  force?: boolean;
}

/** The store's index for ranking: from the cache when fresh, else from the files. Throws when MEMORY.md cannot be read (ENOENT included: callers decide). */
export async function loadRankable(memoryDir: string, options: LoadOptions): Promise<RankableStore> {
  const indexStat = fs.statSync(path.join(memoryDir, INDEX_FILE));
  if (!indexStat.isFile()) throw Object.assign(new Error(`${path.join(memoryDir, INDEX_FILE)} is not a file`), { code: "EISDIR" });
  if (!options.force) {
    const cached = openCache(memoryDir);
    if (cached && isFresh(memoryDir, cached, indexStat, options)) return cached.store;
  }
  return rebuild(memoryDir, indexStat, options);
}

/** True when every given card still has the fingerprint it was ranked with. */
export function stillFresh(memoryDir: string, store: RankableStore, files: Iterable<string>): boolean {
  for (const file of files) {
    const stamp = store.stamp(file);
    if (!stamp || !sameStamp(stampOf(path.join(memoryDir, file)), stamp)) return false;
  }
  return true;
}

type EntryLine = [line: number, file: string, priority: string, status: string, expires: string, mtimeMs: number, size: number, raw: string];

interface OpenCache {
  header: Header;
  view: CacheView<Header>;
  store: RankableStore;
}

function openCache(memoryDir: string): OpenCache | undefined {
  const file = path.join(memoryDir, STATE_DIR, RANK_CACHE);
  if (!fs.existsSync(file)) return undefined;
  try {
    const view = openCacheView<Header>(fs.readFileSync(file), TOKENIZER_VERSION);
    if (!view || view.header.n !== view.n) return undefined;
    const header = view.header;
    const n = view.n;
    const stamps = new Map<string, Stamp>();
    const entries = new Map<number, EntryInfo>();
    const entryAt = (id: number) => {
      let e = entries.get(id);
      if (!e) {
        const [line, file, priority, status, expires, mtimeMs, size, raw] = JSON.parse(view.entry(id)) as EntryLine;
        e = new CachedEntry(line, raw, file, priority, status, expires);
        stamps.set(file, [mtimeMs, size]);
        entries.set(id, e);
      }
      return e;
    };
    const postings = (term: string) => view.postings(term);
    const store: RankableStore = {
      index: {
        size: n,
        entry: entryAt,
        sinkFields: (id) => {
          const p = header.prio[id];
          const status = header.status[id];
          const expires = header.expires[id];
          if (p === "n" && status === undefined && expires === undefined) return NO_SINK_FIELDS;
          return { ...(p === "l" ? { priority: "low" } : p === "a" ? { priority: "always" } : {}), ...(status ? { status } : {}), ...(expires ? { expires_at: expires } : {}) };
        },
        postings,
        alwaysIds: header.always,
      },
      unparsed: header.unparsed.map(([line, raw, reason]) => ({ line, raw, reason })),
      entryCount: n,
      cardCount: header.cards,
      cache: "fresh",
      // Only entries that were ranked can be printed, and ranking materialised them (with their fingerprints).
      stamp: (file) => stamps.get(file),
    };
    // Pinned entries and the rolling window only ever touch a few lines; the stamp map is built on demand.
    return { header, view, store };
  } catch {
    return undefined;
  }
}

/** An entry read from the cache; title and hook are parsed from the raw line only if someone asks. */
class CachedEntry implements EntryInfo {
  priority?: string;
  status?: string;
  expires_at?: string;
  private parsed?: { title: string; hook: string };
  constructor(
    readonly line: number,
    readonly raw: string,
    readonly file: string,
    priority: string,
    status: string,
    expires: string,
  ) {
    if (priority) this.priority = priority;
    if (status) this.status = status;
    if (expires) this.expires_at = expires;
  }
  get title(): string {
    return this.parse().title;
  }
  get hook(): string {
    return this.parse().hook;
  }
  private parse(): { title: string; hook: string } {
    this.parsed ??= parseIndex(this.raw).entries[0] ?? { title: "", hook: "" };
    return this.parsed;
  }
}

function isFresh(memoryDir: string, c: OpenCache, indexStat: fs.Stats, options: LoadOptions): boolean {
  const h = c.header;
  if (h.index[0] !== indexStat.size || h.index[1] !== indexStat.mtimeMs || h.index[2] !== indexStat.ino) return false;
  for (const [rel, mtime] of h.dirs) {
    if (stampOf(path.join(memoryDir, rel))[0] !== mtime) return false;
  }
  const n = h.n;
  if (n === 0) return true;
  const count = options.checkAllCards ? n : Math.min(n, ROLLING_CHECK);
  const start = options.checkAllCards ? 0 : (Math.floor(options.nowMs / 1000) * ROLLING_CHECK) % n;
  for (let k = 0; k < count; k++) {
    const [, file, , , , mtime, size] = JSON.parse(c.view.entry((start + k) % n)) as EntryLine;
    if (!sameStamp(stampOf(path.join(memoryDir, file)), [mtime, size])) return false;
  }
  return true;
}

async function rebuild(memoryDir: string, indexStat: fs.Stats, options: LoadOptions): Promise<RankableStore> {
  const text = fs.readFileSync(path.join(memoryDir, INDEX_FILE), "utf8");
  const parsed = parseIndex(text);
  const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
  const { parseCard } = await import("./card.js");
  const fields = new Map<string, { priority?: string; status?: string; expires_at?: string; topics: string[] }>();
  const stamps = new Map<string, Stamp>();
  for (const file of files) {
    const abs = path.join(memoryDir, file);
    stamps.set(file, stampOf(abs));
    const head = readHead(abs);
    if (head === undefined) continue;
    const meta = parseCard(head).meta;
    fields.set(file, { priority: meta.priority, status: meta.status, expires_at: meta.expires_at, topics: meta.topics });
  }
  const entries: RankEntry[] = parsed.entries.map((e) => {
    const file = normalizeCardPath(e.file);
    const f = fields.get(file) ?? { topics: [] };
    // The file name says what the card is about too: "feedback_testing_style.md" → "testing style".
    const nameWords = file.replace(/\.md$/i, "").replace(/^(.*\/)?(feedback|project|reference|user)_/, "$1");
    return {
      line: e.line,
      raw: e.raw,
      title: e.title,
      file,
      hook: e.hook,
      ...(f.priority ? { priority: f.priority } : {}),
      ...(f.status ? { status: f.status } : {}),
      ...(f.expires_at ? { expires_at: f.expires_at } : {}),
      topics: f.topics,
      terms: { title: tokenize(e.title), topics: tokenize([...f.topics, nameWords].join(" ")), hook: tokenize(e.hook) },
    };
  });
  const postings = buildPostings(entries);
  const always = entries.flatMap((e, i) => (e.priority === "always" ? [i] : []));
  const byId = (id: number) => entries[id]!;
  const store: RankableStore = {
    index: { size: entries.length, entry: byId, sinkFields: byId, postings: (t) => (postings.has(t) ? toPostingList(postings.get(t)!) : undefined), alwaysIds: always },
    unparsed: parsed.unparsed,
    entryCount: entries.length,
    cardCount: files.length,
    cache: "uncached",
    stamp: (file) => stamps.get(file),
  };
  if (options.writeCache === false) return store;
  const stateDir = path.join(memoryDir, STATE_DIR);
  try {
    fs.mkdirSync(stateDir, { recursive: true }); // before the directory stamps: creating it changes the store's mtime
  } catch {
    return store;
  }
  const dirSet = new Set<string>([""]);
  for (const f of files) {
    const d = path.posix.dirname(f);
    if (d !== "." && !d.startsWith("..") && !path.isAbsolute(d)) dirSet.add(d);
  }
  const dirs: [string, number][] = [...dirSet].sort().map((rel) => [rel, stampOf(path.join(memoryDir, rel))[0]]);
  const newest = Math.max(indexStat.mtimeMs, ...dirs.map(([, m]) => m), ...[...stamps.values()].map(([m]) => m));
  if (options.nowMs - newest <= RACY_MS) return store;
  const prio = entries.map((e) => (e.priority === "always" ? "a" : e.priority === "low" ? "l" : "n")).join("");
  const status: Record<string, string> = {};
  const expires: Record<string, string> = {};
  entries.forEach((e, id) => {
    if (e.status && e.status !== "active") status[id] = e.status;
    if (e.expires_at) expires[id] = e.expires_at;
  });
  const header: Header = { index: [indexStat.size, indexStat.mtimeMs, indexStat.ino], dirs, n: entries.length, cards: files.length, always, prio, status, expires, unparsed: parsed.unparsed.map((u) => [u.line, u.raw, u.reason]) };
  const encoded = encodeCache(TOKENIZER_VERSION, {
    header,
    entries: entries.map((e) => {
      const [m, sz] = stamps.get(e.file)!;
      return JSON.stringify([e.line, e.file, e.priority ?? "", e.status ?? "", e.expires_at ?? "", m, sz, e.raw] satisfies EntryLine);
    }),
    terms: [...postings.keys()].sort().map((t) => [t, postings.get(t)!]),
  });
  if (writeCacheFile(stateDir, encoded)) store.cache = "rebuilt";
  return store;
}

/** Index link targets are relative to the store; "./x.md" and "x.md" are one card. */
export function normalizeCardPath(file: string): string {
  return path.posix.normalize(file.replace(/\\/g, "/")).replace(/^\.\//, "");
}

function writeCacheFile(stateDir: string, text: Buffer): boolean {
  const tmp = path.join(stateDir, `${RANK_CACHE}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, path.join(stateDir, RANK_CACHE));
    return true;
  } catch {
    fs.rmSync(tmp, { force: true });
    return false;
  }
}

/** The frontmatter part of a card: the first HEAD_BYTES, or the whole file when the closing fence is further. */
function readHead(file: string): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch {
    return undefined;
  }
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const n = fs.readSync(fd, buf, 0, HEAD_BYTES, 0);
    const head = buf.subarray(0, n).toString("utf8");
    if (n < HEAD_BYTES || /\n---[ \t]*\r?\n/.test(head.slice(3))) return head;
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

function stampOf(file: string): Stamp {
  try {
    const s = fs.statSync(file, { throwIfNoEntry: false });
    return s ? [s.mtimeMs, s.size] : [-1, -1];
  } catch {
    return [-1, -1];
  }
}

function sameStamp(a: Stamp, b: Stamp): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
