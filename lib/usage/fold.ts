// Folding the usage log into the snapshot under a non-blocking lock (the protocol is described in usage.ts).
import fs from "node:fs";
import path from "node:path";
import { numbersOf, type CardRegistry } from "./cards.js";
import { readRegular, readRegularBytes, readRegularUtf8 } from "../store/checked-fs.js";
import { utf8Text } from "../core/bytes.js";
import { encodeSnapshotIndex, openSnapshotIndex, USAGE_INDEX, type SnapshotFile } from "./row-index.js";
import { applyDecay, FOLDING, parseSnapshot, renderSnapshot, stateDir, USAGE_LOG, USAGE_SNAPSHOT, type Snapshot } from "./format.js";
import { addPending, lazyRegistry, foldingFiles, unconsumed } from "./pending.js";
import { STATE_DIR } from "../store/paths.js";
import { tryStoreLock } from "../store/lock.js";
import { appendBytes, realDir, replaceFile, writeNewFile } from "../store/safe-write.js";

export const FOLD_GRACE_MS = 10_000;
/** Pending lines a fold could not count, kept for inspection (one per line, as they were). */
export const USAGE_REJECTED = "usage.rejected";

/**
 * Folds pending logs into the snapshot if the store lock is free (tryStoreLock: never waits, never breaks a live
 * holder's lock); returns false when someone else holds it, and the next fold retries.
 */
export function foldUsage(memoryDir: string, today: string, now: () => number = Date.now): boolean {
  // Throws for a linked .memctl/; every file below is appended through appendBytes or replaced by a rename.
  const dir = realDir(memoryDir, STATE_DIR);
  const lock = tryStoreLock(memoryDir);
  if (!lock) return false;
  try {
    const stamp = now();
    try {
      fs.renameSync(path.join(dir, USAGE_LOG), path.join(dir, `usage.${stamp}-${process.pid}.folding`));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    const snapFile = path.join(dir, USAGE_SNAPSHOT);
    let snap: Snapshot = { folded: new Map(), cards: new Map() };
    try {
      snap = parseSnapshot(readRegularUtf8(snapFile));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") {
        // Keep the corrupt bytes for inspection and start a fresh snapshot rather than stop counting forever.
        fs.renameSync(snapFile, `${snapFile}.corrupt-${stamp}`);
      }
    }
    applyDecay(snap, today);
    const registry = lazyRegistry(memoryDir);
    const folded = new Map<string, number>();
    const consumed: { name: string; end: number }[] = [];
    const rejected: string[] = [];
    for (const name of foldingFiles(dir)) {
      const abandoned = stamp - Number(FOLDING.exec(name)![1]) > FOLD_GRACE_MS;
      const pending = unconsumed(path.join(dir, name), snap.folded.get(name) ?? 0, abandoned);
      addPending(snap.cards, pending.text, registry, (line) => rejected.push(line));
      folded.set(name, pending.end);
      consumed.push({ name, end: pending.end });
    }
    snap.folded = folded;
    if (!lock.stillHeld()) return false;
    // Lines no fold can count (a torn write, a compact line of a registry since deleted) are kept, not dropped:
    // appended before the snapshot marks them consumed, so a failure here consumes nothing.
    if (rejected.length > 0) appendBytes(path.join(dir, USAGE_REJECTED), Buffer.from(`${rejected.map((l) => l.replace(/\r?\n/g, " ")).join("\n")}\n`, "utf8"));
    const tmp = `${snapFile}.${process.pid}.${stamp}.tmp`;
    const text = renderSnapshot(snap);
    writeNewFile(tmp, text);
    let written: fs.Stats;
    try {
      // Taken before the rename (which keeps size, inode and mtime): this file is the one the index describes.
      written = fs.lstatSync(tmp);
      fs.renameSync(tmp, snapFile);
    } catch (err) {
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    writeRowIndex(dir, text, written, registry(), stamp);
    for (const { name, end } of consumed) {
      const file = path.join(dir, name);
      const old = stamp - Number(FOLDING.exec(name)![1]) > FOLD_GRACE_MS;
      if (old && fs.statSync(file).size === end) fs.unlinkSync(file);
    }
    return true;
  } finally {
    lock.release();
  }
}

/**
 * Writes usage.idx for the current snapshot unless the one there already describes it: a rebuild of the rank
 * cache calls this with the registry it numbered the cards from, so a store gets its row index with its card
 * numbers, not only at its next fold. Best effort; a fold racing this at worst leaves an index of an older
 * snapshot, which readers never apply.
 */
export function ensureRowIndex(memoryDir: string, registry: CardRegistry): void {
  const dir = stateDir(memoryDir);
  try {
    // The text and the stat of one open file, so the index never pairs one snapshot's rows with another's stat.
    const { bytes, stat: written } = readRegular(path.join(dir, USAGE_SNAPSHOT));
    const text = utf8Text(bytes);
    let current: Uint8Array | undefined;
    try {
      current = readRegularBytes(path.join(dir, USAGE_INDEX));
    } catch {
      // none yet
    }
    if (current && openSnapshotIndex(current, registry.id, written)) return;
    writeRowIndex(dir, text, written, registry, Date.now());
  } catch {
    // no snapshot (nothing folded yet) or unreadable: the fold writes one
  }
}

/**
 * usage.idx for a snapshot's text and the registry as last read (cards numbered since are looked up in the
 * text); none without a registry. Best effort: without it the hook searches the text.
 */
function writeRowIndex(dir: string, text: string, written: SnapshotFile, registry: CardRegistry | undefined, stamp: number): void {
  const file = path.join(dir, USAGE_INDEX);
  const tmp = `${file}.${process.pid}.${stamp}.tmp`;
  try {
    if (!registry) {
      fs.rmSync(file, { force: true });
      return;
    }
    replaceFile(file, encodeSnapshotIndex(text, registry.id, numbersOf(registry), registry.cards.length, written), tmp);
  } catch {
    fs.rmSync(tmp, { force: true });
  }
}
