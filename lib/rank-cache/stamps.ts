// The fingerprints a rank cache compares its sources by (read.ts, refresh.ts, patch.ts, every-entry.ts): MEMORY.md's
// record and each linked card's stamp, and which links are never read (they leave the store).
import path from "node:path";
import { statIfExists, type FileStat } from "../store/checked-fs.js";
import { ABSENT, absentAt, type CardStamps } from "../store/full-check.js";

/**
 * MEMORY.md as the cache and its delta record it: size, mtime, inode and ctime (an edit in place that keeps the size
 * and puts the mtime back moves only the ctime, as a card's fingerprint below).
 */
export type IndexRecord = [size: number, mtimeMs: number, ino: number, ctimeMs: number];
export const indexRecord = (st: FileStat): IndexRecord => [st.size, st.mtimeMs, st.ino, st.ctimeMs];
export const sameIndexRecord = (r: readonly number[], st: FileStat): boolean => r[0] === st.size && r[1] === st.mtimeMs && r[2] === st.ino && r[3] === st.ctimeMs;

/**
 * A card's fingerprint: mtime, size and ctime (a tool that writes and then puts the mtime back still moves the
 * ctime), or -1s when the linked file is missing.
 */
export type Stamp = [mtimeMs: number, size: number, ctimeMs: number];

export const MISSING: Stamp = [-1, -1, -1];

/** True for a link that leaves the store: absolute, a drive path, or through "..". Such cards are never read. */
export function escapesStore(file: string): boolean {
  // The hook asks for ~100 cards a prompt: a plain relative name (no leading "/", no "..", no drive colon) is
  // answered without the split.
  if (file.charCodeAt(0) !== 47 && file.charCodeAt(0) !== 92 && file.indexOf("..") === -1 && file.charCodeAt(1) !== 58) return false;
  return path.isAbsolute(file) || /^[A-Za-z]:/.test(file) || file.split("/").includes("..");
}

/**
 * A linked card's fingerprint; a link out of the store always reads as missing. `stats`: this check's stats so far
 * (ABSENT among them reads as missing); a card found with nothing at its path is handed to them as ABSENT.
 */
export function cardStamp(memoryDir: string, file: string, stats?: CardStamps): Stamp {
  if (escapesStore(file)) return MISSING;
  const known = stats?.get(file);
  if (known) return [known[0], known[1], known[2]];
  // A card path inside the store needs no normalising to be stat'ed: joined by hand, since path.join's
  // per-character loop over ~100 paths a prompt is hot enough to be sent to the optimising compiler.
  const full = memoryDir.endsWith("/") ? memoryDir + file : `${memoryDir}/${file}`;
  const stamp = stampOf(full);
  if (stats && stamp === MISSING) noteAbsent(stats, file, full);
  return stamp;
}

/** `file`, stat'ed as missing, handed to `stats` as ABSENT when nothing at all is at its path. */
export function noteAbsent(stats: CardStamps, file: string, full: string): void {
  if (absentAt(full)) stats.set(file, ABSENT);
}

export function stampOf(file: string): Stamp {
  try {
    const s = statIfExists(file);
    return s ? [s.mtimeMs, s.size, s.ctimeMs] : MISSING;
  } catch {
    return MISSING;
  }
}

export function sameStamp(a: Stamp, b: Stamp): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}
