// A derived cache of what ranking needs, so the per-prompt hook never reads every card file.
// <memory_dir>/.memctl/rank-cache.json holds the parsed index lines, the few frontmatter fields ranking uses
// (priority, status, expires_at, topics), the terms of every field, and a fingerprint of its sources.
//
// Staleness rule. The cache is used only while ALL of these still hold:
//   - MEMORY.md has the same size, mtime and inode;
//   - the memory directory and every directory holding a linked card have the same mtime (creating,
//     deleting or renaming a card — and every atomic write, memctl's included — changes it);
//   - a rolling window of ROLLING_CHECK cards (a different slice each second) and every card about to be
//     printed have the same mtime and size (catches in-place edits that keep the directory mtime);
//   - it was built by this tokenizer version and parses completely.
// Anything else rebuilds it from the files. A cache whose sources were modified within RACY_MS of the
// build is not written (an edit in the same clock tick could otherwise go unnoticed); the next call rebuilds.
// Writes are temp file + rename; a corrupt or foreign cache is ignored, never trusted.
import fs from "node:fs";
import path from "node:path";
import { tokenize, TOKENIZER_VERSION } from "../rank/tokenize.js";
import type { RankEntry } from "../rank/score.js";
import { parseIndex, type UnparsedLine } from "./index-file.js";
import { INDEX_FILE, STATE_DIR } from "./paths.js";

export const RANK_CACHE = "rank-cache.json";
const CACHE_VERSION = 1;
export const ROLLING_CHECK = 64;
const RACY_MS = 2000;
const HEAD_BYTES = 16 * 1024;

/** A card's fingerprint: mtime and size, or -1/-1 when the linked file is missing. */
type Stamp = [mtimeMs: number, size: number];

export interface RankableStore {
  entries: RankEntry[];
  unparsed: UnparsedLine[];
  /** Distinct card files the index links to. */
  cardCount: number;
  /** "fresh" (cache used), "rebuilt" (read from the files, cache written), "uncached" (read, not written). */
  cache: "fresh" | "rebuilt" | "uncached";
  /** Card fingerprints, to re-check the cards about to be printed (see stillFresh). */
  stamps: Map<string, Stamp>;
}

interface CacheFile {
  v: number;
  tok: number;
  index: [size: number, mtimeMs: number, ino: number];
  dirs: [rel: string, mtimeMs: number][];
  cards: [file: string, mtimeMs: number, size: number][];
  entries: [line: number, raw: string, title: string, file: string, hook: string, priority: string, status: string, expires: string, topics: string, tTitle: string, tTopics: string, tHook: string][];
  unparsed: [line: number, raw: string, reason: string][];
  end: true;
}

/** The store's index for ranking: from the cache when fresh, else from the files. Throws when MEMORY.md is unreadable (ENOENT included: callers decide). */
export async function loadRankable(memoryDir: string, options: { nowMs: number; checkAllCards?: boolean; writeCache?: boolean; force?: boolean }): Promise<RankableStore> {
  const indexPath = path.join(memoryDir, INDEX_FILE);
  const indexStat = fs.statSync(indexPath);
  if (!indexStat.isFile()) throw Object.assign(new Error(`${indexPath} is not a file`), { code: "EISDIR" });
  const cached = options.force ? undefined : readCache(memoryDir);
  if (cached && isFresh(memoryDir, cached, indexStat, options)) return fromCache(cached);
  return rebuild(memoryDir, indexStat, options);
}

/** Re-checks the given cards against the fingerprints the store was ranked with. */
export function stillFresh(memoryDir: string, store: RankableStore, files: Iterable<string>): boolean {
  for (const file of files) {
    const stamp = store.stamps.get(file);
    if (!stamp || !sameStamp(stampOf(path.join(memoryDir, file)), stamp)) return false;
  }
  return true;
}

function readCache(memoryDir: string): CacheFile | undefined {
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(memoryDir, STATE_DIR, RANK_CACHE), "utf8")) as CacheFile;
    if (parsed?.v !== CACHE_VERSION || parsed.tok !== TOKENIZER_VERSION || parsed.end !== true || !Array.isArray(parsed.entries)) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

function isFresh(memoryDir: string, c: CacheFile, indexStat: fs.Stats, options: { nowMs: number; checkAllCards?: boolean }): boolean {
  if (c.index[0] !== indexStat.size || c.index[1] !== indexStat.mtimeMs || c.index[2] !== indexStat.ino) return false;
  for (const [rel, mtime] of c.dirs) {
    try {
      if (fs.statSync(path.join(memoryDir, rel)).mtimeMs !== mtime) return false;
    } catch {
      return false;
    }
  }
  const n = c.cards.length;
  if (n === 0) return true;
  const count = options.checkAllCards ? n : Math.min(n, ROLLING_CHECK);
  const start = options.checkAllCards ? 0 : (Math.floor(options.nowMs / 1000) * ROLLING_CHECK) % n;
  for (let k = 0; k < count; k++) {
    const [file, mtime, size] = c.cards[(start + k) % n]!;
    if (!sameStamp(stampOf(path.join(memoryDir, file)), [mtime, size])) return false;
  }
  return true;
}

function fromCache(c: CacheFile): RankableStore {
  const split = (s: string) => (s === "" ? [] : s.split(" "));
  const entries: RankEntry[] = c.entries.map(([line, raw, title, file, hook, priority, status, expires, topics, tTitle, tTopics, tHook]) => ({
    line,
    raw,
    title,
    file,
    hook,
    ...(priority ? { priority } : {}),
    ...(status ? { status } : {}),
    ...(expires ? { expires_at: expires } : {}),
    topics: topics === "" ? [] : topics.split("\u001f"),
    terms: { title: split(tTitle), topics: split(tTopics), hook: split(tHook) },
  }));
  return {
    entries,
    unparsed: c.unparsed.map(([line, raw, reason]) => ({ line, raw, reason })),
    cardCount: c.cards.length,
    cache: "fresh",
    stamps: new Map(c.cards.map(([file, mtime, size]) => [file, [mtime, size]])),
  };
}

/** The fields ranking reads from a card's frontmatter. */
interface CardFields {
  priority?: string;
  status?: string;
  expires_at?: string;
  topics: string[];
}

async function rebuild(memoryDir: string, indexStat: fs.Stats, options: { nowMs: number; writeCache?: boolean }): Promise<RankableStore> {
  const text = fs.readFileSync(path.join(memoryDir, INDEX_FILE), "utf8");
  const parsed = parseIndex(text);
  const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
  const dirSet = new Set<string>([""]);
  for (const f of files) {
    const d = path.posix.dirname(f);
    if (d !== "." && !d.startsWith("..") && !path.isAbsolute(d)) dirSet.add(d);
  }
  const { parseCard } = await import("./card.js");
  const fields = new Map<string, CardFields>();
  const stamps = new Map<string, Stamp>();
  for (const file of files) {
    const abs = path.join(memoryDir, file);
    stamps.set(file, stampOf(abs));
    const head = readHead(abs);
    if (head === undefined) continue;
    const meta = parseCard(head).meta;
    fields.set(file, {
      ...(meta.priority ? { priority: meta.priority } : {}),
      ...(meta.status ? { status: meta.status } : {}),
      ...(meta.expires_at ? { expires_at: meta.expires_at } : {}),
      topics: meta.topics,
    });
  }
  const entries: RankEntry[] = parsed.entries.map((e) => {
    const file = normalizeCardPath(e.file);
    const f = fields.get(file) ?? { topics: [] };
    const stemWords = file.replace(/\.md$/i, "").replace(/^(.*\/)?(feedback|project|reference|user)_/, "$1");
    return {
      line: e.line,
      raw: e.raw,
      title: e.title,
      file,
      hook: e.hook,
      ...f,
      terms: { title: tokenize(e.title), topics: tokenize([...f.topics, stemWords].join(" ")), hook: tokenize(e.hook) },
    };
  });
  const dirs: [string, number][] = [];
  for (const rel of [...dirSet].sort()) {
    try {
      dirs.push([rel, fs.statSync(path.join(memoryDir, rel)).mtimeMs]);
    } catch {
      dirs.push([rel, -1]);
    }
  }
  const store: RankableStore = { entries, unparsed: parsed.unparsed, cardCount: files.length, cache: "uncached", stamps };
  const newest = Math.max(indexStat.mtimeMs, ...dirs.map(([, m]) => m), ...[...stamps.values()].map(([m]) => m));
  if (options.writeCache !== false && options.nowMs - newest > RACY_MS) {
    const cache: CacheFile = {
      v: CACHE_VERSION,
      tok: TOKENIZER_VERSION,
      index: [indexStat.size, indexStat.mtimeMs, indexStat.ino],
      dirs,
      cards: files.map((f) => [f, ...stamps.get(f)!]),
      entries: entries.map((e) => [e.line, e.raw, e.title, e.file, e.hook, e.priority ?? "", e.status ?? "", e.expires_at ?? "", e.topics.join("\u001f"), e.terms.title.join(" "), e.terms.topics.join(" "), e.terms.hook.join(" ")]),
      unparsed: parsed.unparsed.map((u) => [u.line, u.raw, u.reason]),
      end: true,
    };
    if (writeCacheFile(memoryDir, JSON.stringify(cache))) store.cache = "rebuilt";
  }
  return store;
}

/** Index link targets are relative to the store; "./x.md" and "x.md" are one card. */
export function normalizeCardPath(file: string): string {
  return path.posix.normalize(file.replace(/\\/g, "/")).replace(/^\.\//, "");
}

function writeCacheFile(memoryDir: string, json: string): boolean {
  const dir = path.join(memoryDir, STATE_DIR);
  const tmp = path.join(dir, `${RANK_CACHE}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(tmp, json);
    fs.renameSync(tmp, path.join(dir, RANK_CACHE));
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
    const s = fs.statSync(file);
    return [s.mtimeMs, s.size];
  } catch {
    return [-1, -1];
  }
}

function sameStamp(a: Stamp, b: Stamp): boolean {
  return a[0] === b[0] && a[1] === b[1];
}
