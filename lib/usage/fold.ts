// Folding the usage log into the snapshot, under the store lock taken without waiting (usage.ts has the protocol).
import fs from "node:fs";
import path from "node:path";
import { lstatIfExists, readRegularUtf8 } from "../store/checked-fs.js";
import { STATE_DIR } from "../store/paths.js";
import { tryStoreLock } from "../store/lock.js";
import { appendBytes, realDir, replaceFile } from "../store/safe-write.js";
import { addLogLines, add, applyDecay, FOLDING, parseSnapshot, SET_ASIDE_SUFFIX, renderSnapshot, USAGE_LOG, USAGE_SNAPSHOT, type CardUsage, type Snapshot } from "./format.js";
import { foldingFiles, unconsumed } from "./read.js";
import { legacyReader } from "./legacy.js";

/** A folding file is deleted only once fully counted and older than this: a writer that opened it just before the rename has long finished. */
export const FOLD_GRACE_MS = 10_000;
/** Log lines a fold could not count, kept for inspection as they were. */
export const USAGE_REJECTED = "usage.rejected";

/**
 * Folds the pending logs into usage.tsv if the store lock is free (tryStoreLock: never waits, never breaks a live
 * holder's lock); false when someone else holds it, and a later fold retries.
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
      snap = parseSnapshot(readRegularUtf8(snapFile, undefined, { nofollow: true }));
    } catch (err) {
      // Keep corrupt bytes for inspection and start afresh rather than stop counting forever.
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") fs.renameSync(snapFile, `${snapFile}.corrupt-${stamp}`);
    }
    applyDecay(snap, today);
    const folded = new Map<string, number>();
    const rejected: string[] = [];
    const added = new Map<string, CardUsage>();
    const legacy = legacyReader(dir);
    for (const name of foldingFiles(dir)) {
      // Only a fold makes a folding file, as a regular one: a directory, FIFO or link under that name came from
      // elsewhere (a checkout's history) and would stop every fold, so it is renamed out of the pattern for doctor.
      const st = lstatIfExists(path.join(dir, name));
      if (st !== undefined && !st.isFile()) {
        try {
          fs.renameSync(path.join(dir, name), path.join(dir, `${name}${SET_ASIDE_SUFFIX}${stamp}`));
        } catch {
          // Left in place and skipped: the owner's own logs still fold.
        }
        continue;
      }
      const abandoned = stamp - Number(FOLDING.exec(name)![1]) > FOLD_GRACE_MS;
      const pending = unconsumed(path.join(dir, name), snap.folded.get(name) ?? 0, abandoned);
      addLogLines(added, pending.text, { legacy, onMalformed: (line) => rejected.push(line) });
      folded.set(name, pending.end);
    }
    for (const [card, u] of added) add(snap.cards, card, u);
    snap.folded = folded;
    if (!lock.stillHeld()) return false;
    // Appended before the snapshot marks them counted: a failure here counts nothing and loses nothing.
    if (rejected.length > 0) appendBytes(path.join(dir, USAGE_REJECTED), Buffer.from(`${rejected.join("\n")}\n`, "utf8"));
    // The rename is the commit point: before it nothing is counted, after it the offsets say what was.
    replaceFile(snapFile, renderSnapshot(snap), `${snapFile}.${process.pid}.${stamp}.tmp`);
    for (const [name, end] of folded) {
      const file = path.join(dir, name);
      if (stamp - Number(FOLDING.exec(name)![1]) > FOLD_GRACE_MS && fs.statSync(file).size === end) fs.unlinkSync(file);
    }
    return true;
  } finally {
    lock.release();
  }
}
