// Session start's kept lines carried forward to the cache in force (issue 32: at 100,000 cards the first start after
// a save, a hand edit or an rm spliced the 23 MB view, wrote it, checked its 19 MB of lines again and wrote the 19 MB
// of lines anew: 200-600 ms of CPU for one changed line). When the kept lines were sealed by this user's start for
// the same day and scope, from the same card-cache file's view after a prefix of the journaled edits now in force,
// and the pinned and retiring cards are as they were, the lines now are the kept ones with the new edits' entries
// spliced in: the kept table finds each edit's lines, only the inserted lines are rendered and checked. An edit
// touching a pinned or no-longer-true card's entry, or inserting one, is not carried: the start makes the lines
// from the view as before. What is printed is what that start would print (test/hooks/session-start-patch.test.ts).
import { isRetired } from "../core/card.js";
import { printableJsonLines } from "../core/inert-bytes.js";
import { editSpan, insertedLines, type LineTable, spliceLineTable } from "../core/line-edits.js";
import type { TrustedCardCache } from "../store/card-cache-trusted.js";
import type { CarriedCardCache } from "../store/card-cache-carried.js";
import { FLAG_ALWAYS, FLAG_MAY_RETIRE, FLAG_SHA } from "../store/card-record.js";
import type { Row } from "../store/card-row.js";
import { sameNumbers } from "../store/index-links.js";
import { keepLog, LOG_MAX_EDITS, LOG_MIN_BYTES } from "./overview-log.js";
import { keepLines, type KeptKey, type KeptLines, type KeptPatch, type SealedKept } from "./overview-kept.js";
import { pinsOf } from "./overview-pins.js";
import { viewEntry, type ViewLines } from "./overview-view.js";

/** The pinned and retiring cards as the lines depend on them (not where their entries are). */
interface PinList {
  cards: { file: string; scope?: string[] }[];
  retiring: { file: string; status?: string; expires_at?: string }[];
}

/** What the lines depend on of the pinned and retiring cards, as kept with them: equal keys, equal choices. */
export function pinsKey(pins: PinList): string {
  return JSON.stringify([pins.cards.map((c) => [c.file, c.scope ?? null]), pins.retiring.map((c) => [c.file, c.status ?? null, c.expires_at ?? null])]);
}

/**
 * The kept table of lines made from `view` with the entries at `first` printed first and those at `gone` left out
 * (both ascending, as pinnedFirst takes them): per entry its line, and its escaped and text ends after the pinned lines.
 */
export function restTable(view: ViewLines, first: readonly number[], gone: readonly number[]): Uint32Array {
  const n = view.count;
  const table = new Uint32Array(n * 3);
  let escaped = 0;
  let raw = 0;
  for (let i = 0, p = 0, g = 0; i < view.count; i++) {
    while (p < first.length && first[p]! < i) p++;
    while (g < gone.length && gone[g]! < i) g++;
    if (first[p] !== i && gone[g] !== i) {
      escaped += view.end(i) - view.end(i - 1);
      raw += view.rawEnd(i) - view.rawEnd(i - 1);
    }
    table[i] = view.line(i);
    table[n + i] = escaped;
    table[2 * n + i] = raw;
  }
  return table;
}

/**
 * The lines for the trusted cache `c` carried forward from `prior`, the sealed kept ones (with their keep for `c`),
 * or undefined when they cannot be: the caller makes them from the view. `c` is every record proven
 * (card-cache-trusted.ts) or a delta's records proven against what `prior` says its read proved (card-cache-carried.ts).
 */
export function patchedLines(
  memoryDir: string,
  c: TrustedCardCache | CarriedCardCache,
  key: KeptKey,
  pinnedHere: (scope: readonly string[] | undefined) => boolean,
  prior: SealedKept | undefined,
): (KeptLines & { keep?: () => void }) | undefined {
  const source = c.view();
  if (!source || !prior) return undefined;
  // Lines sealed for this very cache: a function of it, the day and the scope (overview-kept.ts), which the caller proved fresh.
  if (sameNumbers(prior.cache, c.stamp)) return prior.lines;
  const { patch } = prior;
  const done = patch.edits.length;
  if (!sameNumbers(patch.base, source.base) || done > source.edits.length || JSON.stringify(patch.edits) !== JSON.stringify(source.edits.slice(0, done))) return undefined;
  const pins = "removed" in c ? carriedPins(patch.pins, c) : flaggedPins(c);
  const pinned = pins && pinsKey(pins);
  if (!pins || pinned !== patch.pins) return undefined;
  // A line of these cards is printed first or not at all: an edit that inserts one is not carried.
  const apart = new Set([...pins.cards.filter((p) => pinnedHere(p.scope)).map((p) => p.file), ...pins.retiring.filter((r) => isRetired(r, key.today)).map((r) => r.file)]);

  const json = prior.lines.json[0] ?? new Uint8Array(0);
  const head = json.subarray(0, patch.head);
  let rest: Uint8Array[] = [json.subarray(patch.head)];
  let table = columns(patch.table);
  let { count, bytes } = prior.lines;
  let ownBytes = 0;
  for (const edit of source.edits.slice(done)) {
    if (edit[1] === 0 && edit[2].length === 0) continue;
    const n = table.lines.length;
    const span = editSpan(n, (i) => table.lines[i]!, edit);
    const [escapedEnds] = table.ends as [Uint32Array, Uint32Array];
    // Every removed entry printed in place (one printed first or left out changes what comes first: not carried).
    for (let i = span.first; i < span.end; i++) if (escapedEnds[i]! === (i === 0 ? 0 : escapedEnds[i - 1]!)) return undefined;
    // The inserted lines' entries as the view takes them (editOverviewView): not an entry, or a shard link, is none.
    const added = insertedLines(edit).flatMap((parsed, k) => {
      const entry = parsed && viewEntry(parsed);
      return entry ? [{ ...entry, line: edit[0] + k }] : [];
    });
    if (added.some((a) => a.card !== null && apart.has(a.card))) return undefined;
    const spliced = spliceLineTable(
      table,
      span,
      added.map((a) => ({ line: a.line, lengths: [a.escaped.length, a.rawBytes] })),
    );
    const addedBytes = added.map((a) => a.escaped);
    // Only the lines rendered here are checked: the rest was sealed as printed.
    let end = 0;
    if (
      addedBytes.length > 0 &&
      !printableJsonLines(
        Buffer.concat(addedBytes),
        addedBytes.map((b) => (end += b.length)),
      )
    )
      return undefined;
    const [[from, to], [rawFrom, rawTo]] = spliced.cut as [[number, number], [number, number]];
    rest = splicePieces(rest, from, to, addedBytes);
    ownBytes += end;
    count += added.length - (span.end - span.first);
    bytes += added.reduce((s, a) => s + a.rawBytes, 0) - (rawTo - rawFrom);
    table = spliced.table;
  }
  const out = [...(head.length > 0 ? [head] : []), ...rest.filter((b) => b.length > 0)];
  const lines: KeptLines = { count, left: prior.lines.left, json: out, bytes };
  // A few edits' lines over the kept file: kept as a log of them (overview-log.ts), the kept file left as it is;
  // past that share, whole, with the table, as the kept file every later carry starts from.
  const { secret } = key;
  if (secret !== undefined && source.edits.length - done <= LOG_MAX_EDITS && ownBytes <= Math.max(json.length / 16, LOG_MIN_BYTES)) {
    const base = { cache: prior.cache, seal: prior.seal, json };
    return { ...lines, keep: () => keepLog(memoryDir, c.stamp, c.count, { ...key, secret }, lines, base) };
  }
  const checked = { racyFrom: c.checked.racyFrom, changed: c.checked.changed };
  const kept: KeptPatch = { base: source.base, edits: source.edits, pins: pinned, head: head.length, table: joined(table), checked };
  return { ...lines, keep: () => keepLines(memoryDir, c.stamp, c.count, key, lines, kept) };
}

/** The pinned and retiring cards of a cache whose every record was proven: its flagged rows. */
function flaggedPins(c: TrustedCardCache): PinList | undefined {
  const always = c.always();
  const mayRetire = always && c.mayRetire();
  if (!mayRetire) return undefined;
  const rows = (rs: { file: string; row: Row }[]) => rs.map((r) => ({ ...r.row, file: r.file }));
  return pinsOf(0, () => null, rows(always), rows(mayRetire));
}

/**
 * The pinned and retiring cards of a carried cache: those kept with the lines (`kept`, pinsKey's) but the delta's
 * cards, and the delta's flagged records as a read of every flagged row would find them. Undefined when a row does
 * not check or `kept` is not what pinsKey makes.
 */
function carriedPins(kept: string, c: CarriedCardCache): PinList | undefined {
  let list: unknown;
  try {
    list = JSON.parse(kept);
  } catch {
    return undefined;
  }
  if (!Array.isArray(list) || list.length !== 2 || !Array.isArray(list[0]) || !Array.isArray(list[1])) return undefined;
  const changed = new Set([...c.records.map((r) => r.file), ...c.removed]);
  const always: (Row & { file: string })[] = [];
  const mayRetire: (Row & { file: string })[] = [];
  for (const r of c.records) {
    if ((r.flags & FLAG_SHA) === 0 || (r.flags & (FLAG_ALWAYS | FLAG_MAY_RETIRE)) === 0) continue;
    const row = r.row();
    if (!row) return undefined;
    if (r.flags & FLAG_ALWAYS) always.push({ ...row, file: r.file });
    if (r.flags & FLAG_MAY_RETIRE) mayRetire.push({ ...row, file: r.file });
  }
  const fresh = pinsOf(0, () => null, always, mayRetire);
  const cards = (list[0] as unknown[][])
    .filter((p) => !changed.has(p[0] as string))
    .map(([file, scope]) => ({ file: file as string, ...(scope ? { scope: scope as string[] } : {}) }));
  const retiring = (list[1] as unknown[][])
    .filter((p) => !changed.has(p[0] as string))
    .map(([file, status, expires]) => ({
      file: file as string,
      ...(typeof status === "string" ? { status } : {}),
      ...(typeof expires === "string" ? { expires_at: expires } : {}),
    }));
  const byName = (a: { file: string }, b: { file: string }) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);
  return { cards: [...cards, ...fresh.cards].sort(byName), retiring: [...retiring, ...fresh.retiring].sort(byName) };
}

/** `pieces` laid end to end with [from, to) replaced by `insert` (to >= from): no byte copied. */
function splicePieces(pieces: readonly Uint8Array[], from: number, to: number, insert: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  let inserted = false;
  for (const p of pieces) {
    const end = at + p.length;
    if (at < from) out.push(p.subarray(0, Math.min(p.length, from - at)));
    if (!inserted && end >= from) {
      out.push(...insert);
      inserted = true;
    }
    if (end > to) out.push(p.subarray(Math.max(0, to - at)));
    at = end;
  }
  if (!inserted) out.push(...insert);
  return out;
}

/** The kept table as its three columns (views, no copy): lines, escaped ends, text ends. */
function columns(t: Uint32Array): LineTable {
  const n = t.length / 3;
  return { lines: t.subarray(0, n), ends: [t.subarray(n, 2 * n), t.subarray(2 * n)] };
}

/** The table's columns one after another, as kept. */
function joined(t: LineTable): Uint32Array {
  const n = t.lines.length;
  const out = new Uint32Array(n * 3);
  out.set(t.lines, 0);
  out.set(t.ends[0]!, n);
  out.set(t.ends[1]!, 2 * n);
  return out;
}
