// Rebuilding the rank cache from MEMORY.md and the card files (see load.ts for when): cards and index
// lines whose fingerprints match the previous cache are reused, so an edit re-reads only what changed.
import path from "node:path";
import { buildPostings, FIELD_WEIGHT, toPostingList, type RankEntry } from "../rank/postings.js";
import { tokenize, TOKENIZER_VERSION } from "../rank/tokenize.js";
import { parseIndex } from "../core/index-file.js";
import { encodeCache } from "./encode.js";
import { provenanceMark } from "../rank/provenance-mark.js";
import { renderEntryLine, utf8Bytes } from "../core/block.js";
import {
  cardStamp,
  escapesStore,
  openCache,
  parseReuseLine,
  parseSlimEntry,
  RANK_CACHE,
  sameStamp,
  stampOf,
  type Header,
  type LoadOptions,
  type RankableStore,
  type ReuseLine,
  type SlimEntry,
  type Stamp,
} from "./read.js";
import { INDEX_FILE, STATE_DIR } from "../store/paths.js";
import { isMeasurable } from "../usage/format.js";
import { close, lstatIfExists, openRegular, readAt, readRegularUtf8, utimes, type FileStat } from "../store/checked-fs.js";
import { readIndexText } from "../store/index-read.js";
import { utf8Text } from "../core/bytes.js";
import { realDir, replaceFile } from "../store/safe-write.js";
import { CARD_TYPES } from "../core/card-types.js";
import { lineKeyLanes } from "../core/line-key.js";

/** `<type>_` at the start of a card file's last path segment (group 1 keeps the directories). */
const FILE_TYPE_PREFIX = new RegExp(`^(.*\\/)?(${CARD_TYPES.join("|")})_`);

/**
 * Sources modified this recently are not trusted to a cache: an edit in the same timestamp tick as the
 * build could hide. Sub-second timestamps (ext4, APFS, tmpfs…) tick in milliseconds; whole-second ones
 * (FAT, HFS+, some network filesystems) need the wide window.
 */
const RACY_MS_FINE = 100;
const RACY_MS_COARSE = 2000;
const HEAD_BYTES = 16 * 1024;
/** A card whose frontmatter runs past its first 16 KiB is read whole only up to this size. */
const CARD_READ_CAP = 4 * 1024 * 1024;

/** What ranking reads from a card file, with the terms of its own fields once tokenised. */
interface CardFields {
  priority?: string;
  status?: string;
  expires_at?: string;
  topics: string[];
  topicTerms?: string[];
  recallTerms?: string[];
  bodyTerms?: string[];
  /** How the printed line marks a card that may not be true (provenanceMark). */
  mark?: string;
  /** Where the card applies (meta.scope); absent: everywhere. */
  scope?: string[];
}

/** What a rebuild can reuse from the previous cache: card fields by file (with their fingerprint), terms by line. */
interface Reusable {
  cards: Map<string, { stamp: Stamp } & CardFields>;
  lines: Map<string, { title: string[]; hook: string[] }>;
}

function reusable(memoryDir: string): Reusable {
  const out: Reusable = { cards: new Map(), lines: new Map() };
  const previous = openCache(memoryDir);
  if (!previous) return out;
  const { view, header } = previous;
  const split = (s: string) => (s === "" ? [] : s.split(" "));
  try {
    for (let id = 0; id < view.n; id++) {
      const [, priority, status, expires, raw] = parseSlimEntry(view.entry(id));
      const [topics, tTitle, tTopics, tHook, tRecall, tBody, mark] = parseReuseLine(view.reuse(id));
      const file = view.file(id);
      out.cards.set(file, {
        stamp: view.stamp(id),
        ...(priority ? { priority } : {}),
        ...(status ? { status } : {}),
        ...(expires ? { expires_at: expires } : {}),
        topics,
        topicTerms: split(tTopics),
        recallTerms: split(tRecall),
        bodyTerms: split(tBody),
        ...(mark ? { mark } : {}),
        ...(header.scope?.[id] ? { scope: header.scope[id] } : {}),
      });
      out.lines.set(`${file}\n${raw}`, { title: split(tTitle), hook: split(tHook) });
    }
  } catch {
    return { cards: new Map(), lines: new Map() };
  }
  return out;
}

export async function rebuild(memoryDir: string, indexStat: FileStat, options: LoadOptions): Promise<RankableStore> {
  const { text, truncated } = readIndexText(path.join(memoryDir, INDEX_FILE));
  const parsed = parseIndex(text);
  const files = [...new Set(parsed.entries.map((e) => normalizeCardPath(e.file)))];
  const old = reusable(memoryDir); // card fingerprints guard every reuse, forced rebuilds included
  let parseCard: typeof import("../core/card.js").parseCard | undefined;
  const fields = new Map<string, CardFields>();
  const stamps = new Map<string, Stamp>();
  for (const file of files) {
    // A link out of the store (absolute, or through "..") is ranked on its index line only: never read.
    const stamp = cardStamp(memoryDir, file);
    if (escapesStore(file)) {
      stamps.set(file, stamp);
      continue;
    }
    const abs = path.join(memoryDir, file);
    stamps.set(file, stamp);
    const prior = old.cards.get(file);
    if (prior && sameStamp(prior.stamp, stamp) && stamp[0] !== -1) {
      fields.set(file, prior);
      continue;
    }
    const head = readHead(abs);
    if (head === undefined) continue;
    parseCard ??= (await import("../core/card.js")).parseCard; // js-yaml loads only when a card must be read
    const card = parseCard(head);
    const meta = card.meta;
    fields.set(file, {
      priority: meta.priority,
      status: meta.status,
      expires_at: meta.expires_at,
      topics: meta.topics,
      // A card's keys are one field (their words counted together, length-normalised against other cards' keys).
      recallTerms: tokenize((meta.recall ?? []).join("\n")),
      // Only the head is read: a body past the first 16 KiB of the file is not indexed (docs/ranking.md).
      bodyTerms: FIELD_WEIGHT.body > 0 ? tokenize(card.body) : [],
      ...(provenanceMark(meta.provenance) ? { mark: provenanceMark(meta.provenance) } : {}),
      ...(meta.scope && meta.scope.length > 0 ? { scope: meta.scope } : {}),
    });
  }
  const entries: RankEntry[] = parsed.entries.map((e) => {
    const file = normalizeCardPath(e.file);
    const f = fields.get(file) ?? { topics: [] };
    // The file name says what the card is about too: "feedback_testing_style.md" → "testing style".
    const nameWords = file.replace(/\.md$/i, "").replace(FILE_TYPE_PREFIX, "$1");
    const lineTerms = old.lines.get(`${file}\n${e.raw}`);
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
      ...(f.mark ? { mark: f.mark } : {}),
      ...(f.scope ? { scope: f.scope } : {}),
      terms: {
        title: lineTerms?.title ?? tokenize(e.title),
        topics: f.topicTerms ?? tokenize([...f.topics, nameWords].join(" ")),
        hook: lineTerms?.hook ?? tokenize(e.hook),
        recall: f.recallTerms ?? [],
        body: f.bodyTerms ?? [],
      },
    };
  });
  const postings = buildPostings(entries);
  const always = entries.flatMap((e, i) => (e.priority === "always" ? [i] : []));
  // The printed line is rendered here, once per build, rather than by every prompt that prints it, and kept apart
  // from the slim entry so printing a line parses nothing. A card that may not be true says so at its end.
  const printed = entries.map((e) => (e.mark ? `${renderEntryLine(e)} ${e.mark}` : renderEntryLine(e)));
  const byId = (id: number) => entries[id]!;
  const scoped = entries.flatMap((e, id) => (e.scope ? [[id, e.scope] as [number, string[]]] : []));
  const store: RankableStore = {
    index: {
      size: entries.length,
      entry: byId,
      file: (id) => entries[id]!.file,
      sinkFields: byId,
      postings: (t) => (postings.has(t) ? toPostingList(postings.get(t)!) : undefined),
      alwaysIds: always,
      lineBytes: (id) => utf8Bytes(printed[id]!),
      lineText: (id) => printed[id]!,
      scoped: () => scoped,
    },
    unparsed: parsed.unparsed,
    entryCount: entries.length,
    cardCount: files.length,
    cache: "uncached",
    plainFiles: files.length === entries.length && files.every(isMeasurable),
    stamp: (file) => stamps.get(file),
    verified: false, // read from the files just now: inject.ts re-checks only cached stores
    ...(truncated ? { truncated } : {}),
  };
  if (options.writeCache === false) return store;
  const stateDir = path.join(memoryDir, STATE_DIR);
  let createdStateDir = false;
  try {
    // Before the directory stamps: creating it changes the store's mtime (a change we made, so not racy).
    createdStateDir = lstatIfExists(stateDir) === undefined;
    realDir(memoryDir, STATE_DIR); // never a link: the cache is not written outside the store
  } catch {
    return store;
  }
  const dirSet = new Set<string>([""]);
  for (const f of files) {
    const d = path.posix.dirname(f);
    if (d !== "." && !d.startsWith("..") && !path.isAbsolute(d)) dirSet.add(d);
  }
  const dirs: [string, number][] = [...dirSet].sort().map((rel) => [rel, stampOf(path.join(memoryDir, rel))[0]]);
  const sources = [indexStat.mtimeMs, ...dirs.filter(([rel]) => !(createdStateDir && rel === "")).map(([, m]) => m), ...[...stamps.values()].map(([m]) => m)];
  // A loop, not Math.max(...sources): spreading 130,000 values overflows the call stack.
  let newest = -Infinity;
  for (const m of sources) if (m > newest) newest = m;
  const allStamps = sources.filter((m) => m > 0);
  const coarse = allStamps.every((m) => m % 1000 === 0);
  if (options.nowMs - newest <= (coarse ? RACY_MS_COARSE : RACY_MS_FINE)) return store;
  const prio = entries.map((e) => (e.priority === "always" ? "a" : e.priority === "low" ? "l" : "n")).join("");
  const status: Record<string, string> = {};
  const expires: Record<string, string> = {};
  const scope: Record<string, string[]> = {};
  for (const [id, list] of scoped) scope[id] = list;
  entries.forEach((e, id) => {
    if (e.status && e.status !== "active") status[id] = e.status;
    if (e.expires_at) expires[id] = e.expires_at;
  });
  const header: Header = {
    index: [indexStat.size, indexStat.mtimeMs, indexStat.ino],
    dirs,
    n: entries.length,
    cards: files.length,
    always,
    prio,
    status,
    expires,
    ...(scoped.length > 0 ? { scope } : {}),
    unparsed: parsed.unparsed.map((u) => [u.line, u.raw, u.reason]),
    ...(truncated ? { truncated: [truncated.lines, truncated.bytes, truncated.totalBytes] as [number, number, number] } : {}),
    plainFiles: store.plainFiles,
  };
  const slim = entries.map((e) => JSON.stringify([e.line, e.priority ?? "", e.status ?? "", e.expires_at ?? "", e.raw] satisfies SlimEntry));
  header.pinned = always.map((id) => printed[id]!);
  const encoded = encodeCache(TOKENIZER_VERSION, {
    header,
    entries: slim,
    printed,
    reuse: entries.map((e) =>
      JSON.stringify([
        e.topics,
        e.terms.title.join(" "),
        e.terms.topics.join(" "),
        e.terms.hook.join(" "),
        (e.terms.recall ?? []).join(" "),
        (e.terms.body ?? []).join(" "),
        e.mark ?? "",
      ] satisfies ReuseLine),
    ),
    files: entries.map((e) => e.file),
    stamps: entries.map((e) => stamps.get(e.file)!),
    lineBytes: printed.map((line) => utf8Bytes(line)),
    lineKeys: printed.map(lineKeyLanes),
    terms: [...postings.keys()].sort().map((t) => [t, postings.get(t)!]),
  });
  if (writeCacheFile(stateDir, encoded, options.nowMs)) store.cache = "rebuilt";
  return store;
}

/** Index link targets are relative to the store; "./x.md" and "x.md" are one card. */
export function normalizeCardPath(file: string): string {
  return path.posix.normalize(file.replace(/\\/g, "/")).replace(/^\.\//, "");
}

/**
 * The file's mtime is then set to when this load started: it stands for the last time every card was checked
 * (cache.ts, above FULL_CHECK_MAX), and the cards were stamped after that, not when the write ended.
 */
function writeCacheFile(stateDir: string, text: Buffer, checkedMs: number): boolean {
  const file = path.join(stateDir, RANK_CACHE);
  const tmp = path.join(stateDir, `${RANK_CACHE}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
  try {
    replaceFile(file, text, tmp);
  } catch {
    return false;
  }
  try {
    utimes(file, checkedMs);
  } catch {
    // not ours to set: the write time stands in (later by the rebuild's length)
  }
  return true;
}

/** The frontmatter part of a card: the first HEAD_BYTES, or the whole file when the closing fence is further. */
function readHead(file: string): string | undefined {
  let fd: number;
  try {
    fd = openRegular(file).fd; // a FIFO or a device linked as a card is ranked on its index line only
  } catch {
    return undefined;
  }
  try {
    const buf = new Uint8Array(HEAD_BYTES);
    const n = readAt(fd, buf, 0, HEAD_BYTES, 0);
    const head = utf8Text(buf, 0, n);
    if (n < HEAD_BYTES || /\n---[ \t]*\r?\n/.test(head.slice(3))) return head;
    return readRegularUtf8(file, CARD_READ_CAP);
  } catch {
    return undefined;
  } finally {
    close(fd);
  }
}
