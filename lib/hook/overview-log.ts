// Session start's kept lines for the cache in force as a patch over the kept file (issue 32: at 100,000 cards each
// start after a save, a hand edit or an rm wrote the 19 MB of kept lines again for one changed line: ~9 ms of CPU
// with the seal, and 20 MB of disk writes). The start that carries the lines forward (overview-patch.ts) keeps, instead of the whole lines, a small
// file (.memctl/overview-lines-log) naming the cache in force, the kept file it applies to by that file's seal, and
// the lines as runs: ranges of the kept file's lines and lines of its own payload. Every carry starts from the kept
// file again (its table and the journaled edits since), so a log replaces the last one; it is sealed under the
// user's secret like the kept file, and read only when its seal and the kept file's both match: a planted, damaged
// or stale log, or one whose kept file was replaced since, reads as none and the start makes its lines as before.
// Past a share of the kept file (edits or bytes), the carry keeps the whole lines instead: a new kept file.
import { isSealed, sealOf } from "../core/seal.js";
import { readDerived, writeDerived } from "../store/card-derived.js";
import type { CacheStamp } from "../store/full-check.js";
import { sameNumbers } from "../store/index-links.js";
import { type KeptKey, type KeptLines, readKeptLines, readSealedKept } from "./overview-kept.js";

export const OVERVIEW_LOG = "overview-lines-log";

/** The most edits a log carries past its kept file's: each is spliced into the kept table again by every carry. */
export const LOG_MAX_EDITS = 16;
/** A log's own lines may reach a sixteenth of the kept lines, or this much in a small store (where both are cheap). */
export const LOG_MIN_BYTES = 16 << 10;

/** The kept file a log applies to: its cache, its seal (which names that very write) and its lines. */
export interface LogBase {
  cache: CacheStamp;
  seal: string;
  json: Uint8Array;
}

/** The lines for `cache`: kept whole for it, else its sealed log over the sealed kept file it names; else undefined. */
export function readKeptOrLogged(memoryDir: string, cache: CacheStamp, key: KeptKey): KeptLines | undefined {
  return readKeptLines(memoryDir, cache, key) ?? readLogged(memoryDir, cache, key);
}

function readLogged(memoryDir: string, cache: CacheStamp, key: KeptKey): KeptLines | undefined {
  if (key.secret === undefined) return undefined;
  const log = readDerived(memoryDir, OVERVIEW_LOG, cache);
  if (!log) return undefined;
  const { today, scope, records, count, left, bytes, base, baseSeal, runs, seal } = log.facts;
  if (today !== key.today || scope !== key.scope || !Array.isArray(base) || typeof baseSeal !== "string" || !Array.isArray(runs)) return undefined;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (!whole(records) || records <= key.fullCheckMax || !whole(count) || !whole(left) || !whole(bytes)) return undefined;
  const facts = { today, scope, records, count, left, bytes, base, baseSeal, runs };
  if (!isSealed(key.secret, logParts(cache, facts, [log.payload]), seal)) return undefined;
  // The kept file it was made over, that very write (its seal is fresh per write), sealed for this day and scope.
  const kept = readSealedKept(memoryDir, cache, key);
  if (!kept || kept.seal !== baseSeal || !sameNumbers(kept.cache, base as number[])) return undefined;
  const json = kept.lines.json[0] ?? new Uint8Array(0);
  const out: Uint8Array[] = [];
  // Runs as pairs: [from, length] of the kept lines, or [-1 - from, length] of the log's own payload.
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const [at, length] = [runs[i], runs[i + 1]];
    if (!Number.isSafeInteger(at) || !whole(length)) return undefined;
    const source = at >= 0 ? json : log.payload;
    const from = at >= 0 ? at : -1 - at;
    if (from + length > source.length) return undefined;
    out.push(source.subarray(from, from + length));
  }
  return runs.length % 2 === 0 ? { count, left, json: out, bytes } : undefined;
}

/**
 * Keeps `lines` for the cache stamped `cache` as a log over `base` when their pieces are runs of its lines and
 * lines made here: the runs and those lines written, never the kept file's bytes.
 */
export function keepLog(memoryDir: string, cache: CacheStamp, records: number, key: KeptKey & { secret: string }, lines: KeptLines, base: LogBase): void {
  const runs: number[] = [];
  const own: Uint8Array[] = [];
  let ownBytes = 0;
  const { json } = base;
  for (const p of lines.json) {
    // A piece lying in the kept file's bytes is a run of them; any other was rendered by the carry.
    const inBase = p.buffer === json.buffer && p.byteOffset >= json.byteOffset && p.byteOffset + p.length <= json.byteOffset + json.length;
    if (inBase) runs.push(p.byteOffset - json.byteOffset, p.length);
    else {
      runs.push(-1 - ownBytes, p.length);
      own.push(p);
      ownBytes += p.length;
    }
  }
  const facts = { today: key.today, scope: key.scope, records, count: lines.count, left: lines.left, bytes: lines.bytes, base: base.cache, baseSeal: base.seal, runs };
  writeDerived(memoryDir, OVERVIEW_LOG, cache, { ...facts, seal: sealOf(key.secret, logParts(cache, facts, own)) }, own);
}

/** What a log's seal covers: its facts and the cache it is for, then its own lines. */
function logParts(cache: CacheStamp, facts: Record<string, unknown>, payload: readonly Uint8Array[]): (string | Uint8Array)[] {
  const { today, scope, records, count, left, bytes, base, baseSeal, runs } = facts;
  return [`memctl ${OVERVIEW_LOG} 1\n${JSON.stringify([cache, today, scope, records, count, left, bytes, base, baseSeal, runs])}\n`, ...payload];
}
