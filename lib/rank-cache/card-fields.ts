// What ranking reads from one card and one index line, shared by the full build (build.ts) and the delta
// (refresh.ts), so an entry built either way is the same entry.
import path from "node:path";
import { FIELD_WEIGHT, type RankEntry } from "../rank/postings.js";
import { stopTestOf, tokenizeMarked } from "../rank/tokenize.js";
import { recallTerms } from "../rank/key-terms.js";
import { provenanceMark } from "../rank/provenance-mark.js";
import type { IndexEntry } from "../core/index-file.js";
import { renderEntryLine } from "../core/block.js";
import { utf8Text } from "../core/bytes.js";
import { CARD_TYPES } from "../core/card-types.js";
import { close, openRegular, readAt, readRegularUtf8 } from "../store/checked-fs.js";
import { cardPathKey } from "../core/link-key.js";
import { parseCardWith } from "../core/card-parse.js";

/** `<type>_` at the start of a card file's last path segment (group 1 keeps the directories). */
const FILE_TYPE_PREFIX = new RegExp(`^(.*\\/)?(${CARD_TYPES.join("|")})_`);
const HEAD_BYTES = 16 * 1024;
/** A card whose frontmatter runs past its first 16 KiB is read whole only up to this size. */
const CARD_READ_CAP = 4 * 1024 * 1024;

/** What ranking reads from a card file, with the terms of its own fields once tokenised. */
export interface CardFields {
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

type ParseCard = typeof import("../core/card.js").parseCard;
let parseCard: ParseCard | undefined;

/** A card's ranking fields, or undefined when it cannot be read (then it is ranked on its index line only). */
export async function readCardFields(memoryDir: string, file: string): Promise<CardFields | undefined> {
  const head = readHead(path.join(memoryDir, file));
  if (head === undefined) return undefined;
  // js-yaml loads only for frontmatter the fast path cannot read (memctl writes the kind it reads).
  const card = parseCardWith(head) ?? (parseCard ??= (await import("../core/card-yaml.js")).parseCard)(head);
  const meta = card.meta;
  return {
    priority: meta.priority,
    status: meta.status,
    expires_at: meta.expires_at,
    topics: meta.topics,
    // A card's keys are one field (their words counted together, length-normalised against other cards' keys).
    recallTerms: recallTerms(meta.recall ?? []),
    // Only the head is read: a body past the first 16 KiB of the file is not indexed (docs/ranking.md).
    bodyTerms: FIELD_WEIGHT.body > 0 ? tokenizeMarked(card.body) : [],
    ...(provenanceMark(meta.provenance) ? { mark: provenanceMark(meta.provenance) } : {}),
    ...(meta.scope && meta.scope.length > 0 ? { scope: meta.scope } : {}),
  };
}

/** An index line and its card's fields as one ranked entry; `lineTerms` are the line's terms when already known. */
export function rankEntryOf(e: IndexEntry, file: string, f: CardFields, lineTerms?: { title: string[]; hook: string[] }): RankEntry {
  // The file name says what the card is about too: "feedback_testing_style.md" → "testing style". Its words, like
  // a topic's ("code-review"), are words, not the parts of an identifier: "_" and "-" there are spaces.
  const nameWords = file.replace(/\.md$/i, "").replace(FILE_TYPE_PREFIX, "$1");
  // One line, one language: its title and hook drop the function words of the language of both together, as a
  // prompt drops those of its own (tokenize.ts stopTestOf). Topics are keywords, read alone: their
  // terms are reused from the last build while the card file is unchanged, whatever the index line says.
  const stop = lineTerms ? undefined : stopTestOf(`${e.title}\n${e.hook}`);
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
      title: lineTerms?.title ?? tokenizeMarked(e.title, stop),
      topics: f.topicTerms ?? tokenizeMarked([...f.topics, nameWords].join(" ").replace(/[_-]/g, " ")),
      hook: lineTerms?.hook ?? tokenizeMarked(e.hook, stop),
      recall: f.recallTerms ?? [],
      body: f.bodyTerms ?? [],
    },
  };
}

/** The line as the block prints it: rendered once per build, and a card that may not be true says so at its end. */
export function printedLine(e: RankEntry): string {
  return e.mark ? `${renderEntryLine(e)} ${e.mark}` : renderEntryLine(e);
}

/** Index link targets are relative to the store; "./x.md" and "x.md" are one card. */
export function normalizeCardPath(file: string): string {
  return cardPathKey(file);
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
