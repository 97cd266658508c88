// Temp directories for tests, removed when the test file's process exits: a test that forgets its cleanup (or
// fails before it) leaves nothing behind. scripts/run-tests.mjs reports anything that still escapes.
// A directory is removed only once no process names it or works in it: a background process a test started there
// (the freshness keeper, given its store's path; a ui server) would otherwise outlive it and write into the tree removed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { stopProcessesNaming } from "./sweep.mjs";

export { processesNaming, stopProcessesNaming } from "./sweep.mjs";

const made: string[] = [];
let hooked = false;

/** A fresh directory under the temp dir (or `base`), named `<prefix>XXXXXX`, removed at process exit. */
export function scratchDir(prefix: string, base = os.tmpdir()): string {
  const dir = fs.mkdtempSync(path.join(base, prefix));
  made.push(dir);
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const d of made) removeScratch(d);
    });
  }
  return dir;
}

/** Stops every process naming `dir` (stopProcessesNaming), then removes `dir`. Never throws for a process. */
export function removeScratch(dir: string): void {
  try {
    stopProcessesNaming(dir);
  } catch {
    // a process that will not go: the directory is still removed, and run-tests.mjs reports what comes back
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
