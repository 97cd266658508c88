import fs from "node:fs";
import path from "node:path";
import { readClaudeCard, type ClaudeCard, type SkippedClaudeFile } from "../config/claude-memory.js";
import { utf8Text } from "../core/bytes.js";
import { CARD_TYPES, typeFromFileName, type CardType } from "../core/card-types.js";
import { utcDay } from "../core/frecency.js";
import { headingSlug, proseDescription, splitProse, type ProseRun } from "../core/memory-prose.js";
import { sha256Hex } from "../core/sha256.js";
import type { HistoryEntry } from "../store/history.js";
import { renderNewCard } from "./card-input.js";

// The prose of a Claude Code MEMORY.md (headings, bullets, paragraphs that are not card links), as cards
// `memctl import claude` can carry: one note per run of non-link lines under a heading, its text byte for byte as
// the body. The note's name is its key: the heading's slug plus the first 8 hex digits of the text's sha256, so the
// same text always gets the same name (a re-run finds it present, or removed) and no other text takes it.

/** What a note is made from (on a ClaudeCard whose `path` is the MEMORY.md it came from). */
export interface ClaudeNote {
  /** 1-based line of the run in MEMORY.md. */
  line: number;
  /** The run's text exactly as written. */
  text: string;
  /** Its lines that are not blank. */
  lines: number;
  /** 1 for the first run of its section, 2 for the next, … */
  ordinal: number;
}

/** A ClaudeCard that is a MEMORY.md note, not a card file of Claude's. */
export type ClaudeNoteCard = ClaudeCard & { note: ClaudeNote };

const PREAMBLE_TITLE = "MEMORY.md notes";

/**
 * The notes in `dir`'s MEMORY.md. `cards` are the card files listed in `dir` (a link to one is not prose: its card
 * is imported itself); a MEMORY.md that cannot be read safely (a link, a FIFO, a second hard link) goes to
 * `skipped` with the reason, like a card file. Never throws.
 */
export function listClaudeNotes(
  dir: string,
  cardFiles: ReadonlySet<string>,
  cardTypes: ReadonlyMap<string, string | undefined>,
  skipped: SkippedClaudeFile[] = [],
): ClaudeNoteCard[] {
  const index = path.join(dir, "MEMORY.md");
  const read = readClaudeCard(index);
  if ("reason" in read) {
    if (read.reason !== "") skipped.push({ path: index, reason: read.reason });
    return [];
  }
  const runs = splitProse(utf8Text(read.bytes), (file) => cardFiles.has(file)).runs;
  const mtime = new Date(read.stat.mtimeMs);
  return runs.map((run) => noteCard(dir, index, run, mtime, cardTypes));
}

function noteCard(dir: string, index: string, run: ProseRun, mtime: Date, cardTypes: ReadonlyMap<string, string | undefined>): ClaudeNoteCard {
  const title = run.heading === undefined ? PREAMBLE_TITLE : run.ordinal > 1 ? `${run.heading} (${run.ordinal})` : run.heading;
  const name = `${headingSlug(run.heading ?? PREAMBLE_TITLE) || "notes"}_${sha256Hex(run.text).slice(0, 8)}`;
  const type = noteType(run, cardTypes);
  const description = proseDescription(run.text);
  const card = { dir, file: `${type}_${name}.md`, path: index, name, description, title, type, mtimeMs: mtime.getTime(), mtime, bytes: 0 };
  const note = { line: run.line, text: run.text, lines: run.lines, ordinal: run.ordinal };
  return { ...card, bytes: Buffer.byteLength(noteText(card, note.text)), note };
}

/**
 * A note's type, as the imported cards' are typed: the type most of its section's linked cards have (their file
 * prefix, else their frontmatter), else a type its heading names ("References"), else project.
 */
function noteType(run: ProseRun, cardTypes: ReadonlyMap<string, string | undefined>): CardType {
  const counts = new Map<CardType, number>();
  for (const file of run.siblings) {
    const t = typeFromFileName(file) ?? cardTypes.get(file);
    if ((CARD_TYPES as readonly string[]).includes(t ?? "")) counts.set(t as CardType, (counts.get(t as CardType) ?? 0) + 1);
  }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (best) return best;
  const named = new RegExp(`\\b(${CARD_TYPES.join("|")})s?\\b`, "i").exec(run.heading ?? "")?.[1];
  return (named?.toLowerCase() as CardType | undefined) ?? "project";
}

/** The card a note becomes: memctl's frontmatter (updated_at is the day MEMORY.md last changed), the text as the body. */
export function noteText(card: Pick<ClaudeCard, "name" | "description" | "type" | "mtime">, text: string): string {
  return renderNewCard({ name: card.name, description: card.description ?? "", type: card.type as CardType, body: text }, utcDay(card.mtime));
}

/** The note named `name` in MEMORY.md's bytes as they are now, or undefined when its text is no longer there. */
export function noteNow(planned: ClaudeNoteCard, bytes: Uint8Array, cardFiles: ReadonlySet<string>): ClaudeNote | undefined {
  const run = splitProse(utf8Text(bytes), (file) => cardFiles.has(file)).runs.find((r) => r.text === planned.note.text);
  return run && { line: run.line, text: run.text, lines: run.lines, ordinal: run.ordinal };
}

/** The `.md` file names of `dir` that MEMORY.md may link as cards (every one but MEMORY.md and dot files). */
export function claudeCardFiles(dir: string): Set<string> {
  try {
    return new Set(fs.readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "MEMORY.md" && !f.startsWith(".")));
  } catch {
    return new Set();
  }
}

/**
 * What earlier imports left of MEMORY.md's notes: the store's imported notes by their index title (a section's
 * identity: its heading and its place in the section, which its edits keep), and the sections whose imported note
 * was removed since. A note's name holds its text's hash, so a section Claude edited later has a new name: this is
 * how a re-run knows it for the note it already is.
 */
export function earlierNotes(
  indexEntries: readonly { title: string; file: string }[],
  history: readonly HistoryEntry[],
): { byTitle: Map<string, string>; removedSections: Set<string> } {
  const imported = new Set<string>();
  const last = new Map<string, HistoryEntry>();
  for (const e of history) {
    if (e.op === "import") imported.add(e.card);
    last.set(e.card, e);
  }
  const byTitle = new Map<string, string>();
  for (const e of indexEntries) if (imported.has(e.file) && NOTE_FILE.test(e.file) && !byTitle.has(e.title)) byTitle.set(e.title, e.file);
  const removedSections = new Set<string>();
  for (const [file, e] of last) if (e.op === "delete" && imported.has(file)) removedSections.add(NOTE_FILE.exec(file)?.[1] ?? "");
  removedSections.delete("");
  return { byTitle, removedSections };
}

/** A note's section key (its heading's slug): the part of its name before the hash. */
export function noteSection(card: ClaudeNoteCard): string {
  return card.name.replace(/_[0-9a-f]{8}$/, "");
}

/** True for a note that is the first run of its section (a later one is titled "Heading (2)", …). */
export function firstOfSection(card: ClaudeNoteCard): boolean {
  return card.note.ordinal === 1;
}

const NOTE_FILE = new RegExp(`^(?:${CARD_TYPES.join("|")})_(.+)_[0-9a-f]{8}\\.md$`);

export function isNote(card: ClaudeCard): card is ClaudeNoteCard {
  return "note" in card;
}
