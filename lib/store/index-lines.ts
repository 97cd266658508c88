// MEMORY.md's lines as the card cache keeps them (its lines section, card-cache-format.ts): each line's seeded 64-bit
// key (lib/core/line-key.ts), so that after a hand edit of the index (an editor, a `git pull` outside memctl: no write
// journal to say what changed) the next read finds the lines that changed by comparing keys and applies them as line
// edits, as it applies memctl's own (index-links.ts), instead of parsing 100,000 lines, rendering the view again and
// rewriting the 64 MB cache (issue 32: a start after a hand edit of one line took 3.3 s at 100,000 cards).
// The section: a little-endian uint32 line count n, the two uint32 seed lanes, then n pairs of uint32 (each line's
// key). Empty: none kept (an index holding a fence mark, where an edit can move a line in or out of a fence, or a
// cache that could not follow an edit); the index is then parsed whole, as before.
// What it trusts: MEMORY.md is read whole and every line's key computed from its bytes; only a line whose key equals
// the key kept for that place in the sequence is taken as unchanged. The keys are the cache's, checked as the rest
// of it is; the seed is made per cache on this machine, so a line crafted to collide with another needs it.
import { diffHunks, type Hunk } from "../core/line-diff.js";
import { lineHashes, lineHashOf } from "../core/line-key.js";
import { hasFence } from "../core/index-bytes.js";
import { utf8Text, bufferView } from "../core/bytes.js";
import { LITTLE_ENDIAN } from "./card-cache-format.js";
import type { JournalRecord } from "./write-journal.js";

type LineEdit = NonNullable<JournalRecord["e"]>;

/** The lines section decoded: two key lanes a line. */
export interface LinesTable {
  seed: [number, number];
  keys: Uint32Array;
}

/**
 * A hand edit is taken as line edits while it removes and adds at most this many lines in at most HAND_HUNKS runs:
 * each inserted line is parsed and rendered, and each run is one splice of session start's view (a copy of its
 * 23 MB at 100,000 cards). Past either, MEMORY.md was rewritten rather than edited, and it is parsed whole.
 */
export const HAND_LINES = 256;
export const HAND_HUNKS = 16;
/** Runs of changed lines at most this many lines apart are taken as one. */
const JOIN_GAP = 8;

const NONE = Buffer.alloc(0);

/** The section for the index `bytes` with a new seed; empty when it holds a fence mark. */
export function encodeLines(bytes: Uint8Array): Buffer {
  if (hasFence(bufferView(bytes))) return NONE;
  const seed = globalThis.crypto.getRandomValues(new Uint32Array(2));
  return linesBytes({ seed: [seed[0]!, seed[1]!], keys: lineHashes(bytes, [seed[0]!, seed[1]!]) });
}

export function linesBytes(t: LinesTable): Buffer {
  const words = new Uint32Array(3 + t.keys.length);
  words[0] = t.keys.length / 2;
  words[1] = t.seed[0];
  words[2] = t.seed[1];
  words.set(t.keys, 3);
  const out = Buffer.from(words.buffer);
  if (!LITTLE_ENDIAN) out.swap32();
  return out;
}

/** The table, or undefined when the section is empty or not what linesBytes writes. */
export function decodeLines(bytes: Buffer): LinesTable | undefined {
  if (bytes.length < 12 || bytes.length % 4 !== 0) return undefined;
  const words = new Uint32Array(bytes.length / 4);
  const raw = Buffer.from(words.buffer);
  bytes.copy(raw);
  if (!LITTLE_ENDIAN) raw.swap32();
  if (words[0]! < 1 || words.length !== 3 + words[0]! * 2) return undefined;
  return { seed: [words[1]!, words[2]!], keys: words.subarray(3) };
}

/**
 * The table after `edits` (journaled or found here, in order: line `at` 1-based, `removed` lines became `inserted`);
 * undefined when an edit reaches past the lines it has (the table no longer follows MEMORY.md: none is kept).
 */
export function applyToLines(table: LinesTable, edits: readonly LineEdit[]): LinesTable | undefined {
  let keys = table.keys;
  for (const [at, removed, inserted] of edits) {
    const count = keys.length / 2;
    if (!Number.isSafeInteger(at) || at < 1 || !Number.isSafeInteger(removed) || removed < 0 || at - 1 + removed > count) return undefined;
    if (removed === 0 && inserted.length === 0) continue;
    const next = new Uint32Array(keys.length + (inserted.length - removed) * 2);
    next.set(keys.subarray(0, (at - 1) * 2), 0);
    for (let k = 0; k < inserted.length; k++) lineHashOf(inserted[k]!, table.seed, next, (at - 1 + k) * 2);
    next.set(keys.subarray((at - 1 + removed) * 2), (at - 1 + inserted.length) * 2);
    keys = next;
  }
  return { seed: table.seed, keys };
}

/**
 * The line edits that make the index `table` describes into `bytes` (MEMORY.md read now), and the table for `bytes`;
 * undefined when they cannot stand for a parse of it: a fence mark in it, a line the edits cannot carry (a lone
 * "\r"), or more than HAND_LINES lines or HAND_HUNKS runs changed. Nothing changed but the stamp (a `touch`) is one
 * edit that changes nothing, so the cache still moves to the new stamp.
 */
export function handEdits(table: LinesTable, bytes: Buffer): { edits: LineEdit[]; table: LinesTable } | undefined {
  if (hasFence(bytes)) return undefined;
  const keys = lineHashes(bytes, table.seed);
  const old = table.keys;
  const same = (i: number, j: number) => old[2 * i] === keys[2 * j] && old[2 * i + 1] === keys[2 * j + 1];
  const found = diffHunks(old.length / 2, keys.length / 2, same, HAND_LINES);
  // Runs a few lines apart are one edit: parsing the lines between costs less than another splice of the view.
  const hunks: Hunk[] = [];
  for (const h of found ?? []) {
    const last = hunks.at(-1);
    if (last && h.aStart - last.aEnd <= JOIN_GAP) hunks[hunks.length - 1] = { aStart: last.aStart, aEnd: h.aEnd, bStart: last.bStart, bEnd: h.bEnd };
    else hunks.push(h);
  }
  if (!found || hunks.length > HAND_HUNKS) return undefined;
  const next = { seed: table.seed, keys };
  if (hunks.length === 0) return { edits: [[1, 0, []]], table: next };
  // Each run's lines as parseIndex cuts them; the runs top to bottom, each numbered after the ones above it.
  const wanted = new Set<number>();
  for (const h of hunks) for (let j = h.bStart; j < h.bEnd; j++) wanted.add(j);
  const text = linesAt(bytes, wanted);
  const edits: LineEdit[] = [];
  for (const h of hunks) {
    const inserted: string[] = [];
    for (let j = h.bStart; j < h.bEnd; j++) inserted.push(text.get(j)!);
    if (inserted.some((line) => line.includes("\r"))) return undefined;
    edits.push([h.bStart + 1, h.aEnd - h.aStart, inserted]);
  }
  return { edits, table: next };
}

/** The text of the lines numbered in `wanted` (0-based), cut as lineHashes cuts them. */
function linesAt(bytes: Buffer, wanted: ReadonlySet<number>): Map<number, string> {
  const last = Math.max(...wanted);
  const out = new Map<number, string>();
  let start = 0;
  for (let i = 0; i <= last; i++) {
    const found = bytes.indexOf(0x0a, start);
    const nl = found === -1 ? bytes.length : found;
    if (wanted.has(i)) out.set(i, utf8Text(bytes, start, found !== -1 && nl > start && bytes[nl - 1] === 0x0d ? nl - 1 : nl));
    start = nl + 1;
  }
  return out;
}
