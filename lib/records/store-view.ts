import { normalizeCardPath } from "../rank-cache/load.js";
import type { CardFile, Store } from "../store/read.js";
import { furtherLinks, parseIndex, type IndexEntry, type UnparsedLine } from "../core/index-file.js";

// The audit view of a store, shared by doctor and stats. A shard is an extra index file: a top-level
// `MEMORY.<name>.md`. Shards are not cards; links inside them count as references (no orphan), and
// links to them from MEMORY.md are not card entries.

const SHARD = /^MEMORY\.[^/]+\.md$/i;

// pm-dispatch's episode artifacts (seed 001): `episodes.summary.md`, written by `rebuild-summary`, and the
// monthly `episodes.YYYY-MM.jsonl` shards. They belong to the episodic layer and are never cards.
const EPISODES_ARTIFACT = /^episodes\.(summary\.md|\d{4}-\d{2}\.jsonl)$/;

/** True for a top-level episode artifact (the summary or a monthly shard), which is not a card. */
export function isEpisodesArtifact(file: string): boolean {
  return EPISODES_ARTIFACT.test(file);
}

/** True for a top-level `MEMORY.<name>.md` index shard. */
export function isShardFile(file: string): boolean {
  return SHARD.test(file);
}

/** An index line pointing at a card, with its target normalised to a store-relative path. */
export interface CardEntry extends IndexEntry {
  /** Store-relative card path (`./a.md` → `a.md`); null when the link leaves the memory directory. */
  card: string | null;
}

export interface StoreView {
  dir: string;
  /** MEMORY.md lines linking to cards (shard links excluded), in file order. */
  entries: CardEntry[];
  /** MEMORY.md bullet lines with no parseable `.md` link. */
  unparsed: UnparsedLine[];
  /** Shard files present in the store, sorted. */
  shards: string[];
  /** Monthly episode shards (episodes.YYYY-MM.jsonl) present, sorted: shards too (doctor's shard_count counts both). */
  episodeShards: string[];
  /** Card files on disk (shards excluded), sorted by path. */
  cards: Map<string, CardFile>;
  /** Distinct cards linked from MEMORY.md, in first-link order. */
  linkedCards: string[];
  /** Every card referenced from MEMORY.md (an entry's or a further link on its line) or a shard. */
  referenced: Set<string>;
  /** The further links on entry lines (furtherLinks): cards the index names without a line of their own. */
  alsoLinked: CardEntry[];
}

/**
 * Normalises a link target to the store-relative path the hook keys usage on (rank-cache normalizeCardPath),
 * or null when it escapes the store or is absolute.
 */
export function normaliseTarget(target: string): string | null {
  if (target.startsWith("/") || /^[A-Za-z]:[\\/]/.test(target)) return null;
  const n = normalizeCardPath(target);
  if (n === ".." || n.startsWith("../")) return null;
  return n;
}

export function viewStore(store: Store, episodeShards: readonly string[] = []): StoreView {
  const shards: string[] = [];
  const cards = new Map<string, CardFile>();
  for (const [file, card] of store.cards) {
    if (isShardFile(file)) shards.push(file);
    else if (!isEpisodesArtifact(file)) cards.set(file, card);
  }
  const entries: CardEntry[] = [];
  const linked = new Set<string>();
  const referenced = new Set<string>();
  const alsoLinked: CardEntry[] = [];
  for (const entry of store.index.entries) {
    const card = normaliseTarget(entry.file);
    if (card !== null && isShardFile(card)) continue;
    entries.push({ ...entry, card });
    if (card !== null) {
      linked.add(card);
      referenced.add(card);
    }
    for (const also of furtherLinks(entry.hook)) {
      const target = normaliseTarget(also.file);
      alsoLinked.push({ line: entry.line, raw: entry.raw, title: also.title, file: also.file, hook: "", card: target });
      if (target !== null) referenced.add(target);
    }
  }
  for (const shard of shards) {
    const text = store.cards.get(shard)?.text ?? "";
    for (const e of parseIndex(text).entries) {
      const card = normaliseTarget(e.file);
      if (card !== null) referenced.add(card);
    }
  }
  return { dir: store.dir, entries, unparsed: store.index.unparsed, shards, episodeShards: [...episodeShards], cards, linkedCards: [...linked], referenced, alsoLinked };
}
