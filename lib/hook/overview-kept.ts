// Session start's printed index lines, kept beside the card-cache file they were made from (.memctl/overview-lines,
// lib/store/card-derived.ts) for one day and one scope (issue 32: a warm start at 100,000 cards read 7.2 MB of the
// cache's numbers and its 19 MB view, checked and cut them, to print what the start before it printed). What the
// lines are is a function of that cache file alone (its view, pins and flags: overview-pins.ts), of today (what
// is no longer true) and of where the session starts (which pins apply), with no hold leaving cards out; so they
// are written, after they are printed, by a start that read them from that file proven fresh, and printed again
// by a start that proves the same file fresh on the same day in the same scope. The file is untrusted input like
// the card cache beside it: another stamp, day or scope, a damaged head line, numbers that cannot describe the
// payload, a payload that could close the host's JSON string (an unescaped `"`, no escaped newline at its end), or
// one holding what the renderer makes inert or defuses (lib/core/inert-bytes.ts) reads as none, and the start
// reads the card cache as before. Checking 19 MB of lines for that was a third of a warm start's CPU at 100,000
// cards, so the lines are sealed when kept (lib/core/seal.ts: under this user's secret, kept outside every store) and
// a seal that matches stands for the check: only a start of this user's memctl, which printed them, could make it.
import { printableJsonLines } from "../core/inert-bytes.js";
import { isSealed, sealOf } from "../core/seal.js";
import { readDerived, readDerivedAny, writeDerived } from "../store/card-derived.js";
import type { CacheStamp } from "../store/full-check.js";
import type { LineEdit } from "../store/index-links.js";

export const OVERVIEW_LINES = "overview-lines";

/** What the lines depend on besides the card-cache file: the day and the scope the pins were picked for. */
export interface KeptKey {
  today: string;
  /** Names the choice of pins (session-overview.ts scopeKey): equal keys, equal choices. */
  scope: string;
  /** The full-check size of this call: lines kept from a cache of no more records are not read (every card is checked). */
  fullCheckMax: number;
  /** This user's secret (lib/store/session-secret.ts): lines kept are sealed with it, a seal that matches is not checked again. */
  secret?: string;
}

/** Session start's lines as overview-store.ts returns them: escaped runs, the entries shown and left out, the text's bytes. */
export interface KeptLines {
  count: number;
  left: number;
  json: readonly Uint8Array[];
  bytes: number;
}

/**
 * What lets a later start carry the lines forward to a cache after journaled edits (overview-patch.ts): the
 * card-cache file and edits of the view they were made from, the pinned and retiring cards (pinsKey), the
 * pinned lines' length (they come first), and per view entry its line in MEMORY.md and where its line ends after
 * the pinned ones, escaped and as text (an entry not printed there, pinned or no longer true, ends where the one
 * before it ends).
 */
export interface KeptPatch {
  base: CacheStamp;
  edits: readonly LineEdit[];
  /** The pinned and retiring cards the lines were made with (overview-patch.ts pinsKey). */
  pins: string;
  /** What the read the lines were made from proved of the base's records (card-cache-carried.ts), when it said. */
  checked?: { racyFrom: number; changed: readonly string[] };
  head: number;
  /** Three columns of a word per entry: the lines, then the escaped ends, then the text ends after the pinned lines. */
  table: Uint32Array;
}

/** The lines kept for the card-cache file stamped `cache`, `key`'s day and scope, or undefined. */
export function readKeptLines(memoryDir: string, cache: CacheStamp, key: KeptKey): KeptLines | undefined {
  const kept = readDerived(memoryDir, OVERVIEW_LINES, cache);
  return kept && parseKept(cache, kept.facts, kept.payload, key)?.lines;
}

/** Lines kept for a card-cache file, sealed, with what carries them forward. */
export interface SealedKept {
  cache: CacheStamp;
  lines: KeptLines;
  patch: KeptPatch;
  seal: string;
}

/**
 * The lines kept for whichever card-cache file, when sealed under `key`'s secret for its day and scope with what
 * carries them forward: read only to be patched (overview-patch.ts). `current`: the cache in force (the size cap).
 */
export function readSealedKept(memoryDir: string, current: CacheStamp, key: KeptKey): SealedKept | undefined {
  if (key.secret === undefined) return undefined;
  const kept = readDerivedAny(memoryDir, OVERVIEW_LINES, current);
  const parsed = kept && parseKept(kept.cache, kept.facts, kept.payload, key);
  // The seal names this very write (a fresh nonce each): a log over these lines names them by it (overview-log.ts).
  return parsed?.sealed && parsed.patch ? { cache: kept!.cache, lines: parsed.lines, patch: parsed.patch, seal: kept!.facts.seal as string } : undefined;
}

function parseKept(cache: CacheStamp, facts: Record<string, unknown>, payload: Buffer, key: KeptKey): { lines: KeptLines; sealed: boolean; patch?: KeptPatch } | undefined {
  const { today, scope, records, count, left, bytes, seal, entries = 0, head = 0, base, edits, pins, racyFrom, changed } = facts;
  if (today !== key.today || scope !== key.scope) return undefined;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!whole(records) || records <= key.fullCheckMax || !whole(count) || !whole(left) || !whole(bytes) || !whole(entries) || !whole(head)) return undefined;
  // The table first (a word-aligned payload, writeDerived), then the lines.
  if (payload.length < entries * 12) return undefined;
  const json = payload.subarray(entries * 12);
  // Each line is at least its newline, one byte of text and two escaped: a count or size that no payload of this
  // length could hold is not what was written.
  if (bytes < count || bytes + count > json.length || (count === 0) !== (json.length === 0) || head > json.length) return undefined;
  // The lines are printed inside the host's JSON string as they are: one run that must keep it one string and
  // hold nothing the renderer makes inert or defuses (a fence closed, control, bidi or tag characters), so a
  // planted file brings no more than a hand edit of MEMORY.md can. Lines sealed under this user's secret were
  // printed so by a start that checked them: the seal stands for the check.
  const all = { today, scope, records, count, left, bytes, entries, head, base, edits, pins, racyFrom, changed };
  const sealed = key.secret !== undefined && isSealed(key.secret, sealedParts(cache, all, [payload]), seal);
  if (!sealed && !printableJsonLines(json, count === 0 ? [] : [json.length])) return undefined;
  const lines = { count, left, json: count === 0 ? [] : [json], bytes };
  // Only what this user's start sealed is patched: the table and edits are then its own.
  const checked =
    Number.isFinite(racyFrom) && Array.isArray(changed) && changed.every((f) => typeof f === "string")
      ? { checked: { racyFrom: racyFrom as number, changed: changed as string[] } }
      : {};
  const patch =
    sealed && entries > 0 && Array.isArray(base) && Array.isArray(edits) && typeof pins === "string"
      ? { base: base as CacheStamp, edits: edits as LineEdit[], pins, head, table: wordsOf(payload.subarray(0, entries * 12)), ...checked }
      : undefined;
  return { lines, sealed, ...(patch ? { patch } : {}) };
}

/** Writes `lines` for the card-cache file stamped `cache`, of `records` records, and `key` (best effort, as every derived file). */
export function keepLines(memoryDir: string, cache: CacheStamp, records: number, key: KeptKey, lines: KeptLines, patch?: KeptPatch): void {
  // The table is written in this machine's order and read back by it alone (.memctl is per machine).
  const carried = patch && { entries: patch.table.length / 3, head: patch.head, base: patch.base, edits: patch.edits, pins: patch.pins, ...patch.checked };
  const facts = { today: key.today, scope: key.scope, records, count: lines.count, left: lines.left, bytes: lines.bytes, ...carried };
  const payload = patch ? [new Uint8Array(patch.table.buffer, patch.table.byteOffset, patch.table.byteLength), ...lines.json] : lines.json;
  // What is kept is what this start printed: whole lines of a view it checked, which stay printable in any order.
  const seal = key.secret === undefined ? {} : { seal: sealOf(key.secret, sealedParts(cache, facts, payload)) };
  writeDerived(memoryDir, OVERVIEW_LINES, cache, { ...facts, ...seal }, payload);
}

/** What a seal covers: the lines' facts and the cache they were made from, then the payload. */
function sealedParts(cache: CacheStamp, facts: Record<string, unknown>, payload: readonly Uint8Array[]): (string | Uint8Array)[] {
  const { today, scope, records, count, left, bytes, entries = 0, head = 0, base = null, edits = null, pins = null, racyFrom = null, changed = null } = facts;
  const all = [cache, today, scope, records, count, left, bytes, entries, head, base, edits, pins, racyFrom, changed];
  return [`memctl ${OVERVIEW_LINES} 4\n${JSON.stringify(all)}\n`, ...payload];
}

/** The table's words, in place when the payload starts on a word (writeDerived pads its head so that it does). */
function wordsOf(bytes: Buffer): Uint32Array {
  if (bytes.byteOffset % 4 === 0) return new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const words = new Uint32Array(bytes.length / 4);
  Buffer.from(words.buffer).set(bytes);
  return words;
}
