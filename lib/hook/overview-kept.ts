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
import { readDerived, writeDerived } from "../store/card-derived.js";
import type { CacheStamp } from "../store/full-check.js";

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

/** The lines kept for the card-cache file stamped `cache`, `key`'s day and scope, or undefined. */
export function readKeptLines(memoryDir: string, cache: CacheStamp, key: KeptKey): KeptLines | undefined {
  const kept = readDerived(memoryDir, OVERVIEW_LINES, cache);
  if (!kept) return undefined;
  const { today, scope, records, count, left, bytes, seal } = kept.facts;
  if (today !== key.today || scope !== key.scope) return undefined;
  const json = kept.payload;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!whole(records) || records <= key.fullCheckMax || !whole(count) || !whole(left) || !whole(bytes)) return undefined;
  // Each line is at least its newline, one byte of text and two escaped: a count or size that no payload of this
  // length could hold is not what was written.
  if (bytes < count || bytes + count > json.length || (count === 0) !== (json.length === 0)) return undefined;
  // The lines are printed inside the host's JSON string as they are: one run that must keep it one string and
  // hold nothing the renderer makes inert or defuses (a fence closed, control, bidi or tag characters), so a
  // planted file brings no more than a hand edit of MEMORY.md can. Lines sealed under this user's secret were
  // printed so by a start that checked them: the seal stands for the check.
  const sealed = key.secret !== undefined && isSealed(key.secret, sealedParts(cache, { today, scope, records, count, left, bytes }, [json]), seal);
  if (!sealed && !printableJsonLines(json, count === 0 ? [] : [json.length])) return undefined;
  return { count, left, json: count === 0 ? [] : [json], bytes };
}

/** Writes `lines` for the card-cache file stamped `cache`, of `records` records, and `key` (best effort, as every derived file). */
export function keepLines(memoryDir: string, cache: CacheStamp, records: number, key: KeptKey, lines: KeptLines): void {
  const facts = { today: key.today, scope: key.scope, records, count: lines.count, left: lines.left, bytes: lines.bytes };
  // What is kept is what this start printed: whole lines of a view it checked, which stay printable in any order.
  const seal = key.secret === undefined ? {} : { seal: sealOf(key.secret, sealedParts(cache, facts, lines.json)) };
  writeDerived(memoryDir, OVERVIEW_LINES, cache, { ...facts, ...seal }, lines.json);
}

/** What a seal covers: the lines' facts and the cache they were made from, then the payload. */
function sealedParts(cache: CacheStamp, facts: Record<string, unknown>, json: readonly Uint8Array[]): (string | Uint8Array)[] {
  const { today, scope, records, count, left, bytes } = facts;
  return [`memctl ${OVERVIEW_LINES}\n${JSON.stringify([cache, today, scope, records, count, left, bytes])}\n`, ...json];
}
