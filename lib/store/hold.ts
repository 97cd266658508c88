import fs from "node:fs";
import path from "node:path";
import { sha256Hex } from "../core/sha256.js";
import { systemCode } from "../core/errors.js";
import { cardPathKey, foldedPath } from "../core/link-key.js";
import { NOT_REGULAR, readRegularBytes, readRegularUtf8 } from "./checked-fs.js";
import { ARRIVAL_LINES_RELPATH, ARRIVALS_RELPATH, arrivalsPath, HOLD_READ_CAP, readList, type Arrival } from "./arrivals.js";

// The hold itself: whether a store path (or a line of free text) is held from agents right now, answered from the
// hold list (lib/store/arrivals.ts) and each held file's current content, which is what makes a later edit by the
// owner the owner's. Every reader of the store, the hook and session start ask it.

/** sha256 of a store file's bytes, null when absent (never follows a symlink: a link is hashed as its target path). */
export function currentSha(memoryDir: string, rel: string): string | null {
  const abs = path.join(memoryDir, rel);
  // An index line's target outside the store (quarantined by sync) is never opened: it is held by its name.
  if (leavesStore(memoryDir, rel)) return sha256Hex(`outside:${normalise(rel)}`);
  // One checked read that never follows a link (the hook's path): what it opened is what is hashed or described,
  // so a file swapped for a link or a FIFO after a look is never opened. A link (ELOOP) or a socket (ENXIO) is
  // described by lstat; when that finds something else again, the next turn starts over.
  for (let turn = 0; turn < 8; turn++) {
    try {
      return sha256Hex(readRegularBytes(abs, HOLD_READ_CAP, { nofollow: true }));
    } catch (err) {
      const code = systemCode(err);
      if (code === "ENOENT" || code === "ENOTDIR") return null;
      if (code === NOT_REGULAR && typeof (err as { mode?: unknown }).mode === "number") return sha256Hex(`not-a-file:${(err as { mode: number }).mode}`);
      if (code !== "ELOOP" && code !== "ENXIO") throw err;
    }
    const seen = notAFile(abs);
    if (seen !== undefined) return seen;
  }
  throw Object.assign(new Error(`${abs} kept changing while it was read`), { code: "EAGAIN", path: abs });
}

/** The hash of a link or other non-file at `abs` as lstat finds it; null when gone; undefined when it is a file (again). */
function notAFile(abs: string): string | null | undefined {
  try {
    const st = fs.lstatSync(abs);
    if (st.isSymbolicLink()) return sha256Hex(`symlink:${fs.readlinkSync(abs)}`);
    return st.isFile() ? undefined : sha256Hex(`not-a-file:${st.mode}`);
  } catch (err) {
    const code = systemCode(err);
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    if (code === "EINVAL") return undefined; // no longer a link when readlink came
    throw err;
  }
}

/** True for a path that is absolute, climbs out with `..`, or passes through a symlink or non-directory on the way. */
function leavesStore(memoryDir: string, rel: string): boolean {
  const key = normalise(rel);
  if (path.posix.isAbsolute(key) || path.win32.isAbsolute(key) || key === ".." || key.startsWith("../")) return true;
  const segments = key.split("/");
  let dir = memoryDir;
  for (const segment of segments.slice(0, -1)) {
    dir = path.join(dir, segment);
    const st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (st === undefined) return false;
    if (!st.isDirectory()) return true;
  }
  return false;
}

/** Answers "is this store path held?" for one read of the store; hashes each held file at most once. */
export interface Hold {
  held(rel: string): Arrival | undefined;
  /** The note holding this line (of MEMORY.md: not a card link; of an episode log: quarantined), if any. */
  heldLine(raw: string): Arrival | undefined;
  readonly size: number;
  /**
   * The held paths as the list names them (a file's other spellings are not listed), each maybe held: held() says.
   * Undefined when the list cannot be read: any file may be held then.
   */
  paths(): readonly string[] | undefined;
}

/** The key a note is held by: its line's text, whatever else changes in the file around it. */
export function lineSha(raw: string): string {
  return sha256Hex(`line:${raw}`);
}

/**
 * Whether an item still holds, for one pass over the list: its file as it arrived, or (a note) its line still in its
 * file (each file's lines hashed once per pass).
 */
export function liveness(memoryDir: string): (item: Arrival) => boolean {
  const lines = new Map<string, Set<string>>();
  return (item) => {
    if (item.kind !== "note") return item.sha256 === currentSha(memoryDir, item.path);
    let set = lines.get(item.path);
    if (set === undefined) {
      set = new Set();
      // A list planted with the store may name any path: only a regular file of the store, no link, is read.
      try {
        if (!leavesStore(memoryDir, item.path))
          for (const raw of readRegularUtf8(path.join(memoryDir, item.path), HOLD_READ_CAP, { nofollow: true }).split(/\r?\n/)) set.add(lineSha(raw));
      } catch {
        // gone (or not a file of the store): the note holds nothing
      }
      lines.set(item.path, set);
    }
    return item.sha256 !== null && set.has(item.sha256);
  };
}

/**
 * The hold for this store (`lines`: with the notes, for a reader that shows free text), or undefined when nothing is
 * held (the common case: one failed open). A damaged list fails closed: see damagedHold.
 */
export function readHold(memoryDir: string, lines = false): Hold | undefined {
  let items: Arrival[] = [];
  let pathsDamaged = false;
  let linesDamaged = false;
  try {
    items = readList(arrivalsPath(memoryDir));
  } catch {
    pathsDamaged = true;
  }
  if (lines)
    try {
      items = [...items, ...readList(path.join(memoryDir, ARRIVAL_LINES_RELPATH))];
    } catch {
      linesDamaged = true;
    }
  const hold = holdOf(memoryDir, items);
  return pathsDamaged || linesDamaged ? damagedHold(memoryDir, hold, pathsDamaged, linesDamaged) : hold;
}

/**
 * What a list that cannot be read still holds: every store file not written since the list was damaged (its
 * mtime; an absent file too), and (notes damaged) every free line, besides what a readable part of the list holds.
 * The owner's own writes after the damage are theirs, so their new cards still reach agents.
 */
function damagedHold(memoryDir: string, hold: Hold | undefined, paths: boolean, lines: boolean): Hold {
  let since = Number.POSITIVE_INFINITY; // no stamp to go by: every file is held
  try {
    since = fs.lstatSync(arrivalsPath(memoryDir), { throwIfNoEntry: false })?.mtimeMs ?? since;
  } catch {}
  const item = (rel: string): Arrival => ({
    id: "a-0",
    path: rel,
    kind: "file",
    state: "pending",
    sha256: null,
    reasons: [`${ARRIVALS_RELPATH} is damaged (memctl doctor says how to repair it)`],
    pushed_by: [],
    commit: "",
    before: null,
    at: "",
  });
  return {
    size: Number.POSITIVE_INFINITY,
    held(rel) {
      const found = hold?.held(rel);
      if (found || !paths) return found;
      const stamp = stampOf(memoryDir, normalise(rel));
      return stamp === undefined || stamp[0] <= since ? item(rel) : undefined;
    },
    heldLine: (raw) => hold?.heldLine(raw) ?? (lines ? item(ARRIVAL_LINES_RELPATH) : undefined),
    paths: () => (paths ? undefined : (hold?.paths() ?? [])),
  };
}

/** The hold of a list already read (readHold's answer for these items). */
export function holdOf(memoryDir: string, items: readonly Arrival[]): Hold | undefined {
  if (items.length === 0) return undefined;
  const byPath = new Map<string, Arrival[]>();
  const notes = new Map<string, Arrival>();
  for (const item of items) {
    // A removal holds nothing (what it took away was the owner's); a note holds its line, never its whole file.
    if (item.kind === "removed") continue;
    if (item.kind === "note") {
      if (item.sha256 !== null) notes.set(item.sha256, item);
      continue;
    }
    byPath.set(normalise(item.path), [...(byPath.get(normalise(item.path)) ?? []), item]);
  }
  if (byPath.size + notes.size === 0) return undefined;
  const shas = new Map<string, string | null | undefined>();
  // A name is one spelling of a file: a hard link, or another case or Unicode normalisation on a case-folding
  // directory (macOS, Windows, ext4 `chattr +F`), reaches a held file under a name the list does not hold. Held
  // files are compared by identity (device and inode); a name is stat'ed only when a held file has other links or
  // the name folds to a held one, so a read of every card pays nothing more.
  let ids: Map<string, string> | undefined;
  const folded = new Set<string>();
  let linked = false;
  const sameFile = (key: string): string | undefined => {
    if (ids === undefined) {
      ids = new Map();
      for (const held of byPath.keys()) {
        folded.add(foldedPath(held));
        const st = fileStat(memoryDir, held);
        if (st === undefined) continue;
        ids.set(`${st.dev}:${st.ino}`, held);
        linked ||= st.nlink > 1n;
      }
    }
    if (!linked && !folded.has(foldedPath(key))) return undefined;
    const st = fileStat(memoryDir, key);
    return st === undefined ? undefined : ids.get(`${st.dev}:${st.ino}`);
  };
  return {
    size: byPath.size + notes.size,
    heldLine: (raw) => (notes.size === 0 ? undefined : notes.get(lineSha(raw.replace(/\r$/, "")))),
    paths: () => [...byPath.keys()],
    held(rel) {
      let key = normalise(rel);
      let list = byPath.get(key);
      if (!list) {
        key = sameFile(key) ?? key;
        list = byPath.get(key);
      }
      if (!list) return undefined;
      const stamp = stampOf(memoryDir, key);
      const same = list.find((i) => i.stamp && stamp && i.stamp[0] === stamp[0] && i.stamp[1] === stamp[1]);
      if (same) return same;
      if (!shas.has(key)) shas.set(key, safeSha(memoryDir, key));
      const now = shas.get(key);
      // A file that cannot be read now stays held (fail closed).
      return now === undefined ? list[0] : list.find((i) => i.sha256 === now);
    },
  };
}

/** A store path's file status (not following a link), undefined when absent or not a file inside the store. */
export function fileStat(memoryDir: string, rel: string): fs.BigIntStats | undefined {
  if (leavesStore(memoryDir, rel)) return undefined;
  try {
    const st = fs.lstatSync(path.join(memoryDir, rel), { bigint: true });
    return st.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
}

/** [mtimeMs, size] of a store path (not following a link), undefined when absent. */
export function stampOf(memoryDir: string, rel: string): [number, number] | undefined {
  try {
    const st = fs.lstatSync(path.join(memoryDir, rel));
    return [st.mtimeMs, st.size];
  } catch {
    return undefined;
  }
}

export function safeSha(memoryDir: string, rel: string): string | null | undefined {
  try {
    return currentSha(memoryDir, rel);
  } catch {
    return undefined;
  }
}

/** "./a.md" and "a.md" are one path (as the rank cache keys them). */
export function normalise(rel: string): string {
  return cardPathKey(rel);
}
