import path from "node:path";
import { latestByCard, sha256Hex, type HistoryEntry } from "../store/history.js";
import { renderBlock, renderEntryLine, utf8Bytes, type BlockContext, type EntryLike } from "../core/block.js";
import { inertText } from "../core/sanitize.js";
import { redactSecretLines } from "../core/secret-patterns.js";
import { parseCard } from "../core/card.js";
import type { CompactArtifact, WatermarkEntry } from "./artifact.js";
import { typeFromFileName, withoutTypePrefix } from "../core/card-types.js";
import { mentionsWhole } from "./mentions.js";
import { DEFAULT_READ_CAP, readRegularBytes } from "../store/checked-fs.js";
import { bufferView } from "../core/bytes.js";

// "Injection is the compact plus everything newer" (seed 000, Compaction rule 2): the view that replaces
// the full index listing is the compact's summary, then every record written or updated since its watermark
// as its live index line (superseding the summary), then the names removed since. Sizes are measured on the
// whole rendered block, so compact, doctor and stats quote the same number.

/** One index line with the identity the watermark uses. */
export interface IndexRecord {
  /** Store-relative card path (the history key); the link target as written when it leaves the store. */
  card: string;
  /** The card's name for humans and for the omission check: frontmatter name, else the index title. */
  name: string;
  /** Card type: the file prefix, else frontmatter metadata.type, else "other". */
  type: string;
  entry: EntryLike;
  rev: number | string;
}

export interface StoreLike {
  dir: string;
  entries: ReadonlyArray<EntryLike & { card: string | null }>;
  /** Cards already read and parsed (doctor's view): their name and type are taken from here, not parsed again. */
  cards?: ReadonlyMap<string, { card?: { meta: { name?: string; metadata?: { type?: unknown } } } }>;
  /** The SHA-256 of cards' current bytes, known without reading them (the card cache): those cards are not read. */
  digests?: ReadonlyMap<string, string>;
}

/** The revision of a card's current bytes: its history revision when the file matches it, else "h:<sha16>". */
export function revisionOf(bytes: Buffer | undefined, latest: HistoryEntry | undefined): number | string {
  return bytes === undefined ? "missing" : revisionOfDigest(sha256Hex(bytes), latest);
}

/** revisionOf for bytes whose SHA-256 (hex) is already known. */
export function revisionOfDigest(sha: string, latest: HistoryEntry | undefined): number | string {
  if (latest && latest.op !== "delete" && latest.sha256 === sha) return latest.rev;
  return `h:${sha.slice(0, 16)}`;
}

/** Every index line as a record, with revisions from the write history (reads each card file once, unless its digest is known). */
export function indexRecords(store: StoreLike, history: readonly HistoryEntry[]): IndexRecord[] {
  const latest = latestByCard(history);
  const revs = new Map<string, { rev: number | string; name?: string; type?: string }>();
  return store.entries.map((entry) => {
    const card = entry.card ?? entry.file;
    let info = revs.get(card);
    if (!info) {
      const digest = entry.card === null ? undefined : store.digests?.get(entry.card);
      const bytes = entry.card === null || digest !== undefined ? undefined : readBytes(path.join(store.dir, entry.card));
      const parsed = entry.card === null ? undefined : store.cards?.get(entry.card)?.card;
      const meta = parsed ? parsed.meta : bytes ? parseCard(bytes.toString("utf8")).meta : undefined;
      const name = typeof meta?.name === "string" && meta.name.trim() !== "" ? meta.name : undefined;
      const metaType = typeof meta?.metadata?.type === "string" ? meta.metadata.type : undefined;
      const rev = entry.card === null ? "external" : digest !== undefined ? revisionOfDigest(digest, latest.get(card)) : revisionOf(bytes, latest.get(card));
      info = { rev, name, type: typeFromFileName(card) ?? metaType };
      revs.set(card, info);
    }
    return { card, name: info.name ?? entry.title, type: info.type ?? "other", entry, rev: info.rev };
  });
}

/** Index lines as records without reading any card: enough for the plain (no compact) view and its size. */
export function plainRecords(store: StoreLike): IndexRecord[] {
  return store.entries.map((entry) => ({ card: entry.card ?? entry.file, name: entry.title, type: "other", entry, rev: "unread" }));
}

/** The watermark a compact of these records carries. */
export function watermarkOf(records: readonly IndexRecord[]): WatermarkEntry[] {
  const seen = new Map<string, WatermarkEntry>();
  for (const r of records) if (!seen.has(r.card)) seen.set(r.card, { card: r.card, name: r.name, rev: r.rev });
  return [...seen.values()];
}

export interface IndexView {
  /** The lines that replace the full index listing inside the block. */
  lines: string[];
  compacted: boolean;
  records: IndexRecord[];
  /** Records written or updated since the watermark (their live lines are in `lines`). */
  newer: IndexRecord[];
  /** Covered records that are no longer in the index. */
  removed: WatermarkEntry[];
}

/** A line of memory-derived text made safe to print inside the data block (same defusing as index lines). */
export function inertLine(text: string): string {
  return inertText(text.replace(/\s+/g, " ").trim()).replace(/<(\/?)memctl-memory/gi, "<$1memctl-memory\u200b");
}

/** What the records and a compact (or none) put in front of a model instead of the full index. */
export function assembleIndexView(store: StoreLike, compact: CompactArtifact | null, history: readonly HistoryEntry[], retired?: ReadonlySet<string>): IndexView {
  return assembleFromRecords(indexRecords(store, history), compact, retired);
}

/**
 * The view of `records`; the lines of those whose card is in `retired` (no longer true: superseded or expired,
 * docs/ranking.md) are not printed, yet they still count as present and as written since the watermark, so a
 * compact stays "behind" after a card is superseded and no retired card reads as removed.
 */
export function assembleFromRecords(records: IndexRecord[], compact: CompactArtifact | null, retired?: ReadonlySet<string>): IndexView {
  const shown = (r: IndexRecord) => !retired?.has(r.card);
  if (!compact) return { lines: records.filter(shown).map((r) => renderEntryLine(r.entry)), compacted: false, records, newer: [], removed: [] };
  const covered = new Map(compact.watermark.map((w) => [w.card, w.rev]));
  const newer = records.filter((r) => covered.get(r.card) !== r.rev);
  const newerShown = newer.filter(shown);
  const present = new Set(records.map((r) => r.card));
  const removed = compact.watermark.filter((w) => !present.has(w.card));
  const lines = [
    `Compact summary of ${compact.watermark.length} record${compact.watermark.length === 1 ? "" : "s"} (memctl compact, ${compact.generator}, ${compact.generated_at.slice(0, 10)}); card files are in the memory directory, open one for detail.`,
    ...markRemoved(summaryLines(compact.summary), removed),
  ];
  if (newerShown.length > 0) lines.push("Written or updated since that summary (these lines supersede it):", ...newerShown.map((r) => renderEntryLine(r.entry)));
  if (removed.length > 0) lines.push(`Removed since that summary (disregard what it says about them): ${removed.map((w) => inertLine(`${w.name} (${w.card})`)).join(", ")}`);
  return { lines, compacted: true, records, newer, removed };
}

/**
 * A summary line that mentions a card removed since the compact keeps its text (an LLM line may carry other
 * cards too) and says so at its end, so no reader takes it for current: "… [removed since this summary: x — not current]".
 */
export function markRemoved(lines: readonly string[], removed: readonly WatermarkEntry[]): string[] {
  if (removed.length === 0) return [...lines];
  const names = removed.map((w) => ({ label: inertLine(w.name), names: removedNames(w) }));
  return lines.map((line) => {
    const lower = line.toLowerCase();
    const hit = names.filter((n) => n.names.some((name) => mentionsWhole(lower, name)));
    return hit.length === 0 ? line : `${line} [removed since this summary: ${hit.map((n) => n.label).join(", ")} — not current]`;
  });
}

/** How a summary can name a removed card: its name, its file, the file's stem, and that stem without the type prefix. */
function removedNames(w: WatermarkEntry): string[] {
  const stem = path.basename(w.card).replace(/\.md$/i, "");
  return [...new Set([w.name, w.card, stem, withoutTypePrefix(stem)].map((n) => n.trim().toLowerCase()).filter((n) => n !== ""))];
}

// A compact edited by hand never went through the write-path scan: redacted like index lines, a key over many lines whole.
export function summaryLines(summary: string): string[] {
  return redactSecretLines(summary.split(/\r?\n/))
    .filter((l) => l.trim() !== "")
    .map(inertLine);
}

/** UTF-8 bytes of the whole block carrying this view: the number rule 5 compares and doctor reports. */
export function viewBytes(view: Pick<IndexView, "lines">, context: BlockContext): number {
  return utf8Bytes(renderViewBlock(view, context));
}

export function renderViewBlock(view: Pick<IndexView, "lines">, context: BlockContext): string {
  return renderBlock({ context, always: [], lines: view.lines.map((text) => ({ file: "", text })), omitted: 0, omittedRelevant: 0, alwaysCut: [], ceilingBytes: 0 });
}

/** A card's bytes through the checked reader (a store in a project checkout brings links: /dev/zero grew compact to 4 GB). */
function readBytes(file: string): Buffer | undefined {
  try {
    const bytes = readRegularBytes(file, DEFAULT_READ_CAP, { nofollow: true });
    return bufferView(bytes);
  } catch {
    return undefined;
  }
}
