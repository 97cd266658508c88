import { parseIndex } from "../core/index-file.js";

// The three-way merges memctl's git merge driver performs, as pure functions over file text.
// Logs (episodes, history, the proposals log, the job ledger) are unions; MEMORY.md is merged line by line
// keyed on each card link. Neither ever produces conflict markers.

interface Lines {
  lines: string[];
  /** Whether the text ended with a newline (an empty text counts as ending with one). */
  newlineAtEnd: boolean;
}

function splitLines(text: string): Lines {
  if (text === "") return { lines: [], newlineAtEnd: true };
  const newlineAtEnd = text.endsWith("\n");
  const lines = (newlineAtEnd ? text.slice(0, -1) : text).split("\n");
  return { lines, newlineAtEnd };
}

function joinLines(lines: readonly string[], newlineAtEnd: boolean): string {
  if (lines.length === 0) return "";
  return lines.join("\n") + (newlineAtEnd ? "\n" : "");
}

const TIME_KEY = /"(?:ts|at|created_at|date)"\s*:\s*"([^"]*)"/;

/** The time a log line carries (ts, at, created_at or date), or undefined. A regex, not JSON.parse: the driver runs on 100k-line logs. */
function timeOf(line: string): string | undefined {
  return TIME_KEY.exec(line)?.[1];
}

/**
 * Union of an append-only log: every line either side has, once. A line the base had and one side dropped
 * (a log rotated into a shard) stays dropped. Our lines keep their order; their new lines are merged in by time
 * (both sequences are in time order when appended), so the newest line is still the last one.
 */
export function mergeLog(base: string, ours: string, theirs: string): string {
  const b = new Set(splitLines(base).lines.filter((l) => l !== ""));
  const o = splitLines(ours).lines.filter((l) => l !== "");
  const t = splitLines(theirs).lines.filter((l) => l !== "");
  const tSet = new Set(t);
  const oSet = new Set(o);
  const kept = o.filter((l) => !(b.has(l) && !tSet.has(l)));
  const seen = new Set<string>();
  const added: string[] = [];
  for (const l of t) {
    if (oSet.has(l) || b.has(l) || seen.has(l)) continue;
    seen.add(l);
    added.push(l);
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < kept.length && j < added.length) {
    const ko = timeOf(kept[i]!);
    const kt = timeOf(added[j]!);
    if (ko !== undefined && kt !== undefined && kt < ko) out.push(added[j++]!);
    else out.push(kept[i++]!);
  }
  while (i < kept.length) out.push(kept[i++]!);
  while (j < added.length) out.push(added[j++]!);
  return joinLines(out, true);
}

/** Each line's merge key: the card file it links (`card:<file>#n`), or its text (`text:<line>#n`) for headings and prose. */
function keyed(text: string): { keys: string[]; lines: string[]; newlineAtEnd: boolean } {
  const { lines, newlineAtEnd } = splitLines(text);
  const fileAt = new Map<number, string>();
  for (const e of parseIndex(lines.join("\n")).entries) fileAt.set(e.line - 1, e.file);
  const counts = new Map<string, number>();
  const keys = lines.map((line, i) => {
    const file = fileAt.get(i);
    const k = file !== undefined ? `card:${file}` : `text:${line}`;
    const n = counts.get(k) ?? 0;
    counts.set(k, n + 1);
    return `${k}#${n}`;
  });
  return { keys, lines, newlineAtEnd };
}

const START = "\u0000start";

/**
 * Three-way merge of an index (MEMORY.md or a shard). Lines are keyed by the card they link:
 * - a line either side added is kept, at its place after the line that precedes it on that side;
 * - a line either side removed is removed (a removed card stays removed: an edit elsewhere becomes a proposal);
 * - a line both sides changed keeps ours, as the card does (lib/sync/merge-driver.ts); one side's change is taken.
 */
export function mergeIndex(base: string, ours: string, theirs: string): string {
  const b = keyed(base);
  const o = keyed(ours);
  const t = keyed(theirs);
  const baseLine = new Map(b.keys.map((k, i) => [k, b.lines[i]!]));
  const theirLine = new Map(t.keys.map((k, i) => [k, t.lines[i]!]));
  const ourKeys = new Set(o.keys);
  const result = new Map<string, string>();
  for (let i = 0; i < o.keys.length; i++) {
    const k = o.keys[i]!;
    const line = o.lines[i]!;
    const inBase = baseLine.has(k);
    const theirs = theirLine.get(k);
    if (inBase && theirs === undefined) continue; // they removed it
    if (theirs !== undefined && theirs !== line && line === baseLine.get(k)) result.set(k, theirs);
    else result.set(k, line);
  }
  const inserts = new Map<string, string[]>();
  let anchor = START;
  for (let i = 0; i < t.keys.length; i++) {
    const k = t.keys[i]!;
    if (result.has(k)) {
      anchor = k;
      continue;
    }
    if (baseLine.has(k) || ourKeys.has(k)) continue; // we removed it (or it is ours, kept above)
    const list = inserts.get(anchor) ?? [];
    list.push(t.lines[i]!);
    inserts.set(anchor, list);
  }
  const out: string[] = [...(inserts.get(START) ?? [])];
  for (const [k, line] of result) {
    out.push(line);
    out.push(...(inserts.get(k) ?? []));
  }
  return joinLines(out, o.lines.length > 0 ? o.newlineAtEnd : t.newlineAtEnd);
}
