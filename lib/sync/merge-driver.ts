import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { DEFAULT_READ_CAP, readRegularUtf8 } from "../store/checked-fs.js";
import { sha256Hex } from "../store/history.js";
import { realDir, writeNewFile } from "../store/safe-write.js";
import { commitFileSync } from "../store/write.js";
import { mergeIndex, mergeLog } from "./merge-lines.js";
import type { DriverKind } from "./layout.js";

// `memctl sync merge-driver <kind> %O %A %B %P`: what git runs for a file both sides changed. It writes the
// result over %A and exits 0, so git never leaves conflict markers. A card both sides edited keeps our text;
// theirs is parked in .memctl/sync/incoming/ and the next sync step turns it into a pending proposal (the
// driver takes no lock: sync, which runs git, holds it).

export const INCOMING_DIR = ".memctl/sync/incoming";

/** One side of a conflict, parked until sync stages it as a proposal. */
export interface IncomingCard {
  /** The card's repo-relative path. */
  path: string;
  /** The text that lost (becomes the proposal). */
  text: string;
  /** sha256 of that text, and of the text that stayed as the card (null when the card is removed). */
  sha256: string;
  kept_sha256: string | null;
  /** Why: both sides edited it, or one side removed it. */
  reason: "edited-both" | "removed-edited";
}

export interface DriverFiles {
  base: string;
  ours: string;
  theirs: string;
  /** The path in the repository (%P). */
  path: string;
  /** The repository's top (git runs drivers from there). */
  cwd: string;
}

/** Merges one file in place (%A); returns the merged text. */
export function runMergeDriver(kind: DriverKind, files: DriverFiles): string {
  const base = readOrEmpty(files.base);
  const ours = readOrEmpty(files.ours);
  const theirs = readOrEmpty(files.theirs);
  const merged = mergeText(kind, base, ours, theirs, (loser) =>
    parkIncoming(files.cwd, { path: files.path, text: loser, sha256: sha256Hex(loser), kept_sha256: sha256Hex(ours), reason: "edited-both" }),
  );
  // %A is a file git made and reads back by name once the driver exits: a rename over it is what git reads.
  // Not durable: git itself records the result (index, object store) and a crash restarts the merge.
  if (merged !== ours) commitFileSync(files.ours, merged, { durable: false });
  return merged;
}

/** The merge of one file by kind; `onLoser` receives their text when a card keeps ours over it. */
export function mergeText(kind: DriverKind, base: string, ours: string, theirs: string, onLoser: (theirs: string) => void): string {
  switch (kind) {
    case "log":
      return mergeLog(base, ours, theirs);
    case "index":
      return mergeIndex(base, ours, theirs);
    case "card":
      if (ours === theirs || theirs === base) return ours;
      if (ours === base) return theirs;
      onLoser(theirs);
      return ours;
    case "ours":
      return ours;
  }
}

/** Writes one parked card (a new file, never replacing another). */
export function parkIncoming(repoTop: string, card: IncomingCard): void {
  const dir = realDir(repoTop, ...INCOMING_DIR.split("/"));
  const name = `${card.path.replace(/[^A-Za-z0-9._-]/g, "_")}.${Date.now()}-${randomBytes(4).toString("hex")}.json`;
  writeNewFile(path.join(dir, name), JSON.stringify(card) + "\n", { fsync: true });
}

/** the parked cards, in name order, with the file each came from. */
export function readIncoming(repoTop: string): { file: string; card: IncomingCard }[] {
  const dir = path.join(repoTop, ...INCOMING_DIR.split("/"));
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((n) => n.endsWith(".json") && !n.startsWith("."));
  } catch {
    return [];
  }
  const out: { file: string; card: IncomingCard }[] = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    try {
      // Checked: a store in a project checkout can bring a parked name as a link to /dev/zero or a FIFO.
      out.push({ file, card: JSON.parse(readRegularUtf8(file, DEFAULT_READ_CAP, { nofollow: true })) as IncomingCard });
    } catch {
      /* a torn park (killed mid-write) is left for doctor to show; writeNewFile fsyncs, so this is rare; a refused one too */
    }
  }
  return out;
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}
