import fs from "node:fs";
import path from "node:path";
import { foldedPath } from "../core/link-key.js";
import { arrivalsPath, readArrivals, type Arrival } from "./arrivals.js";
import { fileStat, holdOf, normalise, readHold, safeSha, stampOf } from "./hold.js";
import { HOLD_INDEX_RELPATH, openHoldIndex, writeHoldIndex } from "./hold-index.js";

// The hold as the per-prompt hook asks it, "is this card held?", for the few cards a prompt would print: through
// the sidecar sync writes beside the list (lib/store/hold-index.ts), so 20,000 held items cost a prompt a binary
// search per candidate, not a parse of the list and a stat of every held file. Every answer is readHold's: a name
// that folds to a held one or whose file has other links, and a list the sidecar does not describe, are asked of
// readHold itself.

/** Whether a store path is held; undefined when nothing is (no list, or a list holding no path). */
export interface PromptHold {
  held(rel: string): boolean;
  /** The paths the list holds (Hold.paths), each maybe held: undefined when it cannot be read (any file may be held). */
  listed(): HeldListing | undefined;
}

/** The list's paths: how many, each (undefined: a row not as written), and whether it names one (cardPathKey). */
export interface HeldListing {
  size: number;
  paths(): readonly string[] | undefined;
  has(key: string): boolean;
}

export function readPromptHold(memoryDir: string): PromptHold | undefined {
  let st: fs.BigIntStats | undefined;
  try {
    // No list is the usual case: asked without a throw (an ENOENT error costs a prompt more than the stat).
    st = fs.statSync(arrivalsPath(memoryDir), { bigint: true, throwIfNoEntry: false });
  } catch {
    return wrap(readHold(memoryDir));
  }
  if (!st) return undefined;
  const index = st.isFile() ? openHoldIndex(path.join(memoryDir, HOLD_INDEX_RELPATH), st) : undefined;
  if (!index) return readList(memoryDir, st);
  if (index.count === 0) return undefined;
  // Another spelling of a held file (a hard link, a case or Unicode fold) is compared by identity, as readHold does.
  let whole: PromptHold | undefined | null = null;
  const shas = new Map<string, string | null | undefined>();
  return {
    listed: () => ({ size: index.keyCount, paths: () => index.keys(), has: (key) => index.rows(key).length > 0 }),
    held(rel) {
      const key = normalise(rel);
      const rows = index.rows(key);
      if (rows.length === 0) {
        if (!index.mayFold(foldedPath(key)) && !((fileStat(memoryDir, key)?.nlink ?? 1n) > 1n)) return false;
        if (whole === null) whole = wrap(readHold(memoryDir));
        return whole?.held(rel) ?? false;
      }
      const stamp = stampOf(memoryDir, key);
      if (stamp && rows.some((r) => r.stamp?.[0] === stamp[0] && r.stamp[1] === stamp[1])) return true;
      if (!shas.has(key)) shas.set(key, safeSha(memoryDir, key));
      const now = shas.get(key);
      // A file that cannot be read now stays held (fail closed).
      return now === undefined || rows.some((r) => r.sha256 === now);
    },
  };
}

/**
 * The list read as readHold reads it (one that cannot be read fails closed, as there), and its sidecar written for
 * the next prompt (a list copied, restored or written by an older memctl) when the list kept its stamp meanwhile.
 */
function readList(memoryDir: string, st: fs.BigIntStats): PromptHold | undefined {
  let items: Arrival[];
  try {
    items = readArrivals(memoryDir, "paths").items;
  } catch {
    return wrap(readHold(memoryDir));
  }
  if (st.isFile() && sameStamp(st, statOf(arrivalsPath(memoryDir)))) writeHoldIndex(memoryDir, items, st);
  return wrap(holdOf(memoryDir, items));
}

function statOf(file: string): fs.BigIntStats | undefined {
  try {
    return fs.statSync(file, { bigint: true });
  } catch {
    return undefined;
  }
}

const sameStamp = (a: fs.BigIntStats, b: fs.BigIntStats | undefined) =>
  b !== undefined && a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

function wrap(hold: ReturnType<typeof readHold>): PromptHold | undefined {
  return hold && { held: (rel) => hold.held(rel) !== undefined, listed: () => listingOf(hold.paths()) };
}

function listingOf(paths: readonly string[] | undefined): HeldListing | undefined {
  if (paths === undefined) return undefined;
  let set: Set<string> | undefined;
  return { size: paths.length, paths: () => paths, has: (key) => (set ??= new Set(paths)).has(key) };
}
